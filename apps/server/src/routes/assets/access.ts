import { and, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { projectOf, workspaceOf, type ProjectMemberRow, type ProjectRow, type SignedInCtx } from "../../http/route.ts";
import { allows, canSeeWorkItem, POLICIES, type Policy } from "../../http/policies.ts";
import { errors } from "../../http/errors.ts";
import { schema } from "../../db/client.ts";
import { FA, type AssetRow } from "./commands.ts";

/**
 * The one authorizer of assets. Every asset route (workspace, project, attachment and user paths, slots,
 * duplicate, bulk links, check) decides through `assetAccess`: an asset belongs to the entity its links name
 * (a user, the workspace, a project, a work item, a draft), and that entity's rules apply whatever path it was
 * reached by. What the caller may not read is 404; what they may read but not change is 403.
 */
export type AssetAction = "read" | "create" | "upload" | "delete";

/** Whose an asset is. */
type Owner = "user" | "logo" | "cover" | "pendingCover" | "attachment" | "project" | "draft" | "workspaceFile";

/**
 * A policy of `core/policies.ts` checked with the caller's roles in the asset's workspace and project (the asset's
 * creator counts for `creatorAllowed` policies), or "owner": only the owner — the user of an avatar/cover, the
 * author of a draft, the uploader of a cover not yet given to a project.
 */
type Rule = Policy | "owner";

const RULES: Record<Owner, Record<AssetAction, Rule>> = {
  // avatars and profile covers: public images (static URL); only their user changes them
  user: { read: POLICIES.user.any, create: "owner", upload: "owner", delete: "owner" },
  // public workspace image (static URL)
  logo: {
    read: POLICIES.workspace.read,
    create: POLICIES.workspace.admin,
    upload: POLICIES.workspace.admin,
    delete: POLICIES.workspace.admin,
  },
  // public project image (static URL); project administration
  cover: {
    read: POLICIES.workspace.read,
    create: POLICIES.project.administer,
    upload: POLICIES.project.administer,
    delete: POLICIES.project.administer,
  },
  // a cover uploaded before its project exists (create-project form): the uploader's until a project adopts it
  pendingCover: { read: POLICIES.workspace.read, create: POLICIES.workspace.member, upload: "owner", delete: "owner" },
  // work-item attachments: like the work item; only project admins and the uploader remove them
  attachment: {
    read: POLICIES.project.read,
    create: POLICIES.project.read,
    upload: POLICIES.project.memberOrCreator,
    delete: POLICIES.project.adminOrCreator,
  },
  // description and comment images of a project (and of its work items)
  project: {
    read: POLICIES.project.read,
    create: POLICIES.project.read,
    upload: POLICIES.project.memberOrCreator,
    delete: POLICIES.project.memberOrCreator,
  },
  // drafts are private to their author
  draft: { read: "owner", create: "owner", upload: "owner", delete: "owner" },
  // workspace files linked to nothing yet
  workspaceFile: {
    read: POLICIES.workspace.read,
    create: POLICIES.workspace.read,
    upload: POLICIES.workspace.memberOrCreator,
    delete: POLICIES.workspace.memberOrCreator,
  },
};

const USER_TYPES = ["USER_AVATAR", "USER_COVER"];

/** The links that decide whose an asset is: an existing row, or an asset about to be made (creator = caller). */
export type AssetLinks = Pick<
  AssetRow,
  "entityType" | "workspaceId" | "projectId" | "issueId" | "draftIssueId" | "userId" | "createdById"
>;

function ownerOf(a: AssetLinks): Owner {
  const t = a.entityType ?? "";
  if (USER_TYPES.includes(t)) return "user";
  if (t === "WORKSPACE_LOGO") return "logo";
  if (t === "PROJECT_COVER") return a.projectId ? "cover" : "pendingCover";
  if (t === "DRAFT_ISSUE_ATTACHMENT" || t === "DRAFT_ISSUE_DESCRIPTION" || a.draftIssueId) return "draft";
  if (t === "ISSUE_ATTACHMENT") return "attachment";
  if (a.projectId) return "project";
  return "workspaceFile";
}

/** The entities an asset's links name, with the caller's project membership, in one query. */
export interface AssetEntities {
  project: ProjectRow | null;
  projectMember: ProjectMemberRow | null;
  issue: { id: string; createdById: string | null; isEpic: boolean } | null;
  draft: { id: string; createdById: string | null } | null;
}

const NONE: AssetEntities = { project: null, projectMember: null, issue: null, draft: null };
const never = sql`false`;

async function loadEntities(ctx: SignedInCtx, a: AssetLinks): Promise<AssetEntities> {
  if (!a.workspaceId || !(a.projectId || a.issueId || a.draftIssueId)) return NONE;
  const { workspaces, projects, projectMembers, issues, draftIssues } = schema;
  const [row] = await ctx.app.db
    .select({
      project: projects,
      projectMember: projectMembers,
      issueId: issues.id,
      issueCreatedById: issues.createdById,
      issueIsEpic: issues.isEpic,
      draftId: draftIssues.id,
      draftCreatedById: draftIssues.createdById,
    })
    .from(workspaces)
    .leftJoin(
      projects,
      a.projectId ? and(eq(projects.id, a.projectId), eq(projects.workspaceId, workspaces.id)) : never,
    )
    .leftJoin(
      projectMembers,
      and(
        eq(projectMembers.projectId, projects.id),
        eq(projectMembers.memberId, ctx.user.id),
        eq(projectMembers.isActive, true),
      ),
    )
    .leftJoin(
      issues,
      a.issueId ? and(eq(issues.id, a.issueId), eq(issues.projectId, projects.id), isNull(issues.deletedAt)) : never,
    )
    .leftJoin(
      draftIssues,
      a.draftIssueId ? and(eq(draftIssues.id, a.draftIssueId), eq(draftIssues.workspaceId, workspaces.id)) : never,
    )
    .where(eq(workspaces.id, a.workspaceId))
    .limit(1);
  if (!row) return NONE;
  return {
    project: row.project,
    projectMember: row.projectMember,
    issue: row.issueId ? { id: row.issueId, createdById: row.issueCreatedById, isEpic: !!row.issueIsEpic } : null,
    draft: row.draftId ? { id: row.draftId, createdById: row.draftCreatedById } : null,
  };
}

export type Access = { ok: true; entities: AssetEntities } | { ok: false; status: 403 | 404 };

/** May the caller do `action` on the asset (or, for "create", make an asset with these links)? Never throws. */
export async function assetAccess(ctx: SignedInCtx, a: AssetLinks, action: AssetAction): Promise<Access> {
  // an asset of another workspace than the route's is not there
  if (a.workspaceId && a.workspaceId !== ctx.workspace?.id) return { ok: false, status: 404 };
  const owner = ownerOf(a);
  const e = await loadEntities(ctx, a);
  // every named entity must exist (and the work item be visible to the caller)
  if (a.projectId && !e.project) return { ok: false, status: 404 };
  if (a.draftIssueId && !e.draft) return { ok: false, status: 404 };
  if (a.issueId) {
    if (!e.issue || !e.project) return { ok: false, status: 404 };
    const visible = canSeeWorkItem({
      userId: ctx.user.id,
      projectRole: e.projectMember?.role ?? null,
      guestViewAllFeatures: e.project.guestViewAllFeatures,
      creatorId: e.issue.createdById,
    });
    if (!visible) return { ok: false, status: 404 };
  }
  const ownerId =
    owner === "user" ? a.userId : owner === "draft" ? (e.draft?.createdById ?? a.createdById) : a.createdById;
  const roles = {
    userId: ctx.user.id,
    workspaceRole: ctx.workspaceMember?.role ?? null,
    projectRole: e.projectMember?.role ?? null,
    creatorId: a.createdById,
    projectIsPublic: e.project?.network === 2,
  };
  const passes = (rule: Rule) => (rule === "owner" ? !!ownerId && ownerId === ctx.user.id : allows(rule, roles));
  if (!passes(RULES[owner].read)) return { ok: false, status: 404 };
  if (action !== "read" && !passes(RULES[owner][action])) return { ok: false, status: 403 };
  return { ok: true, entities: e };
}

/** `assetAccess`, throwing 404 / 403. */
export async function authorizeAsset(ctx: SignedInCtx, a: AssetLinks, action: AssetAction): Promise<AssetEntities> {
  // On a project path a non-member is refused before anything about the asset is revealed: the pipeline's own
  // answer (403), given here too so it does not depend on whether the policy runs before or after `load`.
  if (ctx.project && !ctx.projectMember) throw errors.permissionDenied();
  const access = await assetAccess(ctx, a, action);
  if (!access.ok) throw access.status === 404 ? errors.notFound() : errors.forbidden();
  return access.entities;
}

/** Where a route family looks for `:assetId`. */
export interface AssetWhere {
  /** The route's workspace (user assets have none). */
  workspace?: boolean;
  /** The route's project. */
  project?: boolean;
  /** The work item of `:issueId` (its attachments only); on `epics/` paths the item must be an epic. */
  issue?: { epic: boolean };
  /** Only these entity types. */
  entityTypes?: string[];
  /** Deleted assets too (restore). */
  includeDeleted?: boolean;
}

/**
 * THE asset loader: find `:assetId` where the route family keeps it, then authorize `action` on it.
 * Every per-asset route (GET file, download, PATCH, DELETE, restore, duplicate) loads through here.
 */
export async function loadAsset(
  ctx: SignedInCtx<{ assetId: string; issueId?: string }>,
  where: AssetWhere,
  action: AssetAction,
): Promise<AssetRow> {
  const conds: SQL[] = [eq(FA.id, ctx.params.assetId)];
  if (where.workspace) conds.push(eq(FA.workspaceId, workspaceOf(ctx).id));
  if (where.project) conds.push(eq(FA.projectId, projectOf(ctx).id));
  if (where.issue) conds.push(eq(FA.issueId, String(ctx.params.issueId)));
  if (where.entityTypes) conds.push(inArray(FA.entityType, where.entityTypes));
  if (!where.includeDeleted) conds.push(eq(FA.isDeleted, false));
  const [a] = await ctx.app.db
    .select()
    .from(FA)
    .where(and(...conds))
    .limit(1);
  if (!a) throw errors.notFound();
  const e = await authorizeAsset(ctx, a, action);
  if (where.issue?.epic && !e.issue?.isEpic) throw errors.notFound();
  return a;
}

/** The links of an asset the caller is about to make in the route's workspace. */
export function newAssetLinks(ctx: SignedInCtx, entityType: string, links: Partial<AssetLinks>): AssetLinks {
  return {
    entityType,
    workspaceId: ctx.workspace?.id ?? null,
    projectId: links.projectId ?? null,
    issueId: links.issueId ?? null,
    draftIssueId: links.draftIssueId ?? null,
    userId: links.userId ?? null,
    createdById: ctx.user.id,
  };
}
