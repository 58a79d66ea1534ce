/**
 * Workspace drafts (work-tracking.md §4, §7, §9): W/draft-issues/ in pages of 50 (cursor 50:0:0),
 * create / edit / delete, and draft-to-issue which turns a draft into a work item of a project.
 */
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { draftEndpoints as D } from "@stride/shared/endpoints";
import { call } from "./client.ts";
import { qk } from "./query-keys.ts";
import { wiKeys } from "./work-items.ts";
import type { DraftBody } from "@stride/shared/contract";

export const DRAFTS_PAGE_SIZE = 50;
/** A workspace's drafts (every page). */
export const draftKeys = { all: (slug: string) => ["wi-drafts", slug] as const };

export function useWorkspaceDrafts(slug: string) {
  return useInfiniteQuery({
    queryKey: draftKeys.all(slug),
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      call(D.list, { slug }, undefined, {
        query: { per_page: DRAFTS_PAGE_SIZE, cursor: `${DRAFTS_PAGE_SIZE}:${pageParam}:0` },
      }),
    getNextPageParam: (last, _all, page) => (last.next_page_results ? page + 1 : undefined),
  });
}

export type { DraftBody };

export function useDraftMutations(slug: string) {
  const qc = useQueryClient();
  const refresh = () => {
    qc.invalidateQueries({ queryKey: draftKeys.all(slug) });
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
    onSuccess: refresh,
    meta: { errorTitle: "Could not delete the draft" },
  });
  /** The draft becomes a work item of its project and leaves the drafts list. */
  const toIssue = useMutation({
    mutationFn: ({ id, ...body }: DraftBody & { id: string }) => call(D.toIssue, { slug, draftId: id }, body),
    onSuccess: (item) => {
      refresh();
      qc.invalidateQueries({ queryKey: wiKeys.lists(slug, item.project_id) });
    },
    meta: { errorTitle: "Could not move the draft to the project" },
  });
  return { create, update, remove, toIssue };
}
