import { useEffect, useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { ApiError } from "../../api/client.ts";
import { emailCheck, magicGenerate, magicSignInForm, magicSignUpForm, signInForm, signUpForm } from "../../api/auth.ts";
import { useInstance } from "../../api/instance.ts";
import { Banner, Button, Input } from "../../components/ui/index.ts";
import { authErrorStep, authMessage, bodyAuthMessage } from "./auth-messages.ts";
import { PasswordStrengthMeter, strongEnough, usePasswordStrength } from "../../components/auth/PasswordStrength.tsx";
import { useDialogForm } from "../../lib/settings-form.ts";

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
  const auth = useEmailAuth(mode, initialEmail);
  const next = nextPath ?? undefined;
  return (
    <div className="space-y-4">
      {auth.message && <Banner>{auth.message}</Banner>}
      {auth.info && !auth.message && <Banner kind="info">{auth.info}</Banner>}
      {auth.step === "email" && <EmailStep auth={auth} />}
      {auth.step === "password" && <PasswordStep auth={auth} mode={mode} next={next} />}
      {auth.step === "code" && <CodeStep auth={auth} mode={mode} next={next} />}
    </div>
  );
}

type Auth = ReturnType<typeof useEmailAuth>;

/** What the steps share: the step, the email, the message above them, whether a request is under way. */
function useEmailAuth(mode: Mode, initialEmail: string | undefined) {
  const instance = useInstance();
  const redirected = useRedirectError();
  const [step, setStep] = useState<Step>(redirected.step);
  const [email, setEmail] = useState(redirected.email ?? initialEmail ?? "");
  const [message, setMessage] = useState<string | null>(redirected.message);
  const [info, setInfo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [existing, setExisting] = useState<boolean | null>(null);
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
  /** Email-check: an account that should not be there (or should), a code, or a password next. */
  const checkEmail = async () => {
    setMessage(null);
    setBusy(true);
    try {
      const r = await emailCheck(email.trim());
      setExisting(r.existing);
      if (mode === "sign-in" && !r.existing) setMessage("No account exists with this email. Sign up instead.");
      else if (mode === "sign-up" && r.existing)
        setMessage("An account with this email already exists. Sign in instead.");
      else if (r.status === "MAGIC_CODE") await sendCode(email.trim());
      else setStep("password");
      setBusy(false);
    } catch (err) {
      fail(err);
    }
  };
  /** Runs a form post (the page leaves on success): busy until then, the message if it fails. */
  const post = async (send: () => Promise<unknown>) => {
    setMessage(null);
    setBusy(true);
    try {
      await send();
    } catch (err) {
      fail(err);
    }
  };
  const canUseCode = !!cfg?.is_magic_login_enabled && !!cfg?.is_smtp_configured;
  const canUsePassword = cfg?.is_email_password_enabled !== false;
  return {
    step,
    setStep,
    email,
    setEmail,
    message,
    setMessage,
    info,
    setInfo,
    busy,
    setBusy,
    existing,
    fail,
    sendCode,
    checkEmail,
    post,
    canUseCode,
    canUsePassword,
  };
}

/** The email, checked first. */
function EmailStep({ auth }: { auth: Auth }) {
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void auth.checkEmail();
      }}
      className="space-y-4"
      noValidate
    >
      <Input
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        autoFocus
        required
        value={auth.email}
        onChange={(e) => auth.setEmail(e.target.value)}
        placeholder="name@company.com"
      />
      <Button type="submit" className="w-full" loading={auth.busy} disabled={!auth.email.trim()}>
        Continue
      </Button>
    </form>
  );
}

type PasswordValues = { password: string; confirm_password: string };

/** The form's own checks (the server reads a form body, with no shared schema): on sign-up, the password twice. */
const checkPasswords =
  (mode: Mode) =>
  (v: PasswordValues): Record<string, string> =>
    mode === "sign-up" && v.password !== v.confirm_password ? { confirm_password: "The passwords do not match." } : {};

/** The password (on sign-up a strong one, typed twice); forgot it, or a code instead. */
function PasswordStep({ auth, mode, next }: { auth: Auth; mode: Mode; next: string | undefined }) {
  const { form, error } = useDialogForm<PasswordValues>({ password: "", confirm_password: "" }, checkPasswords(mode));
  const password = form.watch("password");
  const strength = usePasswordStrength(password, [auth.email], mode === "sign-up");
  const submit = form.handleSubmit(async (v) => {
    auth.setMessage(null);
    if (mode === "sign-up" && !(await strongEnough(form, "password", [auth.email], "Choose a stronger password.")))
      return;
    const f = { email: auth.email.trim(), password: v.password, next_path: next };
    await auth.post(() => (mode === "sign-in" ? signInForm(f) : signUpForm(f)));
  });
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <EmailSummary
        email={auth.email}
        onChange={() => {
          auth.setStep("email");
          auth.setMessage(null);
        }}
      />
      <Input
        label={mode === "sign-in" ? "Password" : "Set a password"}
        type="password"
        autoComplete={mode === "sign-in" ? "current-password" : "new-password"}
        autoFocus
        error={error("password")}
        {...form.register("password")}
      />
      {mode === "sign-up" && (
        <>
          <PasswordStrengthMeter strength={strength} />
          <Input
            label="Confirm password"
            type="password"
            autoComplete="new-password"
            error={error("confirm_password")}
            {...form.register("confirm_password")}
          />
        </>
      )}
      <Button type="submit" className="w-full" loading={auth.busy} disabled={!password}>
        {mode === "sign-in" ? "Sign in" : "Create account"}
      </Button>
      <div className="flex justify-between text-sm">
        {mode === "sign-in" ? (
          <Link
            className="text-accent hover:underline"
            to={`/accounts/forgot-password?email=${encodeURIComponent(auth.email)}`}
          >
            Forgot your password?
          </Link>
        ) : (
          <span />
        )}
        {auth.canUseCode && (
          <button
            type="button"
            className="text-accent hover:underline"
            onClick={() => {
              auth.setBusy(true);
              auth.setMessage(null);
              auth.sendCode(auth.email.trim()).then(() => auth.setBusy(false), auth.fail);
            }}
          >
            Use a code instead
          </button>
        )}
      </div>
    </form>
  );
}

/** The 6-digit code sent by email; send it again, or a password instead. */
function CodeStep({ auth, mode, next }: { auth: Auth; mode: Mode; next: string | undefined }) {
  const [code, setCode] = useState("");
  const onCode = (e: FormEvent) => {
    e.preventDefault();
    const f = { email: auth.email.trim(), code: code.trim(), next_path: next };
    void auth.post(() => (mode === "sign-in" || auth.existing ? magicSignInForm(f) : magicSignUpForm(f)));
  };
  return (
    <form onSubmit={onCode} className="space-y-4" noValidate>
      <EmailSummary
        email={auth.email}
        onChange={() => {
          auth.setStep("email");
          auth.setInfo(null);
          auth.setMessage(null);
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
      <Button type="submit" className="w-full" loading={auth.busy} disabled={code.length !== 6}>
        Continue
      </Button>
      <div className="flex justify-between text-sm">
        <button
          type="button"
          className="text-accent hover:underline"
          onClick={() => {
            auth.setMessage(null);
            auth.sendCode(auth.email.trim()).catch(auth.fail);
          }}
        >
          Resend code
        </button>
        {auth.canUsePassword && (mode === "sign-up" || auth.existing) && (
          <button
            type="button"
            className="text-accent hover:underline"
            onClick={() => {
              auth.setStep("password");
              auth.setInfo(null);
            }}
          >
            Use a password
          </button>
        )}
      </div>
    </form>
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
