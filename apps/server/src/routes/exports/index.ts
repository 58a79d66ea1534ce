import { exportEndpoints } from "@stride/shared/endpoints";
import { z } from "zod";
import { createExportBody, EXPORT_STARTED_MESSAGE } from "@stride/shared/contract";
import type { RouteModule } from "../../http/route.ts";
import { route } from "../../http/route.ts";
import { PERMISSIONS } from "../../http/policies.ts";
import { slugParams } from "../../http/fields.ts";
import { errors } from "../../http/errors.ts";
import { envelope, parsePage } from "../../http/pagination.ts";
import { contentDisposition } from "../../storage/content-type.ts";
import { exportHistory, findExportFor, startExport } from "./commands.ts";
import { presentExport } from "./presenters.ts";
import { verifyExportLink } from "./sign.ts";

/**
 * Exports of work items (wire-facts-2 §5): `POST W/export-issues/` queues an `exports:run` job (job.ts) and
 * `GET W/export-issues` pages the history with each finished export's signed download link (`/api/exports/{id}/file/`).
 * Both follow project access (issue #24): the history lists the exports the caller may read, and a link, issued to
 * its reader, downloads only while that person still may (commands.ts `exportReadableBy`).
 */
const historyQuery = z.object({ per_page: z.string().optional(), cursor: z.string().optional() });
const fileParams = z.object({ exportId: z.uuid() });
const fileQuery = z.object({ u: z.string().optional(), exp: z.string().optional(), sig: z.string().optional() });
const linkRefused = () => errors.body(403, { error: "The download link is invalid or has expired." });

export const exportRoutes: RouteModule = (fastify, app) => {
  route(fastify, app, {
    endpoint: exportEndpoints.start,
    scope: "workspace",
    params: slugParams,
    body: createExportBody,
    policy: PERMISSIONS.export.create,
    handler: async (ctx) => {
      await startExport(ctx.app, ctx.workspace.id, ctx.user.id, ctx.body);
      return { message: EXPORT_STARTED_MESSAGE };
    },
  });

  route(fastify, app, {
    endpoint: exportEndpoints.history,
    scope: "workspace",
    params: slugParams,
    query: historyQuery,
    policy: PERMISSIONS.export.view,
    handler: async (ctx) => {
      if (!ctx.query.per_page || !ctx.query.cursor) throw errors.badRequest("per_page and cursor are required");
      const page = parsePage(ctx.query);
      const { total, rows } = await exportHistory(ctx.app, ctx.workspace.id, ctx.user.id, page);
      const results = rows.map((r) => presentExport(r.e, r.u, ctx.app.secretKey, ctx.user.id));
      return envelope(page, total, results, results.length);
    },
  });

  route(fastify, app, {
    endpoint: exportEndpoints.file,
    auth: "none",
    policy: null,
    params: fileParams,
    query: fileQuery,
    handler: async (ctx) => {
      const userId = verifyExportLink(app.secretKey, ctx.params.exportId, ctx.query);
      if (!userId) throw linkRefused();
      // the link's person may no longer read the export (left a project, lost the role): the link no longer works
      const row = await findExportFor(ctx.app, ctx.params.exportId, userId);
      if (!row) throw linkRefused();
      if (row.status !== "completed" || !row.key) throw errors.notFound();
      const stream = await ctx.app.storage.get(row.key);
      if (!stream) throw errors.notFound();
      const size = await ctx.app.storage.size(row.key);
      ctx.reply
        .header("Content-Type", "application/zip")
        .header("Content-Disposition", contentDisposition("attachment", row.key.split("/").pop() ?? "export.zip"))
        .header("Cache-Control", "private, no-store")
        .header("X-Content-Type-Options", "nosniff");
      if (size !== null) ctx.reply.header("Content-Length", String(size));
      return ctx.reply.send(stream);
    },
  });
};
