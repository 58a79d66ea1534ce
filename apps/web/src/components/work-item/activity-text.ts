import { formatDuration } from "@stride/shared";

/**
 * One sentence per activity row ("changed the state from Todo to In Progress"). Pure, so it is
 * unit-tested; the actor's name is shown in front of it by the feed.
 */
export interface ActivityRow {
  verb: string;
  field: string | null;
  old_value: string | null;
  new_value: string | null;
  comment?: string | null;
}

const FIELD_LABEL: Record<string, string> = {
  name: "the title",
  description: "the description",
  priority: "the priority",
  state: "the state",
  parent: "the parent",
  estimate_point: "the estimate",
  start_date: "the start date",
  target_date: "the due date",
  type: "the work item type",
};

const RELATION_TEXT: Record<string, string> = {
  blocked_by: "blocked by",
  blocking: "blocking",
  relates_to: "related to",
  duplicate: "a duplicate of",
  start_before: "starting before",
  start_after: "starting after",
  finish_before: "finishing before",
  finish_after: "finishing after",
};

const v = (s: string | null | undefined) => (s === null || s === undefined || s === "" ? null : s);

export function describeActivity(a: ActivityRow, fmtDate: (d: string) => string = (d) => d): string {
  const field = a.field ?? "";
  const oldV = v(a.old_value);
  const newV = v(a.new_value);
  if (a.verb === "created" && !a.field) return "created the work item";
  if (field === "issue" && a.verb === "deleted") return "deleted the work item";
  // Plane's values: "manual_archive" / "archive" (by automation) when archived, "restore" when restored;
  // rows older than that kept the date, or null on restore
  if (field === "archived_at") return newV && newV !== "restore" ? "archived the work item" : "restored the work item";
  if (field === "sub_issue") return newV ? `added the sub-item ${newV}` : `removed the sub-item ${oldV ?? ""}`.trim();
  if (field === "parent") return newV ? `set the parent to ${newV}` : `removed the parent ${oldV ?? ""}`.trim();
  if (field === "draft")
    return newV === "false" || newV === "False" ? "published the draft" : "moved the work item to drafts";
  if (field === "sort_order") return "reordered the work item";
  if (field === "description") return "updated the description";
  if (field === "labels" || field === "assignees" || field === "modules" || field === "cycles") {
    const what =
      field === "labels" ? "label" : field === "assignees" ? "assignee" : field === "modules" ? "module" : "cycle";
    if (field === "cycles") {
      if (newV && oldV) return `moved the work item from cycle ${oldV} to ${newV}`;
      if (newV) return `added the work item to cycle ${newV}`;
      if (oldV) return `removed the work item from cycle ${oldV}`;
    }
    if (newV) return `added the ${what} ${newV}`;
    if (oldV) return `removed the ${what} ${oldV}`;
    return `changed the ${what}s`;
  }
  if (field === "link") {
    if (a.verb === "deleted") return `removed the link ${oldV ?? ""}`.trim();
    if (a.verb === "updated") return `updated the link ${newV ?? ""}`.trim();
    return `added the link ${newV ?? ""}`.trim();
  }
  if (field === "worklog") {
    const d = (x: string | null) => formatDuration(Number(x ?? 0));
    if (a.verb === "deleted") return `removed a time log of ${d(oldV)}`;
    if (a.verb === "updated")
      return oldV && newV && oldV !== newV
        ? `changed a time log from ${d(oldV)} to ${d(newV)}`
        : `changed a time log of ${d(newV)}`;
    return `logged ${d(newV)}`;
  }
  if (field === "attachment") return a.verb === "deleted" ? "removed an attachment" : "uploaded an attachment";
  if (field === "task") {
    if (a.verb === "deleted") return `deleted the task ${oldV ?? ""}`.trim();
    if (a.verb === "created") return `added the task ${newV ?? ""}`.trim();
    return `updated the task ${newV ?? oldV ?? ""}`.trim();
  }
  if (field === "reaction" || field === "comment_reaction")
    return a.verb === "deleted" ? "removed a reaction" : "reacted";
  if (field === "comment")
    return a.verb === "deleted" ? "deleted a comment" : a.verb === "updated" ? "edited a comment" : "commented";
  if (RELATION_TEXT[field]) {
    return a.verb === "deleted"
      ? `removed the relation ${RELATION_TEXT[field]} ${oldV ?? ""}`.trim()
      : `marked this as ${RELATION_TEXT[field]} ${newV ?? ""}`.trim();
  }
  const label = FIELD_LABEL[field] ?? (field ? `the ${field.replace(/_/g, " ")}` : "the work item");
  const show = (x: string | null) =>
    x && (field === "start_date" || field === "target_date") && /^\d{4}-\d{2}-\d{2}/.test(x)
      ? fmtDate(x.slice(0, 10))
      : x;
  if (newV && oldV) return `changed ${label} from ${show(oldV)} to ${show(newV)}`;
  if (newV) return `set ${label} to ${show(newV)}`;
  if (oldV) return `removed ${label}`;
  return a.comment ?? `updated ${label}`;
}
