import crypto from "node:crypto";
import { and, count, desc, eq, gte, sql, type SQL } from "drizzle-orm";
import { ROLE } from "@stride/shared";
import { EXPORT_PROVIDERS, type CreateExportBody, type ExportProvider } from "@stride/shared/contract";
import { schema } from "../../db/client.ts";
import type { AppContext } from "../../core/context.ts";
import { errors } from "../../http/errors.ts";
import { PERMISSIONS } from "../../http/policies.ts";
import type { PageRequest } from "../../http/pagination.ts";
import { EXPORT_TASK } from "./job.ts";
import { exportProjects } from "./rows.ts";

const { exporters, users, workspaceMembers } = schema;

/**
 * Queue an export (wire-facts-2 §5): the row and its job in one transaction. The projects are those asked for,
 * each one the initiator is in (another's is refused like a project of another workspace), or, for an empty
 * list, all of the initiator's active projects, named on the row now so the history knows what it holds.
 */
export async function startExport(
  app: AppContext,
  workspaceId: string,
  userId: string,
  body: CreateExportBody,
): Promise<void> {
  if (!(EXPORT_PROVIDERS as readonly string[]).includes(body.provider))
    throw errors.badRequest(`Provider '${body.provider}' not found.`);
  const asked = [...new Set(body.project ?? [])];
  const mine = (await exportProjects(app.db, workspaceId, userId, asked)).map((p) => p.project.id);
  if (asked.length && mine.length !== asked.length) throw errors.badRequest("Please provide valid detail");
  const projectIds = asked.length ? asked : mine;
  await app.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(exporters)
      .values({
        workspaceId,
        projectIds,
        provider: body.provider as ExportProvider,
        multiple: body.multiple ?? false,
        token: crypto.randomBytes(16).toString("hex"),
        initiatedById: userId,
        createdById: userId,
        updatedById: userId,
      })
      .returning({ id: exporters.id });
    await app.jobs.enqueue(tx, EXPORT_TASK, { exportId: row.id });
  });
}

/**
 * The exports `userId` may see and download (issue #24): those whose every project they are in now and read in
 * full (a member or admin, or a guest of a project whose guests see every item); their initiator needs only to be
 * still in each project (their export holds what they could read). An export that names no project (an older
 * "all my projects" row) is its initiator's alone.
 */
export function exportReadableBy(userId: string): SQL {
  return sql`(CASE WHEN cardinality(${exporters.projectIds}) = 0 THEN ${exporters.initiatedById} = ${userId}
    ELSE NOT EXISTS (SELECT 1 FROM unnest(${exporters.projectIds}) AS ep(id) WHERE NOT EXISTS (
      SELECT 1 FROM project_members pm JOIN projects p ON p.id = pm.project
      WHERE pm.project = ep.id AND pm.member = ${userId} AND pm.is_active
        AND (pm.role >= ${ROLE.MEMBER} OR p.guest_view_all_features OR ${exporters.initiatedById} = ${userId})))
    END)`;
}

/** One page of the workspace's export history the caller may see, newest first, with each initiator. */
export async function exportHistory(app: AppContext, workspaceId: string, userId: string, page: PageRequest) {
  const where = and(eq(exporters.workspaceId, workspaceId), exportReadableBy(userId));
  const [{ n }] = await app.db.select({ n: count() }).from(exporters).where(where);
  const rows = await app.db
    .select({ e: exporters, u: users })
    .from(exporters)
    .leftJoin(users, eq(users.id, exporters.initiatedById))
    .where(where)
    .orderBy(desc(exporters.createdAt), desc(exporters.id))
    .limit(page.perPage)
    .offset(page.offset);
  return { total: Number(n), rows };
}

/**
 * The export a download link names, if the person it was issued to may download it now: still an active user and
 * an admin or member of the export's workspace (who may read the history), who may read the export.
 */
export async function findExportFor(app: AppContext, exportId: string, userId: string) {
  const [row] = await app.db
    .select({ e: exporters })
    .from(exporters)
    .innerJoin(users, and(eq(users.id, userId), eq(users.isActive, true)))
    .innerJoin(
      workspaceMembers,
      and(
        eq(workspaceMembers.workspaceId, exporters.workspaceId),
        eq(workspaceMembers.memberId, userId),
        eq(workspaceMembers.isActive, true),
        gte(workspaceMembers.role, PERMISSIONS.export.view.min),
      ),
    )
    .where(and(eq(exporters.id, exportId), exportReadableBy(userId)))
    .limit(1);
  return row?.e ?? null;
}
