import crypto from "node:crypto";
import { and, count, desc, eq, inArray } from "drizzle-orm";
import { EXPORT_PROVIDERS, type CreateExportBody, type ExportProvider } from "@stride/shared/contract";
import { schema } from "../../db/client.ts";
import type { AppContext } from "../../core/context.ts";
import { errors } from "../../core/errors.ts";
import type { PageRequest } from "../../core/pagination.ts";
import { EXPORT_TASK } from "./job.ts";

const { exporters, users } = schema;

/** Queue an export (wire-facts-2 §5): the row and its job in one transaction. */
export async function startExport(app: AppContext, workspaceId: string, userId: string, body: CreateExportBody): Promise<void> {
  if (!(EXPORT_PROVIDERS as readonly string[]).includes(body.provider)) throw errors.badRequest(`Provider '${body.provider}' not found.`);
  const projectIds = [...new Set(body.project ?? [])];
  if (projectIds.length) {
    // projects of another workspace name nothing here
    const found = await app.db.select({ id: schema.projects.id }).from(schema.projects)
      .where(and(eq(schema.projects.workspaceId, workspaceId), inArray(schema.projects.id, projectIds)));
    if (found.length !== projectIds.length) throw errors.badRequest("Please provide valid detail");
  }
  await app.db.transaction(async (tx) => {
    const [row] = await tx.insert(exporters).values({
      workspaceId,
      projectIds,
      provider: body.provider as ExportProvider,
      multiple: body.multiple ?? false,
      token: crypto.randomBytes(16).toString("hex"),
      initiatedById: userId,
      createdById: userId,
      updatedById: userId,
    }).returning({ id: exporters.id });
    await app.jobs.enqueue(tx, EXPORT_TASK, { exportId: row.id });
  });
}

/** One page of the workspace's export history, newest first, with each initiator. */
export async function exportHistory(app: AppContext, workspaceId: string, page: PageRequest) {
  const [{ n }] = await app.db.select({ n: count() }).from(exporters).where(eq(exporters.workspaceId, workspaceId));
  const rows = await app.db.select({ e: exporters, u: users }).from(exporters).leftJoin(users, eq(users.id, exporters.initiatedById))
    .where(eq(exporters.workspaceId, workspaceId)).orderBy(desc(exporters.createdAt), desc(exporters.id)).limit(page.perPage).offset(page.offset);
  return { total: Number(n), rows };
}

export async function findExport(app: AppContext, exportId: string) {
  const [row] = await app.db.select().from(exporters).where(eq(exporters.id, exportId)).limit(1);
  return row ?? null;
}
