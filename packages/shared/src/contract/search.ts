/** Search (wire-facts-2 §6): `W/search/`, `W/entity-search/`, `P/search-issues/`. */

/** `W/search/` result keys (`entities=` picks some; all by default). */
export const SEARCH_ENTITIES = [
  "workspace",
  "project",
  "issue",
  "cycle",
  "module",
  "issue_view",
  "page",
  "intake",
] as const;
export type SearchEntity = (typeof SEARCH_ENTITIES)[number];
/** `W/entity-search/` `query_type` values; `user_mention` is the default. */
export const ENTITY_SEARCH_TYPES = ["user_mention", "project", "issue", "cycle", "module", "page"] as const;
export type EntitySearchType = (typeof ENTITY_SEARCH_TYPES)[number];
/** Items per type of `W/search/` and of `P/search-issues/`. */
export const SEARCH_LIMIT = 100;
export const ENTITY_SEARCH_DEFAULT_COUNT = 5;
export const ENTITY_SEARCH_MAX_COUNT = 100;

export interface SearchWorkspaceItem {
  name: string;
  id: string;
  slug: string;
}
export interface SearchProjectItem {
  name: string;
  id: string;
  identifier: string;
  workspace__slug: string;
}
export interface SearchIssueItem {
  name: string;
  id: string;
  sequence_id: number;
  project__identifier: string;
  project_id: string;
  workspace__slug: string;
}
export interface SearchProjectEntityItem {
  name: string;
  id: string;
  project_id: string | null;
  project__identifier: string | null;
  workspace__slug: string;
}
export interface SearchPageItem {
  name: string;
  id: string;
  project_ids: string[];
  project_identifiers: string[];
  workspace__slug: string;
}

export interface WorkspaceSearchResponse {
  results: Partial<{
    workspace: SearchWorkspaceItem[];
    project: SearchProjectItem[];
    issue: SearchIssueItem[];
    cycle: SearchProjectEntityItem[];
    module: SearchProjectEntityItem[];
    issue_view: SearchProjectEntityItem[];
    page: SearchPageItem[];
    intake: SearchIssueItem[];
  }>;
}

export interface EntitySearchUser {
  member__avatar_url: string | null;
  member__display_name: string;
  member__id: string;
}
export interface EntitySearchProject {
  name: string;
  id: string;
  identifier: string;
  logo_props: unknown;
  workspace__slug: string;
}
export interface EntitySearchIssue {
  name: string;
  id: string;
  sequence_id: number;
  project__identifier: string;
  project_id: string;
  priority: string;
  state_id: string | null;
  type_id: string | null;
}
export type CycleSearchStatus = "CURRENT" | "UPCOMING" | "COMPLETED" | "DRAFT";
export interface EntitySearchCycle {
  name: string;
  id: string;
  project_id: string;
  project__identifier: string;
  status: CycleSearchStatus;
  workspace__slug: string;
}
export interface EntitySearchModule {
  name: string;
  id: string;
  project_id: string;
  project__identifier: string;
  status: string;
  workspace__slug: string;
}
export interface EntitySearchPage {
  name: string;
  id: string;
  logo_props: unknown;
  projects__id: string | null;
  workspace__slug: string;
}

export type EntitySearchResponse = Partial<{
  user_mention: EntitySearchUser[];
  project: EntitySearchProject[];
  issue: EntitySearchIssue[];
  cycle: EntitySearchCycle[];
  module: EntitySearchModule[];
  page: EntitySearchPage[];
}>;

/** One row of `P/search-issues/` (a bare array). */
export interface IssueSearchItem {
  name: string;
  id: string;
  start_date: string | null;
  sequence_id: number;
  project__name: string;
  project__identifier: string;
  project_id: string;
  workspace__slug: string;
  state__name: string | null;
  state__group: string | null;
  state__color: string | null;
}
