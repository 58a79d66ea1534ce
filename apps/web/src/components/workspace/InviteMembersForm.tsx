import type { ReactNode } from "react";
import { useState, type FormEvent } from "react";
import { X } from "lucide-react";
import { ROLE, ROLE_LABEL, rolesUpTo, type Role } from "@stride/shared";
import { ApiError, errorMessage } from "../../api/client.ts";
import { useInviteMembers } from "../../api/workspaces.ts";
import { Banner, Button, Input, Select } from "../ui/index.ts";

interface Row {
  email: string;
  role: Role;
}
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Invite several people at once, each with a role no higher than the inviter's. */
export function InviteMembersForm({
  slug,
  maxRole,
  onDone,
  submitLabel = "Send invitations",
  secondary,
}: {
  slug: string;
  maxRole: Role;
  onDone: (count: number) => void;
  submitLabel?: string;
  secondary?: ReactNode;
}) {
  const invite = useInviteMembers(slug);
  const [rows, setRows] = useState<Row[]>([{ email: "", role: ROLE.MEMBER }]);
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const roles = rolesUpTo(maxRole);
  const set = (i: number, patch: Partial<Row>) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const filled = rows.map((r, i) => ({ ...r, i, email: r.email.trim() })).filter((r) => r.email);
    const errs: Record<number, string> = {};
    for (const r of filled) if (!EMAIL.test(r.email)) errs[r.i] = "Enter a valid email address.";
    const seen = new Set<string>();
    for (const r of filled) {
      const k = r.email.toLowerCase();
      if (seen.has(k)) errs[r.i] = "This email is listed twice.";
      seen.add(k);
    }
    setErrors(errs);
    setFormError(null);
    if (!filled.length) {
      setFormError("Add at least one email address.");
      return;
    }
    if (Object.keys(errs).length) return;
    invite.mutate(
      filled.map((r) => ({ email: r.email, role: r.role })),
      {
        onSuccess: () => {
          setRows([{ email: "", role: ROLE.MEMBER }]);
          onDone(filled.length);
        },
        onError: (err) =>
          setFormError(err instanceof ApiError ? (errorMessage(err.body) ?? err.message) : "Network error."),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} className="space-y-3" noValidate aria-label="Invite members">
      {formError && <Banner>{formError}</Banner>}
      {rows.map((r, i) => (
        <div key={i} className="flex items-start gap-2">
          <div className="flex-1">
            <Input
              aria-label={`Email ${i + 1}`}
              type="email"
              placeholder="name@company.com"
              value={r.email}
              onChange={(e) => set(i, { email: e.target.value })}
              error={errors[i]}
            />
          </div>
          <div className="w-32">
            <Select
              aria-label={`Role ${i + 1}`}
              value={r.role}
              onChange={(e) => set(i, { role: Number(e.target.value) as Role })}
            >
              {roles.map((role) => (
                <option key={role} value={role}>
                  {ROLE_LABEL[role]}
                </option>
              ))}
            </Select>
          </div>
          {rows.length > 1 && (
            <button
              type="button"
              aria-label={`Remove row ${i + 1}`}
              className="mt-2 rounded px-2 text-fg-subtle hover:bg-fill"
              onClick={() => setRows((rs) => rs.filter((_, j) => j !== i))}
            >
              <X size={14} aria-hidden focusable="false" />
            </button>
          )}
        </div>
      ))}
      <button
        type="button"
        className="text-sm text-accent hover:underline"
        onClick={() => setRows((rs) => [...rs, { email: "", role: ROLE.MEMBER }])}
      >
        + Add another
      </button>
      <div className="flex justify-end gap-2">
        {secondary}
        <Button type="submit" loading={invite.isPending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
