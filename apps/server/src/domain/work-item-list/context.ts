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
  | { kind: "team"; workspaceId: string; teamspaceId: string }
  /**
   * W/draft-issues/: the viewer's own workspace drafts (work-tracking.md §2 "workspace drafts"), rows of their own
   * table (draft_issues) read as item rows; their ids are presented by the drafts' presenter.
   */
  | { kind: "workspace_drafts"; workspaceId: string };

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
  /**
   * Where the rows come from when not `issues` (workspace drafts): a CTE named `table` (in `ctes`) with the item
   * columns the engine reads, whose rows are found again by `id` (not by `ctid`), and whose relations (assignees,
   * labels, cycle, modules) are id arrays on the row, not join tables.
   */
  source?: { table: string; ctes: string[] };
}

export function contextSql(ctx: ListContext, viewer: Viewer, q: Params): ContextSql {
  return ctx.kind === "workspace_drafts" ? workspaceDraftsSql(ctx.workspaceId, viewer, q) : itemsSql(ctx, viewer, q);
}

/** A context over the items of the projects the viewer is in (workspace, profile, teamspace lists). */
function workspaceItemsSql(
  ctx: Extract<ListContext, { kind: "workspace" | "profile" | "team" }>,
  viewer: Viewer,
  q: Params,
): ContextSql {
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

/** A context over `issues` rows. */
function itemsSql(ctx: Exclude<ListContext, { kind: "workspace_drafts" }>, viewer: Viewer, q: Params): ContextSql {
  if (ctx.kind === "workspace" || ctx.kind === "profile" || ctx.kind === "team")
    return workspaceItemsSql(ctx, viewer, q);
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

/** A jsonb array of ids as uuid[] (the drafts keep their relations as jsonb arrays, validated on write). */
const uuidArray = (col: string) => `ARRAY(SELECT jsonb_array_elements_text(${col}))::uuid[]`;

/**
 * The viewer's workspace drafts as item rows: the columns of `issues` the engine reads (filters, orders, groupings),
 * from draft_issues; a draft is never archived, deleted, an epic or a sub-item count.
 */
function workspaceDraftsSql(workspaceId: string, viewer: Viewer, q: Params): ContextSql {
  const ws = q.p(workspaceId, "uuid");
  const me = q.p(viewer.userId, "uuid");
  const cte = `wdraft AS MATERIALIZED (SELECT d.id, d.workspace, d.project, d.name, d.priority, d.state, d.parent, d.estimate_point, d.start_date, d.target_date, d.sort_order, d.completed_at, d.type, d.cycle AS cycle_id, d.property_values, d.created_at, d.updated_at, d.created_by, d.updated_by, true AS is_draft, NULL::timestamptz AS archived_at, ${uuidArray("d.assignee_ids")} AS assignee_ids, ${uuidArray("d.label_ids")} AS label_ids, ${uuidArray("d.module_ids")} AS module_ids FROM draft_issues d WHERE d.workspace = ${ws} AND d.created_by = ${me})`;
  // the projects the viewer is in: the project and cycle groups offered, and the states a state group matches
  const memberProjects = `SELECT vpm2.project FROM project_members vpm2 JOIN projects vp2 ON vp2.id = vpm2.project WHERE vpm2.member = ${me} AND vpm2.is_active = true AND vpm2.workspace = ${ws} AND vp2.archived_at IS NULL`;
  return {
    joins: "",
    stateScope: (a) => `${a}.workspace = ${ws}`,
    where: [`i.workspace = ${ws}`],
    agg: { onJoin: (a) => `${a}.workspace = ${ws}`, rowRelations: true },
    prefill: { projects: (col) => `${col} IN (${memberProjects})` },
    source: { table: "wdraft", ctes: [cte] },
  };
}
