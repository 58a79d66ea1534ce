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
import { checkStrength, PasswordStrengthMeter, usePasswordStrength } from "../../components/auth/PasswordStrength.tsx";

/** Change password (or set one, for accounts that only used email codes so far), and the signed-in sessions. */
export function SecurityPage() {
  const me = useMe();
  const qc = useQueryClient();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const strength = usePasswordStrength(next, [me.data?.email ?? ""]);
  if (me.isLoading || !me.data) return <PageSpinner />;
  const autoset = me.data.is_password_autoset;
  const email = me.data.email;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setDone(null);
    if (!autoset && !current) return setError("Enter your current password.");
    if ((await checkStrength(next, [email])) !== "strength_valid") return setError("Choose a stronger new password.");
    if (next !== confirm) return setError("The new passwords do not match.");
    setBusy(true);
    try {
      if (autoset) await setPasswordCall(next);
      else await changePassword({ old_password: current, new_password: next });
      setDone(autoset ? "Password set." : "Password changed.");
      setCurrent("");
      setNext("");
      setConfirm("");
      await qc.invalidateQueries({ queryKey: qk.me });
    } catch (err) {
      setError(err instanceof ApiError ? (bodyAuthMessage(err.body) ?? err.message) : "Network error.");
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="max-w-2xl space-y-10">
      <div className="max-w-md space-y-4">
        <h2 className="text-lg font-semibold">{autoset ? "Set a password" : "Change password"}</h2>
        {error && <Banner>{error}</Banner>}
        {done && <Banner kind="success">{done}</Banner>}
        <form onSubmit={onSubmit} className="space-y-4" noValidate aria-label="Password">
          {!autoset && (
            <Input
              label="Current password"
              type="password"
              name="old_password"
              autoComplete="current-password"
              value={current}
              onChange={(e) => setCurrent(e.target.value)}
            />
          )}
          <Input
            label="New password"
            type="password"
            name="new_password"
            autoComplete="new-password"
            value={next}
            onChange={(e) => setNext(e.target.value)}
          />
          <PasswordStrengthMeter strength={strength} />
          <Input
            label="Confirm new password"
            type="password"
            name="confirm_password"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
          />
          <Button type="submit" loading={busy}>
            {autoset ? "Set password" : "Change password"}
          </Button>
        </form>
      </div>
      <SessionsSection />
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
