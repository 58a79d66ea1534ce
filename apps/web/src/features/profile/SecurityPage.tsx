import { useState, type FormEvent } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { ApiError } from "../../api/client.ts";
import { changePassword, setPassword as setPasswordCall } from "../../api/auth.ts";
import { useMe } from "../../api/users.ts";
import { qk } from "../../api/query-keys.ts";
import { Banner, Button, Input, PageSpinner } from "../../components/ui/index.ts";
import { bodyAuthMessage } from "../auth/auth-messages.ts";
import { checkStrength, PasswordStrengthMeter, usePasswordStrength } from "../../components/auth/PasswordStrength.tsx";

/** Change password (or set one, for accounts that only used email codes so far). */
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
      setCurrent(""); setNext(""); setConfirm("");
      await qc.invalidateQueries({ queryKey: qk.me });
    } catch (err) {
      setError(err instanceof ApiError ? bodyAuthMessage(err.body) ?? err.message : "Network error.");
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="max-w-md space-y-4">
      <h2 className="text-lg font-semibold">{autoset ? "Set a password" : "Change password"}</h2>
      {error && <Banner>{error}</Banner>}
      {done && <Banner kind="success">{done}</Banner>}
      <form onSubmit={onSubmit} className="space-y-4" noValidate aria-label="Password">
        {!autoset && <Input label="Current password" type="password" name="old_password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} />}
        <Input label="New password" type="password" name="new_password" autoComplete="new-password" value={next} onChange={(e) => setNext(e.target.value)} />
        <PasswordStrengthMeter strength={strength} />
        <Input label="Confirm new password" type="password" name="confirm_password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
        <Button type="submit" loading={busy}>{autoset ? "Set password" : "Change password"}</Button>
      </form>
    </div>
  );
}
