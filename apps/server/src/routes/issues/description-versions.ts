import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { count, desc, eq } from "drizzle-orm";
import { route } from "../../http/route.ts";
import { POLICIES } from "../../http/policies.ts";
import { errors } from "../../http/errors.ts";
import { envelope, parsePage } from "../../http/pagination.ts";
import type { AppContext } from "../../core/context.ts";
import { schema } from "../../db/client.ts";
import { onEpics, workItemEndpoints as WI, type AnyEndpoint } from "@stride/shared/endpoints";
import { idParam, issueParams } from "../../http/fields.ts";
import { loadIssueForRoute } from "./access.ts";
import { findDescriptionVersion } from "./versions.ts";
import { presentDescriptionVersion, presentDescriptionVersionLite } from "./presenters.ts";

const V = schema.issueDescriptionVersions;
/**
 * The endpoint's other paths: `epics/`, `work-items/`, and `intake-work-items/` (Plane's intake screen reads an intake
 * request's versions there, by its work item's id).
 */
const aliases = (e: AnyEndpoint) => [
  onEpics(e).path,
  ...["work-items", "intake-work-items"].map((p) => e.path.replace("/issues/", `/${p}/`)),
];
const pageQuery = z
  .object({ cursor: z.string().max(100).optional(), per_page: z.string().max(10).optional() })
  .passthrough();

/**
 * Description versions of a work item (written by `keepDescriptionVersion` with every description change):
 * GET `P/work-items/{id}/description-versions/` (also under `issues/`, `epics/` and `intake-work-items/`) → the paginated
 * envelope, newest first, without the content; GET `…/description-versions/{versionId}/` → one version
 * with its content. Whoever may read the item may read its versions; a guest who may not see it gets 404.
 */
export function registerDescriptionVersions(fastify: FastifyInstance, app: AppContext) {
  route(fastify, app, {
    endpoint: WI.descriptionVersions,
    aliases: aliases(WI.descriptionVersions),
    scope: "project",
    params: issueParams,
    query: pageQuery,
    policy: POLICIES.project.read,
    load: (ctx) => loadIssueForRoute(ctx, { hiddenAsNotFound: true }),
    handler: async (ctx) => {
      const page = parsePage(ctx.query);
      const [{ n }] = await ctx.app.db.select({ n: count() }).from(V).where(eq(V.issueId, ctx.loaded.id));
      const rows = await ctx.app.db
        .select()
        .from(V)
        .where(eq(V.issueId, ctx.loaded.id))
        .orderBy(desc(V.lastSavedAt), desc(V.createdAt), desc(V.id))
        .limit(page.perPage)
        .offset(page.offset);
      const results = rows.map(presentDescriptionVersionLite);
      // Stride's envelope plus the two keys Plane's client reads on this list (`cursor`, `page_count`).
      return { ...envelope(page, Number(n), results, results.length), cursor: page.cursor, page_count: results.length };
    },
  });

  route(fastify, app, {
    endpoint: WI.descriptionVersion,
    aliases: aliases(WI.descriptionVersion),
    scope: "project",
    params: issueParams.extend({ versionId: idParam() }),
    policy: POLICIES.project.read,
    load: (ctx) => loadIssueForRoute(ctx, { hiddenAsNotFound: true }),
    handler: async (ctx) => {
      const version = await findDescriptionVersion(ctx.app.db, ctx.loaded.id, ctx.params.versionId);
      if (!version) throw errors.notFound();
      return presentDescriptionVersion(version);
    },
  });
}
