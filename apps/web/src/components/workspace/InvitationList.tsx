import { roleLabel } from "@stride/shared";
import type { Invitation } from "../../api/types.ts";

/** Workspace invitations to pick from (onboarding's join step and the invitations page): a checkbox each. */
export function InvitationList({
  invitations,
  selected,
  onChange,
}: {
  invitations: Invitation[];
  selected: string[];
  onChange: (ids: string[]) => void;
}) {
  return (
    <ul className="space-y-2">
      {invitations.map((inv) => {
        const ws = typeof inv.workspace === "object" ? inv.workspace : null;
        const checked = selected.includes(inv.id);
        return (
          <li key={inv.id}>
            <label className="flex cursor-pointer items-center gap-3 rounded-md border border-line px-3 py-2">
              <input
                type="checkbox"
                checked={checked}
                onChange={() => onChange(checked ? selected.filter((x) => x !== inv.id) : [...selected, inv.id])}
              />
              <span className="flex-1">
                <span className="block font-medium">{ws?.name ?? "Workspace"}</span>
                <span className="block text-xs text-fg-subtle">Invited as {roleLabel(inv.role)}</span>
              </span>
            </label>
          </li>
        );
      })}
    </ul>
  );
}
