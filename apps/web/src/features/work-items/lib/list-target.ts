import { useEffect, useMemo, useState } from "react";
import type { WorkItem } from "../../../api/work-items-types.ts";
import { allIds, holds } from "../../../api/work-items-list-data.ts";
import { useRegisterWorkItemTarget, type WorkItemTarget } from "../../../lib/command-target.ts";
import { itemKey, itemName, itemUrl } from "../../../components/work-item/item.ts";
import { useList } from "../context.tsx";

/**
 * The work item in hand in a list (issue #27 point 13): the selected items (X), else the row that has the focus (J / K,
 * Tab), registered for the command palette and its single keys S, P, A and L (components/layout/palette). A
 * selection's change is the same change of each of its items: a state or a priority for all, an assignee or label
 * added to or taken from each while each keeps its own others.
 */
type Values = WorkItemTarget["item"];
const LIST_FIELDS = ["assignee_ids", "label_ids", "module_ids"] as const;
type ListField = (typeof LIST_FIELDS)[number];

const same = <T>(values: readonly T[]): T | null =>
  values.length && values.every((v) => v === values[0]) ? values[0] : null;
const shared = (lists: readonly (readonly string[] | null | undefined)[]): string[] =>
  lists.length ? (lists[0] ?? []).filter((id) => lists.every((l) => (l ?? []).includes(id))) : [];

/** What the items have in common: a value all of them have (else none), the ids every one of them lists. */
export function commonValues(items: readonly Pick<WorkItem, keyof Values>[]): Values {
  return {
    state_id: same(items.map((i) => i.state_id)),
    priority: same(items.map((i) => i.priority)) ?? "none",
    cycle_id: same(items.map((i) => i.cycle_id ?? null)),
    assignee_ids: shared(items.map((i) => i.assignee_ids)),
    label_ids: shared(items.map((i) => i.label_ids)),
    module_ids: shared(items.map((i) => i.module_ids)),
  };
}

/** One item's change, from a change chosen against the common values: list fields add and drop only what changed. */
export function patchFor(item: Pick<WorkItem, ListField>, common: Values, patch: Partial<WorkItem>): Partial<WorkItem> {
  const out: Partial<WorkItem> = { ...patch };
  for (const f of LIST_FIELDS) {
    const next = patch[f] as readonly string[] | undefined;
    if (!next) continue;
    const before = (common[f] ?? []) as readonly string[];
    const added = next.filter((id) => !before.includes(id));
    const dropped = before.filter((id) => !next.includes(id));
    const own = (item[f] ?? []) as readonly string[];
    (out as Record<string, unknown>)[f] = [
      ...own.filter((id) => !dropped.includes(id)),
      ...added.filter((id) => !own.includes(id)),
    ];
  }
  return out;
}

/** Register the list's work item in hand (see above) while the list is shown. */
export function useListTarget(): void {
  const { slug, pid, kind, project, data, itemOf, canEdit, updateItem, selection } = useList();
  const [focusedKey, setFocusedKey] = useState<string | null>(null);
  useEffect(() => {
    // a row in hand stays so while focus is in a dialog (the palette it opens) or outside the screen; it goes when
    // focus moves elsewhere on the screen
    const onFocus = (e: FocusEvent) => {
      const el = e.target as HTMLElement | null;
      if (!el?.closest?.("main") || el.closest("dialog")) return;
      setFocusedKey(el.closest("[data-item]")?.getAttribute("data-item") ?? null);
    };
    document.addEventListener("focusin", onFocus);
    return () => document.removeEventListener("focusin", onFocus);
  }, []);

  const target = useMemo<WorkItemTarget | null>(() => {
    const ident = project.identifier;
    const held = (id: string) => (data && holds(data, id) ? itemOf(id) : undefined);
    const selected = [...selection.ids].map(held).filter((i): i is WorkItem => !!i);
    const focused = focusedKey
      ? (data ? allIds(data) : []).map(held).find((i) => !!i && itemKey(ident, i.sequence_id) === focusedKey)
      : undefined;
    const list = selected.length ? selected : focused ? [focused] : [];
    if (!list.length) return null;
    const archived = kind === "archived";
    const editable = !archived && list.every(canEdit);
    if (list.length === 1) {
      const it = list[0];
      return {
        slug,
        pid,
        id: it.id,
        key: itemKey(ident, it.sequence_id),
        name: itemName(it.name),
        url: itemUrl(slug, ident, it.sequence_id),
        item: {
          state_id: it.state_id,
          priority: it.priority,
          assignee_ids: it.assignee_ids,
          label_ids: it.label_ids,
          cycle_id: it.cycle_id,
          module_ids: it.module_ids,
        },
        editable,
        canDelete: false,
        archived,
        set: (patch) => updateItem(it.id, patch),
      };
    }
    const common = commonValues(list);
    return {
      slug,
      pid,
      id: list[0].id,
      key: `${list.length} work items`,
      name: "",
      url: itemUrl(slug, ident, list[0].sequence_id),
      item: common,
      editable,
      canDelete: false,
      archived,
      count: list.length,
      set: (patch) => {
        for (const it of list) updateItem(it.id, patchFor(it, common, patch));
      },
    };
  }, [data, itemOf, project.identifier, selection.ids, focusedKey, kind, canEdit, slug, pid, updateItem]);
  // a row in hand is not an item "opened": it stays out of the palette's recent items
  useRegisterWorkItemTarget(target, { recent: false });
}
