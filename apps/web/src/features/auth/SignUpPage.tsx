import { Link, Navigate, useSearchParams } from "react-router";
import { useInstance } from "../../api/instance.ts";
import { useMe } from "../../api/users.ts";
import { Banner, PageSpinner } from "../../components/ui/index.ts";
import { AuthLayout } from "../../components/layout/AuthLayout.tsx";
import { EmailAuthForm } from "./EmailAuthForm.tsx";
import { ProviderButtons } from "./ProviderButtons.tsx";
import { safeNextPath } from "./auth-messages.ts";

export function SignUpPage() {
  const [params] = useSearchParams();
  const me = useMe();
  const instance = useInstance();
  const nextPath = safeNextPath(params.get("next_path"));
  if (me.isLoading) return <PageSpinner />;
  if (me.data) return <Navigate to={nextPath ?? "/"} replace />;
  const signupDisabled = instance.data?.config && !instance.data.config.enable_signup;
  return (
    <AuthLayout
      title="Create your Stride account"
      subtitle="Plan and track work with your team."
      footer={
        <>
          Already have an account?{" "}
          <Link
            className="text-accent hover:underline"
            to={`/${nextPath ? `?next_path=${encodeURIComponent(nextPath)}` : ""}`}
          >
            Sign in
          </Link>
        </>
      }
    >
      {signupDisabled && <Banner kind="info">New sign-ups are limited to invited people on this instance.</Banner>}
      <ProviderButtons nextPath={nextPath} />
      <EmailAuthForm mode="sign-up" initialEmail={params.get("email") ?? ""} nextPath={nextPath} />
    </AuthLayout>
  );
}
