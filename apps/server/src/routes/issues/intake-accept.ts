import { sql } from "drizzle-orm";
import { INTAKE_STATUS_LABEL, type IntakeStatus } from "@stride/shared";
import type { ActivityInput } from "../../domain/activity.ts";
import type { DbOrTx } from "../../db/client.ts";

/**
 * An intake item moved out of the triage state by an ordinary state change (the work item's page, bulk tools)
 * has joined the project's work: its intake row becomes accepted, with the intake's activity row, so an item is
 * never in the lists while its intake still says pending, snoozed, declined or duplicate.
 */
export async function acceptIntakeOnLeavingTriage(
  tx: DbOrTx,
  base: Pick<ActivityInput, "issueId" | "projectId" | "workspaceId" | "actorId">,
  fromStateId: string | null,
): Promise<ActivityInput[]> {
  if (!fromStateId) return [];
  const rows = await tx.execute<{ old: number }>(sql`
    WITH o AS (
      SELECT ii.id, ii.status AS old FROM intake_issues ii JOIN states s ON s.id = ${fromStateId}
      WHERE ii.issue = ${base.issueId} AND ii.status <> 1 AND s."group" = 'triage' FOR UPDATE OF ii
    )
    UPDATE intake_issues ii SET status = 1, snoozed_till = NULL, duplicate_to = NULL, updated_at = now(), updated_by = ${base.actorId}
    FROM o WHERE ii.id = o.id RETURNING o.old`);
  return rows.map((r) => ({
    ...base,
    verb: "updated" as const,
    field: "intake",
    oldValue: INTAKE_STATUS_LABEL[Number(r.old) as IntakeStatus],
    newValue: INTAKE_STATUS_LABEL[1],
    comment: "accepted the intake work item",
  }));
}
