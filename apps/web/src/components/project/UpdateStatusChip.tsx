import { PROJECT_UPDATE_STATUS_INFO, type ProjectUpdateStatus } from "@stride/shared";
import { cx } from "../ui/index.ts";

/** The colour of each status tone (success, warning, danger), light and dark. */
const TONE: Record<"success" | "warning" | "danger", string> = {
  success: "bg-emerald-50 text-emerald-700 ring-emerald-600/20 dark:bg-emerald-950/60 dark:text-emerald-300 dark:ring-emerald-400/30",
  warning: "bg-amber-50 text-amber-800 ring-amber-600/20 dark:bg-amber-950/60 dark:text-amber-300 dark:ring-amber-400/30",
  danger: "bg-red-50 text-red-700 ring-red-600/20 dark:bg-red-950/60 dark:text-red-300 dark:ring-red-400/30",
};
const DOT: Record<"success" | "warning" | "danger", string> = { success: "bg-emerald-500", warning: "bg-amber-500", danger: "bg-red-500" };

/** A project update's status: "On track", "At risk", "Off track" (issue #29 point 4). */
export function UpdateStatusChip({ status, className, title }: { status: ProjectUpdateStatus; className?: string; title?: string }) {
  const info = PROJECT_UPDATE_STATUS_INFO[status] ?? PROJECT_UPDATE_STATUS_INFO["ON-TRACK"];
  return (
    <span data-update-status={status} title={title} className={cx("inline-flex shrink-0 items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset", TONE[info.tone], className)}>
      <span aria-hidden className={cx("h-1.5 w-1.5 rounded-full", DOT[info.tone])} />
      {info.label}
    </span>
  );
}
