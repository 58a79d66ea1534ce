import { useState, type FormEvent } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { ApiError } from "../../api/client.ts";
import { changePassword, setPassword as setPasswordCall } from "../../api/auth.ts";
import { useMe } from "../../api/users.ts";
import { qk } from "../../api/query-keys.ts";
import { Monitor, Smartphone } from "lucide-react";
import { Banner, Button, ConfirmModal, Input, PageSpinner } from "../../components/ui/index.ts";
import { useRevokeSessions, useSessions } from "../../api/account.ts";
import { relativeTime } from "../../lib/dates.ts";
import { bodyAuthMessage } from "../auth/auth-messages.ts";
import { PasswordStrengthMeter, strongEnough, usePasswordStrength } from "../../components/auth/PasswordStrength.tsx";
import { useDialogForm } from "../../lib/settings-form.ts";

/** Change password (or set one, for accounts that only used email codes so far), and the signed-in sessions. */
export function SecurityPage() {
  const me = useMe();
  if (me.isLoading || !me.data) return <PageSpinner />;
  return (
    <div className="max-w-2xl space-y-10">
      <PasswordForm email={me.data.email} autoset={me.data.is_password_autoset} />
      <SessionsSection />
    </div>
  );
}

type PasswordValues = { old_password: string; new_password: string; confirm_password: string };
const NO_PASSWORDS: PasswordValues = { old_password: "", new_password: "", confirm_password: "" };

/** The form's own checks (the server reads a form body, with no shared schema): the current password, a match. */
const checkPasswords =
  (autoset: boolean) =>
  (v: PasswordValues): Record<string, string> => {
    const errs: Record<string, string> = {};
    if (!autoset && !v.old_password) errs.old_password = "Enter your current password.";
    if (v.new_password !== v.confirm_password) errs.confirm_password = "The new passwords do not match.";
    return errs;
  };

/** The password form: the current password (unless none was ever set), a strong new one, typed twice. */
function PasswordForm({ email, autoset }: { email: string; autoset: boolean }) {
  const qc = useQueryClient();
  const { form, error } = useDialogForm<PasswordValues>(NO_PASSWORDS, checkPasswords(autoset));
  const [message, setMessage] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const strength = usePasswordStrength(form.watch("new_password"), [email]);

  const save = async (v: PasswordValues) => {
    if (!(await strongEnough(form, "new_password", [email], "Choose a stronger new password."))) return;
    try {
      if (autoset) await setPasswordCall(v.new_password);
      else await changePassword({ old_password: v.old_password, new_password: v.new_password });
      setDone(autoset ? "Password set." : "Password changed.");
      form.reset(NO_PASSWORDS);
      await qc.invalidateQueries({ queryKey: qk.me });
    } catch (err) {
      setMessage(err instanceof ApiError ? (bodyAuthMessage(err.body) ?? err.message) : "Network error.");
    }
  };
  const onSubmit = (e: FormEvent) => {
    setMessage(null);
    setDone(null);
    return form.handleSubmit(save)(e);
  };
  return (
    <div className="max-w-md space-y-4">
      <h2 className="text-lg font-semibold">{autoset ? "Set a password" : "Change password"}</h2>
      {message && <Banner>{message}</Banner>}
      {done && <Banner kind="success">{done}</Banner>}
      <form onSubmit={onSubmit} className="space-y-4" noValidate aria-label="Password">
        {!autoset && (
          <Input
            label="Current password"
            type="password"
            autoComplete="current-password"
            error={error("old_password")}
            {...form.register("old_password")}
          />
        )}
        <Input
          label="New password"
          type="password"
          autoComplete="new-password"
          error={error("new_password")}
          {...form.register("new_password")}
        />
        <PasswordStrengthMeter strength={strength} />
        <Input
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          error={error("confirm_password")}
          {...form.register("confirm_password")}
        />
        <Button type="submit" loading={form.formState.isSubmitting}>
          {autoset ? "Set password" : "Change password"}
        </Button>
      </form>
    </div>
  );
}

/**
 * The caller's signed-in sessions: each one's device, where it signed in from and when it was last used; another
 * one can be signed out, or all the others at once. This session ends by signing out (the profile menu).
 */
export function SessionsSection() {
  const sessions = useSessions();
  const revoke = useRevokeSessions();
  const [confirmAll, setConfirmAll] = useState(false);
  const list = sessions.data ?? [];
  const others = list.filter((s) => !s.is_current).length;
  return (
    <section aria-labelledby="sessions" className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h2 id="sessions" className="text-lg font-semibold">
            Sessions
          </h2>
          <p className="text-sm text-fg-subtle">Where you are signed in. Sign out a session you do not recognise.</p>
        </div>
        {others > 0 && (
          <Button variant="secondary" size="sm" onClick={() => setConfirmAll(true)}>
            Sign out all other sessions
          </Button>
        )}
      </div>
      {sessions.isPending ? (
        <PageSpinner />
      ) : sessions.error ? (
        <Banner>Failed to fetch your sessions, Please try again later.</Banner>
      ) : (
        <ul aria-label="Sessions" className="divide-y divide-line rounded-lg border border-line">
          {list.map((s) => (
            <li key={s.id} className="flex items-center gap-3 px-4 py-3" aria-label={s.device}>
              {/mobile|iphone|ipad|android/i.test(s.user_agent ?? "") ? (
                <Smartphone size={18} aria-hidden className="shrink-0 text-fg-subtle" />
              ) : (
                <Monitor size={18} aria-hidden className="shrink-0 text-fg-subtle" />
              )}
              <div className="min-w-0 flex-1">
                <div className="flex items-center gap-2 text-sm font-medium">
                  {s.device}
                  {s.is_current && (
                    <span className="rounded bg-success-soft px-1.5 text-xs font-normal text-success-strong">
                      This session
                    </span>
                  )}
                </div>
                <div className="text-xs text-fg-subtle">
                  {[
                    s.ip_address,
                    `signed in ${relativeTime(s.created_at)}`,
                    s.is_current ? "active now" : `last used ${relativeTime(s.last_seen_at)}`,
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </div>
              </div>
              {!s.is_current && (
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Sign out ${s.device}`}
                  disabled={revoke.isPending}
                  onClick={() => revoke.mutate({ id: s.id })}
                >
                  Sign out
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmModal
        open={confirmAll}
        onClose={() => setConfirmAll(false)}
        onConfirm={() => revoke.mutate({}, { onSettled: () => setConfirmAll(false) })}
        title="Sign out all other sessions"
        message={`Sign out ${others === 1 ? "the other session" : `the ${others} other sessions`}? This one stays signed in.`}
        confirmLabel="Sign out"
        loading={revoke.isPending}
      />
    </section>
  );
}
