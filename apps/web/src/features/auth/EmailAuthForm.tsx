import { useEffect, useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { ApiError } from "../../api/client.ts";
import { emailCheck, magicGenerate, magicSignInForm, magicSignUpForm, signInForm, signUpForm } from "../../api/auth.ts";
import { useInstance } from "../../api/instance.ts";
import { Banner, Button, Input } from "../../components/ui/index.ts";
import { authErrorStep, authMessage, bodyAuthMessage } from "./auth-messages.ts";
import { checkStrength, PasswordStrengthMeter, usePasswordStrength } from "../../components/auth/PasswordStrength.tsx";

type Mode = "sign-in" | "sign-up";
type Step = "email" | "password" | "code";

/**
 * Email-first authentication (wire-facts §1): email-check decides between a password and an
 * emailed code; the final step is a browser form POST that the server answers with a redirect.
 */
export function EmailAuthForm({
  mode,
  initialEmail,
  nextPath,
}: {
  mode: Mode;
  initialEmail?: string;
  nextPath?: string | null;
}) {
  const instance = useInstance();
  const redirected = useRedirectError();
  const [step, setStep] = useState<Step>(redirected.step);
  const [email, setEmail] = useState(redirected.email ?? initialEmail ?? "");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [code, setCode] = useState("");
  const [message, setMessage] = useState<string | null>(redirected.message);
  const [info, setInfo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [existing, setExisting] = useState<boolean | null>(null);
  const next = nextPath ?? undefined;
  const cfg = instance.data?.config;

  const fail = (e: unknown) => {
    setBusy(false);
    setMessage(
      e instanceof ApiError
        ? (bodyAuthMessage(e.body) ?? e.message)
        : "Network error. Check your connection and try again.",
    );
  };

  const sendCode = async (addr: string) => {
    await magicGenerate(addr);
    setInfo(`We sent a 6-digit code to ${addr}.`);
    setStep("code");
  };

  const onEmail = async (e: FormEvent) => {
    e.preventDefault();
    setMessage(null);
    setBusy(true);
    try {
      const r = await emailCheck(email.trim());
      setExisting(r.existing);
      if (mode === "sign-in" && !r.existing) {
        setMessage("No account exists with this email. Sign up instead.");
      } else if (mode === "sign-up" && r.existing) {
        setMessage("An account with this email already exists. Sign in instead.");
      } else if (r.status === "MAGIC_CODE") {
        await sendCode(email.trim());
      } else {
        setStep("password");
      }
      setBusy(false);
    } catch (err) {
      fail(err);
    }
  };

  const strength = usePasswordStrength(password, [email], mode === "sign-up");
  const onPassword = async (e: FormEvent) => {
    e.preventDefault();
    setMessage(null);
    if (mode === "sign-up") {
      if ((await checkStrength(password, [email])) !== "strength_valid") {
        setMessage("Choose a stronger password.");
        return;
      }
      if (password !== confirm) {
        setMessage("The passwords do not match.");
        return;
      }
    }
    setBusy(true);
    try {
      if (mode === "sign-in") await signInForm({ email: email.trim(), password, next_path: next });
      else await signUpForm({ email: email.trim(), password, next_path: next });
    } catch (err) {
      fail(err);
    }
  };

  const onCode = async (e: FormEvent) => {
    e.preventDefault();
    setMessage(null);
    setBusy(true);
    try {
      const f = { email: email.trim(), code: code.trim(), next_path: next };
      if (mode === "sign-in" || existing) await magicSignInForm(f);
      else await magicSignUpForm(f);
    } catch (err) {
      fail(err);
    }
  };

  const canUseCode = !!cfg?.is_magic_login_enabled && !!cfg?.is_smtp_configured;

  return (
    <div className="space-y-4">
      {message && <Banner>{message}</Banner>}
      {info && !message && <Banner kind="info">{info}</Banner>}
      {step === "email" && (
        <form onSubmit={onEmail} className="space-y-4" noValidate>
          <Input
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            autoFocus
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            placeholder="name@company.com"
          />
          <Button type="submit" className="w-full" loading={busy} disabled={!email.trim()}>
            Continue
          </Button>
        </form>
      )}
      {step === "password" && (
        <form onSubmit={onPassword} className="space-y-4" noValidate>
          <EmailSummary
            email={email}
            onChange={() => {
              setStep("email");
              setPassword("");
              setMessage(null);
            }}
          />
          <Input
            label={mode === "sign-in" ? "Password" : "Set a password"}
            type="password"
            name="password"
            autoComplete={mode === "sign-in" ? "current-password" : "new-password"}
            autoFocus
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          {mode === "sign-up" && (
            <>
              <PasswordStrengthMeter strength={strength} />
              <Input
                label="Confirm password"
                type="password"
                name="confirm_password"
                autoComplete="new-password"
                value={confirm}
                onChange={(e) => setConfirm(e.target.value)}
              />
            </>
          )}
          <Button type="submit" className="w-full" loading={busy} disabled={!password}>
            {mode === "sign-in" ? "Sign in" : "Create account"}
          </Button>
          <div className="flex justify-between text-sm">
            {mode === "sign-in" ? (
              <Link
                className="text-accent hover:underline"
                to={`/accounts/forgot-password?email=${encodeURIComponent(email)}`}
              >
                Forgot your password?
              </Link>
            ) : (
              <span />
            )}
            {canUseCode && (
              <button
                type="button"
                className="text-accent hover:underline"
                onClick={() => {
                  setBusy(true);
                  setMessage(null);
                  sendCode(email.trim()).then(() => setBusy(false), fail);
                }}
              >
                Use a code instead
              </button>
            )}
          </div>
        </form>
      )}
      {step === "code" && (
        <form onSubmit={onCode} className="space-y-4" noValidate>
          <EmailSummary
            email={email}
            onChange={() => {
              setStep("email");
              setCode("");
              setInfo(null);
              setMessage(null);
            }}
          />
          <Input
            label="Code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            autoFocus
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ""))}
            placeholder="123456"
          />
          <Button type="submit" className="w-full" loading={busy} disabled={code.length !== 6}>
            Continue
          </Button>
          <div className="flex justify-between text-sm">
            <button
              type="button"
              className="text-accent hover:underline"
              onClick={() => {
                setMessage(null);
                sendCode(email.trim()).catch(fail);
              }}
            >
              Resend code
            </button>
            {cfg?.is_email_password_enabled !== false && (mode === "sign-up" || existing) && (
              <button
                type="button"
                className="text-accent hover:underline"
                onClick={() => {
                  setStep("password");
                  setInfo(null);
                }}
              >
                Use a password
              </button>
            )}
          </div>
        </form>
      )}
    </div>
  );
}

/**
 * The error a sign-in/up form post was redirected back with (`?error_code=&error_message=&email=`,
 * wire-facts §1): read once, so the form reopens the step the error belongs to for that email, then
 * removed from the address bar (a reload or a shared link does not show a stale error).
 */
function useRedirectError(): { step: Step; message: string | null; email: string | null } {
  const [params, setParams] = useSearchParams();
  const [initial] = useState(() => {
    const code = params.get("error_code");
    const email = params.get("email");
    const message = authMessage(code, params.get("error_message"));
    const step: Step = (email && authErrorStep(code)) || "email";
    return { step, message, email, hadCode: !!code };
  });
  useEffect(() => {
    if (!initial.hadCode) return;
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        for (const k of ["error_code", "error_message", "email"]) next.delete(k);
        return next;
      },
      { replace: true },
    );
  }, [initial.hadCode, setParams]);
  return initial;
}

function EmailSummary({ email, onChange }: { email: string; onChange: () => void }) {
  return (
    <div className="flex items-center justify-between rounded-md border border-line px-3 py-2 text-sm">
      <span className="truncate">{email}</span>
      <button type="button" onClick={onChange} className="text-accent hover:underline">
        Change
      </button>
    </div>
  );
}
