/** Workspace search (wire-facts-2 §6 `W/search/`), used by the command palette. */
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { WorkspaceSearchResponse } from "@stride/shared/contract";
import { searchEndpoints as S } from "@stride/shared/endpoints";
import { call } from "./client.ts";

export type SearchResults = WorkspaceSearchResponse["results"];

export const searchKeys = {
  workspace: (slug: string, text: string) => ["ws", slug, "search", text] as const,
};

/** The palette's types: what Stride has. */
const PALETTE_ENTITIES = "issue,project,cycle,module,issue_view,page,intake";

export const workspaceSearchQuery = (slug: string, text: string) =>
  queryOptions({
    queryKey: searchKeys.workspace(slug, text),
    queryFn: ({ signal }) =>
      call(S.workspace, { slug }, undefined, { query: { search: text, entities: PALETTE_ENTITIES }, signal }),
    enabled: text.trim().length > 0,
    staleTime: 10_000,
  });

export function useWorkspaceSearch(slug: string, text: string) {
  return useQuery({ ...workspaceSearchQuery(slug, text), placeholderData: keepPreviousData });
}
