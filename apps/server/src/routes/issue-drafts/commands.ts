import { and, count, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { draftListRefusal, FilterError, WORKSPACE_DRAFTS_PAGE_SIZE } from "@stride/shared";
import type { DraftBody, GroupBucket, ListEnvelope, WorkspaceDraft } from "@stride/shared/contract";
import { findScope, type ScopeCtx, type ProjectCtx } from "../../http/route.ts";
import { POLICIES } from "../../http/policies.ts";
import { errors } from "../../http/errors.ts";
import {
  filterError,
  listEnvelope,
  listWorkItems,
  parseListQuery,
  safeTimeZone,
  type RawQuery,
} from "../../domain/work-item-list/index.ts";
import { schema, type DbOrTx } from "../../db/client.ts";
import { requirePolicy } from "../issues/access.ts";
import {
  assignableIds,
  createIssue,
  INVALID_ESTIMATE_POINT,
  nonField,
  projectLabelIds,
  START_AFTER_TARGET,
} from "../issues/commands.ts";
import { activeEstimatePoint } from "../../domain/estimates.ts";
import { stripHtml } from "../../domain/text.ts";
import { presentDraft, type DraftRow } from "./presenters.ts";
import { readerOf, requireReadable } from "../../http/readable.ts";
import { checkDraftValues } from "../../domain/item-properties.ts";

const I = schema.issues;
const D = schema.draftIssues;

/** Number of workspace drafts of a user (workspace-members/me `draft_issue_count`). */
export async function countDraftIssues(db: DbOrTx, workspaceId: string, userId: string): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(D)
    .where(and(eq(D.workspaceId, workspaceId), eq(D.createdById, userId)));
  return Number(r?.n ?? 0);
}

// ---------------------------------------------------------------- project drafts (issues.is_draft)

/**
 * GET P/issue-drafts/: the caller's drafts of the project through the list engine (the `drafts` context; a
 * draft is private to its author), newest first unless `order_by` says otherwise; filters, grouping and
 * pagination as in every work-item list.
 */
export async function listProjectDrafts(ctx: ProjectCtx, query: RawQuery): Promise<ListEnvelope> {
  const viewer = { userId: ctx.user.id, timezone: safeTimeZone(ctx.user.userTimezone), ownOnly: true };
  const parsed = parseListQuery(query, { timezone: viewer.timezone, defaultOrder: "-created_at" });
  const result = await listWorkItems(ctx.app, {
    context: { kind: "drafts", workspaceId: ctx.workspace.id, projectId: ctx.project.id },
    viewer,
    ...parsed,
    shape: "list",
  });
  return listEnvelope(parsed.page, result);
}

/** The caller's own draft `:draftId` of the route's project, else 404. */
export async function loadOwnProjectDraft(ctx: ProjectCtx<{ draftId: string }>) {
  const [row] = await ctx.app.db
    .select()
    .from(I)
    .where(
      and(
        eq(I.id, ctx.params.draftId),
        eq(I.projectId, ctx.project.id),
        eq(I.isDraft, true),
        isNull(I.deletedAt),
        eq(I.createdById, ctx.user.id),
      ),
    )
    .limit(1);
  if (!row) throw errors.notFound();
  return row;
}

// ---------------------------------------------------------------- workspace drafts (draft_issues)

/**
 * GET W/draft-issues/: the caller's workspace drafts through the list engine (the `workspace_drafts` context, spec
 * §2), 50 a page (cursor 50:0:0, §9), newest first unless `order_by` says otherwise; the drafts' filters, groupings
 * and orders (@stride/shared drafts.ts). Each item is the draft as its presenter gives it (the shape Plane's client
 * reads), in the engine's order and groups.
 */
export async function listWorkspaceDrafts(ctx: ScopeCtx, query: RawQuery): Promise<ListEnvelope<WorkspaceDraft>> {
  const viewer = { userId: ctx.user.id, timezone: safeTimeZone(ctx.user.userTimezone) };
  const parsed = parseListQuery(query, {
    timezone: viewer.timezone,
    defaultPerPage: WORKSPACE_DRAFTS_PAGE_SIZE,
    defaultOrder: "-created_at",
  });
  let refused: string | null;
  try {
    refused = draftListRefusal(parsed);
  } catch (e) {
    if (e instanceof FilterError) throw filterError(e);
    throw e;
  }
  if (refused) throw errors.badParam(refused);
  const result = await listWorkItems(ctx.app, {
    context: { kind: "workspace_drafts", workspaceId: ctx.workspace.id },
    viewer,
    ...parsed,
    shape: "ids",
  });
  type Row = { id: string } & Record<string, unknown>;
  const ids = new Set<string>();
  const walk = (r: unknown, fn: (items: Row[]) => unknown): unknown =>
    Array.isArray(r)
      ? fn(r as Row[])
      : Object.fromEntries(
          Object.entries(r as Record<string, GroupBucket<Row>>).map(([k, b]) => [
            k,
            { ...b, results: walk(b.results, fn) },
          ]),
        );
  walk(result.results, (items) => items.forEach((it) => ids.add(it.id)));
  const rows = ids.size
    ? await ctx.app.db
        .select()
        .from(D)
        .where(inArray(D.id, [...ids]))
    : [];
  const drafts = new Map(rows.map((r) => [r.id, presentDraft(r)]));
  // the draft as presented, then what a grouping by many adds to an item (its raw key, e.g. `labels__id`)
  const results = walk(result.results, (items) =>
    items.map(({ id, ...tags }) => ({ ...drafts.get(id)!, ...tags })),
  ) as ListEnvelope<WorkspaceDraft>["results"];
  return listEnvelope(parsed.page, { ...result, results });
}

/** The caller's own workspace draft `:draftId`, else 404. */
export async function loadOwnWorkspaceDraft(ctx: ScopeCtx<{ draftId: string }>) {
  const [row] = await ctx.app.db
    .select()
    .from(D)
    .where(and(eq(D.id, ctx.params.draftId), eq(D.workspaceId, ctx.workspace.id), eq(D.createdById, ctx.user.id)))
    .limit(1);
  if (!row) throw errors.notFound();
  return row;
}

/** A project of this workspace in which the caller may create work items (member or above). */
async function memberProject(ctx: ScopeCtx, projectId: string) {
  const invalid = () => errors.field("project_id", "Invalid project");
  // a project the caller is not in is named like a project of nothing (core/readable.ts)
  await requireReadable(ctx.app.db, readerOf(ctx), "project", [projectId], { error: invalid });
  const scope = await findScope(ctx.app, ctx.workspace.slug, ctx.user.id, projectId);
  if (!scope?.project) throw invalid();
  requirePolicy(POLICIES.project.member, { userId: ctx.user.id, projectRole: scope.projectMember?.role ?? null });
  return scope.project;
}

/** The group of the draft's state, a state of its project that is not triage; else a 400. */
async function draftStateGroup(tx: DbOrTx, projectId: string, stateId: string): Promise<string> {
  const [s] = await tx
    .select()
    .from(schema.states)
    .where(
      and(eq(schema.states.id, stateId), eq(schema.states.projectId, projectId), ne(schema.states.group, "triage")),
    )
    .limit(1);
  if (!s) throw nonField("State is not valid please pass a valid state_id");
  return s.group;
}

/** The draft's labels and assignees that exist: of its project, or of the workspace when it has none. */
async function draftLabelsAndAssignees(tx: DbOrTx, wsId: string, projectId: string | null, merged: DraftBody) {
  let labelIds = [...new Set(merged.label_ids ?? [])];
  let assigneeIds = [...new Set(merged.assignee_ids ?? [])];
  if (projectId) {
    labelIds = await projectLabelIds(tx, projectId, labelIds);
    assigneeIds = await assignableIds(tx, projectId, assigneeIds);
  } else {
    if (labelIds.length)
      labelIds = (
        await tx
          .select({ id: schema.labels.id })
          .from(schema.labels)
          .where(and(eq(schema.labels.workspaceId, wsId), inArray(schema.labels.id, labelIds)))
      ).map((r) => r.id);
    if (assigneeIds.length)
      assigneeIds = (
        await tx
          .select({ id: schema.workspaceMembers.memberId })
          .from(schema.workspaceMembers)
          .where(
            and(
              eq(schema.workspaceMembers.workspaceId, wsId),
              eq(schema.workspaceMembers.isActive, true),
              inArray(schema.workspaceMembers.memberId, assigneeIds),
            ),
          )
      ).map((r) => r.id);
  }
  return { labelIds, assigneeIds };
}

/**
 * Validate a workspace draft's references against its (optional) project; returns the columns to write.
 * Labels and assignees without a project are kept to the workspace; the project filters them again on conversion.
 */
async function draftColumns(ctx: ScopeCtx, tx: DbOrTx, merged: DraftBody): Promise<Partial<typeof D.$inferInsert>> {
  const wsId = ctx.workspace.id;
  const projectId: string | null = merged.project_id ?? null;
  const project = projectId ? await memberProject(ctx, projectId) : null;
  if (merged.start_date && merged.target_date && merged.start_date > merged.target_date)
    throw nonField(START_AFTER_TARGET);
  const needProject = (field: string) => {
    if (!projectId) throw errors.field(field, "A project is needed for this field.");
  };
  let stateGroup: string | null = null;
  if (merged.state_id) {
    needProject("state_id");
    stateGroup = await draftStateGroup(tx, projectId!, merged.state_id);
  }
  if (merged.estimate_point) {
    needProject("estimate_point");
    if (!(await activeEstimatePoint(tx, projectId!, merged.estimate_point))) throw nonField(INVALID_ESTIMATE_POINT);
  }
  if (merged.parent_id) {
    // an item the caller may read (of the draft's project when it has one), else as for an id of nothing
    await requireReadable(tx, readerOf(ctx), "issue", [merged.parent_id], {
      projectId: projectId ?? undefined,
      error: () => nonField("Parent is not valid issue_id please pass a valid issue_id"),
    });
  }
  if (merged.cycle_id) {
    needProject("cycle_id");
    const [c] = await tx
      .select()
      .from(schema.cycles)
      .where(and(eq(schema.cycles.id, merged.cycle_id), eq(schema.cycles.projectId, projectId!)))
      .limit(1);
    if (!c) throw errors.field("cycle_id", "Invalid cycle");
  }
  let moduleIds = [...new Set(merged.module_ids ?? [])];
  if (moduleIds.length) {
    needProject("module_ids");
    const mods = await tx
      .select({ id: schema.modules.id })
      .from(schema.modules)
      .where(and(inArray(schema.modules.id, moduleIds), eq(schema.modules.projectId, projectId!)));
    if (mods.length !== moduleIds.length) throw errors.field("module_ids", "Invalid module");
    moduleIds = mods.map((m) => m.id);
  }
  const { labelIds, assigneeIds } = await draftLabelsAndAssignees(tx, wsId, projectId, merged);
  // custom property values (issue #29): of the draft's project and type, checked as an item's (required on conversion)
  const given = merged.property_values ?? {};
  if (Object.keys(given).length) needProject("property_values");
  const propertyValues = project ? await checkDraftValues(tx, project, merged.type_id, given) : {};
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
    propertyValues,
  };
}

/** The stored draft as a body, so a PATCH or a conversion merges its fields over it. */
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
    property_values: d.propertyValues,
  };
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Create a workspace draft of the caller. */
export async function createWorkspaceDraft(ctx: ScopeCtx, body: DraftBody): Promise<DraftRow> {
  return ctx.app.db.transaction(async (tx) => {
    const cols = await draftColumns(ctx, tx, body);
    const [d] = await tx
      .insert(D)
      .values({ ...cols, workspaceId: ctx.workspace.id, createdById: ctx.user.id, updatedById: ctx.user.id })
      .returning();
    return d;
  });
}

/** Change a workspace draft; moving it to another project drops the old project's state, cycle, modules and estimate. */
export async function updateWorkspaceDraft(ctx: ScopeCtx, draft: DraftRow, body: DraftBody): Promise<DraftRow> {
  return ctx.app.db.transaction(async (tx) => {
    const merged: DraftBody = { ...draftToBody(draft), ...stripUndefined(body) };
    if (body.project_id !== undefined && (body.project_id ?? null) !== draft.projectId) {
      for (const k of ["state_id", "cycle_id", "module_ids", "estimate_point", "property_values"] as const)
        if (body[k] === undefined) delete merged[k];
    }
    const cols = await draftColumns(ctx, tx, merged);
    const [d] = await tx
      .update(D)
      .set({ ...cols, updatedAt: new Date(), updatedById: ctx.user.id })
      .where(eq(D.id, draft.id))
      .returning();
    return d;
  });
}

/**
 * Turn a workspace draft (with `body` laid over it) into a work item of its project, in one transaction: the
 * item is created with the draft's cycle and modules, the files uploaded while drafting follow it, and the draft
 * leaves the drafts list. Returns the new item's id.
 */
export async function convertDraftToIssue(ctx: ScopeCtx, draft: DraftRow, body: DraftBody): Promise<string> {
  const merged: DraftBody = { ...draftToBody(draft), ...stripUndefined(body) };
  if (!merged.project_id) throw errors.badRequest("Project is required to create a work item.");
  const name = merged.name?.trim();
  if (!name) throw errors.field("name", "This field may not be blank.");
  return ctx.app.db.transaction(async (tx) => {
    const project = await memberProject(ctx, merged.project_id!);
    const issue = await createIssue(
      tx,
      project,
      ctx.user.id,
      {
        name,
        description_html: merged.description_html,
        description_json: merged.description_json,
        state_id: merged.state_id,
        parent_id: merged.parent_id,
        label_ids: merged.label_ids,
        assignee_ids: merged.assignee_ids,
        priority: merged.priority,
        start_date: merged.start_date,
        target_date: merged.target_date,
        // a point of an estimate the project no longer uses is dropped, as labels of other projects are
        estimate_point:
          merged.estimate_point && (await activeEstimatePoint(tx, project.id, merged.estimate_point))
            ? merged.estimate_point
            : null,
        type_id: merged.type_id,
        external_source: merged.external_source,
        external_id: merged.external_id,
        // checked again as a new item's: defaults filled in, required properties asked for
        property_values: merged.property_values,
      },
      { cycleId: merged.cycle_id, moduleIds: merged.module_ids ?? undefined },
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
      .where(eq(schema.fileAssets.draftIssueId, draft.id));
    await tx.delete(D).where(eq(D.id, draft.id));
    return issue.id;
  });
}
