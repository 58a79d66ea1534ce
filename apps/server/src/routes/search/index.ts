import { sql, type SQL } from "drizzle-orm";
import { parseSearchQuery } from "@stride/shared";
import { SEARCH_ENTITIES, SEARCH_LIMIT, type EntitySearchResponse, type EntitySearchType, type IssueSearchItem, type WorkspaceSearchResponse } from "@stride/shared/contract";
import { route, type RouteModule } from "../../core/route.ts";
import { PERMISSIONS } from "../../core/policies.ts";
import { projectParams, slugParams } from "../../core/fields.ts";
import { P, W } from "../../core/paths.ts";
import { entitySearchQuery, issueSearchQuery, workspaceSearchQuery } from "./schemas.ts";
import {
  cyclesSearchSql,
  inSearch,
  issueSearchSql,
  membersSearchSql,
  modulesSearchSql,
  pagesSearchSql,
  projectsSearchSql,
  searchInOne,
  searchIssues,
  viewsSearchSql,
  workspacesSearchSql,
  type IssueSearchRow,
  type MemberSearchRow,
  type PageSearchRow,
  type ProjectEntityRow,
  type ProjectSearchRow,
  type ViewSearchRow,
  type WorkspaceSearchRow,
} from "./commands.ts";
import {
  presentEntityCycle,
  presentEntityIssue,
  presentEntityModule,
  presentEntityPage,
  presentEntityProject,
  presentIssueSearchItem,
  presentMention,
  presentSearchIssue,
  presentSearchPage,
  presentSearchProject,
  presentSearchProjectEntity,
  presentSearchWorkspace,
} from "./presenters.ts";

/** What W/search/ and W/entity-search/ find per entity type (searchInOne's columns). */
type WorkspaceFound = {
  workspace: WorkspaceSearchRow[];
  project: ProjectSearchRow[];
  issue: IssueSearchRow[];
  cycle: ProjectEntityRow[];
  module: ProjectEntityRow[];
  issue_view: ViewSearchRow[];
  page: PageSearchRow[];
  intake: IssueSearchRow[];
};
type EntityFound = Omit<WorkspaceFound, "workspace" | "issue_view" | "intake"> & { user_mention: MemberSearchRow[] };

/**
 * Search (wire-facts-2 §6). Pages and intake do not exist in Stride yet: asked for, they answer an empty list
 * (docs/decisions.md).
 */
export const searchRoutes: RouteModule = (fastify, app) => {
  route(fastify, app, {
    method: "GET",
    url: `${W}/search/`,
    params: slugParams,
    query: workspaceSearchQuery,
    scope: "workspace",
    policy: PERMISSIONS.search.workspace,
    handler: async ({ query, workspace, user }): Promise<WorkspaceSearchResponse> => {
      const q = parseSearchQuery(query.search);
      const types = query.entities.length ? query.entities : [...SEARCH_ENTITIES];
      const results: WorkspaceSearchResponse["results"] = {};
      if (!q.text) {
        for (const t of types) results[t] = [];
        return { results };
      }
      const slug = workspace.slug;
      // with workspace_search=false and a project, project-bound results are that project's only
      const projectId = !query.workspace_search ? query.project_id : undefined;
      const ids = { workspaceId: workspace.id, userId: user.id, projectId, limit: SEARCH_LIMIT };
      // every entity type's lookup in one statement, after the dictionary's corrections of the words (inSearch)
      const found = await inSearch(app, (db, corrected) => searchInOne<WorkspaceFound>(db, Object.fromEntries(types.map((t) => [t, ((): SQL => {
        switch (t) {
          case "workspace": return workspacesSearchSql(q, user.id, SEARCH_LIMIT);
          case "project": return projectsSearchSql(q, workspace.id, user.id, SEARCH_LIMIT);
          case "issue": return issueSearchSql(q, ids, corrected);
          case "cycle": return cyclesSearchSql(q, workspace.id, user.id, projectId, SEARCH_LIMIT);
          case "module": return modulesSearchSql(q, workspace.id, user.id, projectId, SEARCH_LIMIT);
          case "issue_view": return viewsSearchSql(q, workspace.id, user.id, projectId, SEARCH_LIMIT);
          case "page": return pagesSearchSql(q, workspace.id, user.id, projectId, SEARCH_LIMIT);
          case "intake": return issueSearchSql(q, { ...ids, intake: true }, null);
        }
      })()]))), types.includes("issue") ? { workspaceId: workspace.id, q } : undefined);
      for (const t of types) {
        switch (t) {
          case "workspace": results.workspace = (found.workspace ?? []).map(presentSearchWorkspace); break;
          case "project": results.project = (found.project ?? []).map((p) => presentSearchProject(p, slug)); break;
          case "issue": results.issue = (found.issue ?? []).map((i) => presentSearchIssue(i, slug)); break;
          case "cycle": results.cycle = (found.cycle ?? []).map((c) => presentSearchProjectEntity(c, slug)); break;
          case "module": results.module = (found.module ?? []).map((m) => presentSearchProjectEntity(m, slug)); break;
          case "issue_view": results.issue_view = (found.issue_view ?? []).map((v) => presentSearchProjectEntity(v, slug)); break;
          case "page": results.page = (found.page ?? []).map((g) => presentSearchPage(g, slug)); break;
          case "intake": results.intake = (found.intake ?? []).map((i) => presentSearchIssue(i, slug)); break;
        }
      }
      return { results };
    },
  });

  route(fastify, app, {
    method: "GET",
    url: `${W}/entity-search/`,
    params: slugParams,
    query: entitySearchQuery,
    scope: "workspace",
    policy: PERMISSIONS.search.workspace,
    handler: async ({ query, workspace, user }): Promise<EntitySearchResponse> => {
      const q = parseSearchQuery(query.query);
      const types: readonly EntitySearchType[] = query.query_type.length ? query.query_type : ["user_mention"];
      const { count, project_id: projectId } = query;
      const slug = workspace.slug;
      const out: EntitySearchResponse = {};
      const ids = { workspaceId: workspace.id, userId: user.id, projectId, limit: count };
      // every requested type's lookup in one statement, as in W/search/
      const found = await inSearch(app, (db, corrected) => searchInOne<EntityFound>(db, Object.fromEntries(types.map((t) => [t, ((): SQL => {
        switch (t) {
          case "user_mention": return membersSearchSql(q, workspace.id, projectId, count);
          case "project": return projectsSearchSql(q, workspace.id, user.id, count, true);
          case "issue": return issueSearchSql(q, ids, corrected);
          case "cycle": return cyclesSearchSql(q, workspace.id, user.id, projectId, count);
          case "module": return modulesSearchSql(q, workspace.id, user.id, projectId, count);
          case "page": return pagesSearchSql(q, workspace.id, user.id, projectId, count);
        }
      })()]))), types.includes("issue") ? { workspaceId: workspace.id, q } : undefined);
      for (const t of types) {
        switch (t) {
          case "user_mention": out.user_mention = (found.user_mention ?? []).map(presentMention); break;
          case "project": out.project = (found.project ?? []).map((p) => presentEntityProject(p, slug)); break;
          case "issue": out.issue = (found.issue ?? []).map(presentEntityIssue); break;
          case "cycle": out.cycle = (found.cycle ?? []).map((c) => presentEntityCycle(c, slug)); break;
          case "module": out.module = (found.module ?? []).map((m) => presentEntityModule(m, slug)); break;
          case "page": out.page = (found.page ?? []).map((g) => presentEntityPage(g, slug)); break;
        }
      }
      return out;
    },
  });

  route(fastify, app, {
    method: "GET",
    url: `${P}/search-issues/`,
    params: projectParams,
    query: issueSearchQuery,
    scope: "project",
    policy: PERMISSIONS.search.project,
    handler: async ({ query, workspace, project, user }): Promise<IssueSearchItem[]> => {
      const q = parseSearchQuery(query.search);
      // integers match sequence ids only in short queries (wire-facts-2 §6)
      if (q.text.length > 20) q.sequenceIds = [];
      const extra: SQL[] = [];
      const target = query.issue_id ? sql`${query.issue_id}::uuid` : null;
      const parentOf = (t: SQL) => sql`(SELECT x.parent FROM issues x WHERE x.id = ${t})`;
      if (target && query.parent) extra.push(sql`i.id <> ${target} AND i.id IS DISTINCT FROM ${parentOf(target)} AND i.parent IS DISTINCT FROM ${target}`);
      if (target && query.issue_relation) {
        extra.push(sql`i.id <> ${target} AND NOT EXISTS (SELECT 1 FROM issue_relations r
          WHERE (r.issue = ${target} AND r.related_issue = i.id) OR (r.related_issue = ${target} AND r.issue = i.id))`);
      }
      if (query.sub_issue) {
        extra.push(sql`i.parent IS NULL`);
        if (target) extra.push(sql`i.id <> ${target} AND i.id IS DISTINCT FROM ${parentOf(target)}`);
      }
      if (query.cycle) extra.push(sql`i.cycle_id IS NULL`);
      if (query.module) extra.push(sql`NOT (${query.module}::uuid = ANY(i.module_ids))`);
      if (query.target_date === "none") extra.push(sql`i.target_date IS NULL`);
      const rows = await inSearch(app, (db, corrected) => searchIssues(db, q, {
        workspaceId: workspace.id,
        userId: user.id,
        projectId: query.workspace_search ? undefined : project.id,
        limit: SEARCH_LIMIT,
        extra,
      }, corrected), { workspaceId: workspace.id, q });
      return rows.map((i) => presentIssueSearchItem(i, workspace.slug));
    },
  });
};
