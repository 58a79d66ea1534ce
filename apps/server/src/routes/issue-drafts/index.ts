import { z } from "zod";
import { and, count, desc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { findScope, route, type ScopeCtx, type RouteModule } from "../../core/route.ts";
import { P as Policies } from "../../core/policies.ts";
import { errors } from "../../core/errors.ts";
import { envelope, parsePage } from "../../core/pagination.ts";
import { schema, type DbOrTx } from "../../db/client.ts";
import { P, W } from "../issues/urls.ts";
import { expandQuery, issueCreateBody, issuePatchBody, parseExpand, projectParams, zDate, zIdList, zName, zRef, zUuid, HTML_MAX, MSG, NAME_MAX } from "../issues/schemas.ts";
import { requirePolicy } from "../issues/access.ts";
import { assignableIds, createIssue, deleteIssue, nonField, projectLabelIds, START_AFTER_TARGET, updateIssue } from "../issues/commands.ts";
import { loadIssueView, loadIssueViewsOrdered } from "../issues/queries.ts";
import { presentIssue } from "../issues/presenters.ts";
import { buildIssueDetail } from "../issues/detail.ts";
import { stripHtml } from "../issues/text.ts";
import { htmlField } from "../../core/sanitize.ts";

const I = schema.issues;
const D = schema.draftIssues;
const pageQuery = z.object({ per_page: z.string().optional(), cursor: z.string().optional() }).passthrough();

/** Number of workspace drafts of a user (workspace-members/me `draft_issue_count`). */
export async function countDraftIssues(db: DbOrTx, workspaceId: string, userId: string): Promise<number> {
  const [r] = await db.select({ n: count() }).from(D).where(and(eq(D.workspaceId, workspaceId), eq(D.createdById, userId)));
  return Number(r?.n ?? 0);
}

// ---------------------------------------------------------------- project drafts (issues.is_draft)

const draftParams = projectParams.extend({ draftId: zUuid });

async function loadOwnProjectDraft(ctx: ScopeCtx<{ draftId: string }>) {
  const [row] = await ctx.app.db
    .select()
    .from(I)
    .where(and(eq(I.id, ctx.params.draftId), eq(I.projectId, ctx.project.id), eq(I.isDraft, true), isNull(I.deletedAt), eq(I.createdById, ctx.user.id)))
    .limit(1);
  if (!row) throw errors.notFound();
  return row;
}

// ---------------------------------------------------------------- workspace drafts (draft_issues)

const draftBody = z.object({
  name: z.string({ error: (iss) => (iss.input === undefined ? MSG.required : MSG.string) }).trim().max(NAME_MAX, MSG.maxLen(NAME_MAX)).optional(),
  description_html: htmlField(HTML_MAX).nullable().optional(),
  description_json: z.unknown().optional(),
  project_id: zRef.optional(),
  state_id: zRef.optional(),
  parent_id: zRef.optional(),
  label_ids: zIdList.optional(),
  assignee_ids: zIdList.optional(),
  module_ids: zIdList.optional(),
  cycle_id: zRef.optional(),
  priority: issueCreateBody.shape.priority,
  start_date: zDate.nullable().optional(),
  target_date: zDate.nullable().optional(),
  estimate_point: zRef.optional(),
  sort_order: issueCreateBody.shape.sort_order,
  type_id: zRef.optional(),
  external_source: issueCreateBody.shape.external_source,
  external_id: issueCreateBody.shape.external_id,
});
type DraftBody = z.infer<typeof draftBody>;
type DraftRow = typeof D.$inferSelect;

export function presentDraft(d: DraftRow) {
  return {
    id: d.id,
    name: d.name,
    description_html: d.descriptionHtml,
    state_id: d.stateId,
    sort_order: d.sortOrder,
    completed_at: d.completedAt,
    estimate_point: d.estimatePointId,
    priority: d.priority,
    start_date: d.startDate,
    target_date: d.targetDate,
    project_id: d.projectId,
    workspace_id: d.workspaceId,
    parent_id: d.parentId,
    cycle_id: d.cycleId,
    module_ids: d.moduleIds,
    label_ids: d.labelIds,
    assignee_ids: d.assigneeIds,
    type_id: d.typeId,
    is_draft: true,
    created_at: d.createdAt,
    updated_at: d.updatedAt,
    created_by: d.createdById,
    updated_by: d.updatedById,
  };
}

/**
 * Validate a workspace draft's references against its (optional) project; returns the columns to write.
 * Labels and assignees without a project are kept to the workspace; the project filters them again on conversion.
 */
/** A project of this workspace in which the caller may create work items (member or above). */
async function memberProject(ctx: ScopeCtx, projectId: string) {
  const scope = await findScope(ctx.app, ctx.workspace.slug, ctx.user.id, projectId);
  if (!scope?.project) throw errors.field("project_id", "Invalid project");
  requirePolicy(Policies.project.member, { userId: ctx.user.id, projectRole: scope.projectMember?.role ?? null });
  return scope.project;
}

async function draftColumns(ctx: ScopeCtx, tx: DbOrTx, merged: DraftBody): Promise<Partial<typeof D.$inferInsert>> {
  const wsId = ctx.workspace.id;
  const projectId: string | null = merged.project_id ?? null;
  if (projectId) {
    await memberProject(ctx, projectId);
  }
  if (merged.start_date && merged.target_date && merged.start_date > merged.target_date) throw nonField(START_AFTER_TARGET);
  const needProject = (field: string) => {
    if (!projectId) throw errors.field(field, "A project is needed for this field.");
  };
  let stateGroup: string | null = null;
  if (merged.state_id) {
    needProject("state_id");
    const [s] = await tx.select().from(schema.states).where(and(eq(schema.states.id, merged.state_id), eq(schema.states.projectId, projectId!), ne(schema.states.group, "triage"))).limit(1);
    if (!s) throw nonField("State is not valid please pass a valid state_id");
    stateGroup = s.group;
  }
  if (merged.estimate_point) {
    needProject("estimate_point");
    const [e] = await tx.select().from(schema.estimatePoints).where(and(eq(schema.estimatePoints.id, merged.estimate_point), eq(schema.estimatePoints.projectId, projectId!))).limit(1);
    if (!e) throw nonField("Estimate point is not valid please pass a valid estimate_point_id");
  }
  if (merged.parent_id) {
    const [p] = await tx.select().from(I).where(and(eq(I.id, merged.parent_id), eq(I.workspaceId, wsId), isNull(I.deletedAt))).limit(1);
    if (!p || (projectId && p.projectId !== projectId)) throw nonField("Parent is not valid issue_id please pass a valid issue_id");
  }
  if (merged.cycle_id) {
    needProject("cycle_id");
    const [c] = await tx.select().from(schema.cycles).where(and(eq(schema.cycles.id, merged.cycle_id), eq(schema.cycles.projectId, projectId!))).limit(1);
    if (!c) throw errors.field("cycle_id", "Invalid cycle");
  }
  let moduleIds = [...new Set(merged.module_ids ?? [])];
  if (moduleIds.length) {
    needProject("module_ids");
    const mods = await tx.select({ id: schema.modules.id }).from(schema.modules).where(and(inArray(schema.modules.id, moduleIds), eq(schema.modules.projectId, projectId!)));
    if (mods.length !== moduleIds.length) throw errors.field("module_ids", "Invalid module");
    moduleIds = mods.map((m) => m.id);
  }
  let labelIds = [...new Set(merged.label_ids ?? [])];
  let assigneeIds = [...new Set(merged.assignee_ids ?? [])];
  if (projectId) {
    labelIds = await projectLabelIds(tx, projectId, labelIds);
    assigneeIds = await assignableIds(tx, projectId, assigneeIds);
  } else {
    if (labelIds.length) labelIds = (await tx.select({ id: schema.labels.id }).from(schema.labels).where(and(eq(schema.labels.workspaceId, wsId), inArray(schema.labels.id, labelIds)))).map((r) => r.id);
    if (assigneeIds.length)
      assigneeIds = (
        await tx
          .select({ id: schema.workspaceMembers.memberId })
          .from(schema.workspaceMembers)
          .where(and(eq(schema.workspaceMembers.workspaceId, wsId), eq(schema.workspaceMembers.isActive, true), inArray(schema.workspaceMembers.memberId, assigneeIds)))
      ).map((r) => r.id);
  }
  const html = merged.description_html ?? "<p></p>";
  return {
    name: merged.name ?? "",
    descriptionHtml: html,
    descriptionStripped: stripHtml(html),
    descriptionJson: (merged.description_json ?? {}) as object,
    projectId,
    stateId: merged.state_id ?? null,
    parentId: merged.parent_id ?? null,
    estimatePointId: merged.estimate_point ?? null,
    cycleId: merged.cycle_id ?? null,
    moduleIds,
    labelIds,
    assigneeIds,
    priority: merged.priority ?? "none",
    startDate: merged.start_date ?? null,
    targetDate: merged.target_date ?? null,
    sortOrder: merged.sort_order ?? 65535,
    completedAt: stateGroup === "completed" ? new Date() : null,
    typeId: merged.type_id ?? null,
    externalSource: merged.external_source ?? null,
    externalId: merged.external_id ?? null,
  };
}

function draftToBody(d: DraftRow): DraftBody {
  return {
    name: d.name,
    description_html: d.descriptionHtml,
    description_json: d.descriptionJson,
    project_id: d.projectId,
    state_id: d.stateId,
    parent_id: d.parentId,
    label_ids: d.labelIds,
    assignee_ids: d.assigneeIds,
    module_ids: d.moduleIds,
    cycle_id: d.cycleId,
    priority: d.priority as DraftBody["priority"],
    start_date: d.startDate,
    target_date: d.targetDate,
    estimate_point: d.estimatePointId,
    sort_order: d.sortOrder,
    type_id: d.typeId,
    external_source: d.externalSource,
    external_id: d.externalId,
  };
}

const wsDraftParams = z.object({ slug: z.string(), draftId: zUuid });

async function loadOwnWorkspaceDraft(ctx: ScopeCtx<{ draftId: string }>) {
  const [row] = await ctx.app.db.select().from(D).where(and(eq(D.id, ctx.params.draftId), eq(D.workspaceId, ctx.workspace.id), eq(D.createdById, ctx.user.id))).limit(1);
  if (!row) throw errors.notFound();
  return row;
}

/** Project drafts (P/issue-drafts/), workspace drafts (W/draft-issues/) and draft-to-issue. Drafts are private to their author. */
export const issueDraftRoutes: RouteModule = (fastify, app) => {
  route(fastify, app, {
    method: "GET",
    url: `${P}/issue-drafts/`,
    scope: "project",
    params: projectParams,
    query: pageQuery,
    policy: Policies.project.member,
    handler: async (ctx) => {
      const page = parsePage(ctx.query);
      const where = and(eq(I.projectId, ctx.project.id), eq(I.isDraft, true), isNull(I.deletedAt), isNull(I.archivedAt), eq(I.createdById, ctx.user.id));
      const [{ n }] = await ctx.app.db.select({ n: count() }).from(I).where(where);
      const ids = await ctx.app.db.select({ id: I.id }).from(I).where(where).orderBy(desc(I.createdAt), desc(I.id)).limit(page.perPage).offset(page.offset);
      const views = await loadIssueViewsOrdered(ctx.app.db, ids.map((r) => r.id));
      return envelope(page, Number(n), views.map((v) => presentIssue(v, { stateGroup: true })), views.length);
    },
  });

  route(fastify, app, {
    method: "POST",
    url: `${P}/issue-drafts/`,
    scope: "project",
    params: projectParams,
    body: issueCreateBody,
    policy: Policies.project.member,
    status: 201,
    handler: async (ctx) => {
      const id = await ctx.app.db.transaction(async (tx) => (await createIssue(tx, ctx.project, ctx.user.id, { ...ctx.body, is_draft: true })).id);
      return presentIssue((await loadIssueView(ctx.app.db, id))!);
    },
  });

  route(fastify, app, {
    method: "GET",
    url: `${P}/issue-drafts/:draftId/`,
    scope: "project",
    params: draftParams,
    query: expandQuery,
    policy: Policies.project.member,
    load: loadOwnProjectDraft,
    handler: async (ctx) =>
      buildIssueDetail(ctx.app.db, (await loadIssueView(ctx.app.db, ctx.loaded.id))!, ctx.user.id, ctx.workspace.slug, parseExpand(ctx.query.expand as string | undefined)),
  });

  // PATCH → 200 with the item; `is_draft: false` publishes it as a work item
  route(fastify, app, {
    method: "PATCH",
    url: `${P}/issue-drafts/:draftId/`,
    scope: "project",
    params: draftParams,
    body: issuePatchBody,
    policy: Policies.project.member,
    load: loadOwnProjectDraft,
    handler: async (ctx) => {
      const { skip_activity, ...patch } = ctx.body;
      await ctx.app.db.transaction((tx) => updateIssue(tx, ctx.project, ctx.user.id, ctx.loaded.id, patch, { skipActivity: !!skip_activity }));
      return presentIssue((await loadIssueView(ctx.app.db, ctx.loaded.id))!);
    },
  });

  route(fastify, app, {
    method: "DELETE",
    url: `${P}/issue-drafts/:draftId/`,
    scope: "project",
    params: draftParams,
    policy: Policies.project.member,
    load: loadOwnProjectDraft,
    status: 204,
    handler: async (ctx) => {
      await ctx.app.db.transaction((tx) => deleteIssue(tx, ctx.loaded, ctx.user.id, (msg, err, childId) => ctx.req.log.error({ err, childId }, msg)));
      return undefined;
    },
  });

  // ---- workspace drafts: page size 50, newest first
  route(fastify, app, {
    method: "GET",
    url: `${W}/draft-issues/`,
    scope: "workspace",
    params: z.object({ slug: z.string() }),
    query: pageQuery,
    policy: Policies.workspace.member,
    handler: async (ctx) => {
      const page = parsePage(ctx.query, 50);
      const where = and(eq(D.workspaceId, ctx.workspace.id), eq(D.createdById, ctx.user.id));
      const [{ n }] = await ctx.app.db.select({ n: count() }).from(D).where(where);
      const rows = await ctx.app.db.select().from(D).where(where).orderBy(desc(D.createdAt), desc(D.id)).limit(page.perPage).offset(page.offset);
      return envelope(page, Number(n), rows.map(presentDraft), rows.length);
    },
  });

  route(fastify, app, {
    method: "POST",
    url: `${W}/draft-issues/`,
    scope: "workspace",
    params: z.object({ slug: z.string() }),
    body: draftBody,
    policy: Policies.workspace.member,
    status: 201,
    handler: async (ctx) => {
      const row = await ctx.app.db.transaction(async (tx) => {
        const cols = await draftColumns(ctx, tx, ctx.body);
        const [d] = await tx.insert(D).values({ ...cols, workspaceId: ctx.workspace.id, createdById: ctx.user.id, updatedById: ctx.user.id }).returning();
        return d;
      });
      return presentDraft(row);
    },
  });

  route(fastify, app, {
    method: "GET",
    url: `${W}/draft-issues/:draftId/`,
    scope: "workspace",
    params: wsDraftParams,
    policy: Policies.workspace.member,
    load: loadOwnWorkspaceDraft,
    handler: async (ctx) => presentDraft(ctx.loaded),
  });

  route(fastify, app, {
    method: "PATCH",
    url: `${W}/draft-issues/:draftId/`,
    scope: "workspace",
    params: wsDraftParams,
    body: draftBody,
    policy: Policies.workspace.member,
    load: loadOwnWorkspaceDraft,
    handler: async (ctx) => {
      const row = await ctx.app.db.transaction(async (tx) => {
        const merged: DraftBody = { ...draftToBody(ctx.loaded), ...stripUndefined(ctx.body) };
        // moving to another project drops the old project's state, cycle, modules and estimate
        if (ctx.body.project_id !== undefined && (ctx.body.project_id ?? null) !== ctx.loaded.projectId) {
          for (const k of ["state_id", "cycle_id", "module_ids", "estimate_point"] as const) if (ctx.body[k] === undefined) delete merged[k];
        }
        const cols = await draftColumns(ctx, tx, merged);
        const [d] = await tx.update(D).set({ ...cols, updatedAt: new Date(), updatedById: ctx.user.id }).where(eq(D.id, ctx.loaded.id)).returning();
        return d;
      });
      return presentDraft(row);
    },
  });

  route(fastify, app, {
    method: "DELETE",
    url: `${W}/draft-issues/:draftId/`,
    scope: "workspace",
    params: wsDraftParams,
    policy: Policies.workspace.member,
    load: loadOwnWorkspaceDraft,
    status: 204,
    handler: async (ctx) => {
      await ctx.app.db.delete(D).where(eq(D.id, ctx.loaded.id));
      return undefined;
    },
  });

  // POST W/draft-to-issue/{id}/ → 201 work item; the draft leaves the drafts list
  route(fastify, app, {
    method: "POST",
    url: `${W}/draft-to-issue/:draftId/`,
    scope: "workspace",
    params: wsDraftParams,
    body: draftBody.extend({ name: zName.optional() }),
    policy: Policies.workspace.member,
    load: loadOwnWorkspaceDraft,
    status: 201,
    handler: async (ctx) => {
      const merged: DraftBody = { ...draftToBody(ctx.loaded), ...stripUndefined(ctx.body) };
      if (!merged.project_id) throw errors.badRequest("Project is required to create a work item.");
      if (!merged.name || !merged.name.trim()) throw errors.field("name", MSG.blank);
      const issueId = await ctx.app.db.transaction(async (tx) => {
        const project = await memberProject(ctx, merged.project_id!);
        const issue = await createIssue(
          tx,
          project,
          ctx.user.id,
          {
            name: merged.name!.trim(),
            description_html: merged.description_html,
            description_json: merged.description_json,
            state_id: merged.state_id,
            parent_id: merged.parent_id,
            label_ids: merged.label_ids,
            assignee_ids: merged.assignee_ids,
            priority: merged.priority,
            start_date: merged.start_date,
            target_date: merged.target_date,
            estimate_point: merged.estimate_point,
            type_id: merged.type_id,
            external_source: merged.external_source,
            external_id: merged.external_id,
          },
          { cycleId: merged.cycle_id, moduleIds: merged.module_ids },
        );
        // attachments and description images uploaded while drafting follow the work item
        await tx
          .update(schema.fileAssets)
          .set({
            issueId: issue.id,
            projectId: project.id,
            draftIssueId: null,
            entityType: sql`CASE ${schema.fileAssets.entityType} WHEN 'DRAFT_ISSUE_ATTACHMENT' THEN 'ISSUE_ATTACHMENT' WHEN 'DRAFT_ISSUE_DESCRIPTION' THEN 'ISSUE_DESCRIPTION' ELSE ${schema.fileAssets.entityType} END`,
            updatedAt: new Date(),
          })
          .where(eq(schema.fileAssets.draftIssueId, ctx.loaded.id));
        await tx.delete(D).where(eq(D.id, ctx.loaded.id));
        return issue.id;
      });
      return presentIssue((await loadIssueView(ctx.app.db, issueId))!);
    },
  });
};

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
