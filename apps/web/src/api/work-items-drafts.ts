/**
 * Workspace drafts (work-tracking.md §4, §7, §9): W/draft-issues/ in pages of 50 (cursor 50:0:0),
 * create / edit / delete, and draft-to-issue which turns a draft into a work item of a project.
 */
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "./client.ts";
import { qk } from "./query-keys.ts";
import { W, wiKeys } from "./work-items.ts";
import type { DraftBody, Paginated } from "@stride/shared/contract";
import type { WorkItem, WorkspaceDraft } from "./work-items-types.ts";

export const DRAFTS_PAGE_SIZE = 50;
const key = (slug: string) => ["wi-drafts", slug] as const;

type DraftPage = Pick<Paginated<WorkspaceDraft>, "results" | "next_page_results" | "next_cursor" | "total_count">;

export function useWorkspaceDrafts(slug: string) {
  return useInfiniteQuery({
    queryKey: key(slug),
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      api<DraftPage | WorkspaceDraft[]>(`${W(slug)}/draft-issues/`, {
        query: { per_page: DRAFTS_PAGE_SIZE, cursor: `${DRAFTS_PAGE_SIZE}:${pageParam}:0` },
      }).then((r): DraftPage =>
        Array.isArray(r) ? { results: r, next_page_results: false, next_cursor: "", total_count: r.length } : r,
      ),
    getNextPageParam: (last, _all, page) => (last.next_page_results ? page + 1 : undefined),
  });
}

export type { DraftBody };

export function useDraftMutations(slug: string) {
  const qc = useQueryClient();
  const refresh = () => {
    qc.invalidateQueries({ queryKey: key(slug) });
    qc.invalidateQueries({ queryKey: qk.workspaceMemberMe(slug) });
  };
  const create = useMutation({
    mutationFn: (body: DraftBody) => api<WorkspaceDraft>(`${W(slug)}/draft-issues/`, { method: "POST", body }),
    onSuccess: refresh,
    // the create modal shows the refusal on its form
    meta: { silent: true },
  });
  const update = useMutation({
    mutationFn: ({ id, ...body }: DraftBody & { id: string }) =>
      api<WorkspaceDraft>(`${W(slug)}/draft-issues/${id}/`, { method: "PATCH", body }),
    onSuccess: refresh,
    meta: { errorTitle: "Could not save the draft" },
  });
  const remove = useMutation({
    mutationFn: (id: string) => api(`${W(slug)}/draft-issues/${id}/`, { method: "DELETE" }),
    onSuccess: refresh,
    meta: { errorTitle: "Could not delete the draft" },
  });
  /** The draft becomes a work item of its project and leaves the drafts list. */
  const toIssue = useMutation({
    mutationFn: ({ id, ...body }: DraftBody & { id: string }) =>
      api<WorkItem>(`${W(slug)}/draft-to-issue/${id}/`, { method: "POST", body }),
    onSuccess: (item) => {
      refresh();
      qc.invalidateQueries({ queryKey: wiKeys.lists(slug, item.project_id) });
    },
    meta: { errorTitle: "Could not move the draft to the project" },
  });
  return { create, update, remove, toIssue };
}
