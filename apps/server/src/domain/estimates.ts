import { and, eq, ne } from "drizzle-orm";
import { schema, type DbOrTx } from "../db/client.ts";

export type EstimatePointRow = typeof schema.estimatePoints.$inferSelect;

/**
 * The estimate point `pointId` when it belongs to the project's active estimate (`projects.estimate`), else null.
 * Every write that sets a work item's or draft's `estimate_point` goes through this check (work-tracking.md §3:
 * an item is sized on its project's active estimate system).
 */
export async function activeEstimatePoint(
  tx: DbOrTx,
  projectId: string,
  pointId: string,
): Promise<EstimatePointRow | null> {
  const pointTable = schema.estimatePoints;
  const [row] = await tx
    .select({ p: pointTable })
    .from(pointTable)
    .innerJoin(
      schema.projects,
      and(eq(schema.projects.id, pointTable.projectId), eq(schema.projects.estimateId, pointTable.estimateId)),
    )
    .where(and(eq(pointTable.id, pointId), eq(pointTable.projectId, projectId)))
    .limit(1);
  return row?.p ?? null;
}

/**
 * Make `estimateId` the project's active estimate (`projects.estimate`) and its current one (`last_used`, the
 * one Plane's settings page shows); null turns estimates off and keeps the current one for turning them on again.
 * The project PATCH `{estimate}` and the create of a `last_used` estimate both come here.
 */
export async function setActiveEstimate(
  tx: DbOrTx,
  projectId: string,
  estimateId: string | null,
  actorId: string,
): Promise<void> {
  if (estimateId) {
    await tx
      .update(schema.estimates)
      .set({ lastUsed: false })
      .where(
        and(
          eq(schema.estimates.projectId, projectId),
          ne(schema.estimates.id, estimateId),
          eq(schema.estimates.lastUsed, true),
        ),
      );
    await tx.update(schema.estimates).set({ lastUsed: true }).where(eq(schema.estimates.id, estimateId));
  }
  await tx
    .update(schema.projects)
    .set({ estimateId, updatedAt: new Date(), updatedById: actorId })
    .where(eq(schema.projects.id, projectId));
}
