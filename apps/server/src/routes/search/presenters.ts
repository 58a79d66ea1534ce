import type {
  EntitySearchCycle,
  EntitySearchIssue,
  EntitySearchModule,
  EntitySearchProject,
  EntitySearchUser,
  IssueSearchItem,
  SearchIssueItem,
  SearchProjectEntityItem,
  SearchProjectItem,
  SearchWorkspaceItem,
  CycleSearchStatus,
  EntitySearchPage,
  SearchPageItem,
} from "@stride/shared/contract";
import { assetUrl } from "../../http/present.ts";
import type {
  IssueSearchRow,
  MemberSearchRow,
  PageSearchRow,
  ProjectEntityRow,
  ProjectSearchRow,
  ViewSearchRow,
  WorkspaceSearchRow,
} from "./commands.ts";

export const presentSearchWorkspace = (w: WorkspaceSearchRow): SearchWorkspaceItem => ({
  name: w.name,
  id: w.id,
  slug: w.slug,
});

export const presentSearchProject = (p: ProjectSearchRow, slug: string): SearchProjectItem => ({
  name: p.name,
  id: p.id,
  identifier: p.identifier,
  workspace__slug: slug,
});

export const presentSearchIssue = (i: IssueSearchRow, slug: string): SearchIssueItem => ({
  name: i.name,
  id: i.id,
  sequence_id: i.sequence_id,
  project__identifier: i.project__identifier,
  project_id: i.project_id,
  workspace__slug: slug,
});

export const presentSearchProjectEntity = (
  e: ProjectEntityRow | ViewSearchRow,
  slug: string,
): SearchProjectEntityItem => ({
  name: e.name,
  id: e.id,
  project_id: e.project_id,
  project__identifier: e.project__identifier,
  workspace__slug: slug,
});

export const presentMention = (u: MemberSearchRow): EntitySearchUser => ({
  member__avatar_url: assetUrl(u.avatar_asset, u.avatar),
  member__display_name: u.display_name,
  member__id: u.id,
});

export const presentEntityProject = (p: ProjectSearchRow, slug: string): EntitySearchProject => ({
  name: p.name,
  id: p.id,
  identifier: p.identifier,
  logo_props: p.logo_props,
  workspace__slug: slug,
});

export const presentEntityIssue = (i: IssueSearchRow): EntitySearchIssue => ({
  name: i.name,
  id: i.id,
  sequence_id: i.sequence_id,
  project__identifier: i.project__identifier,
  project_id: i.project_id,
  priority: i.priority,
  state_id: i.state_id,
  type_id: i.type_id,
});

export const presentEntityCycle = (c: ProjectEntityRow, slug: string): EntitySearchCycle => ({
  name: c.name,
  id: c.id,
  project_id: c.project_id,
  project__identifier: c.project__identifier,
  status: c.status as CycleSearchStatus,
  workspace__slug: slug,
});

export const presentEntityModule = (m: ProjectEntityRow, slug: string): EntitySearchModule => ({
  name: m.name,
  id: m.id,
  project_id: m.project_id,
  project__identifier: m.project__identifier,
  status: m.status,
  workspace__slug: slug,
});

export const presentIssueSearchItem = (i: IssueSearchRow, slug: string): IssueSearchItem => ({
  name: i.name,
  id: i.id,
  start_date: i.start_date,
  sequence_id: i.sequence_id,
  project__name: i.project__name,
  project__identifier: i.project__identifier,
  project_id: i.project_id,
  workspace__slug: slug,
  state__name: i.state__name,
  state__group: i.state__group,
  state__color: i.state__color,
});

export const presentSearchPage = (g: PageSearchRow, slug: string): SearchPageItem => ({
  name: g.name,
  id: g.id,
  project_ids: [g.project_id],
  project_identifiers: [g.project__identifier],
  workspace__slug: slug,
});

export const presentEntityPage = (g: PageSearchRow, slug: string): EntitySearchPage => ({
  name: g.name,
  id: g.id,
  logo_props: g.logo_props ?? {},
  projects__id: g.project_id,
  workspace__slug: slug,
});
