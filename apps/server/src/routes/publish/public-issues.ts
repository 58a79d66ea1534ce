import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { PublicIssue, PublicIssuePage } from "@stride/shared/contract";
import { schema, type DbOrTx } from "../../db/client.ts";
import { errors } from "../../http/errors.ts";
import { andFilterNodes, FilterError, type FilterNode } from "@stride/shared";
import {
  filterError,
  listEnvelope,
  listWorkItems,
  parseListQuery,
  type ListRequest,
  type RawQuery,
} from "../../domain/work-item-list/index.ts";
import { viewFilterOf } from "../../domain/saved-views.ts";
import type { AppContext } from "../../core/context.ts";
import type { UserRow } from "../../http/route.ts";
import { presentActor, presentPublicDetail, presentPublicIssue } from "./presenters.ts";
import type { Published } from "./commands.ts";

type IssueRow = typeof schema.issues.$inferSelect;
type Item = Record<string, unknown>;

/** Nobody's id: the public list has no viewer, and the project context reads every item of the project. */
const NOBODY = "00000000-0000-0000-0000-000000000000";

/** The `group_by` values the public list accepts (wire-facts-2 §2). */
const PUBLIC_GROUPINGS = new Set([
  "state_id",
  "priority",
  "labels__id",
  "state__group",
  "assignees__id",
  "cycle_id",
  "issue_module__module_id",
  "target_date",
  "project_id",
  "created_by",
]);

export async function usersOf(db: DbOrTx, ids: string[]): Promise<Map<string, UserRow>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select()
    .from(schema.users)
    .where(inArray(schema.users.id, [...new Set(ids)]));
  return new Map(rows.map((u) => [u.id, u]));
}

/** Votes and reactions of the given items, with their actors, per item. */
async function votesAndReactions(db: DbOrTx, issueIds: string[]) {
  const votes = new Map<string, PublicIssue["vote_items"]>();
  const reactions = new Map<string, PublicIssue["reaction_items"]>();
  if (!issueIds.length) return { votes, reactions };
  const V = schema.issueVotes;
  const R = schema.issueReactions;
  const [vs, rs] = await Promise.all([
    db.select().from(V).where(inArray(V.issueId, issueIds)).orderBy(asc(V.createdAt)),
    db.select().from(R).where(inArray(R.issueId, issueIds)).orderBy(asc(R.createdAt)),
  ]);
  const users = await usersOf(db, [...vs.map((v) => v.actorId), ...rs.map((r) => r.actorId)]);
  for (const v of vs) {
    const u = users.get(v.actorId);
    if (u) votes.set(v.issueId, [...(votes.get(v.issueId) ?? []), { vote: v.vote, actor_details: presentActor(u) }]);
  }
  for (const r of rs) {
    const u = users.get(r.actorId);
    if (u)
      reactions.set(r.issueId, [
        ...(reactions.get(r.issueId) ?? []),
        { reaction: r.reaction, actor_details: presentActor(u) },
      ]);
  }
  return { votes, reactions };
}

async function stateGroups(db: DbOrTx, projectId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: schema.states.id, group: schema.states.group })
    .from(schema.states)
    .where(eq(schema.states.projectId, projectId));
  return new Map(rows.map((s) => [s.id, s.group]));
}

/** Every item of a flat or (sub-)grouped result, mapped in place by `f`. */
function mapResults(results: unknown, f: (item: Item) => PublicIssue): unknown {
  if (Array.isArray(results)) return results.map((i) => f(i as Item));
  return Object.fromEntries(
    Object.entries(results as Record<string, { results: unknown; total_results: number }>).map(([k, g]) => [
      k,
      { ...g, results: mapResults(g.results, f) },
    ]),
  );
}

function collectIds(results: unknown, into: string[]) {
  if (Array.isArray(results)) for (const i of results) into.push((i as Item).id as string);
  else for (const g of Object.values(results as Record<string, { results: unknown }>)) collectIds(g.results, into);
  return into;
}

/** A published view's filter (read in UTC: the public has no time zone); null for a published project. */
function viewFilter(pub: Published): FilterNode | null {
  if (!pub.view) return null;
  try {
    return viewFilterOf(pub.view)("UTC");
  } catch (e) {
    if (e instanceof FilterError) throw filterError(e);
    throw e;
  }
}

/**
 * GET anchor/{a}/issues/: the project's list through the one list engine (project context: no triage, archived,
 * draft or deleted items, no epics), paginated and grouped like P/issues/, each item in the public shape.
 */
export async function publicIssuePage(app: AppContext, pub: Published, query: RawQuery): Promise<PublicIssuePage> {
  const groupBy = typeof query.group_by === "string" ? query.group_by : undefined;
  const subGroupBy = typeof query.sub_group_by === "string" ? query.sub_group_by : undefined;
  for (const g of [groupBy, subGroupBy])
    if (g && !PUBLIC_GROUPINGS.has(g)) throw errors.badParam(`Invalid group_by: ${g}`);
  const parsed = parseListQuery(query, { timezone: "UTC", defaultPerPage: 50 });
  // a published view: the request narrows the view's items, never widens them
  if (pub.view) parsed.filter = andFilterNodes(viewFilter(pub), parsed.filter);
  const req: ListRequest = {
    context: { kind: "project", workspaceId: pub.project.workspaceId, projectId: pub.project.id },
    viewer: { userId: NOBODY, timezone: "UTC" },
    ...parsed,
    shape: "list",
  };
  const env = listEnvelope(parsed.page, await listWorkItems(app, req));
  const ids = collectIds(env.results, []);
  const [{ votes, reactions }, groups] = await Promise.all([
    votesAndReactions(app.db, ids),
    stateGroups(app.db, pub.project.id),
  ]);
  const present = (i: Item) => {
    const id = i.id as string;
    return presentPublicIssue(
      i,
      groups.get(i.state_id as string) ?? null,
      votes.get(id) ?? [],
      reactions.get(id) ?? [],
    );
  };
  return { ...env, results: mapResults(env.results, present) as PublicIssuePage["results"] };
}

/**
 * A work item the public list shows (live, not an epic, not in triage; for a published view, one its filters keep),
 * else 404.
 */
export async function findPublicIssue(app: AppContext, pub: Published, issueId: string): Promise<IssueRow> {
  const db = app.db;
  if (!/^[0-9a-f-]{36}$/i.test(issueId)) throw errors.notFound();
  const I = schema.issues;
  const [row] = await db
    .select({ issue: I })
    .from(I)
    .where(
      and(
        eq(I.id, issueId),
        eq(I.projectId, pub.project.id),
        isNull(I.deletedAt),
        isNull(I.archivedAt),
        eq(I.isDraft, false),
        eq(I.isEpic, false),
      ),
    )
    .limit(1);
  if (!row) throw errors.notFound();
  const [triage] = row.issue.stateId
    ? await db
        .select({ id: schema.states.id })
        .from(schema.states)
        .where(and(eq(schema.states.id, row.issue.stateId), eq(schema.states.group, "triage")))
        .limit(1)
    : [];
  if (triage) throw errors.notFound();
  if (pub.view) {
    const req: ListRequest = {
      context: { kind: "ids", workspaceId: pub.project.workspaceId, projectId: pub.project.id, ids: [row.issue.id] },
      viewer: { userId: NOBODY, timezone: "UTC" },
      ...parseListQuery({ per_page: "1" }, { timezone: "UTC" }),
      filter: viewFilter(pub),
      shape: "list",
    };
    const res = listEnvelope(req.page, await listWorkItems(app, req));
    if (!Array.isArray(res.results) || res.results.length === 0) throw errors.notFound();
  }
  return row.issue;
}

/** GET anchor/{a}/issues/{i}/. */
export async function publicIssueDetail(db: DbOrTx, pub: Published, issue: IssueRow) {
  const [{ votes, reactions }, groups] = await Promise.all([
    votesAndReactions(db, [issue.id]),
    stateGroups(db, pub.project.id),
  ]);
  const item: Item = {
    id: issue.id,
    name: issue.name,
    state_id: issue.stateId,
    sort_order: issue.sortOrder,
    estimate_point: issue.estimatePointId,
    priority: issue.priority,
    start_date: issue.startDate,
    target_date: issue.targetDate,
    sequence_id: issue.sequenceId,
    project_id: issue.projectId,
    parent_id: issue.parentId,
    cycle_id: issue.cycleId,
    created_by: issue.createdById,
    assignee_ids: issue.assigneeIds,
    label_ids: issue.labelIds,
    module_ids: issue.moduleIds,
  };
  const base = presentPublicIssue(
    item,
    issue.stateId ? (groups.get(issue.stateId) ?? null) : null,
    votes.get(issue.id) ?? [],
    reactions.get(issue.id) ?? [],
  );
  return presentPublicDetail(base, issue);
}
