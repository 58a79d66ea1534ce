import type { Worklog } from "@stride/shared/contract";
import type { DbOrTx } from "../../db/client.ts";
import { auditFields, userLiteOrNull } from "../../http/present.ts";
import { usersById } from "../issues/detail.ts";
import type { WorklogRow } from "./commands.ts";

type UserRow = Parameters<typeof userLiteOrNull>[0];

/** A work log (Plane's fields: `duration` in minutes, `description`, `logged_by`, `project_id`, `workspace_id`). */
export function presentWorklog(w: WorklogRow, loggedBy: UserRow | null | undefined): Worklog {
  return {
    id: w.id,
    issue_id: w.issueId,
    project_id: w.projectId,
    workspace_id: w.workspaceId,
    duration: w.duration,
    description: w.description,
    logged_on: w.loggedOn,
    logged_by: w.loggedById,
    logged_by_detail: userLiteOrNull(loggedBy),
    ...auditFields(w),
  };
}

/** Logs with the people who logged them (one read of the users). */
export async function presentWorklogs(db: DbOrTx, rows: WorklogRow[]): Promise<Worklog[]> {
  const users = await usersById(
    db,
    rows.map((r) => r.loggedById),
  );
  return rows.map((r) => presentWorklog(r, users.get(r.loggedById)));
}
