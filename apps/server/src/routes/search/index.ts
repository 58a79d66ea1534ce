import { sql, type SQL } from "drizzle-orm";
import { parseSearchQuery } from "@stride/shared";
import { SEARCH_ENTITIES, SEARCH_LIMIT, type EntitySearchResponse, type IssueSearchItem, type WorkspaceSearchResponse } from "@stride/shared/contract";
import { route, type RouteModule } from "../../core/route.ts";
import { PERMISSIONS } from "../../core/policies.ts";
import { projectParams, slugParams } from "../../core/fields.ts";
import { P, W } from "../../core/paths.ts";
import { entitySearchQuery, issueSearchQuery, workspaceSearchQuery } from "./schemas.ts";
import { inSearch, searchCycles, searchIssues, searchMembers, searchModules, searchPages, searchProjects, searchViews, searchWorkspaces } from "./commands.ts";
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
      await inSearch(app, async (db) => {
        for (const t of types) {
          switch (t) {
            case "workspace":
              results.workspace = (await searchWorkspaces(db, q, user.id, SEARCH_LIMIT)).map(presentSearchWorkspace);
              break;
            case "project":
              results.project = (await searchProjects(db, q, workspace.id, user.id, SEARCH_LIMIT)).map((p) => presentSearchProject(p, slug));
              break;
            case "issue":
              results.issue = (await searchIssues(db, q, { workspaceId: workspace.id, userId: user.id, projectId, limit: SEARCH_LIMIT })).map((i) => presentSearchIssue(i, slug));
              break;
            case "cycle":
              results.cycle = (await searchCycles(db, q, workspace.id, user.id, projectId, SEARCH_LIMIT)).map((c) => presentSearchProjectEntity(c, slug));
              break;
            case "module":
              results.module = (await searchModules(db, q, workspace.id, user.id, projectId, SEARCH_LIMIT)).map((m) => presentSearchProjectEntity(m, slug));
              break;
            case "issue_view":
              results.issue_view = (await searchViews(db, q, workspace.id, user.id, projectId, SEARCH_LIMIT)).map((v) => presentSearchProjectEntity(v, slug));
              break;
            case "page":
              results.page = (await searchPages(db, q, workspace.id, user.id, projectId, SEARCH_LIMIT)).map((g) => presentSearchPage(g, slug));
              break;
            case "intake":
              results.intake = (await searchIssues(db, q, { workspaceId: workspace.id, userId: user.id, projectId, limit: SEARCH_LIMIT, intake: true })).map((i) => presentSearchIssue(i, slug));
              break;
          }
        }
      });
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
      const types = query.query_type.length ? query.query_type : (["user_mention"] as const);
      const { count, project_id: projectId } = query;
      const slug = workspace.slug;
      const out: EntitySearchResponse = {};
      await inSearch(app, async (db) => {
        for (const t of types) {
          switch (t) {
            case "user_mention":
              out.user_mention = (await searchMembers(db, q, workspace.id, projectId, count)).map(presentMention);
              break;
            case "project":
              out.project = (await searchProjects(db, q, workspace.id, user.id, count, true)).map((p) => presentEntityProject(p, slug));
              break;
            case "issue":
              out.issue = (await searchIssues(db, q, { workspaceId: workspace.id, userId: user.id, projectId, limit: count })).map(presentEntityIssue);
              break;
            case "cycle":
              out.cycle = (await searchCycles(db, q, workspace.id, user.id, projectId, count)).map((c) => presentEntityCycle(c, slug));
              break;
            case "module":
              out.module = (await searchModules(db, q, workspace.id, user.id, projectId, count)).map((m) => presentEntityModule(m, slug));
              break;
            case "page":
              out.page = (await searchPages(db, q, workspace.id, user.id, projectId, count)).map((g) => presentEntityPage(g, slug));
              break;
          }
        }
      });
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
      const rows = await inSearch(app, (db) => searchIssues(db, q, {
        workspaceId: workspace.id,
        userId: user.id,
        projectId: query.workspace_search ? undefined : project.id,
        limit: SEARCH_LIMIT,
        extra,
      }));
      return rows.map((i) => presentIssueSearchItem(i, workspace.slug));
    },
  });
};
