import { and, eq, isNull, max, ne, sql } from "drizzle-orm";
import { DEFAULT_SORT_ORDER, SORT_STEP, labelMoveSortOrder } from "@stride/shared";
import { schema, type DbOrTx, type Tx } from "../../db/client.ts";
import { errors, uniqueViolation } from "../../http/errors.ts";
import type { AppContext } from "../../core/context.ts";
import type { ProjectRow } from "../../http/route.ts";
import type { LabelRow } from "./presenters.ts";
import type { BulkCreateLabelsBody, CreateLabelBody, UpdateLabelBody } from "./schemas.ts";

const { labels } = schema;

const NAME_EXISTS = "LABEL_NAME_ALREADY_EXISTS";

export async function loadLabel(db: DbOrTx, projectId: string, labelId: string): Promise<LabelRow> {
  const [l] = await db
    .select()
    .from(labels)
    .where(and(eq(labels.id, labelId), eq(labels.projectId, projectId)))
    .limit(1);
  if (!l) throw errors.notFound();
  return l;
}

async function nameTaken(db: DbOrTx, projectId: string, name: string, exceptId: string | null): Promise<boolean> {
  const rows = await db
    .select({ id: labels.id })
    .from(labels)
    .where(
      and(
        eq(labels.projectId, projectId),
        sql`lower(${labels.name}) = lower(${name})`,
        exceptId ? ne(labels.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

function isNameConflict(err: unknown): boolean {
  return uniqueViolation(err) === "labels_name_uq";
}

/** Serialise label writes of one project (sort orders, parent chains). */
async function lockProjectLabels(tx: Tx, projectId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${"labels:" + projectId}))`);
}

/** The parent must be a label of the same project. */
async function checkParent(db: DbOrTx, projectId: string, parentId: string): Promise<LabelRow> {
  const [p] = await db
    .select()
    .from(labels)
    .where(and(eq(labels.id, parentId), eq(labels.projectId, projectId)))
    .limit(1);
  if (!p) throw errors.field("parent", `Invalid pk "${parentId}" - object does not exist.`);
  return p;
}

/** True when `candidateParent` is `labelId` itself or one of its descendants (which would make a cycle). */
async function wouldCycle(db: DbOrTx, labelId: string, candidateParent: string): Promise<boolean> {
  const rows = await db.execute<{ id: string }>(sql`
    with recursive chain(id, parent, depth) as (
      select id, parent, 0 from labels where id = ${candidateParent}
      union all
      select l.id, l.parent, c.depth + 1 from labels l join chain c on l.id = c.parent where c.depth < 1000
    )
    select id from chain where id = ${labelId} limit 1`);
  return [...rows].length > 0;
}

/** Sort order after the last sibling under `parentId` (65535 for the first). */
async function lastSiblingSortOrder(
  db: DbOrTx,
  projectId: string,
  parentId: string | null,
  exceptId: string | null,
): Promise<number | null> {
  const [{ m }] = await db
    .select({ m: max(labels.sortOrder) })
    .from(labels)
    .where(
      and(
        eq(labels.projectId, projectId),
        parentId ? eq(labels.parentId, parentId) : isNull(labels.parentId),
        exceptId ? ne(labels.id, exceptId) : undefined,
      ),
    );
  return m === null ? null : Number(m);
}

/** Next sort order of a new label in the project: 65535 for the first, then the largest + 10000. */
async function nextSortOrder(db: DbOrTx, projectId: string): Promise<number> {
  const [{ m }] = await db
    .select({ m: max(labels.sortOrder) })
    .from(labels)
    .where(eq(labels.projectId, projectId));
  return m === null ? DEFAULT_SORT_ORDER : Number(m) + SORT_STEP;
}

export async function createLabel(
  app: AppContext,
  project: ProjectRow,
  actorId: string,
  input: CreateLabelBody,
): Promise<LabelRow> {
  try {
    return await app.db.transaction(async (tx) => {
      await lockProjectLabels(tx, project.id);
      if (await nameTaken(tx, project.id, input.name, null)) throw errors.field("name", NAME_EXISTS);
      if (input.parent) await checkParent(tx, project.id, input.parent);
      const [row] = await tx
        .insert(labels)
        .values({
          workspaceId: project.workspaceId,
          projectId: project.id,
          name: input.name,
          color: input.color ?? "",
          description: input.description ?? "",
          parentId: input.parent ?? null,
          sortOrder: input.sort_order ?? (await nextSortOrder(tx, project.id)),
          createdById: actorId,
          updatedById: actorId,
        })
        .returning();
      return row;
    });
  } catch (err) {
    if (isNameConflict(err)) throw errors.field("name", NAME_EXISTS);
    throw err;
  }
}

/**
 * Update a label. Moving (work-tracking §5): an explicit sort_order is stored as given; a parent change
 * without one places the label after the last label under its new parent.
 */
export async function updateLabel(
  app: AppContext,
  label: LabelRow,
  actorId: string,
  input: UpdateLabelBody,
): Promise<LabelRow> {
  try {
    return await app.db.transaction(async (tx) => {
      await lockProjectLabels(tx, label.projectId!);
      if (input.name !== undefined && (await nameTaken(tx, label.projectId!, input.name, label.id)))
        throw errors.field("name", NAME_EXISTS);
      const set: Partial<typeof labels.$inferInsert> = { updatedAt: new Date(), updatedById: actorId };
      if (input.name !== undefined) set.name = input.name;
      if (input.color !== undefined) set.color = input.color;
      if (input.description !== undefined) set.description = input.description;
      const parentChanged = input.parent !== undefined && input.parent !== label.parentId;
      if (parentChanged) {
        if (input.parent) {
          await checkParent(tx, label.projectId!, input.parent);
          if (await wouldCycle(tx, label.id, input.parent))
            throw errors.field("parent", "A label cannot be nested under itself or one of its sub-labels.");
        }
        set.parentId = input.parent ?? null;
      }
      const moved = labelMoveSortOrder({
        parentChanged,
        hasTarget: input.sort_order !== undefined,
        prev:
          parentChanged && input.sort_order === undefined
            ? await lastSiblingSortOrder(tx, label.projectId!, input.parent ?? null, label.id)
            : undefined,
      });
      if (input.sort_order !== undefined) set.sortOrder = input.sort_order;
      else if (moved !== undefined) set.sortOrder = moved;
      const [row] = await tx.update(labels).set(set).where(eq(labels.id, label.id)).returning();
      return row;
    });
  } catch (err) {
    if (isNameConflict(err)) throw errors.field("name", NAME_EXISTS);
    throw err;
  }
}

/** Delete a label; its sub-labels move to the top level (parent null). */
export async function deleteLabel(app: AppContext, label: LabelRow): Promise<void> {
  await app.db.transaction(async (tx) => {
    await lockProjectLabels(tx, label.projectId!);
    await tx.update(labels).set({ parentId: null, updatedAt: new Date() }).where(eq(labels.parentId, label.id));
    await tx.delete(labels).where(eq(labels.id, label.id));
  });
}

/**
 * Create many labels at once; names already used in the project (or repeated in the request) are skipped,
 * so re-running an import never duplicates labels. Returns the labels created.
 */
export async function bulkCreateLabels(
  app: AppContext,
  project: ProjectRow,
  actorId: string,
  input: BulkCreateLabelsBody,
): Promise<LabelRow[]> {
  return app.db.transaction(async (tx) => {
    await lockProjectLabels(tx, project.id);
    const existing = await tx.select({ name: labels.name }).from(labels).where(eq(labels.projectId, project.id));
    const taken = new Set(existing.map((e) => e.name.toLowerCase()));
    for (const item of input.label_data) if (item.parent) await checkParent(tx, project.id, item.parent);
    let next = await nextSortOrder(tx, project.id);
    const values: (typeof labels.$inferInsert)[] = [];
    for (const item of input.label_data) {
      const key = item.name.toLowerCase();
      if (taken.has(key)) continue;
      taken.add(key);
      values.push({
        workspaceId: project.workspaceId,
        projectId: project.id,
        name: item.name,
        color: item.color ?? "",
        description: item.description ?? "",
        parentId: item.parent ?? null,
        sortOrder: item.sort_order ?? next,
        createdById: actorId,
        updatedById: actorId,
      });
      if (item.sort_order === undefined) next += SORT_STEP;
    }
    if (!values.length) return [];
    const rows = await tx.insert(labels).values(values).returning();
    return rows.sort((a, b) => a.sortOrder - b.sortOrder);
  });
}
