import { and, eq, isNull } from "drizzle-orm";
import { findScope, type Ctx } from "../../core/route.ts";
import { P as Policies } from "../../core/policies.ts";
import { errors } from "../../core/errors.ts";
import { schema } from "../../db/client.ts";
import { assertCanSee, requirePolicy } from "../issues/access.ts";
import { createUploadSlot } from "./commands.ts";
import { checkEntityType, checkType, invalidIdentifier, isUuid, type SlotBody } from "./shared.ts";

type SlotLinks = { projectId?: string | null; issueId?: string | null; commentId?: string | null; pageId?: string | null; draftIssueId?: string | null };

/** Link a workspace/project slot to its entity, checking the identifier against the caller's scope. */
async function slotLinks(ctx: Ctx<any, any, any, any>, entityType: string, ident: string | null | undefined, projectId: string | null) {
  const links: SlotLinks = { projectId };
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
        const scope = await findScope(ctx.app, ctx.workspace.slug, ctx.user.id, pid);
        if (!scope?.project) throw invalidIdentifier();
        requirePolicy(Policies.project.admin, { userId: ctx.user.id, workspaceRole: wsRole, projectRole: scope.projectMember?.role ?? null });
        links.projectId = scope.project.id;
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
        const scope = projectId ? null : await findScope(ctx.app, ctx.workspace.slug, ctx.user.id, issue.projectId);
        const project = projectId ? ctx.project : scope!.project!;
        const member = projectId ? ctx.projectMember : (scope?.projectMember ?? null);
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

/** An upload slot for a workspace or project asset (POST body `slotBody`) → `{upload_data, asset_id, asset_url}`. */
export async function newSlot(ctx: Ctx<any, any, SlotBody, any>, scope: { projectId: string | null }, allowed: (t: string) => boolean) {
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
