import { Clock } from "lucide-react";
import { INTAKE_STATUS, INTAKE_STATUS_LABEL, type IntakeStatus, type IntakeTab } from "@stride/shared";
import type { IntakeItem } from "../../api/intake.ts";
import { cx } from "../../components/ui/index.ts";
import { useDateTimeFormat } from "../../lib/datetime.ts";

const STATUS_CLASS: Record<IntakeStatus, string> = {
  [-2]: "bg-warning-soft text-warning-strong",
  [-1]: "bg-danger-soft text-danger-strong",
  0: "bg-fill-selected text-fg-muted",
  1: "bg-success-soft text-success-strong",
  2: "bg-accent-soft text-accent-strong",
};

export const TAB_LABEL: Record<IntakeTab, string> = { open: "Open", snoozed: "Snoozed", closed: "Closed" };
export const TAB_EMPTY: Record<IntakeTab, { title: string; description: string }> = {
  open: {
    title: "No open requests",
    description: "New requests from the app or the public form wait here for triage.",
  },
  snoozed: {
    title: "No snoozed requests",
    description: "A snoozed request waits here until its date, then returns to Open.",
  },
  closed: { title: "No closed requests", description: "Accepted, declined and duplicate requests show here." },
};

/** Whether a request is snoozed till a time still to come. */
export const isSnoozed = (r: { status: IntakeStatus; snoozed_till: string | null }) =>
  r.status === INTAKE_STATUS.snoozed && !!r.snoozed_till && Date.parse(r.snoozed_till) > Date.now();

export function StatusBadge({ status, snoozedTill }: { status: IntakeStatus; snoozedTill: string | null }) {
  const shown =
    status === INTAKE_STATUS.snoozed && snoozedTill && Date.parse(snoozedTill) <= Date.now()
      ? INTAKE_STATUS.pending
      : status;
  return (
    <span data-intake-status={shown} className={cx("rounded px-1.5 py-0.5 text-xs font-medium", STATUS_CLASS[shown])}>
      {INTAKE_STATUS_LABEL[shown]}
    </span>
  );
}

export function IntakeRow({
  r,
  identifier,
  active,
  onOpen,
}: {
  r: IntakeItem;
  identifier: string;
  active: boolean;
  onOpen: () => void;
}) {
  const when = useDateTimeFormat();
  return (
    <li
      role="option"
      aria-selected={active}
      data-intake-row={r.issue.id}
      onClick={onOpen}
      className={cx(
        "cursor-pointer border-b border-line-subtle px-3 py-2",
        active ? "bg-accent-soft" : "hover:bg-surface-muted",
      )}
    >
      <div className="flex items-center gap-2 text-xs text-fg-subtle">
        <span>
          {identifier}-{r.issue.sequence_id}
        </span>
        <StatusBadge status={r.status} snoozedTill={r.snoozed_till} />
        <span className="ml-auto">{when.dateTime(r.issue.created_at)}</span>
      </div>
      <div className="truncate text-sm font-medium">{r.issue.name}</div>
      {r.source_email && <div className="truncate text-xs text-fg-subtle">{r.source_email}</div>}
      {isSnoozed(r) && (
        <div className="flex items-center gap-1 text-xs text-fg-subtle" data-snoozed-till>
          <Clock size={12} aria-hidden /> Back {when.dateTime(r.snoozed_till!)}
        </div>
      )}
    </li>
  );
}
