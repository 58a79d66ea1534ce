import type { FastifyInstance } from "fastify";
import { and, desc, eq, ne } from "drizzle-orm";
import { route, type ProjectCtx } from "../../http/route.ts";
import { PERMISSIONS } from "../../http/policies.ts";
import { errors } from "../../http/errors.ts";
import { recordActivity } from "../../domain/activity.ts";
import type { AppContext } from "../../core/context.ts";
import { schema, type Db, type DbOrTx } from "../../db/client.ts";
import { normalizeLinkUrl } from "../../http/url.ts";
import type { CreateLinkBody, UpdateLinkBody } from "@stride/shared/contract";
import { workItemEndpoints as WI } from "@stride/shared/endpoints";
import { onItems } from "./item-endpoint.ts";
import { idParam, issueParams } from "../../http/fields.ts";
import { createLinkBody, updateLinkBody } from "./schemas.ts";
import { loadIssueForRoute } from "./access.ts";
import { presentLink } from "./presenters.ts";
import { usersById } from "./detail.ts";

const duplicateUrl = () => errors.badRequest("URL already exists for this Issue");

export { normalizeLinkUrl };

export const linkParams = issueParams.extend({ linkId: idParam() });

/** The link `:linkId` of the route's work item (which the caller must be able to see), else 404. */
export async function loadLink(ctx: ProjectCtx<{ issueId: string; linkId: string }>) {
  const issue = await loadIssueForRoute(ctx);
  const [link] = await ctx.app.db
    .select()
    .from(schema.issueLinks)
    .where(and(eq(schema.issueLinks.id, ctx.params.linkId), eq(schema.issueLinks.issueId, issue.id)))
    .limit(1);
  if (!link) throw errors.notFound();
  return link;
}

async function presentLinks(db: DbOrTx, rows: (typeof schema.issueLinks.$inferSelect)[]) {
  const users = await usersById(
    db,
    rows.map((r) => r.createdById),
  );
  return rows.map((r) => presentLink(r, r.createdById ? users.get(r.createdById) : null));
}

type LinkRow = typeof schema.issueLinks.$inferSelect;
type LinkIssue = Pick<typeof schema.issues.$inferSelect, "id" | "projectId" | "workspaceId">;

/** Add a link to a work item (its URL normalised, once per item), with its activity. */
export async function createLink(db: Db, issue: LinkIssue, actorId: string, body: CreateLinkBody): Promise<LinkRow> {
  const L = schema.issueLinks;
  const url = normalizeLinkUrl(body.url);
  return db.transaction(async (tx) => {
    const [dup] = await tx
      .select({ id: L.id })
      .from(L)
      .where(and(eq(L.issueId, issue.id), eq(L.url, url)))
      .limit(1);
    if (dup) throw duplicateUrl();
    const [link] = await tx
      .insert(L)
      .values({
        issueId: issue.id,
        projectId: issue.projectId,
        workspaceId: issue.workspaceId,
        url,
        title: body.title ?? null,
        metadata: body.metadata ?? {},
        createdById: actorId,
        updatedById: actorId,
      })
      .returning();
    await recordActivity(tx, {
      issueId: issue.id,
      projectId: issue.projectId,
      workspaceId: issue.workspaceId,
      actorId,
      verb: "created",
      field: "link",
      newValue: url,
      newIdentifier: link.id,
    });
    return link;
  });
}

/** Change a link's URL, title or metadata, with its activity. */
export async function updateLink(db: Db, link: LinkRow, actorId: string, body: UpdateLinkBody): Promise<LinkRow> {
  const L = schema.issueLinks;
  const url = body.url !== undefined ? normalizeLinkUrl(body.url) : link.url;
  return db.transaction(async (tx) => {
    const [dup] = await tx
      .select({ id: L.id })
      .from(L)
      .where(and(eq(L.issueId, link.issueId), eq(L.url, url), ne(L.id, link.id)))
      .limit(1);
    if (dup) throw duplicateUrl();
    const [updated] = await tx
      .update(L)
      .set({
        url,
        title: body.title !== undefined ? body.title : link.title,
        metadata: body.metadata ?? link.metadata,
        updatedAt: new Date(),
        updatedById: actorId,
      })
      .where(eq(L.id, link.id))
      .returning();
    await recordActivity(tx, {
      issueId: link.issueId,
      projectId: link.projectId,
      workspaceId: link.workspaceId,
      actorId,
      verb: "updated",
      field: "link",
      oldValue: link.url,
      newValue: url,
      oldIdentifier: link.id,
      newIdentifier: link.id,
    });
    return updated;
  });
}

/** Remove a link, with its activity. */
export async function deleteLink(db: Db, link: LinkRow, actorId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(schema.issueLinks).where(eq(schema.issueLinks.id, link.id));
    await recordActivity(tx, {
      issueId: link.issueId,
      projectId: link.projectId,
      workspaceId: link.workspaceId,
      actorId,
      verb: "deleted",
      field: "link",
      oldValue: link.url,
      oldIdentifier: link.id,
    });
  });
}

export function registerLinks(fastify: FastifyInstance, app: AppContext) {
  const L = schema.issueLinks;

  route(fastify, app, {
    ...onItems(WI.links),
    scope: "project",
    params: issueParams,
    policy: PERMISSIONS.workItem.view,
    load: (ctx) => loadIssueForRoute(ctx),
    handler: async (ctx) =>
      presentLinks(
        ctx.app.db,
        await ctx.app.db.select().from(L).where(eq(L.issueId, ctx.loaded.id)).orderBy(desc(L.createdAt)),
      ),
  });

  route(fastify, app, {
    ...onItems(WI.addLink),
    scope: "project",
    params: issueParams,
    body: createLinkBody,
    policy: PERMISSIONS.workItem.link,
    load: (ctx) => loadIssueForRoute(ctx),
    status: 201,
    handler: async (ctx) => {
      const row = await createLink(ctx.app.db, ctx.loaded, ctx.user.id, ctx.body);
      return (await presentLinks(ctx.app.db, [row]))[0];
    },
  });

  route(fastify, app, {
    ...onItems(WI.updateLink),
    scope: "project",
    params: linkParams,
    body: updateLinkBody,
    policy: PERMISSIONS.workItem.link,
    load: loadLink,
    handler: async (ctx) => {
      const row = await updateLink(ctx.app.db, ctx.loaded, ctx.user.id, ctx.body);
      return (await presentLinks(ctx.app.db, [row]))[0];
    },
  });

  route(fastify, app, {
    ...onItems(WI.removeLink),
    scope: "project",
    params: linkParams,
    policy: PERMISSIONS.workItem.link,
    load: loadLink,
    status: 204,
    handler: async (ctx) => {
      await deleteLink(ctx.app.db, ctx.loaded, ctx.user.id);
      return undefined;
    },
  });
}
