import { useState, type FormEvent } from "react";
import { Navigate, useSearchParams } from "react-router";
import { adminSignInForm, adminSignUpForm, useAdminMe } from "../../api/god-mode.ts";
import { useInstance } from "../../api/instance.ts";
import { Banner, Button, Input, PageSpinner } from "../../components/ui/index.ts";
import { AuthLayout } from "../../components/layout/AuthLayout.tsx";
import { authMessage } from "../auth/auth-messages.ts";
import { checkStrength, PasswordStrengthMeter, usePasswordStrength } from "../../components/auth/PasswordStrength.tsx";

/** `/god-mode/`: the setup form before setup, the admin sign-in after it (errors come back as error_code). */
export function GodModeHome() {
  const instance = useInstance();
  const admin = useAdminMe();
  const [params] = useSearchParams();
  if (instance.isLoading || admin.isLoading) return <PageSpinner />;
  if (instance.isError) {
    return (
      <AuthLayout title="Instance admin">
        <Banner>Failed to fetch instance info</Banner>
      </AuthLayout>
    );
  }
  const setupDone = instance.data?.instance?.is_setup_done ?? instance.data?.is_setup_done ?? false;
  if (setupDone && admin.data) return <Navigate to="/god-mode/general/" replace />;
  const error = authMessage(params.get("error_code"), params.get("error_message"));
  return setupDone ? (
    <AdminSignIn error={error} email={params.get("email") ?? ""} />
  ) : (
    <SetupForm error={error} params={params} />
  );
}

function SetupForm({ error, params }: { error: string | null; params: URLSearchParams }) {
  const [first, setFirst] = useState(params.get("first_name") ?? "");
  const [last, setLast] = useState(params.get("last_name") ?? "");
  const [email, setEmail] = useState(params.get("email") ?? "");
  const [company, setCompany] = useState(params.get("company_name") ?? "");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [telemetry, setTelemetry] = useState(params.get("is_telemetry_enabled") !== "False");
  const [message, setMessage] = useState<string | null>(error);
  const [busy, setBusy] = useState(false);
  const strength = usePasswordStrength(password, [email, first, last]);
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!first.trim() || !email.trim() || !password) return setMessage("Email, password and first name are required.");
    if ((await checkStrength(password, [email, first, last])) !== "strength_valid")
      return setMessage("Choose a stronger password.");
    if (password !== confirm) return setMessage("The passwords do not match.");
    setBusy(true);
    try {
      await adminSignUpForm({
        first_name: first.trim(),
        last_name: last.trim(),
        email: email.trim(),
        company_name: company.trim(),
        password,
        is_telemetry_enabled: telemetry ? "True" : "False",
      });
    } catch {
      setBusy(false);
      setMessage("Network error. Try again.");
    }
  };
  return (
    <AuthLayout
      title="Set up your Stride instance"
      subtitle="Create the first instance admin. You can change these settings later."
    >
      {message && <Banner>{message}</Banner>}
      <form onSubmit={onSubmit} className="space-y-4" noValidate aria-label="Instance setup">
        <div className="grid gap-4 sm:grid-cols-2">
          <Input
            label="First name"
            name="first_name"
            autoFocus
            value={first}
            onChange={(e) => setFirst(e.target.value)}
          />
          <Input label="Last name" name="last_name" value={last} onChange={(e) => setLast(e.target.value)} />
        </div>
        <Input
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Input label="Company name" name="company_name" value={company} onChange={(e) => setCompany(e.target.value)} />
        <Input
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <PasswordStrengthMeter strength={strength} />
        <Input
          label="Confirm password"
          name="confirm_password"
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={telemetry} onChange={(e) => setTelemetry(e.target.checked)} /> Allow anonymous
          usage telemetry
        </label>
        <Button type="submit" className="w-full" loading={busy}>
          Continue
        </Button>
      </form>
    </AuthLayout>
  );
}

function AdminSignIn({ error, email: initialEmail }: { error: string | null; email: string }) {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(error);
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim() || !password) return setMessage("Email and password are required.");
    setBusy(true);
    try {
      await adminSignInForm({ email: email.trim(), password });
    } catch {
      setBusy(false);
      setMessage("Network error. Try again.");
    }
  };
  return (
    <AuthLayout title="Instance admin sign-in" subtitle="Manage this Stride instance.">
      {message && <Banner>{message}</Banner>}
      <form onSubmit={onSubmit} className="space-y-4" noValidate aria-label="Admin sign-in">
        <Input
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          autoFocus
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Input
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Button type="submit" className="w-full" loading={busy}>
          Sign in
        </Button>
      </form>
    </AuthLayout>
  );
}
