import { and, asc, eq, inArray, sql } from "drizzle-orm";
import {
  ESTIMATE_MSG,
  ESTIMATE_SYSTEMS,
  estimatePointsProblem,
  estimateValueProblem,
  duplicateValueIndexes,
  isEstimateType,
  placeEstimatePoints,
  rekeyEstimatePoints,
  canAddEstimatePoint,
  canRemoveEstimatePoint,
  type EstimateType,
} from "@stride/shared";
import { schema, type DbOrTx, type Tx } from "../../db/client.ts";
import { errors } from "../../http/errors.ts";
import { recordActivity, type ActivityInput } from "../../domain/activity.ts";
import type { AppContext } from "../../core/context.ts";
import { setActiveEstimate } from "../../domain/estimates.ts";
import type { ProjectRow } from "../../http/route.ts";
import type { EstimatePointRow, EstimateRow } from "./presenters.ts";
import type {
  CreateEstimateBody,
  CreateEstimatePointBody,
  UpdateEstimateBody,
  UpdateEstimatePointBody,
} from "./schemas.ts";
import type { V1CreateEstimateBody, V1UpdateEstimateBody } from "@stride/shared/contract";

const { estimates: E, estimatePoints: EP, projects, issues } = schema;

export interface EstimateWithPoints {
  estimate: EstimateRow;
  points: EstimatePointRow[];
}

const invalidPk = (id: string) => `Invalid pk "${id}" - object does not exist.`;

/** Serialise estimate writes of one project (keys run 1..n; one estimate is current). */
async function lockProjectEstimates(tx: Tx, projectId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${"estimates:" + projectId}))`);
}

export async function loadEstimate(db: DbOrTx, projectId: string, estimateId: string): Promise<EstimateRow> {
  const [e] = await db
    .select()
    .from(E)
    .where(and(eq(E.id, estimateId), eq(E.projectId, projectId)))
    .limit(1);
  if (!e) throw errors.notFound();
  return e;
}

export async function loadEstimatePoint(db: DbOrTx, estimate: EstimateRow, pointId: string): Promise<EstimatePointRow> {
  const [p] = await db
    .select()
    .from(EP)
    .where(and(eq(EP.id, pointId), eq(EP.estimateId, estimate.id)))
    .limit(1);
  if (!p) throw errors.notFound();
  return p;
}

/** The points of the given estimates, in key order. */
export async function pointsOf(db: DbOrTx, estimateIds: string[]): Promise<EstimatePointRow[]> {
  if (estimateIds.length === 0) return [];
  return db.select().from(EP).where(inArray(EP.estimateId, estimateIds)).orderBy(asc(EP.key), asc(EP.createdAt));
}

const typeOf = (e: EstimateRow): EstimateType => (isEstimateType(e.type) ? e.type : "categories");

/**
 * Take the points `from` off every work item that has one, recording the change on each live item: the items
 * get `to` (another point of the same estimate) or no estimate.
 */
async function moveItemsOffPoints(
  tx: DbOrTx,
  project: ProjectRow,
  actorId: string,
  from: EstimatePointRow[],
  to: EstimatePointRow | null,
): Promise<void> {
  if (from.length === 0) return;
  const valueOf = new Map(from.map((p) => [p.id, p.value]));
  const items = await tx
    .select({ id: issues.id, pointId: issues.estimatePointId, deletedAt: issues.deletedAt })
    .from(issues)
    .where(and(eq(issues.projectId, project.id), inArray(issues.estimatePointId, [...valueOf.keys()])))
    .for("update");
  if (items.length === 0) return;
  await tx
    .update(issues)
    .set({ estimatePointId: to?.id ?? null, updatedAt: new Date(), updatedById: actorId })
    .where(
      inArray(
        issues.id,
        items.map((i) => i.id),
      ),
    );
  await recordActivity(
    tx,
    items
      .filter((i) => !i.deletedAt)
      .map((i): ActivityInput => ({
        issueId: i.id,
        projectId: project.id,
        workspaceId: project.workspaceId,
        actorId,
        verb: "updated",
        field: "estimate_point",
        oldValue: valueOf.get(i.pointId!) ?? null,
        newValue: to?.value ?? null,
        oldIdentifier: i.pointId,
        newIdentifier: to?.id ?? null,
      })),
  );
}

/** Create an estimate with its points; a `last_used` estimate becomes the project's active one. */
export async function createEstimate(
  app: AppContext,
  project: ProjectRow,
  actorId: string,
  body: CreateEstimateBody,
): Promise<EstimateWithPoints> {
  const type: EstimateType = body.estimate.type ?? "categories";
  return app.db.transaction(async (tx) => {
    await lockProjectEstimates(tx, project.id);
    const [estimate] = await tx
      .insert(E)
      .values({
        workspaceId: project.workspaceId,
        projectId: project.id,
        name: body.estimate.name ?? ESTIMATE_SYSTEMS[type].name,
        description: body.estimate.description ?? "",
        type,
        lastUsed: !!body.estimate.last_used,
        createdById: actorId,
        updatedById: actorId,
      })
      .returning();
    const points = await tx
      .insert(EP)
      .values(
        rekeyEstimatePoints(body.estimate_points).map((p) => ({
          workspaceId: project.workspaceId,
          projectId: project.id,
          estimateId: estimate.id,
          key: p.key,
          value: p.value.trim(),
          description: p.description ?? "",
          createdById: actorId,
          updatedById: actorId,
        })),
      )
      .returning();
    if (estimate.lastUsed) await setActiveEstimate(tx, project.id, estimate.id, actorId);
    return { estimate, points: points.sort((a, b) => a.key - b.key) };
  });
}

/**
 * The public API's create (Plane's SDK): the system without points, which its client adds next through
 * …/estimate-points/ (each checked as in the app). One per project there: a second is a 409 naming the first.
 */
export async function createBareEstimate(
  app: AppContext,
  project: ProjectRow,
  actorId: string,
  body: V1CreateEstimateBody,
): Promise<EstimateRow> {
  return app.db.transaction(async (tx) => {
    await lockProjectEstimates(tx, project.id);
    const [existing] = await tx.select({ id: E.id }).from(E).where(eq(E.projectId, project.id)).limit(1);
    if (existing) throw errors.conflict({ error: "An estimate already exists for this project", id: existing.id });
    const [estimate] = await tx
      .insert(E)
      .values({
        workspaceId: project.workspaceId,
        projectId: project.id,
        name: body.name,
        description: body.description ?? "",
        type: body.type ?? "categories",
        lastUsed: !!body.last_used,
        createdById: actorId,
        updatedById: actorId,
      })
      .returning();
    if (estimate.lastUsed) await setActiveEstimate(tx, project.id, estimate.id, actorId);
    return estimate;
  });
}

/** The public API's PATCH: name and description only (points change through their own routes). */
export async function renameEstimate(
  app: AppContext,
  estimate: EstimateRow,
  actorId: string,
  body: V1UpdateEstimateBody,
): Promise<EstimateRow> {
  const set: Partial<typeof E.$inferInsert> = { updatedAt: new Date(), updatedById: actorId };
  if (body.name !== undefined) set.name = body.name;
  if (body.description !== undefined) set.description = body.description;
  const [row] = await app.db.update(E).set(set).where(eq(E.id, estimate.id)).returning();
  return row;
}

/**
 * Edit an estimate as a whole (PATCH P/estimates/{id}/): its name, description or type, and its points' values
 * and keys. Points that ask for a key take that position and the others keep their order around them; the
 * result must still be a valid system (2–6 points, valid and distinct values for its type).
 */
export async function updateEstimate(
  app: AppContext,
  estimate: EstimateRow,
  actorId: string,
  body: UpdateEstimateBody,
): Promise<EstimateWithPoints> {
  if (!body.estimate && !body.estimate_points?.length) throw errors.badRequest("Estimate points are required");
  return app.db.transaction(async (tx) => {
    await lockProjectEstimates(tx, estimate.projectId);
    const current = await pointsOf(tx, [estimate.id]);
    const changes = new Map((body.estimate_points ?? []).map((p) => [p.id, p]));
    for (const id of changes.keys())
      if (!current.some((p) => p.id === id)) throw errors.field("estimate_points", invalidPk(id));
    const type = body.estimate?.type ?? typeOf(estimate);
    const placed = placeEstimatePoints(current, (p) => changes.get(p.id)?.key);
    if (!placed) throw errors.field("estimate_points", "Each point needs its own key from 1 to the number of points.");
    const next = placed.map((p, i) => {
      const c = changes.get(p.id);
      return {
        ...p,
        key: i + 1,
        value: c?.value !== undefined ? c.value.trim() : p.value,
        description: c?.description ?? p.description,
      };
    });
    const problem = estimatePointsProblem(
      type,
      next.map((p) => p.value),
    );
    if (problem) throw errors.field("estimate_points", problem);
    const now = new Date();
    for (const p of next) {
      const before = current.find((c) => c.id === p.id)!;
      if (before.key !== p.key || before.value !== p.value || before.description !== p.description) {
        await tx
          .update(EP)
          .set({ key: p.key, value: p.value, description: p.description, updatedAt: now, updatedById: actorId })
          .where(eq(EP.id, p.id));
      }
    }
    const set: Partial<typeof E.$inferInsert> = { updatedAt: now, updatedById: actorId };
    if (body.estimate?.name !== undefined) set.name = body.estimate.name;
    if (body.estimate?.description !== undefined) set.description = body.estimate.description;
    if (body.estimate?.type !== undefined) set.type = body.estimate.type;
    const [row] = await tx.update(E).set(set).where(eq(E.id, estimate.id)).returning();
    return { estimate: row, points: await pointsOf(tx, [estimate.id]) };
  });
}

/**
 * Delete an estimate: every work item sized with one of its points loses its estimate (recorded on the item),
 * and a project using it as its active estimate has estimates turned off.
 */
export async function deleteEstimate(
  app: AppContext,
  project: ProjectRow,
  estimate: EstimateRow,
  actorId: string,
): Promise<void> {
  await app.db.transaction(async (tx) => {
    await lockProjectEstimates(tx, project.id);
    await moveItemsOffPoints(tx, project, actorId, await pointsOf(tx, [estimate.id]), null);
    const [p] = await tx.select({ estimateId: projects.estimateId }).from(projects).where(eq(projects.id, project.id));
    if (p?.estimateId === estimate.id) await setActiveEstimate(tx, project.id, null, actorId);
    await tx.delete(E).where(eq(E.id, estimate.id));
  });
}

/** A value for a point of `estimate` among `others`: valid for the type and not a repeat. */
function checkPointValue(type: EstimateType, value: string, others: readonly EstimatePointRow[]) {
  const problem = estimateValueProblem(type, value);
  if (problem) throw errors.field("value", problem);
  if (duplicateValueIndexes(type, [...others.map((o) => o.value), value]).length)
    throw errors.field("value", ESTIMATE_MSG.duplicate);
}

/** Add a point (POST …/estimate-points/): at `key`, the others moving down, or last; at most 6. */
export async function createEstimatePoint(
  app: AppContext,
  estimate: EstimateRow,
  actorId: string,
  body: CreateEstimatePointBody,
): Promise<EstimatePointRow> {
  return app.db.transaction(async (tx) => {
    await lockProjectEstimates(tx, estimate.projectId);
    const current = await pointsOf(tx, [estimate.id]);
    if (!canAddEstimatePoint(current.length)) throw errors.badRequest(ESTIMATE_MSG.count);
    checkPointValue(typeOf(estimate), body.value, current);
    const NEW = Symbol("new");
    const placed = placeEstimatePoints<EstimatePointRow | typeof NEW>([...current, NEW], (p) =>
      p === NEW ? body.key : undefined,
    );
    if (!placed) throw errors.field("key", `Ensure this value is less than or equal to ${current.length + 1}.`);
    const key = placed.indexOf(NEW) + 1;
    const now = new Date();
    for (const [i, p] of placed.entries()) {
      if (p !== NEW && p.key !== i + 1)
        await tx
          .update(EP)
          .set({ key: i + 1, updatedAt: now })
          .where(eq(EP.id, p.id));
    }
    const [row] = await tx
      .insert(EP)
      .values({
        workspaceId: estimate.workspaceId,
        projectId: estimate.projectId,
        estimateId: estimate.id,
        key,
        value: body.value.trim(),
        description: body.description ?? "",
        createdById: actorId,
        updatedById: actorId,
      })
      .returning();
    return row;
  });
}

/** Change a point (PATCH …/estimate-points/{id}/): its value, description, or position (`key`). */
export async function updateEstimatePoint(
  app: AppContext,
  estimate: EstimateRow,
  point: EstimatePointRow,
  actorId: string,
  body: UpdateEstimatePointBody,
): Promise<EstimatePointRow> {
  return app.db.transaction(async (tx) => {
    await lockProjectEstimates(tx, estimate.projectId);
    const current = await pointsOf(tx, [estimate.id]);
    if (body.value !== undefined)
      checkPointValue(
        typeOf(estimate),
        body.value,
        current.filter((p) => p.id !== point.id),
      );
    const now = new Date();
    if (body.key !== undefined) {
      const placed = placeEstimatePoints(current, (p) => (p.id === point.id ? body.key : undefined));
      if (!placed) throw errors.field("key", `Ensure this value is less than or equal to ${current.length}.`);
      for (const [i, p] of placed.entries()) {
        if (p.id !== point.id && p.key !== i + 1)
          await tx
            .update(EP)
            .set({ key: i + 1, updatedAt: now })
            .where(eq(EP.id, p.id));
      }
    }
    const set: Partial<typeof EP.$inferInsert> = { updatedAt: now, updatedById: actorId };
    if (body.key !== undefined) set.key = body.key;
    if (body.value !== undefined) set.value = body.value.trim();
    if (body.description !== undefined) set.description = body.description;
    const [row] = await tx.update(EP).set(set).where(eq(EP.id, point.id)).returning();
    return row;
  });
}

/**
 * Remove a point (DELETE …/estimate-points/{id}/): its work items move to `newPointId` (another point of the
 * same estimate) or lose their estimate, recorded on each; the points after it move up. A system keeps at
 * least 2 points. Returns the remaining points.
 */
export async function deleteEstimatePoint(
  app: AppContext,
  project: ProjectRow,
  estimate: EstimateRow,
  point: EstimatePointRow,
  actorId: string,
  newPointId: string | null,
): Promise<EstimatePointRow[]> {
  return app.db.transaction(async (tx) => {
    await lockProjectEstimates(tx, estimate.projectId);
    const current = await pointsOf(tx, [estimate.id]);
    if (!canRemoveEstimatePoint(current.length)) throw errors.badRequest(ESTIMATE_MSG.count);
    let to: EstimatePointRow | null = null;
    if (newPointId) {
      to = current.find((p) => p.id === newPointId && p.id !== point.id) ?? null;
      if (!to) throw errors.field("new_estimate_id", invalidPk(newPointId));
    }
    await moveItemsOffPoints(tx, project, actorId, [point], to);
    await tx.delete(EP).where(eq(EP.id, point.id));
    const now = new Date();
    const rest = current.filter((p) => p.id !== point.id);
    for (const [i, p] of rest.entries()) {
      if (p.key !== i + 1)
        await tx
          .update(EP)
          .set({ key: i + 1, updatedAt: now })
          .where(eq(EP.id, p.id));
    }
    return pointsOf(tx, [estimate.id]);
  });
}
