import { useState, type FormEvent } from "react";
import { Navigate, useSearchParams } from "react-router";
import { adminSignInForm, adminSignUpForm, useAdminMe } from "../../api/god-mode.ts";
import { useInstance } from "../../api/instance.ts";
import { Banner, Button, Input, PageSpinner } from "../../components/ui/index.ts";
import { AuthLayout } from "../../components/layout/AuthLayout.tsx";
import { authMessage } from "../auth/auth-messages.ts";
import { PasswordStrengthMeter, strongEnough, usePasswordStrength } from "../../components/auth/PasswordStrength.tsx";
import { useDialogForm } from "../../lib/settings-form.ts";

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

type SetupValues = {
  first_name: string;
  last_name: string;
  email: string;
  company_name: string;
  password: string;
  confirm_password: string;
  is_telemetry_enabled: boolean;
};

/** The form's own checks (the server reads a form body, with no shared schema): what it needs, the password twice. */
function checkSetup(v: SetupValues): Record<string, string> {
  const errs: Record<string, string> = {};
  if (!v.first_name.trim()) errs.first_name = "First name is required.";
  if (!v.email.trim()) errs.email = "Email is required.";
  if (!v.password) errs.password = "Password is required.";
  else if (v.password !== v.confirm_password) errs.confirm_password = "The passwords do not match.";
  return errs;
}

/** The first instance admin: name, email, company, a strong password, and whether telemetry is allowed. */
function SetupForm({ error, params }: { error: string | null; params: URLSearchParams }) {
  const { form, error: fieldError } = useDialogForm<SetupValues>(
    {
      first_name: params.get("first_name") ?? "",
      last_name: params.get("last_name") ?? "",
      email: params.get("email") ?? "",
      company_name: params.get("company_name") ?? "",
      password: "",
      confirm_password: "",
      is_telemetry_enabled: params.get("is_telemetry_enabled") !== "False",
    },
    checkSetup,
  );
  const [message, setMessage] = useState<string | null>(error);
  const [busy, setBusy] = useState(false);
  const v = form.watch();
  const strength = usePasswordStrength(v.password, [v.email, v.first_name, v.last_name]);
  const onSubmit = form.handleSubmit(async (f) => {
    const inputs = [f.email, f.first_name, f.last_name];
    if (!(await strongEnough(form, "password", inputs, "Choose a stronger password."))) return;
    setBusy(true);
    try {
      await adminSignUpForm({
        first_name: f.first_name.trim(),
        last_name: f.last_name.trim(),
        email: f.email.trim(),
        company_name: f.company_name.trim(),
        password: f.password,
        is_telemetry_enabled: f.is_telemetry_enabled ? "True" : "False",
      });
    } catch {
      setBusy(false);
      setMessage("Network error. Try again.");
    }
  });
  const field = (name: keyof SetupValues) => ({ error: fieldError(name), ...form.register(name) });
  return (
    <AuthLayout
      title="Set up your Stride instance"
      subtitle="Create the first instance admin. You can change these settings later."
    >
      {message && <Banner>{message}</Banner>}
      <form onSubmit={onSubmit} className="space-y-4" noValidate aria-label="Instance setup">
        <div className="grid gap-4 sm:grid-cols-2">
          <Input label="First name" autoFocus {...field("first_name")} />
          <Input label="Last name" {...field("last_name")} />
        </div>
        <Input label="Email" type="email" autoComplete="email" {...field("email")} />
        <Input label="Company name" {...field("company_name")} />
        <Input label="Password" type="password" autoComplete="new-password" {...field("password")} />
        <PasswordStrengthMeter strength={strength} />
        <Input label="Confirm password" type="password" autoComplete="new-password" {...field("confirm_password")} />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" {...form.register("is_telemetry_enabled")} /> Allow anonymous usage telemetry
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
