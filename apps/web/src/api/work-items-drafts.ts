/**
 * Workspace drafts (work-tracking.md §4, §7, §9): their list is a work-item list context (`workspace_drafts`,
 * W/draft-issues/ in pages of 50 through api/work-items.ts); create / edit / delete, inline edits of a listed draft,
 * and draft-to-issue, which turns a draft into a work item of a project (it leaves the drafts list at once).
 */
import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { draftEndpoints as D } from "@stride/shared/endpoints";
import { call } from "./client.ts";
import { qk } from "./query-keys.ts";
import { restore, TEAM_LISTS, wiKeys } from "./work-items.ts";
import { makeComparator, moveItem, removeItem, type ListData } from "./work-items-list-data.ts";
import { itemStore } from "./work-item-store.ts";
import { localDraftsChanged } from "./local-db/client.ts";
import type { DraftBody } from "@stride/shared/contract";
import type { WorkItem } from "./work-items-types.ts";

export type { DraftBody };

/** Every cached page of the caller's drafts list (any layout, filters, grouping). */
export const draftListsKey = (slug: string) => wiKeys.listsOf(slug, TEAM_LISTS, "workspace_drafts");

/** The fields of a listed draft an inline edit may change (the draft's own body, DraftBody). */
const DRAFT_EDIT_FIELDS = [
  "name",
  "state_id",
  "priority",
  "assignee_ids",
  "label_ids",
  "module_ids",
  "cycle_id",
  "start_date",
  "target_date",
  "estimate_point",
  "parent_id",
  "project_id",
  "type_id",
] as const;

/** Change every cached drafts list at once; returns the lists as they were, to restore on a refusal. */
function changeLists(qc: QueryClient, slug: string, fn: (data: ListData, order: string | undefined) => ListData) {
  const snap = qc.getQueriesData<ListData>({ queryKey: draftListsKey(slug) });
  for (const [key, data] of snap) {
    if (!data) continue;
    const params = (key[6] ?? {}) as Record<string, string>;
    const next = fn(data, params.order_by);
    if (next !== data) qc.setQueryData(key, next);
  }
  return snap;
}

/** A draft left the list (moved to a project, or deleted): gone from every page, the counts one less. */
function dropDraft(qc: QueryClient, slug: string, id: string) {
  changeLists(qc, slug, (data) => removeItem(data, id));
}

export function useDraftMutations(slug: string) {
  const qc = useQueryClient();
  const refresh = () => {
    // the local database's copy of the drafts (if held) is read again before the lists' next answer
    localDraftsChanged(slug);
    qc.invalidateQueries({ queryKey: draftListsKey(slug) });
    // the sidebar's draft count (W/workspace-members/me/ draft_issue_count)
    qc.invalidateQueries({ queryKey: qk.workspaceMemberMe(slug) });
  };
  const create = useMutation({
    mutationFn: (body: DraftBody) => call(D.create, { slug }, body),
    onSuccess: refresh,
    // the create modal shows the refusal on its form
    meta: { silent: true },
  });
  const update = useMutation({
    mutationFn: ({ id, ...body }: DraftBody & { id: string }) => call(D.update, { slug, draftId: id }, body),
    onSuccess: refresh,
    meta: { errorTitle: "Could not save the draft" },
  });
  const remove = useMutation({
    mutationFn: (id: string) => call(D.remove, { slug, draftId: id }),
    onSuccess: (_r, id) => {
      dropDraft(qc, slug, id);
      refresh();
    },
    meta: { errorTitle: "Could not delete the draft" },
  });
  /** The draft becomes a work item of its project and leaves the drafts list. */
  const toIssue = useMutation({
    mutationFn: ({ id, ...body }: DraftBody & { id: string }) => call(D.toIssue, { slug, draftId: id }, body),
    onSuccess: (item, { id }) => {
      dropDraft(qc, slug, id);
      refresh();
      qc.invalidateQueries({ queryKey: wiKeys.lists(slug, item.project_id) });
    },
    meta: { errorTitle: "Could not move the draft to the project" },
  });
  return { create, update, remove, toIssue };
}

/**
 * An inline edit of a listed draft (a chip of a row or card): shown at once in every drafts list (the item moves to
 * its new group), PATCH W/draft-issues/{id}/, restored when the server refuses (which the app reports).
 */
export function useUpdateListedDraft(slug: string) {
  const qc = useQueryClient();
  return useMutation({
    scope: { id: `draft-writes:${slug}` },
    meta: { errorTitle: "Could not save the draft" },
    mutationFn: ({ id, patch }: { id: string; patch: Partial<WorkItem> }) => {
      const body: Record<string, unknown> = {};
      for (const k of DRAFT_EDIT_FIELDS) if (k in patch) body[k] = (patch as Record<string, unknown>)[k];
      return call(D.update, { slug, draftId: id }, body);
    },
    onMutate: async ({ id, patch }) => {
      await qc.cancelQueries({ queryKey: draftListsKey(slug) });
      // the draft's one record changes; the lists move it only where its groups or order changed
      const store = itemStore(qc);
      const records = store.snapshot([id]);
      const prev = store.patch(id, patch);
      const next = store.get(id);
      const get = (x: string) => store.get(x);
      const queries = changeLists(qc, slug, (data, order) =>
        prev && next ? moveItem(data, prev, next, get, makeComparator(order, {})) : data,
      );
      return { snap: { queries, records } };
    },
    onError: (_e, _v, ctx) => {
      if (ctx?.snap) restore(qc, ctx.snap);
    },
    onSettled: () => {
      localDraftsChanged(slug);
      return qc.invalidateQueries({ queryKey: draftListsKey(slug) });
    },
  });
}
