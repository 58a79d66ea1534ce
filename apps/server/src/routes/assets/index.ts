import type { FastifyInstance } from "fastify";
import multipart from "@fastify/multipart";
import { z } from "zod";
import { and, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { ASSET_ENTITY_TYPES, IMAGE_MIME_TYPES, MAX_UPLOAD_SIZE, isAllowedUploadType } from "@stride/shared";
import { route, type Ctx, type RouteModule } from "../../core/route.ts";
import { P as Policies } from "../../core/policies.ts";
import { errors, HttpError } from "../../core/errors.ts";
import type { AppContext } from "../../core/context.ts";
import { schema } from "../../db/client.ts";
import { assertCanSee, findIssue, loadIssueForRoute, requirePolicy } from "../issues/access.ts";
import { P } from "../issues/urls.ts";
import { MSG, zUuid } from "../issues/schemas.ts";
import { createUploadSlot, deleteAsset, FA, invalidEntityType, invalidFileType, markUploaded, presentAsset, restoreAsset, type AssetRow } from "./commands.ts";
import { PUBLIC_ENTITY_TYPES } from "./urls.ts";
import { registerExternalImages } from "./external.ts";
import { signedDownloadPath, verifyDownload, verifyUpload, type Disposition } from "./sign.ts";

const A = "/api/assets/v2";
const WA = `${A}/workspaces/:slug`;
const PA = `${WA}/projects/:projectId`;

const typeMsg = (msg: string) => (iss: { input?: unknown }) => (iss.input === undefined ? MSG.required : msg);
const slotBody = z.object({
  name: z.string({ error: typeMsg(MSG.string) }).trim().min(1, MSG.blank).max(255, MSG.maxLen(255)),
  type: z.string({ error: typeMsg(MSG.string) }).max(255, MSG.maxLen(255)),
  size: z.number({ error: typeMsg(MSG.integer) }).int(MSG.integer).min(0, "Ensure this value is greater than or equal to 0."),
  entity_type: z.string({ error: typeMsg(MSG.string) }).max(64).optional(),
  entity_identifier: z.string({ error: typeMsg(MSG.string) }).max(255).nullable().optional(),
  external_id: z.string().max(255).nullable().optional(),
  external_source: z.string().max(255).nullable().optional(),
});
type SlotBody = z.infer<typeof slotBody>;
const markBody = z.object({ attributes: z.record(z.string(), z.unknown(), { error: typeMsg(MSG.object) }).optional() }).passthrough();

const wsParams = z.object({ slug: z.string() });
const wsAssetParams = wsParams.extend({ assetId: zUuid });
const prParams = wsParams.extend({ projectId: zUuid });
const prAssetParams = prParams.extend({ assetId: zUuid });
const attParams = prParams.extend({ issueId: zUuid });
const attAssetParams = attParams.extend({ assetId: zUuid });

const USER_TYPES = ["USER_AVATAR", "USER_COVER"];
/** Types a browser may render inline from our origin; anything else downloads. */
const INLINE_SAFE = new Set<string>([...IMAGE_MIME_TYPES, "application/pdf", "text/plain"]);

function checkType(entityType: string, type: string) {
  if (!isAllowedUploadType(entityType, type)) throw invalidFileType();
}
function checkEntityType(t: string | undefined, allowed: (t: string) => boolean): string {
  if (!t || !(ASSET_ENTITY_TYPES as readonly string[]).includes(t) || !allowed(t)) throw invalidEntityType();
  return t;
}
const isUuid = (s: string | null | undefined): s is string => !!s && z.uuid().safeParse(s).success;
const invalidIdentifier = () => errors.badRequest("Invalid entity identifier.", { status: false });

/** 302 to a signed download of the asset's bytes (404 when not uploaded). */
function redirectToFile(ctx: Ctx<any, any, any, any>, asset: AssetRow | undefined, disposition: Disposition) {
  if (!asset || !asset.isUploaded || asset.isDeleted) throw errors.notFound();
  ctx.reply.header("Cache-Control", "private, no-store");
  return ctx.reply.redirect(signedDownloadPath(ctx.app.secretKey, asset.id, disposition), 302);
}

/** Link a workspace/project slot to its entity, checking the identifier against the caller's scope. */
async function slotLinks(ctx: Ctx<any, any, any, any>, entityType: string, ident: string | null | undefined, projectId: string | null) {
  const links: { projectId?: string | null; issueId?: string | null; commentId?: string | null; pageId?: string | null; draftIssueId?: string | null } = { projectId };
  const id = ident || null;
  const wsRole = ctx.workspaceMember?.role ?? null;
  switch (entityType) {
    case "WORKSPACE_LOGO":
      requirePolicy(Policies.workspace.admin, { userId: ctx.user.id, workspaceRole: wsRole });
      break;
    case "PROJECT_COVER": {
      const pid = projectId ?? (isUuid(id) ? id : null);
      if (id && !isUuid(id)) throw invalidIdentifier();
      if (pid) {
        const [p] = await ctx.app.db.select().from(schema.projects).where(and(eq(schema.projects.id, pid), eq(schema.projects.workspaceId, ctx.workspace.id))).limit(1);
        if (!p) throw invalidIdentifier();
        const [m] = await ctx.app.db
          .select()
          .from(schema.projectMembers)
          .where(and(eq(schema.projectMembers.projectId, p.id), eq(schema.projectMembers.memberId, ctx.user.id), eq(schema.projectMembers.isActive, true)))
          .limit(1);
        requirePolicy(Policies.project.admin, { userId: ctx.user.id, workspaceRole: wsRole, projectRole: m?.role ?? null });
        links.projectId = p.id;
      }
      break;
    }
    case "ISSUE_DESCRIPTION":
    case "COMMENT_DESCRIPTION":
      if (id) {
        if (!isUuid(id)) throw invalidIdentifier();
        let issueId = id;
        let commentId: string | null = null;
        if (entityType === "COMMENT_DESCRIPTION") {
          const [c] = await ctx.app.db
            .select()
            .from(schema.issueComments)
            .where(and(eq(schema.issueComments.id, id), eq(schema.issueComments.workspaceId, ctx.workspace.id), isNull(schema.issueComments.deletedAt)))
            .limit(1);
          if (!c) throw invalidIdentifier();
          issueId = c.issueId;
          commentId = c.id;
        }
        const [issue] = await ctx.app.db
          .select()
          .from(schema.issues)
          .where(and(eq(schema.issues.id, issueId), eq(schema.issues.workspaceId, ctx.workspace.id), isNull(schema.issues.deletedAt)))
          .limit(1);
        if (!issue || (projectId && issue.projectId !== projectId)) throw invalidIdentifier();
        const [project] = projectId ? [ctx.project] : await ctx.app.db.select().from(schema.projects).where(eq(schema.projects.id, issue.projectId)).limit(1);
        const [member] = projectId
          ? [ctx.projectMember]
          : await ctx.app.db
              .select()
              .from(schema.projectMembers)
              .where(and(eq(schema.projectMembers.projectId, issue.projectId), eq(schema.projectMembers.memberId, ctx.user.id), eq(schema.projectMembers.isActive, true)))
              .limit(1);
        if (!member) throw errors.permissionDenied();
        assertCanSee(ctx.user.id, project, member, issue);
        links.issueId = issue.id;
        links.commentId = commentId;
        links.projectId = issue.projectId;
      }
      break;
    case "PAGE_DESCRIPTION":
      if (id) {
        if (!isUuid(id)) throw invalidIdentifier();
        links.pageId = id;
      }
      break;
    case "DRAFT_ISSUE_DESCRIPTION":
    case "DRAFT_ISSUE_ATTACHMENT":
      if (id) {
        if (!isUuid(id)) throw invalidIdentifier();
        const [d] = await ctx.app.db
          .select()
          .from(schema.draftIssues)
          .where(and(eq(schema.draftIssues.id, id), eq(schema.draftIssues.workspaceId, ctx.workspace.id), eq(schema.draftIssues.createdById, ctx.user.id)))
          .limit(1);
        if (!d) throw invalidIdentifier();
        links.draftIssueId = d.id;
      }
      break;
  }
  return links;
}

async function newSlot(ctx: Ctx<any, any, SlotBody, any>, scope: { projectId: string | null }, allowed: (t: string) => boolean) {
  const entityType = checkEntityType(ctx.body.entity_type, allowed);
  checkType(entityType, ctx.body.type);
  const links = await slotLinks(ctx, entityType, ctx.body.entity_identifier, scope.projectId);
  const { body } = await createUploadSlot(ctx.app.db, ctx.app, ctx.req, ctx.user.id, ctx.workspace.slug, {
    name: ctx.body.name,
    type: ctx.body.type,
    size: ctx.body.size,
    entityType,
    entityIdentifier: ctx.body.entity_identifier,
    workspaceId: ctx.workspace.id,
    ...links,
  });
  return body;
}

async function loadWorkspaceAsset(ctx: Ctx<{ assetId: string }, any, any, any>, opts: { includeDeleted?: boolean } = {}) {
  const [a] = await ctx.app.db.select().from(FA).where(and(eq(FA.id, ctx.params.assetId), eq(FA.workspaceId, ctx.workspace.id))).limit(1);
  if (!a || (a.isDeleted && !opts.includeDeleted)) throw errors.notFound();
  return a;
}

async function loadProjectAsset(ctx: Ctx<{ assetId: string }, any, any, any>) {
  if (!ctx.projectMember) throw errors.permissionDenied();
  const [a] = await ctx.app.db.select().from(FA).where(and(eq(FA.id, ctx.params.assetId), eq(FA.projectId, ctx.project.id), eq(FA.isDeleted, false))).limit(1);
  if (!a) throw errors.notFound();
  if (a.issueId) {
    const issue = await findIssue(ctx.app.db, ctx.project.id, a.issueId);
    if (issue) assertCanSee(ctx.user.id, ctx.project, ctx.projectMember, issue);
  }
  return a;
}

async function loadAttachment(ctx: Ctx<{ issueId: string; assetId: string }, any, any, any>) {
  const issue = await loadIssueForRoute(ctx);
  const [a] = await ctx.app.db
    .select()
    .from(FA)
    .where(and(eq(FA.id, ctx.params.assetId), eq(FA.issueId, issue.id), eq(FA.entityType, "ISSUE_ATTACHMENT"), eq(FA.isDeleted, false)))
    .limit(1);
  if (!a) throw errors.notFound();
  return a;
}

/** Both path families of issue attachments, for issues and epics. */
const attachmentUrls = (suffix: string) => [
  `${PA}/issues/:issueId/attachments/${suffix}`,
  `${P}/issues/:issueId/attachments/${suffix}`,
  `${PA}/epics/:issueId/attachments/${suffix}`,
  `${P}/epics/:issueId/attachments/${suffix}`,
];

/** Buffer a stream; an error (e.g. a form that ends inside the file) resolves with `error`. */
function collect(stream: NodeJS.ReadableStream): Promise<{ data: Buffer; error: unknown }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let settled = false;
    const done = (error: unknown) => {
      if (settled) return;
      settled = true;
      resolve({ data: Buffer.concat(chunks), error });
    };
    stream.on("data", (c: Buffer) => chunks.push(c));
    stream.on("end", () => done(null));
    stream.on("error", (e) => done(e ?? new Error("stream error")));
    stream.on("close", () => done(settled ? null : new Error("stream closed early")));
  });
}

/** The upload receiver: multipart form with the slot's fields, then `file` (wire-facts §10). */
function registerReceiver(fastify: FastifyInstance, app: AppContext) {
  fastify.register(async (child) => {
    await child.register(multipart, { limits: { fileSize: MAX_UPLOAD_SIZE, files: 1, fields: 40, fieldSize: 64 * 1024, parts: 60 }, throwFileSizeLimit: false });
    route(child, app, {
      method: "POST",
      url: `${A}/upload/`,
      auth: "none",
      policy: null,
      status: 204,
      handler: async (ctx) => {
        if (!ctx.req.isMultipart()) throw errors.badRequest("Expected a multipart/form-data upload.");
        const fields: Record<string, string> = {};
        let stored = false;
        try {
          for await (const part of ctx.req.parts()) {
            if (part.type !== "file") {
              fields[part.fieldname] = String(part.value ?? "");
              continue;
            }
            if (stored) {
              part.file.resume();
              continue;
            }
            // read the file at once (≤ 5 MB), so a body that ends early is seen as an error, not a stall
            const received = collect(part.file);
            const claims = verifyUpload(app.secretKey, fields.token);
            if (!claims || (fields.key !== undefined && fields.key !== claims.k)) throw errors.body(403, { error: "The upload token is invalid or has expired." });
            const declaredType = fields["Content-Type"] ?? fields["content-type"];
            if (declaredType !== undefined && declaredType.split(";")[0].trim().toLowerCase() !== claims.t.split(";")[0].trim().toLowerCase()) {
              throw errors.badRequest("Content-Type does not match the upload slot.");
            }
            const { data, error } = await received;
            if (error) throw errors.badRequest("Malformed multipart upload.");
            if (part.file.truncated || data.length > claims.s || data.length > MAX_UPLOAD_SIZE) {
              throw errors.badRequest(`File size exceeds the allowed size of ${Math.min(claims.s, MAX_UPLOAD_SIZE)} bytes.`);
            }
            // one upload per token: claim the slot atomically, then store
            const claimed = await app.db.execute<{ id: string }>(sql`
              UPDATE file_assets SET storage_metadata = jsonb_build_object('upload_started_at', now())
              WHERE id = ${claims.a} AND NOT is_uploaded AND NOT is_deleted
                AND (storage_metadata IS NULL OR NOT (storage_metadata ? 'upload_started_at'))
              RETURNING id`);
            if (claimed.length === 0) throw errors.body(403, { error: "This upload link has already been used." });
            try {
              await app.storage.put(claims.k, data, claims.t);
            } catch (err) {
              await app.storage.delete(claims.k).catch(() => {});
              await app.db.update(FA).set({ storageMetadata: null }).where(eq(FA.id, claims.a));
              throw err;
            }
            await app.db
              .update(FA)
              .set({ storageMetadata: sql`COALESCE(${FA.storageMetadata}, '{}'::jsonb) || jsonb_build_object('received_at', now(), 'size', ${data.length}::bigint, 'content_type', ${claims.t}::text)` })
              .where(eq(FA.id, claims.a));
            stored = true;
          }
        } catch (err) {
          if (err instanceof HttpError) throw err;
          throw errors.badRequest("Malformed multipart upload.");
        }
        if (!stored) throw errors.badRequest("No file was uploaded.");
        return undefined;
      },
    });
  });
}

/** Assets v2 (wire-facts §10, platform.md §7): upload slots, receiver, mark uploaded, delete/restore, bulk, check, downloads; issue attachments. */
export const assetRoutes: RouteModule = (fastify, app) => {
  registerReceiver(fastify, app);
  registerExternalImages(fastify, app);

  // ---- signed downloads: the bytes, for 3600 s
  route(fastify, app, {
    method: "GET",
    url: `${A}/files/:assetId/`,
    auth: "none",
    policy: null,
    params: z.object({ assetId: zUuid }),
    query: z.object({ exp: z.string().optional(), disposition: z.string().optional(), sig: z.string().optional() }).passthrough(),
    handler: async (ctx) => {
      const { exp, disposition, sig } = ctx.query;
      if (!verifyDownload(app.secretKey, ctx.params.assetId, exp, disposition, sig)) throw errors.body(403, { error: "The download link is invalid or has expired." });
      const [a] = await app.db.select().from(FA).where(eq(FA.id, ctx.params.assetId)).limit(1);
      if (!a || !a.isUploaded || a.isDeleted) throw errors.notFound();
      const stream = await app.storage.get(a.asset);
      if (!stream) throw errors.notFound();
      const attrs = a.attributes as { name?: string; type?: string };
      const type = (attrs.type ?? "application/octet-stream").split(";")[0].trim().toLowerCase();
      const inline = disposition === "inline" && INLINE_SAFE.has(type);
      const name = attrs.name ?? "file";
      const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, "_");
      ctx.reply
        .header("Content-Type", type || "application/octet-stream")
        .header("Content-Disposition", `${inline ? "inline" : "attachment"}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`)
        .header("Cache-Control", "private, max-age=3600")
        .header("X-Content-Type-Options", "nosniff")
        .header("Content-Security-Policy", "default-src 'none'; img-src 'self'; media-src 'self'; sandbox");
      const size = await app.storage.size(a.asset);
      if (size !== null) ctx.reply.header("Content-Length", String(size));
      return ctx.reply.send(stream);
    },
  });

  // ---- public images (avatars, covers, logos)
  route(fastify, app, {
    method: "GET",
    url: `${A}/static/:assetId/`,
    auth: "none",
    policy: null,
    params: z.object({ assetId: zUuid }),
    handler: async (ctx) => {
      const [a] = await app.db.select().from(FA).where(eq(FA.id, ctx.params.assetId)).limit(1);
      if (!a || !(PUBLIC_ENTITY_TYPES as readonly string[]).includes(a.entityType ?? "")) throw errors.notFound();
      return redirectToFile(ctx, a, "inline");
    },
  });

  // ---- user assets: avatar and cover
  route(fastify, app, {
    method: "POST",
    url: `${A}/user-assets/`,
    body: slotBody,
    policy: Policies.user.any,
    handler: async (ctx) => {
      const entityType = checkEntityType(ctx.body.entity_type, (t) => USER_TYPES.includes(t));
      checkType(entityType, ctx.body.type);
      const { body } = await createUploadSlot(ctx.app.db, ctx.app, ctx.req, ctx.user.id, null, {
        name: ctx.body.name, type: ctx.body.type, size: ctx.body.size, entityType, entityIdentifier: ctx.user.id, userId: ctx.user.id,
      });
      return body;
    },
  });

  const loadUserAsset = async (ctx: Ctx<{ assetId: string }, any, any, any>) => {
    const [a] = await ctx.app.db
      .select()
      .from(FA)
      .where(and(eq(FA.id, ctx.params.assetId), eq(FA.userId, ctx.user.id), inArray(FA.entityType, USER_TYPES), eq(FA.isDeleted, false)))
      .limit(1);
    if (!a) throw errors.notFound();
    return a;
  };

  route(fastify, app, {
    method: "PATCH",
    url: `${A}/user-assets/:assetId/`,
    params: z.object({ assetId: zUuid }),
    body: markBody,
    policy: Policies.user.any,
    load: loadUserAsset,
    status: 204,
    handler: async (ctx) => {
      await ctx.app.db.transaction((tx) => markUploaded(tx, ctx.app, ctx.loaded, ctx.user.id, ctx.body.attributes));
      return undefined;
    },
  });

  route(fastify, app, {
    method: "DELETE",
    url: `${A}/user-assets/:assetId/`,
    params: z.object({ assetId: zUuid }),
    policy: Policies.user.any,
    load: loadUserAsset,
    status: 204,
    handler: async (ctx) => {
      await ctx.app.db.transaction((tx) => deleteAsset(tx, ctx.loaded, ctx.user.id));
      return undefined;
    },
  });

  // ---- workspace assets
  route(fastify, app, {
    method: "POST",
    url: `${WA}/`,
    scope: "workspace",
    params: wsParams,
    body: slotBody,
    policy: Policies.workspace.read,
    handler: (ctx) => newSlot(ctx, { projectId: null }, (t) => !USER_TYPES.includes(t) && t !== "ISSUE_ATTACHMENT"),
  });

  route(fastify, app, {
    method: "GET",
    url: `${WA}/:assetId/`,
    scope: "workspace",
    params: wsAssetParams,
    policy: Policies.workspace.read,
    load: (ctx) => loadWorkspaceAsset(ctx),
    handler: async (ctx) => redirectToFile(ctx, ctx.loaded, "inline"),
  });

  route(fastify, app, {
    method: "GET",
    url: [`${WA}/download/:assetId/`],
    scope: "workspace",
    params: wsAssetParams,
    policy: Policies.workspace.read,
    load: (ctx) => loadWorkspaceAsset(ctx),
    handler: async (ctx) => redirectToFile(ctx, ctx.loaded, "attachment"),
  });

  route(fastify, app, {
    method: "PATCH",
    url: `${WA}/:assetId/`,
    scope: "workspace",
    params: wsAssetParams,
    body: markBody,
    policy: Policies.workspace.memberOrCreator,
    load: (ctx) => loadWorkspaceAsset(ctx),
    creatorOf: (a) => a.createdById,
    status: 204,
    handler: async (ctx) => {
      await ctx.app.db.transaction((tx) => markUploaded(tx, ctx.app, ctx.loaded, ctx.user.id, ctx.body.attributes));
      return undefined;
    },
  });

  route(fastify, app, {
    method: "DELETE",
    url: `${WA}/:assetId/`,
    scope: "workspace",
    params: wsAssetParams,
    policy: Policies.workspace.memberOrCreator,
    load: (ctx) => loadWorkspaceAsset(ctx),
    creatorOf: (a) => a.createdById,
    status: 204,
    handler: async (ctx) => {
      await ctx.app.db.transaction((tx) => deleteAsset(tx, ctx.loaded, ctx.user.id));
      return undefined;
    },
  });

  route(fastify, app, {
    method: "POST",
    url: `${WA}/restore/:assetId/`,
    scope: "workspace",
    params: wsAssetParams,
    policy: Policies.workspace.memberOrCreator,
    load: (ctx) => loadWorkspaceAsset(ctx, { includeDeleted: true }),
    creatorOf: (a) => a.createdById,
    status: 204,
    handler: async (ctx) => {
      await ctx.app.db.transaction((tx) => restoreAsset(tx, ctx.loaded, ctx.user.id));
      return undefined;
    },
  });

  route(fastify, app, {
    method: "GET",
    url: `${WA}/check/:assetId/`,
    scope: "workspace",
    params: wsAssetParams,
    policy: Policies.workspace.read,
    handler: async (ctx) => {
      const [a] = await ctx.app.db
        .select({ id: FA.id })
        .from(FA)
        .where(and(eq(FA.id, ctx.params.assetId), eq(FA.workspaceId, ctx.workspace.id), eq(FA.isDeleted, false)))
        .limit(1);
      return { exists: !!a };
    },
  });

  // POST {entity_type, entity_id?, project_id?} → {asset_id}: a copy of an uploaded file for another entity
  route(fastify, app, {
    method: "POST",
    url: `${WA}/duplicate-assets/:assetId/`,
    scope: "workspace",
    params: wsAssetParams,
    body: z.object({ entity_type: z.string().max(64), entity_id: zUuid.nullable().optional(), project_id: zUuid.nullable().optional() }),
    policy: Policies.workspace.member,
    load: (ctx) => loadWorkspaceAsset(ctx),
    handler: async (ctx) => {
      const src = ctx.loaded;
      if (!src.isUploaded) throw errors.notFound();
      const entityType = checkEntityType(ctx.body.entity_type, (t) => !USER_TYPES.includes(t));
      const attrs = src.attributes as { name?: string; type?: string };
      checkType(entityType, attrs.type ?? "");
      let projectId: string | null = null;
      if (ctx.body.project_id) {
        const [p] = await ctx.app.db.select().from(schema.projects).where(and(eq(schema.projects.id, ctx.body.project_id), eq(schema.projects.workspaceId, ctx.workspace.id))).limit(1);
        if (!p) throw errors.field("project_id", "Invalid project");
        projectId = p.id;
      }
      const stream = await ctx.app.storage.get(src.asset);
      if (!stream) throw errors.notFound();
      const id = await ctx.app.db.transaction(async (tx) => {
        const { asset } = await createUploadSlot(tx, ctx.app, ctx.req, ctx.user.id, ctx.workspace.slug, {
          name: attrs.name ?? "file", type: attrs.type ?? "", size: src.size, entityType, entityIdentifier: ctx.body.entity_id ?? null, workspaceId: ctx.workspace.id, projectId,
        });
        await ctx.app.storage.put(asset.asset, stream, attrs.type);
        await tx.update(FA).set({ isUploaded: true, storageMetadata: { size: src.size, content_type: attrs.type ?? null, duplicated_from: src.id } }).where(eq(FA.id, asset.id));
        return asset.id;
      });
      return { asset_id: id };
    },
  });

  // ---- project assets
  route(fastify, app, {
    method: "POST",
    url: `${PA}/`,
    scope: "project",
    params: prParams,
    body: slotBody,
    policy: Policies.project.read,
    handler: (ctx) => newSlot(ctx, { projectId: ctx.project.id }, (t) => !USER_TYPES.includes(t) && t !== "WORKSPACE_LOGO" && t !== "ISSUE_ATTACHMENT"),
  });

  route(fastify, app, {
    method: "GET",
    url: `${PA}/:assetId/`,
    scope: "project",
    params: prAssetParams,
    policy: Policies.project.read,
    load: loadProjectAsset,
    handler: async (ctx) => redirectToFile(ctx, ctx.loaded, "inline"),
  });

  route(fastify, app, {
    method: "GET",
    url: `${PA}/download/:assetId/`,
    scope: "project",
    params: prAssetParams,
    policy: Policies.project.read,
    load: loadProjectAsset,
    handler: async (ctx) => redirectToFile(ctx, ctx.loaded, "attachment"),
  });

  route(fastify, app, {
    method: "PATCH",
    url: `${PA}/:assetId/`,
    scope: "project",
    params: prAssetParams,
    body: markBody,
    policy: Policies.project.memberOrCreator,
    load: loadProjectAsset,
    creatorOf: (a) => a.createdById,
    status: 204,
    handler: async (ctx) => {
      await ctx.app.db.transaction((tx) => markUploaded(tx, ctx.app, ctx.loaded, ctx.user.id, ctx.body.attributes));
      return undefined;
    },
  });

  route(fastify, app, {
    method: "DELETE",
    url: `${PA}/:assetId/`,
    scope: "project",
    params: prAssetParams,
    policy: Policies.project.memberOrCreator,
    load: loadProjectAsset,
    creatorOf: (a) => a.createdById,
    status: 204,
    handler: async (ctx) => {
      await ctx.app.db.transaction((tx) => deleteAsset(tx, ctx.loaded, ctx.user.id));
      return undefined;
    },
  });

  // POST .../{entity_id}/bulk/ {asset_ids}: link uploaded description images to their work item, comment, page or draft
  route(fastify, app, {
    method: "POST",
    url: `${PA}/:entityId/bulk/`,
    scope: "project",
    params: prParams.extend({ entityId: zUuid }),
    body: z.object({ asset_ids: z.array(zUuid, { error: typeMsg(MSG.list) }).max(500) }),
    policy: Policies.project.read,
    status: 204,
    handler: async (ctx) => {
      const ids = [...new Set(ctx.body.asset_ids)];
      if (ids.length === 0) return undefined;
      if (!ctx.projectMember) throw errors.permissionDenied();
      const entityId = ctx.params.entityId;
      await ctx.app.db.transaction(async (tx) => {
        const assets = await tx
          .select()
          .from(FA)
          .where(and(inArray(FA.id, ids), eq(FA.workspaceId, ctx.workspace.id), eq(FA.isDeleted, false), or(isNull(FA.projectId), eq(FA.projectId, ctx.project.id))));
        if (assets.length !== ids.length) throw errors.notFound();
        const issue = await findIssue(tx, ctx.project.id, entityId);
        const [comment] = await tx.select().from(schema.issueComments).where(and(eq(schema.issueComments.id, entityId), eq(schema.issueComments.projectId, ctx.project.id))).limit(1);
        const [draft] = await tx.select().from(schema.draftIssues).where(and(eq(schema.draftIssues.id, entityId), eq(schema.draftIssues.createdById, ctx.user.id))).limit(1);
        for (const a of assets) {
          const set: Partial<typeof FA.$inferInsert> = { projectId: ctx.project.id, entityIdentifier: entityId, updatedAt: new Date(), updatedById: ctx.user.id };
          if (a.entityType === "ISSUE_DESCRIPTION" || a.entityType === "ISSUE_ATTACHMENT") {
            if (!issue) throw errors.badRequest("Invalid entity identifier.", { status: false });
            assertCanSee(ctx.user.id, ctx.project, ctx.projectMember, issue);
            set.issueId = issue.id;
          } else if (a.entityType === "COMMENT_DESCRIPTION") {
            if (!comment) throw errors.badRequest("Invalid entity identifier.", { status: false });
            set.commentId = comment.id;
            set.issueId = comment.issueId;
          } else if (a.entityType === "DRAFT_ISSUE_DESCRIPTION" || a.entityType === "DRAFT_ISSUE_ATTACHMENT") {
            if (!draft) throw errors.badRequest("Invalid entity identifier.", { status: false });
            set.draftIssueId = draft.id;
          } else if (a.entityType === "PAGE_DESCRIPTION") {
            set.pageId = entityId;
          }
          await tx.update(FA).set(set).where(eq(FA.id, a.id));
        }
      });
      return undefined;
    },
  });

  // ---- issue attachments (both path families; issues and epics)
  route(fastify, app, {
    method: "GET",
    url: attachmentUrls(""),
    scope: "project",
    params: attParams,
    policy: Policies.project.read,
    load: (ctx) => loadIssueForRoute(ctx),
    handler: async (ctx) => {
      const rows = await ctx.app.db
        .select()
        .from(FA)
        .where(and(eq(FA.issueId, ctx.loaded.id), eq(FA.entityType, "ISSUE_ATTACHMENT"), eq(FA.isUploaded, true), eq(FA.isDeleted, false)))
        .orderBy(desc(FA.createdAt));
      return rows.map((a) => presentAsset(a, ctx.workspace.slug));
    },
  });

  route(fastify, app, {
    method: "POST",
    url: attachmentUrls(""),
    scope: "project",
    params: attParams,
    body: slotBody,
    policy: Policies.project.read,
    load: (ctx) => loadIssueForRoute(ctx),
    handler: async (ctx) => {
      checkType("ISSUE_ATTACHMENT", ctx.body.type);
      const issue = ctx.loaded;
      const { asset, body } = await createUploadSlot(ctx.app.db, ctx.app, ctx.req, ctx.user.id, ctx.workspace.slug, {
        name: ctx.body.name,
        type: ctx.body.type,
        size: ctx.body.size,
        entityType: "ISSUE_ATTACHMENT",
        entityIdentifier: issue.id,
        workspaceId: issue.workspaceId,
        projectId: issue.projectId,
        issueId: issue.id,
      });
      return { ...body, attachment: presentAsset(asset, ctx.workspace.slug) };
    },
  });

  route(fastify, app, {
    method: "GET",
    url: attachmentUrls(":assetId/"),
    scope: "project",
    params: attAssetParams,
    policy: Policies.project.read,
    load: loadAttachment,
    handler: async (ctx) => redirectToFile(ctx, ctx.loaded, "attachment"),
  });

  route(fastify, app, {
    method: "PATCH",
    url: attachmentUrls(":assetId/"),
    scope: "project",
    params: attAssetParams,
    body: markBody,
    policy: Policies.project.memberOrCreator,
    load: loadAttachment,
    creatorOf: (a) => a.createdById,
    status: 204,
    handler: async (ctx) => {
      await ctx.app.db.transaction((tx) => markUploaded(tx, ctx.app, ctx.loaded, ctx.user.id, ctx.body.attributes));
      return undefined;
    },
  });

  route(fastify, app, {
    method: "DELETE",
    url: attachmentUrls(":assetId/"),
    scope: "project",
    params: attAssetParams,
    policy: Policies.project.adminOrCreator,
    load: loadAttachment,
    creatorOf: (a) => a.createdById,
    status: 204,
    handler: async (ctx) => {
      await ctx.app.db.transaction((tx) => deleteAsset(tx, ctx.loaded, ctx.user.id));
      return undefined;
    },
  });
};
