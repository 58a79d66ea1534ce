import { useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { ApiError } from "../../api/client.ts";
import { forgotPassword } from "../../api/auth.ts";
import { Banner, Button, Input } from "../../components/ui/index.ts";
import { AuthLayout } from "../../components/layout/AuthLayout.tsx";
import { bodyAuthMessage } from "./auth-messages.ts";

export function ForgotPasswordPage() {
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get("email") ?? "");
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await forgotPassword(email.trim());
      setSent(true);
    } catch (err) {
      setError(err instanceof ApiError ? (bodyAuthMessage(err.body) ?? err.message) : "Network error. Try again.");
    } finally {
      setBusy(false);
    }
  };
  return (
    <AuthLayout
      title="Reset your password"
      subtitle="We will email you a link to set a new password."
      footer={
        <Link className="text-accent hover:underline" to="/">
          Back to sign in
        </Link>
      }
    >
      {error && <Banner>{error}</Banner>}
      {sent ? (
        <Banner kind="success">Check {email} for a link to reset your password.</Banner>
      ) : (
        <form onSubmit={onSubmit} className="space-y-4" noValidate>
          <Input
            label="Email"
            type="email"
            autoComplete="email"
            autoFocus
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <Button type="submit" className="w-full" loading={busy} disabled={!email.trim()}>
            Send reset link
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
