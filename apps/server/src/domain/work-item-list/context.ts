import type { Params } from "./sql.ts";
import type { AggScope, PrefillScope } from "./dims.ts";

/**
 * The list contexts of work-tracking.md §2: which rows a list starts from, before filters.
 */
export type ListContext =
  /** P/issues/ (epics: P/epics/). Excludes triage-state, archived, draft and deleted items. */
  | {
      kind: "project";
      workspaceId: string;
      projectId: string;
      epics?: boolean;
      projectArchived?: boolean;
      ids?: string[];
    }
  /** P/archived-issues/. */
  | { kind: "archived"; workspaceId: string; projectId: string }
  /** Project drafts (issues rows with is_draft). */
  | { kind: "drafts"; workspaceId: string; projectId: string }
  /** A cycle's or a module's work items (same exclusions as the project list). */
  | { kind: "cycle"; workspaceId: string; projectId: string; cycleId: string }
  | { kind: "module"; workspaceId: string; projectId: string; moduleId: string }
  /** Specific items of a project (P/issues/list/?issues=), any live or archived item. */
  | { kind: "ids"; workspaceId: string; projectId: string; ids: string[] }
  /** W/issues/: every project of the workspace the viewer is a member of (global views). */
  | { kind: "workspace"; workspaceId: string }
  /** W/user-issues/{userId}/: items the user is assigned to, created or subscribed to, in the viewer's projects. */
  | { kind: "profile"; workspaceId: string; userId: string }
  /**
   * W/teamspaces/{id}/issues/ (the "team" and "team view" contexts): the workspace context limited to the
   * teamspace's projects, so the viewer's project membership still decides what they see.
   */
  | { kind: "team"; workspaceId: string; teamspaceId: string };

export interface Viewer {
  userId: string;
  /** IANA zone for rendering datetimes and reading day-based date filters. */
  timezone: string;
  /** Project contexts: the viewer is a guest of a project without guest_view_all_features → own items only. */
  ownOnly?: boolean;
}

/** The condition for items that appear in ordinary lists (matches the partial indexes' predicate). */
export const LIVE = "i.deleted_at IS NULL AND i.archived_at IS NULL AND i.is_draft = false";
/** Not in a triage state: the triage state ids are read once (an InitPlan), not joined per row. */
const notTriage = (scope: (a: string) => string) =>
  `(i.state IS NULL OR i.state <> ALL (ARRAY(SELECT tr.id FROM states tr WHERE ${scope("tr")} AND tr."group" = 'triage')))`;

/** The nil uuid: the counters' key for items without a state. */
export const NIL_UUID = "00000000-0000-0000-0000-000000000000";

/** A list whose unfiltered counts the trigger-kept counters hold (issue_list_counts): a project's items or epics. */
export interface CountsScope {
  /** Placeholder of the project id. */
  project: string;
  epics: boolean;
}

export interface ContextSql {
  /** Extra joins after `issues i`. */
  joins: string;
  /** Condition on a states alias limiting it to the states of the list's project(s). */
  stateScope: (alias: string) => string;
  where: string[];
  agg: AggScope;
  prefill: PrefillScope;
  /** Set when the counters count exactly this list's items (before filters): see CountsScope. */
  counts?: CountsScope;
}

export function contextSql(ctx: ListContext, viewer: Viewer, q: Params): ContextSql {
  if (ctx.kind === "workspace" || ctx.kind === "profile" || ctx.kind === "team") return workspaceSql(ctx, viewer, q);
  return projectSql(ctx, viewer, q);
}

type WorkspaceContext = Extract<ListContext, { kind: "workspace" | "profile" | "team" }>;

/** The workspace-wide contexts: the viewer's projects of the workspace (a profile's or a teamspace's part of them). */
function workspaceSql(ctx: WorkspaceContext, viewer: Viewer, q: Params): ContextSql {
  const ws = q.p(ctx.workspaceId, "uuid");
  const me = q.p(viewer.userId, "uuid");
  const stateScope = (a: string) => `${a}.workspace = ${ws}`;
  const where = [
    `i.workspace = ${ws}`,
    LIVE,
    "i.is_epic = false",
    notTriage(stateScope),
    `(vpm.role >= 15 OR vp.guest_view_all_features = true OR i.created_by = ${me})`,
  ];
  if (ctx.kind === "profile") {
    const u = q.p(ctx.userId, "uuid");
    where.push(
      `(i.created_by = ${u} OR EXISTS (SELECT 1 FROM issue_assignees pa WHERE pa.issue = i.id AND pa.assignee = ${u}) OR EXISTS (SELECT 1 FROM issue_subscribers ps WHERE ps.issue = i.id AND ps.subscriber = ${u}))`,
    );
  }
  let memberProjects = `SELECT vpm2.project FROM project_members vpm2 JOIN projects vp2 ON vp2.id = vpm2.project WHERE vpm2.member = ${me} AND vpm2.is_active = true AND vpm2.workspace = ${ws} AND vp2.archived_at IS NULL`;
  if (ctx.kind === "team") {
    const team = q.p(ctx.teamspaceId, "uuid");
    where.push(`EXISTS (SELECT 1 FROM teamspace_projects tp WHERE tp.teamspace = ${team} AND tp.project = i.project)`);
    memberProjects += ` AND EXISTS (SELECT 1 FROM teamspace_projects tp2 WHERE tp2.teamspace = ${team} AND tp2.project = vpm2.project)`;
  }
  return {
    stateScope,
    joins: `JOIN project_members vpm ON vpm.project = i.project AND vpm.member = ${me} AND vpm.is_active = true JOIN projects vp ON vp.id = i.project AND vp.archived_at IS NULL`,
    where,
    agg: { onJoin: (a) => `${a}.workspace = ${ws}` },
    prefill: { projects: (col) => `${col} IN (${memberProjects})` },
  };
}

/** The contexts of one project: its items, epics, a cycle's or a module's, archived, drafts, named ids. */
function projectSql(ctx: Exclude<ListContext, WorkspaceContext>, viewer: Viewer, q: Params): ContextSql {
  const pid = q.p(ctx.projectId, "uuid");
  const stateScope = (a: string) => `${a}.project = ${pid}`;
  const NOT_TRIAGE = notTriage(stateScope);
  const where = [`i.project = ${pid}`];
  switch (ctx.kind) {
    case "project":
      where.push(LIVE, ctx.epics ? "i.is_epic = true" : "i.is_epic = false", NOT_TRIAGE);
      if (ctx.projectArchived) where.push("false");
      // the v2 sync of named items (the web's local database, told by a realtime event which items changed)
      if (ctx.ids) where.push(`i.id = ANY(${q.p(ctx.ids, "uuid[]")})`);
      break;
    case "cycle":
      where.push(
        LIVE,
        "i.is_epic = false",
        NOT_TRIAGE,
        `EXISTS (SELECT 1 FROM cycle_issues cc WHERE cc.issue = i.id AND cc.cycle = ${q.p(ctx.cycleId, "uuid")})`,
      );
      break;
    case "module":
      where.push(
        LIVE,
        "i.is_epic = false",
        NOT_TRIAGE,
        `EXISTS (SELECT 1 FROM module_issues mc WHERE mc.issue = i.id AND mc.module = ${q.p(ctx.moduleId, "uuid")})`,
      );
      break;
    case "archived":
      where.push("i.deleted_at IS NULL", "i.archived_at IS NOT NULL");
      break;
    case "drafts":
      where.push("i.deleted_at IS NULL", "i.archived_at IS NULL", "i.is_draft = true");
      break;
    case "ids":
      where.push("i.deleted_at IS NULL", `i.id = ANY(${q.p(ctx.ids, "uuid[]")})`);
      break;
  }
  if (viewer.ownOnly) where.push(`i.created_by = ${q.p(viewer.userId, "uuid")}`);
  // The counters hold every listable item of the project: exact for viewers who see them all. Guests who see only
  // their own items are counted from the items (few by nature; see docs/decisions.md).
  const counts =
    ctx.kind === "project" && !ctx.projectArchived && !ctx.ids && !viewer.ownOnly
      ? { project: pid, epics: !!ctx.epics }
      : undefined;
  return {
    joins: "",
    stateScope,
    where,
    agg: { onJoin: (a) => `${a}.project = ${pid}` },
    prefill: { projects: (col) => `${col} = ${pid}` },
    counts,
  };
}
