/**
 * Group headers of grouped layouts: which keys a grouping has (so empty groups can be shown, including
 * labels and members the server only lists when they have items), in which order, and their titles.
 */
import { PRIORITY_GROUP_KEYS, STATE_GROUP_KEYS, type GroupByField } from "@stride/shared";
import { NONE_KEY } from "../../../api/work-items-list-data.ts";
import { formatDate } from "../../../lib/dates.ts";

export interface GroupRefs {
  states: { id: string; name: string; group: string; color: string }[];
  labels: { id: string; name: string; color: string }[];
  members: { id: string; display_name: string; first_name: string; last_name: string }[];
  userName?: (id: string) => string | null;
  cycles: { id: string; name: string }[];
  modules: { id: string; name: string }[];
  projectName?: (id: string) => string | null;
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Every key a grouping can have in this project, in display order (null when not knowable, e.g. dates). */
export function knownGroupKeys(groupBy: GroupByField | string | null, refs: GroupRefs): string[] | null {
  switch (groupBy) {
    case "state_id":
      return refs.states.map((s) => s.id);
    case "state__group":
      return [...STATE_GROUP_KEYS];
    case "priority":
      return [...PRIORITY_GROUP_KEYS];
    case "labels__id":
      return [...refs.labels.map((l) => l.id), NONE_KEY];
    case "assignees__id":
      return [...refs.members.map((m) => m.id), NONE_KEY];
    case "created_by":
      return refs.members.map((m) => m.id);
    case "cycle_id":
      return [...refs.cycles.map((c) => c.id), NONE_KEY];
    case "issue_module__module_id":
      return [...refs.modules.map((m) => m.id), NONE_KEY];
    default:
      return null;
  }
}

/**
 * Keys to show: known keys first (in their order) plus any key the server returned, "None" last; with
 * show_empty_groups off, only groups holding items.
 */
export function visibleGroupKeys(
  groupBy: string | null,
  serverOrder: string[],
  refs: GroupRefs,
  showEmpty: boolean,
  total: (key: string) => number,
): string[] {
  const known = knownGroupKeys(groupBy, refs);
  let keys: string[];
  if (known) {
    const extra = serverOrder.filter((k) => !known.includes(k));
    const base = known.filter((k) => k !== NONE_KEY);
    keys = [...base, ...extra.filter((k) => k !== NONE_KEY)];
    if (known.includes(NONE_KEY) || serverOrder.includes(NONE_KEY)) keys.push(NONE_KEY);
  } else keys = [...serverOrder];
  return showEmpty ? keys : keys.filter((k) => total(k) > 0);
}

export function groupTitle(groupBy: string | null, key: string, refs: GroupRefs): string {
  const none = key === NONE_KEY;
  switch (groupBy) {
    case "state_id":
      return refs.states.find((s) => s.id === key)?.name ?? (none ? "No state" : "Unknown state");
    case "state__group":
      return cap(key);
    case "priority":
      return cap(key);
    case "labels__id":
      return none ? "No labels" : (refs.labels.find((l) => l.id === key)?.name ?? "Unknown label");
    case "assignees__id":
    case "created_by": {
      if (none) return groupBy === "assignees__id" ? "No assignee" : "Unknown";
      const m = refs.members.find((x) => x.id === key);
      if (m) return [m.first_name, m.last_name].filter(Boolean).join(" ") || m.display_name;
      return refs.userName?.(key) ?? "Former member";
    }
    case "cycle_id":
      return none ? "No cycle" : (refs.cycles.find((c) => c.id === key)?.name ?? "Unknown cycle");
    case "issue_module__module_id":
      return none ? "No module" : (refs.modules.find((m) => m.id === key)?.name ?? "Unknown module");
    case "project_id":
      // a workspace draft may have no project yet
      return none ? "No project" : (refs.projectName?.(key) ?? "Project");
    case "target_date":
      return none ? "No due date" : formatDate(key);
    default:
      return none ? "None" : key;
  }
}

/**
 * The change a drop into a group makes (kanban drag between columns; quick add inside a group): the
 * grouped property takes the group's value. Multi-valued groupings replace the value being dragged from
 * (`fromKey`) with the new one; "None" clears it.
 */
export function groupPatch(
  groupBy: string | null,
  key: string,
  current?: { label_ids?: string[]; assignee_ids?: string[]; module_ids?: string[] | null },
  fromKey?: string | null,
): Record<string, unknown> | null {
  const none = key === NONE_KEY;
  const swap = (list: string[] | null | undefined): string[] => {
    let out = [...(list ?? [])];
    if (fromKey && fromKey !== NONE_KEY) out = out.filter((x) => x !== fromKey);
    if (!none && !out.includes(key)) out.push(key);
    if (none) out = [];
    return out;
  };
  switch (groupBy) {
    case "state_id":
      return none ? null : { state_id: key };
    case "priority":
      return { priority: none ? "none" : key };
    case "labels__id":
      return { label_ids: swap(current?.label_ids) };
    case "assignees__id":
      return { assignee_ids: swap(current?.assignee_ids) };
    case "cycle_id":
      return { cycle_id: none ? null : key };
    case "issue_module__module_id":
      return { module_ids: swap(current?.module_ids ?? []) };
    case "target_date":
      return { target_date: none ? null : key };
    default:
      return null;
  }
}
