import { and, eq, isNull, or } from "drizzle-orm";
import type { Ctx, RouteScope, ScopeCtx } from "../../http/route.ts";
import { schema } from "../../db/client.ts";
import { createUploadSlot } from "./commands.ts";
import { authorizeAsset, newAssetLinks } from "./access.ts";
import { checkEntityType, checkType, invalidIdentifier, isUuid } from "./shared.ts";
import type { UploadSlotBody } from "./schemas.ts";

export type SlotLinks = {
  projectId?: string | null;
  issueId?: string | null;
  commentId?: string | null;
  pageId?: string | null;
  draftIssueId?: string | null;
};

/** The work item (and comment, for a comment's image) an asset's identifier names, within the route's scope. */
async function issueSlotLinks(
  ctx: ScopeCtx,
  entityType: string,
  id: string,
  projectId: string | null,
): Promise<SlotLinks> {
  let issueId = id;
  let commentId: string | null = null;
  if (entityType === "COMMENT_DESCRIPTION") {
    const [c] = await ctx.app.db
      .select()
      .from(schema.issueComments)
      .where(
        and(
          eq(schema.issueComments.id, id),
          eq(schema.issueComments.workspaceId, ctx.workspace.id),
          isNull(schema.issueComments.deletedAt),
        ),
      )
      .limit(1);
    // Plane's comment editor names the work item: its comment does not exist yet when the image is pasted
    // (the image joins its comment once the comment names it, `linkCommentImages`)
    if (c) {
      issueId = c.issueId;
      commentId = c.id;
    }
  }
  const [issue] = await ctx.app.db
    .select({ id: schema.issues.id, projectId: schema.issues.projectId })
    .from(schema.issues)
    .where(
      and(
        eq(schema.issues.id, issueId),
        eq(schema.issues.workspaceId, ctx.workspace.id),
        isNull(schema.issues.deletedAt),
      ),
    )
    .limit(1);
  if (!issue || (projectId && issue.projectId !== projectId)) throw invalidIdentifier();
  return { issueId: issue.id, commentId, projectId: issue.projectId };
}

/**
 * The entity an asset of `entityType` with identifier `ident` is for, within the route's workspace (and project,
 * when `projectId` is given): 400 "Invalid entity identifier." when it names nothing there. Who may use that
 * entity is decided by the authorizer (access.ts), not here.
 */
export async function slotLinks(
  ctx: ScopeCtx,
  entityType: string,
  ident: string | null | undefined,
  projectId: string | null,
): Promise<SlotLinks> {
  const links: SlotLinks = { projectId };
  const id = ident || null;
  if (id && entityType !== "WORKSPACE_LOGO" && !isUuid(id)) throw invalidIdentifier();
  switch (entityType) {
    case "PROJECT_COVER": {
      const pid = projectId ?? id;
      if (pid) {
        const [p] = await ctx.app.db
          .select({ id: schema.projects.id })
          .from(schema.projects)
          .where(and(eq(schema.projects.id, pid), eq(schema.projects.workspaceId, ctx.workspace.id)))
          .limit(1);
        if (!p) throw invalidIdentifier();
        links.projectId = p.id;
      }
      break;
    }
    case "ISSUE_ATTACHMENT":
    case "ISSUE_DESCRIPTION":
    case "COMMENT_DESCRIPTION":
      if (id) Object.assign(links, await issueSlotLinks(ctx, entityType, id, projectId));
      break;
    case "PAGE_DESCRIPTION":
      if (id) {
        // a page of this workspace (and project) the caller may read: public, or their own
        const pageTable = schema.pages;
        const [page] = await ctx.app.db
          .select({ id: pageTable.id, projectId: pageTable.projectId })
          .from(pageTable)
          .where(
            and(
              eq(pageTable.id, id),
              eq(pageTable.workspaceId, ctx.workspace.id),
              or(eq(pageTable.access, 0), eq(pageTable.ownedById, ctx.user.id)),
            ),
          )
          .limit(1);
        if (!page || (projectId && page.projectId !== projectId)) throw invalidIdentifier();
        links.pageId = page.id;
        links.projectId = page.projectId;
      }
      break;
    case "DRAFT_ISSUE_DESCRIPTION":
    case "DRAFT_ISSUE_ATTACHMENT":
      if (id) {
        const [d] = await ctx.app.db
          .select({ id: schema.draftIssues.id })
          .from(schema.draftIssues)
          .where(and(eq(schema.draftIssues.id, id), eq(schema.draftIssues.workspaceId, ctx.workspace.id)))
          .limit(1);
        if (!d) throw invalidIdentifier();
        links.draftIssueId = d.id;
      }
      break;
  }
  return links;
}

/** A new asset of the route's workspace, checked and authorized; what `createUploadSlot` needs besides name and size. */
export interface PreparedAsset {
  entityType: string;
  type: string;
  entityIdentifier: string | null;
  links: SlotLinks;
}

/**
 * Check a new workspace/project asset (entity type, file type, identifier) and authorize making it: the `load`
 * of the slot routes and of duplicate-assets.
 */
export async function prepareAsset(
  ctx: ScopeCtx,
  input: {
    entityType: string | undefined;
    type: string;
    name?: string;
    identifier: string | null | undefined;
    projectId: string | null;
  },
  allowed: (t: string) => boolean,
): Promise<PreparedAsset> {
  const entityType = checkEntityType(input.entityType, allowed);
  const type = checkType(entityType, input.type, input.name);
  const links = await slotLinks(ctx, entityType, input.identifier, input.projectId);
  await authorizeAsset(ctx, newAssetLinks(ctx, entityType, links), "create");
  return { entityType, type, entityIdentifier: input.identifier || null, links };
}

/** The upload slot of a prepared asset → `{upload_data, asset_id, asset_url}`. */
export async function newSlot(ctx: Ctx<unknown, unknown, UploadSlotBody, PreparedAsset, "session", RouteScope>) {
  const p = ctx.loaded;
  const { body } = await createUploadSlot(ctx.app.db, ctx.app, ctx.req, ctx.user.id, ctx.workspace.slug, {
    name: ctx.body.name,
    type: p.type,
    size: ctx.body.size,
    entityType: p.entityType,
    entityIdentifier: p.entityIdentifier,
    workspaceId: ctx.workspace.id,
    ...p.links,
  });
  return body;
}
