import { Link, Navigate, useSearchParams } from "react-router";
import { useInstance } from "../../api/instance.ts";
import { useMe, useProfile, useUserSettings } from "../../api/users.ts";
import { Banner, PageSpinner } from "../../components/ui/index.ts";
import { AuthLayout } from "../../components/layout/AuthLayout.tsx";
import { EmailAuthForm } from "./EmailAuthForm.tsx";
import { ProviderButtons } from "./ProviderButtons.tsx";
import { safeNextPath, SIGN_UP_ERROR_CODES } from "./auth-messages.ts";

/**
 * `/`: signed out → the sign-in screen (with the message of an `error_code` from the redirect);
 * signed in → `next_path`, else onboarding, the last workspace, invitations or workspace creation
 * (wire-facts §14).
 */
export function RootPage() {
  const [params] = useSearchParams();
  const me = useMe();
  const instance = useInstance();
  const errorCode = params.get("error_code");
  const nextPath = safeNextPath(params.get("next_path"));

  if (me.isLoading || instance.isLoading) return <PageSpinner />;
  const notSetUp = instance.data?.instance
    ? !instance.data.instance.is_setup_done
    : instance.data?.is_setup_done === false;
  if (notSetUp) {
    return (
      <AuthLayout title="Stride is not set up yet">
        <Banner kind="info">An instance admin needs to finish setup first.</Banner>
        <Link className="text-indigo-600 hover:underline" to="/god-mode/">
          Open instance setup
        </Link>
      </AuthLayout>
    );
  }
  if (me.data) return <SignedInRedirect nextPath={errorCode ? null : nextPath} />;

  if (errorCode && SIGN_UP_ERROR_CODES.has(Number(errorCode))) {
    return <Navigate to={`/sign-up?${params.toString()}`} replace />;
  }
  const success = params.get("success");
  return (
    <AuthLayout
      title="Sign in to Stride"
      subtitle="Welcome back. Enter your email to continue."
      footer={
        <>
          New here?{" "}
          <Link
            className="text-accent hover:underline"
            to={`/sign-up${nextPath ? `?next_path=${encodeURIComponent(nextPath)}` : ""}`}
          >
            Create an account
          </Link>
        </>
      }
    >
      {success && !errorCode && <Banner kind="success">Your password has been reset. Sign in with it now.</Banner>}
      <ProviderButtons nextPath={nextPath} />
      <EmailAuthForm mode="sign-in" initialEmail={params.get("email") ?? ""} nextPath={nextPath} />
    </AuthLayout>
  );
}

function SignedInRedirect({ nextPath }: { nextPath: string | null }) {
  const profile = useProfile(true, true);
  const settings = useUserSettings(true, true);
  // Route on fresh data only: a cached profile/settings may predate onboarding or a new workspace.
  if (profile.isLoading || settings.isLoading || profile.isFetching || settings.isFetching) return <PageSpinner />;
  if (profile.isError || settings.isError) {
    return (
      <AuthLayout title="Something went wrong">
        <Banner>Failed to fetch current user. Reload the page to try again.</Banner>
      </AuthLayout>
    );
  }
  if (!profile.data?.is_onboarded) return <Navigate to="/onboarding/" replace />;
  if (nextPath && nextPath !== "/") return <Navigate to={nextPath} replace />;
  const ws = settings.data?.workspace;
  const slug = ws?.last_workspace_slug || ws?.fallback_workspace_slug;
  if (slug) return <Navigate to={`/${slug}/`} replace />;
  if ((ws?.invites ?? 0) > 0) return <Navigate to="/invitations/" replace />;
  return <Navigate to="/create-workspace/" replace />;
}
