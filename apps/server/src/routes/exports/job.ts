import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { once } from "node:events";
import archiver from "archiver";
import { eq, sql } from "drizzle-orm";
import type { ExportProvider } from "@stride/shared/contract";
import { schema } from "../../db/client.ts";
import type { AppContext } from "../../core/context.ts";
import type { JobInfo } from "../../core/jobs.ts";
import { rowWriter, type RowWriter } from "./format.ts";
import { ExportNames, exportProjects, itemPages, rowsOf, type ExportProject } from "./rows.ts";

/**
 * The `exports:run` job: writes the export's file(s) page by page to a temporary folder, zips them into the
 * storage driver and counts its progress on the row (`done` of `total`), which the history page shows live.
 * A failed attempt is retried (the row goes back to queued); after the last one the row is failed.
 */
export const EXPORT_TASK = "exports:run";
export const EXPORT_MAX_ATTEMPTS = 3;
export interface ExportJob {
  exportId: string;
}

const { exporters } = schema;

/** `<ws_id>/export-<slug>-<token[:6]>-<YYYY-MM-DD>.zip` (wire-facts-2 §5). */
export function archiveKey(workspaceId: string, slug: string, token: string, day: Date): string {
  return `${workspaceId}/export-${slug}-${token.slice(0, 6)}-${day.toISOString().slice(0, 10)}.zip`;
}

/** How many items the export will write (for the progress bar): the projects' items the initiator may see. */
async function countItems(app: AppContext, projects: ExportProject[], userId: string): Promise<number> {
  if (!projects.length) return 0;
  let total = 0;
  for (const p of projects) {
    const [row] = await app.db.select({ n: sql<number>`count(*)::int` }).from(schema.issues)
      .where(sql`${schema.issues.projectId} = ${p.project.id}
      AND ${schema.issues.deletedAt} IS NULL AND ${schema.issues.isEpic} = false
      ${p.ownOnly ? sql`AND ${schema.issues.createdById} = ${userId}` : sql``}
      AND (${schema.issues.stateId} IS NULL OR ${schema.issues.stateId} NOT IN (SELECT id FROM states WHERE project = ${p.project.id} AND "group" = 'triage'))`);
    total += row?.n ?? 0;
  }
  return total;
}

export async function runExport(app: AppContext, job: ExportJob, info?: JobInfo): Promise<void> {
  const [row] = await app.db
    .select({ e: exporters, slug: schema.workspaces.slug })
    .from(exporters)
    .innerJoin(schema.workspaces, eq(schema.workspaces.id, exporters.workspaceId))
    .where(eq(exporters.id, job.exportId));
  if (!row || row.e.status === "completed") return;
  const e = row.e;
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "stride-export-"));
  try {
    const projects = await exportProjects(app.db, e.workspaceId, e.initiatedById, e.projectIds);
    const total = await countItems(app, projects, e.initiatedById);
    await app.db
      .update(exporters)
      .set({ status: "processing", total, done: 0, error: null, updatedAt: new Date() })
      .where(eq(exporters.id, e.id));

    const provider = e.provider as ExportProvider;
    const files: { file: string; name: string }[] = [];
    const names = new ExportNames(app.db);
    let done = 0;
    const open = (name: string): RowWriter => {
      const file = path.join(dir, name);
      files.push({ file, name });
      return rowWriter(provider, file);
    };
    let single: RowWriter | null = e.multiple ? null : open(`${row.slug}-${e.workspaceId}.${provider}`);
    for (const p of projects) {
      const writer = single ?? open(`${row.slug}-${p.project.id}.${provider}`);
      for await (const items of itemPages(app, p, e.initiatedById)) {
        await writer.write(await rowsOf(app.db, names, p.project, items));
        done += items.length;
        await app.db
          .update(exporters)
          .set({ done, total: Math.max(total, done), updatedAt: new Date() })
          .where(eq(exporters.id, e.id));
      }
      if (writer !== single) await writer.close();
    }
    if (single) {
      await single.close();
      single = null;
    }

    const zipPath = path.join(dir, "export.zip");
    const out = fs.createWriteStream(zipPath);
    const zip = archiver("zip", { zlib: { level: 6 } });
    const failed = new Promise<never>((_, reject) => zip.on("error", reject));
    zip.pipe(out);
    for (const f of files) zip.file(f.file, { name: f.name });
    await Promise.race([zip.finalize(), failed]);
    if (!out.writableFinished) await once(out, "finish");

    const key = archiveKey(e.workspaceId, row.slug, e.token, new Date());
    await app.storage.put(key, fs.createReadStream(zipPath), "application/zip");
    await app.db
      .update(exporters)
      .set({ status: "completed", key, done, total: done, updatedAt: new Date() })
      .where(eq(exporters.id, e.id));
  } catch (err) {
    const last = !info || info.attempts >= info.maxAttempts;
    await app.db
      .update(exporters)
      .set({
        status: last ? "failed" : "queued",
        error: last ? "The export could not be written. Please try again." : null,
        updatedAt: new Date(),
      })
      .where(eq(exporters.id, e.id));
    throw err;
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

export function registerExportJobs(app: AppContext): void {
  app.jobs.register<ExportJob>(EXPORT_TASK, (job, info) => runExport(app, job, info), {
    maxAttempts: EXPORT_MAX_ATTEMPTS,
  });
}
