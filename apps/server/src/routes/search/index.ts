import { searchEndpoints } from "@stride/shared/endpoints";
import { sql, type SQL } from "drizzle-orm";
import { parseSearchQuery, type SearchQuery } from "@stride/shared";
import {
  SEARCH_ENTITIES,
  SEARCH_LIMIT,
  type EntitySearchResponse,
  type EntitySearchType,
  type IssueSearchItem,
  type WorkspaceSearchResponse,
} from "@stride/shared/contract";
import type { AppContext } from "../../core/context.ts";
import { route, type RouteModule } from "../../http/route.ts";
import { PERMISSIONS } from "../../http/policies.ts";
import { projectParams, slugParams } from "../../http/fields.ts";
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

/** What one search request knows when it builds its lookups; `corrected` as `inSearch` passes it. */
interface SearchContext {
  q: SearchQuery;
  workspaceId: string;
  userId: string;
  projectId: string | undefined;
  limit: number;
  corrected: string[][] | null;
}

/** Per entity type: the lookup's SQL, and how its rows are presented. One table per endpoint. */
type Lookups<Found extends Record<string, unknown[]>, Out> = {
  [K in keyof Found & keyof Out]-?: {
    sql: (c: SearchContext) => SQL;
    present: (rows: Found[K], slug: string) => NonNullable<Out[K]>;
  };
};

const WORKSPACE_SEARCH: Lookups<WorkspaceFound, WorkspaceSearchResponse["results"]> = {
  workspace: {
    sql: (c) => workspacesSearchSql(c.q, c.userId, c.limit),
    present: (rows) => rows.map(presentSearchWorkspace),
  },
  project: {
    sql: (c) => projectsSearchSql(c.q, c.workspaceId, c.userId, c.limit),
    present: (rows, slug) => rows.map((p) => presentSearchProject(p, slug)),
  },
  issue: {
    sql: (c) => issueSearchSql(c.q, c, c.corrected),
    present: (rows, slug) => rows.map((i) => presentSearchIssue(i, slug)),
  },
  cycle: {
    sql: (c) => cyclesSearchSql(c.q, c.workspaceId, c.userId, c.projectId, c.limit),
    present: (rows, slug) => rows.map((e) => presentSearchProjectEntity(e, slug)),
  },
  module: {
    sql: (c) => modulesSearchSql(c.q, c.workspaceId, c.userId, c.projectId, c.limit),
    present: (rows, slug) => rows.map((e) => presentSearchProjectEntity(e, slug)),
  },
  issue_view: {
    sql: (c) => viewsSearchSql(c.q, c.workspaceId, c.userId, c.projectId, c.limit),
    present: (rows, slug) => rows.map((v) => presentSearchProjectEntity(v, slug)),
  },
  page: {
    sql: (c) => pagesSearchSql(c.q, c.workspaceId, c.userId, c.projectId, c.limit),
    present: (rows, slug) => rows.map((g) => presentSearchPage(g, slug)),
  },
  intake: {
    sql: (c) => issueSearchSql(c.q, { ...c, intake: true }, null),
    present: (rows, slug) => rows.map((i) => presentSearchIssue(i, slug)),
  },
};

const ENTITY_SEARCH: Lookups<EntityFound, EntitySearchResponse> = {
  user_mention: {
    sql: (c) => membersSearchSql(c.q, c.workspaceId, c.projectId, c.limit),
    present: (rows) => rows.map(presentMention),
  },
  project: {
    sql: (c) => projectsSearchSql(c.q, c.workspaceId, c.userId, c.limit, true),
    present: (rows, slug) => rows.map((p) => presentEntityProject(p, slug)),
  },
  issue: { sql: (c) => issueSearchSql(c.q, c, c.corrected), present: (rows) => rows.map(presentEntityIssue) },
  cycle: {
    sql: (c) => cyclesSearchSql(c.q, c.workspaceId, c.userId, c.projectId, c.limit),
    present: (rows, slug) => rows.map((e) => presentEntityCycle(e, slug)),
  },
  module: {
    sql: (c) => modulesSearchSql(c.q, c.workspaceId, c.userId, c.projectId, c.limit),
    present: (rows, slug) => rows.map((m) => presentEntityModule(m, slug)),
  },
  page: {
    sql: (c) => pagesSearchSql(c.q, c.workspaceId, c.userId, c.projectId, c.limit),
    present: (rows, slug) => rows.map((g) => presentEntityPage(g, slug)),
  },
};

/**
 * The asked types' lookups in one statement, after the dictionary's corrections of the words when work items are
 * among them (inSearch), each type's rows presented by its table entry.
 */
async function lookUp<Found extends Record<string, unknown[]>, Out, K extends keyof Found & keyof Out & string>(
  app: AppContext,
  table: Lookups<Found, Out>,
  types: readonly K[],
  base: Omit<SearchContext, "corrected">,
  slug: string,
): Promise<Out> {
  const correct = types.some((t) => t === "issue") ? { workspaceId: base.workspaceId, q: base.q } : undefined;
  const found = await inSearch(
    app,
    (db, corrected) => {
      const parts: { [T in keyof Found]?: SQL } = {};
      for (const t of types) parts[t] = table[t].sql({ ...base, corrected });
      return searchInOne<Found>(db, parts);
    },
    correct,
  );
  const out = {} as Out;
  for (const t of types) out[t] = table[t].present(found[t] ?? ([] as unknown[] as Found[K]), slug);
  return out;
}

/**
 * Search (wire-facts-2 §6). Pages and intake do not exist in Stride yet: asked for, they answer an empty list
 * (docs/decisions.md).
 */
export const searchRoutes: RouteModule = (fastify, app) => {
  route(fastify, app, {
    endpoint: searchEndpoints.workspace,
    params: slugParams,
    query: workspaceSearchQuery,
    scope: "workspace",
    policy: PERMISSIONS.search.workspace,
    handler: async ({ query, workspace, user }): Promise<WorkspaceSearchResponse> => {
      const q = parseSearchQuery(query.search);
      const types = query.entities.length ? query.entities : [...SEARCH_ENTITIES];
      if (!q.text) return { results: Object.fromEntries(types.map((t) => [t, []])) };
      // with workspace_search=false and a project, project-bound results are that project's only
      const projectId = !query.workspace_search ? query.project_id : undefined;
      const base = { q, workspaceId: workspace.id, userId: user.id, projectId, limit: SEARCH_LIMIT };
      return { results: await lookUp(app, WORKSPACE_SEARCH, types, base, workspace.slug) };
    },
  });

  route(fastify, app, {
    endpoint: searchEndpoints.entities,
    params: slugParams,
    query: entitySearchQuery,
    scope: "workspace",
    policy: PERMISSIONS.search.workspace,
    handler: async ({ query, workspace, user }): Promise<EntitySearchResponse> => {
      const types: readonly EntitySearchType[] = query.query_type.length ? query.query_type : ["user_mention"];
      const base = {
        q: parseSearchQuery(query.query),
        workspaceId: workspace.id,
        userId: user.id,
        projectId: query.project_id,
        limit: query.count,
      };
      return lookUp(app, ENTITY_SEARCH, types, base, workspace.slug);
    },
  });

  route(fastify, app, {
    endpoint: searchEndpoints.workItems,
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
      if (target && query.parent)
        extra.push(
          sql`i.id <> ${target} AND i.id IS DISTINCT FROM ${parentOf(target)} AND i.parent IS DISTINCT FROM ${target}`,
        );
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
      const rows = await inSearch(
        app,
        (db, corrected) =>
          searchIssues(
            db,
            q,
            {
              workspaceId: workspace.id,
              userId: user.id,
              projectId: query.workspace_search ? undefined : project.id,
              limit: SEARCH_LIMIT,
              extra,
            },
            corrected,
          ),
        { workspaceId: workspace.id, q },
      );
      return rows.map((i) => presentIssueSearchItem(i, workspace.slug));
    },
  });
};
