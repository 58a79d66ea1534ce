import { and, eq, isNull, lte } from "drizzle-orm";
import { INTAKE_STATUS, INTAKE_STATUS_LABEL } from "@stride/shared";
import { schema, type DbOrTx } from "../../db/client.ts";
import type { AppContext } from "../../core/context.ts";
import { addJob } from "../../core/jobs.ts";
import { recordActivity } from "../../domain/activity.ts";

/**
 * A snoozed intake request comes back at its date (work-tracking.md §4; issue #27 point 6): snoozing schedules this
 * job at the snooze date, keyed by the request (a later snooze moves it). At its time the request, if still snoozed
 * and due, is pending again: its status and date change like a person's un-snooze, with an actor-less history entry,
 * and the row's change reaches every open intake screen live. A request un-snoozed, triaged or re-snoozed meanwhile
 * is left alone.
 */
export const INTAKE_WAKE_TASK = "intake:wake";
interface WakePayload {
  intake_issue_id: string;
}

const II = schema.intakeIssues;

/** Schedule the wake-up of a request snoozed till `till` (in the snoozing transaction). */
export async function scheduleIntakeWake(tx: DbOrTx, intakeIssueId: string, till: Date): Promise<void> {
  await addJob(tx, INTAKE_WAKE_TASK, { intake_issue_id: intakeIssueId } satisfies WakePayload, {
    jobKey: `intake-wake:${intakeIssueId}`,
    runAt: till,
    maxAttempts: 5,
  });
}

export function registerIntakeJobs(app: AppContext): void {
  app.jobs.register<WakePayload>(
    INTAKE_WAKE_TASK,
    (p) => app.db.transaction((tx) => wakeIntakeItem(tx, p.intake_issue_id)),
    { maxAttempts: 5 },
  );
}

/** Return a due snoozed request to pending. Returns whether it did. */
export async function wakeIntakeItem(tx: DbOrTx, intakeIssueId: string): Promise<boolean> {
  const [found] = await tx
    .select({ row: II })
    .from(II)
    .innerJoin(schema.issues, eq(schema.issues.id, II.issueId))
    .where(
      and(
        eq(II.id, intakeIssueId),
        eq(II.status, INTAKE_STATUS.snoozed),
        lte(II.snoozedTill, new Date()),
        isNull(schema.issues.deletedAt),
      ),
    )
    .for("update", { of: II })
    .limit(1);
  if (!found) return false;
  const row = found.row;
  await tx
    .update(II)
    .set({ status: INTAKE_STATUS.pending, snoozedTill: null, updatedAt: new Date(), updatedById: null })
    .where(eq(II.id, row.id));
  await recordActivity(tx, {
    issueId: row.issueId,
    projectId: row.projectId,
    workspaceId: row.workspaceId,
    actorId: null,
    verb: "updated",
    field: "intake",
    oldValue: INTAKE_STATUS_LABEL[INTAKE_STATUS.snoozed],
    newValue: INTAKE_STATUS_LABEL[INTAKE_STATUS.pending],
    comment: "the snooze ended: the intake work item is pending again",
  });
  return true;
}
