import type { ReactNode } from "react";
import { useFieldArray, type UseFormReturn } from "react-hook-form";
import { X } from "lucide-react";
import { ROLE, ROLE_LABEL, rolesUpTo, type Role } from "@stride/shared";
import { useInviteMembers } from "../../api/workspaces.ts";
import { schemaCheck, useDialogForm } from "../../lib/settings-form.ts";
import { Banner, Button, Input, Select } from "../ui/index.ts";

interface Row {
  email: string;
  role: Role;
}
type Values = { rows: Row[] };
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EMPTY_ROW: Row = { email: "", role: ROLE.MEMBER };

/** The rows with an email, trimmed. */
const filled = (v: Values) => v.rows.map((r) => ({ email: r.email.trim(), role: r.role })).filter((r) => r.email);
const bodyOf = (v: Values) => ({ emails: filled(v) });

/** The form's own checks: each row's address well formed and listed once (`rows.<i>.email`), and one at least. */
function ownChecks(v: Values): Record<string, string> {
  const errs: Record<string, string> = {};
  const rows = v.rows.map((r, i) => ({ i, email: r.email.trim() })).filter((r) => r.email);
  for (const r of rows) if (!EMAIL.test(r.email)) errs[`rows.${r.i}.email`] = "Enter a valid email address.";
  const seen = new Set<string>();
  for (const r of rows) {
    const k = r.email.toLowerCase();
    if (seen.has(k)) errs[`rows.${r.i}.email`] = "This email is listed twice.";
    seen.add(k);
  }
  if (!rows.length) errs.emails = "Add at least one email address.";
  return errs;
}

const checkInvitations = schemaCheck((c) => c.createInvitationsBody, bodyOf, ownChecks);

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
  const { form, error, formError, onSubmit } = useDialogForm<Values>({ rows: [EMPTY_ROW] }, checkInvitations);
  const rows = useFieldArray({ control: form.control, name: "rows" });

  const submit = onSubmit((v, onError) => {
    const emails = filled(v);
    invite.mutate(emails, {
      onSuccess: () => {
        form.reset({ rows: [EMPTY_ROW] });
        onDone(emails.length);
      },
      onError,
    });
  });

  return (
    <form onSubmit={submit} className="space-y-3" noValidate aria-label="Invite members">
      {(formError ?? error("emails")) && <Banner>{formError ?? error("emails")}</Banner>}
      {rows.fields.map((f, i) => (
        <InviteRow
          key={f.id}
          form={form}
          i={i}
          roles={rolesUpTo(maxRole)}
          error={error(`rows.${i}.email`)}
          onRemove={rows.fields.length > 1 ? () => rows.remove(i) : undefined}
        />
      ))}
      <button type="button" className="text-sm text-accent hover:underline" onClick={() => rows.append(EMPTY_ROW)}>
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

/** One person to invite: an email, a role, and a remove button while there are several rows. */
function InviteRow({
  form,
  i,
  roles,
  error,
  onRemove,
}: {
  form: UseFormReturn<Values>;
  i: number;
  roles: Role[];
  error: string | undefined;
  onRemove?: () => void;
}) {
  return (
    <div className="flex items-start gap-2">
      <div className="flex-1">
        <Input
          aria-label={`Email ${i + 1}`}
          type="email"
          placeholder="name@company.com"
          error={error}
          {...form.register(`rows.${i}.email`)}
        />
      </div>
      <div className="w-32">
        <Select aria-label={`Role ${i + 1}`} {...form.register(`rows.${i}.role`, { valueAsNumber: true })}>
          {roles.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABEL[role]}
            </option>
          ))}
        </Select>
      </div>
      {onRemove && (
        <button
          type="button"
          aria-label={`Remove row ${i + 1}`}
          className="mt-2 rounded px-2 text-fg-subtle hover:bg-fill"
          onClick={onRemove}
        >
          <X size={14} aria-hidden focusable="false" />
        </button>
      )}
    </div>
  );
}
