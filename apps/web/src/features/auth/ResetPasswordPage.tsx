import { useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { resetPasswordForm } from "../../api/auth.ts";
import { Banner, Button, Input } from "../../components/ui/index.ts";
import { AuthLayout } from "../../components/layout/AuthLayout.tsx";
import { authMessage } from "./auth-messages.ts";
import { checkStrength, PasswordStrengthMeter, usePasswordStrength } from "../../components/auth/PasswordStrength.tsx";

/** `/accounts/reset-password/?uidb64&token&email` from the emailed link; errors come back as error_code. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const uidb64 = params.get("uidb64") ?? "";
  const token = params.get("token") ?? "";
  const email = params.get("email") ?? "";
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string | null>(authMessage(params.get("error_code"), params.get("error_message")));
  const [busy, setBusy] = useState(false);
  const strength = usePasswordStrength(password, [email]);
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if ((await checkStrength(password, [email])) !== "strength_valid") return setError("Choose a stronger password.");
    if (password !== confirm) return setError("The passwords do not match.");
    setBusy(true);
    try {
      await resetPasswordForm(uidb64, token, password);
    } catch {
      setBusy(false);
      setError("Network error. Try again.");
    }
  };
  if (!uidb64 || !token) {
    return (
      <AuthLayout title="Reset your password">
        {error ? <Banner>{error}</Banner> : <Banner>This password reset link is not valid.</Banner>}
        <Link className="text-accent hover:underline" to="/accounts/forgot-password/">
          Request a new link
        </Link>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Set a new password" subtitle={email || undefined}>
      {error && <Banner>{error}</Banner>}
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        <Input
          label="New password"
          type="password"
          autoComplete="new-password"
          autoFocus
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <PasswordStrengthMeter strength={strength} />
        <Input
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
        <Button type="submit" className="w-full" loading={busy} disabled={!password}>
          Set password
        </Button>
      </form>
    </AuthLayout>
  );
}
