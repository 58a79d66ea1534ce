import type { FastifyInstance } from "fastify";
import { and, eq, or } from "drizzle-orm";
import { RELATION_INVERSE, type RelationType } from "@stride/shared";
import { route } from "../../http/route.ts";
import { PERMISSIONS } from "../../http/policies.ts";
import { errors } from "../../http/errors.ts";
import { recordActivity, type ActivityInput } from "../../domain/activity.ts";
import type { AppContext } from "../../core/context.ts";
import { schema, type Db, type DbOrTx } from "../../db/client.ts";
import { RELATION_TYPES, type Priority } from "@stride/shared/contract";
import { iso } from "../../http/present.ts";
import { workItemEndpoints as WI } from "@stride/shared/endpoints";
import { onItems } from "./item-endpoint.ts";
import { issueParams } from "../../http/fields.ts";
import { addRelationsBody, removeRelationBody } from "./schemas.ts";
import { loadIssueForRoute } from "./access.ts";
import { issueKey, lockIssues } from "./commands.ts";
import { loadIssueViews, type IssueRow } from "./queries.ts";
import { presentRelatedIssue } from "./presenters.ts";
import { NOT_READABLE, readableOnly, readerOf, requireReadable, type Reader } from "../../http/readable.ts";

export { RELATION_INVERSE, RELATION_TYPES, type RelationType };

/**
 * Stored form: one row per pair, normalized so `blocking`, `start_after` and `finish_after`
 * are kept as their inverse with the two items swapped. Row (a, b, t) reads "a t b".
 */
export function normalizeRelation(
  issueId: string,
  relatedId: string,
  type: RelationType,
): { issueId: string; relatedIssueId: string; relationType: RelationType } {
  if (type === "blocking" || type === "start_after" || type === "finish_after") {
    return { issueId: relatedId, relatedIssueId: issueId, relationType: RELATION_INVERSE[type] };
  }
  return { issueId, relatedIssueId: relatedId, relationType: type };
}

/** How a stored row reads from `viewerId`'s side: the other item and the relation type. */
export function relationFromSide(
  row: { issueId: string; relatedIssueId: string; relationType: string },
  viewerId: string,
): { otherId: string; type: RelationType } {
  const t = row.relationType as RelationType;
  if (row.issueId === viewerId) return { otherId: row.relatedIssueId, type: t };
  return { otherId: row.issueId, type: (RELATION_INVERSE[t] ?? t) as RelationType };
}

async function relationsOf(db: DbOrTx, issueId: string) {
  const rel = schema.issueRelations;
  return db
    .select()
    .from(rel)
    .where(or(eq(rel.issueId, issueId), eq(rel.relatedIssueId, issueId)));
}

/**
 * `{blocking, blocked_by, duplicate, relates_to, start_after, start_before, finish_after, finish_before}` of an item,
 * with only the related items `reader` may read (a relation made by someone in both projects does not show another
 * project's item to who is not in it, issue #24).
 */
export async function relationLists(db: DbOrTx, issueId: string, reader: Reader) {
  const rows = await relationsOf(db, issueId);
  const all = rows.map((r) => relationFromSide(r, issueId));
  const readable = await readableOnly(
    db,
    reader,
    all.map((s) => s.otherId),
  );
  const sides = all.filter((s) => readable.has(s.otherId));
  const views = new Map(
    (
      await loadIssueViews(
        db,
        sides.map((s) => s.otherId),
      )
    ).map((v) => [v.issue.id, v]),
  );
  const out: Record<RelationType, ReturnType<typeof presentRelatedIssue>[]> = {
    blocking: [],
    blocked_by: [],
    duplicate: [],
    relates_to: [],
    start_after: [],
    start_before: [],
    finish_after: [],
    finish_before: [],
  };
  for (const s of sides) {
    const v = views.get(s.otherId);
    if (v && out[s.type]) out[s.type].push(presentRelatedIssue(v, s.type));
  }
  return out;
}

/** The stored relations between two items, whichever way round. */
function pairRows(tx: DbOrTx, aId: string, bId: string) {
  const rel = schema.issueRelations;
  return tx
    .select()
    .from(rel)
    .where(
      or(
        and(eq(rel.issueId, aId), eq(rel.relatedIssueId, bId)),
        and(eq(rel.issueId, bId), eq(rel.relatedIssueId, aId)),
      ),
    );
}

type ItemRef = Pick<IssueRow, "id" | "projectId" | "workspaceId">;

/** The two items of a relation being made or removed, their keys, and who does it. */
interface Pair {
  me: ItemRef;
  otherId: string;
  /** the other item's row (none when it is gone: no row on its side) */
  other: ItemRef | undefined;
  myKey: string | null;
  otherKey: string | null;
  actorId: string;
}

/**
 * The activity of a relation `type` (as `me` sees it) made or removed between the pair: a row on each side, the
 * other's with the inverse type.
 */
function pairActs(change: "created" | "deleted", type: RelationType, p: Pair): ActivityInput[] {
  const side = (item: ItemRef, field: string, key: string | null, id: string): ActivityInput => ({
    issueId: item.id,
    projectId: item.projectId,
    workspaceId: item.workspaceId,
    actorId: p.actorId,
    ...(change === "deleted"
      ? { verb: "deleted", field, oldValue: key, oldIdentifier: id }
      : { field, oldValue: "", newValue: key, newIdentifier: id }),
  });
  const mine = side(p.me, type, p.otherKey, p.otherId);
  return p.other ? [mine, side(p.other, RELATION_INVERSE[type], p.myKey, p.me.id)] : [mine];
}

/**
 * Relate `me` to each of `issueIds` with `type`: each must be an item the actor may read (`requireReadable`: 404
 * "Work item not found" otherwise, as for an id of nothing); an existing relation of another type between the two is
 * replaced, the same one is kept; both sides' activity is recorded. Returns the distinct related ids.
 */
export async function addRelations(
  db: Db,
  me: IssueRow,
  actorId: string,
  type: RelationType,
  issueIds: string[],
): Promise<string[]> {
  const ids = [...new Set(issueIds)];
  if (ids.includes(me.id)) throw errors.badRequest("A work item cannot be related to itself");
  await db.transaction(async (tx) => {
    // the caller may read every item named (else as if it did not exist)
    await requireReadable(tx, { userId: actorId, workspaceId: me.workspaceId }, "issue", ids);
    // both sides of every pair, locked together in id order (two people relating the same items from either side
    // deadlocked when each locked their own item first)
    const locked = await lockIssues(tx, [me.id, ...ids]);
    if (!locked.some((r) => r.id === me.id)) throw errors.notFound();
    const others = locked.filter((r) => r.id !== me.id && r.workspaceId === me.workspaceId);
    if (others.length !== ids.length) throw NOT_READABLE.issue();
    const myKey = await issueKey(tx, me.id);
    const acts: ActivityInput[] = [];
    const rel = schema.issueRelations;
    for (const other of others) {
      const existing = await pairRows(tx, me.id, other.id);
      const pair: Pair = { me, otherId: other.id, other, myKey, otherKey: await issueKey(tx, other.id), actorId };
      const same = existing.find((r) => relationFromSide(r, me.id).type === type);
      if (same) continue;
      for (const old of existing) {
        acts.push(...pairActs("deleted", relationFromSide(old, me.id).type, pair));
        await tx.delete(rel).where(eq(rel.id, old.id));
      }
      const n = normalizeRelation(me.id, other.id, type);
      await tx.insert(rel).values({
        ...n,
        projectId: me.projectId,
        workspaceId: me.workspaceId,
        createdById: actorId,
        updatedById: actorId,
      });
      acts.push(...pairActs("created", type, pair));
    }
    await recordActivity(tx, acts);
  });
  return ids;
}

/**
 * Remove the relations (of `type`, or all) between `me` and `otherId`: 404 when there is none, or the caller may not
 * read the other item (named like an item of nothing: no relation with it is theirs to remove).
 */
async function removeRelations(
  db: Db,
  me: IssueRow,
  actorId: string,
  reader: Reader,
  otherId: string,
  type: RelationType | null | undefined,
): Promise<void> {
  await requireReadable(db, reader, "issue", [otherId], { error: () => errors.notFound() });
  await db.transaction(async (tx) => {
    await lockIssues(tx, [me.id, otherId]);
    const rows = await pairRows(tx, me.id, otherId);
    const matching = type ? rows.filter((r) => relationFromSide(r, me.id).type === type) : rows;
    if (matching.length === 0) throw errors.notFound();
    const [other] = await tx.select().from(schema.issues).where(eq(schema.issues.id, otherId)).limit(1);
    const myKey = await issueKey(tx, me.id);
    const otherKey = await issueKey(tx, otherId);
    const pair: Pair = { me, otherId, other, myKey, otherKey, actorId };
    const acts: ActivityInput[] = [];
    for (const r of matching) {
      await tx.delete(schema.issueRelations).where(eq(schema.issueRelations.id, r.id));
      acts.push(...pairActs("deleted", relationFromSide(r, me.id).type, pair));
    }
    await recordActivity(tx, acts);
  });
}

export function registerRelations(fastify: FastifyInstance, app: AppContext) {
  route(fastify, app, {
    ...onItems(WI.relations),
    scope: "project",
    params: issueParams,
    policy: PERMISSIONS.workItem.view,
    load: (ctx) => loadIssueForRoute(ctx),
    handler: async (ctx) => relationLists(ctx.app.db, ctx.loaded.id, readerOf(ctx)),
  });

  // POST {relation_type, issues:[ids]} → 201 related items as seen from this item
  route(fastify, app, {
    ...onItems(WI.addRelations),
    scope: "project",
    params: issueParams,
    body: addRelationsBody,
    policy: PERMISSIONS.workItem.link,
    load: (ctx) => loadIssueForRoute(ctx),
    status: 201,
    handler: async (ctx) => {
      const type = ctx.body.relation_type;
      const ids = await addRelations(ctx.app.db, ctx.loaded, ctx.user.id, type, ctx.body.issues);
      const views = await loadIssueViews(ctx.app.db, ids);
      return views.map((v) => ({
        id: v.issue.id,
        project_id: v.issue.projectId,
        sequence_id: v.issue.sequenceId,
        relation_type: type,
        name: v.issue.name,
        state_id: v.issue.stateId,
        priority: v.issue.priority as Priority,
        is_epic: v.issue.isEpic,
        created_at: iso(v.issue.createdAt),
        updated_at: iso(v.issue.updatedAt),
        created_by: v.issue.createdById,
        updated_by: v.issue.updatedById,
      }));
    },
  });

  // POST {related_issue, relation_type?} → 204
  route(fastify, app, {
    ...onItems(WI.removeRelation),
    scope: "project",
    params: issueParams,
    body: removeRelationBody,
    policy: PERMISSIONS.workItem.link,
    load: (ctx) => loadIssueForRoute(ctx),
    status: 204,
    handler: async (ctx) => {
      const body = ctx.body;
      await removeRelations(ctx.app.db, ctx.loaded, ctx.user.id, readerOf(ctx), body.related_issue, body.relation_type);
      return undefined;
    },
  });
}
