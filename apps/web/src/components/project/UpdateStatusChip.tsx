import { PROJECT_UPDATE_STATUS_INFO, type ProjectUpdateStatus } from "@stride/shared";
import { cx } from "../ui/index.ts";

/** The colour of each status tone (success, warning, danger), light and dark. */
const TONE: Record<"success" | "warning" | "danger", string> = {
  success: "bg-success-soft text-success ring-success-line",
  warning: "bg-warning-soft text-warning-strong ring-warning-line",
  danger: "bg-danger-soft text-danger ring-danger-line",
};
const DOT: Record<"success" | "warning" | "danger", string> = {
  success: "bg-emerald-500",
  warning: "bg-amber-500",
  danger: "bg-red-500",
};

/** A project update's status: "On track", "At risk", "Off track" (issue #29 point 4). */
export function UpdateStatusChip({
  status,
  className,
  title,
}: {
  status: ProjectUpdateStatus;
  className?: string;
  title?: string;
}) {
  const info = PROJECT_UPDATE_STATUS_INFO[status] ?? PROJECT_UPDATE_STATUS_INFO["ON-TRACK"];
  return (
    <span
      data-update-status={status}
      title={title}
      className={cx(
        "inline-flex shrink-0 items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset",
        TONE[info.tone],
        className,
      )}
    >
      <span aria-hidden className={cx("h-1.5 w-1.5 rounded-full", DOT[info.tone])} />
      {info.label}
    </span>
  );
}
