import { and, eq, isNull, ne, or, sql } from "drizzle-orm";
import { ensureProjectTypes } from "../../domain/item-properties.ts";
import { DEFAULT_STATES, mayTake, RESERVED_PROJECT_IDENTIFIERS, ROLE } from "@stride/shared";
import { schema, type DbOrTx, type Tx } from "../../db/client.ts";
import { errors, HttpError, uniqueViolation } from "../../http/errors.ts";
import { setActiveEstimate } from "../../domain/estimates.ts";
import type { AppContext } from "../../core/context.ts";
import type { ProjectRow, WorkspaceRow } from "../../http/route.ts";
import type {
  CreateProjectBody as CreateProjectInput,
  UpdateProjectBody as UpdateProjectInput,
  WritableProjectBody as WritableProjectInput,
} from "@stride/shared/contract";
import { nextMemberSortOrder } from "./queries.ts";
import { addEntityFavorite, dropFavoritesOf, removeEntityFavorite } from "../../domain/favorites.ts";
import { emitEntityWebhook } from "../../domain/webhook-events.ts";
import { ensureIntake } from "../intake/commands.ts";

const { projects, projectMembers, states, workspaceMembers, userFavorites, estimates } = schema;

const IDENTIFIER_CHARS = /^[\p{L}\p{N}]+$/u;

/** Column values from the writable wire fields (inbox_view is an alias of intake_view). */
function columnsFrom(input: WritableProjectInput): Partial<typeof projects.$inferInsert> {
  const c: Partial<typeof projects.$inferInsert> = {};
  if (input.description !== undefined) c.description = input.description;
  if (input.description_text !== undefined) c.descriptionText = input.description_text;
  if (input.description_html !== undefined) c.descriptionHtml = input.description_html;
  if (input.network !== undefined) c.network = input.network;
  if (input.project_lead !== undefined) c.projectLeadId = input.project_lead;
  if (input.default_assignee !== undefined) c.defaultAssigneeId = input.default_assignee;
  if (input.emoji !== undefined) c.emoji = input.emoji;
  if (input.icon_prop !== undefined) c.iconProp = input.icon_prop;
  if (input.logo_props !== undefined) c.logoProps = input.logo_props;
  if (input.cover_image !== undefined) c.coverImage = input.cover_image;
  if (input.cover_image_asset !== undefined) c.coverImageAssetId = input.cover_image_asset;
  if (input.module_view !== undefined) c.moduleView = input.module_view;
  if (input.cycle_view !== undefined) c.cycleView = input.cycle_view;
  if (input.issue_views_view !== undefined) c.issueViewsView = input.issue_views_view;
  if (input.page_view !== undefined) c.pageView = input.page_view;
  if (input.intake_view !== undefined) c.intakeView = input.intake_view;
  if (input.inbox_view !== undefined) c.intakeView = input.inbox_view;
  if (input.is_time_tracking_enabled !== undefined) c.isTimeTrackingEnabled = input.is_time_tracking_enabled;
  if (input.is_issue_type_enabled !== undefined) c.isIssueTypeEnabled = input.is_issue_type_enabled;
  if (input.is_project_updates_enabled !== undefined) c.isProjectUpdatesEnabled = input.is_project_updates_enabled;
  if (input.is_epic_enabled !== undefined) c.isEpicEnabled = input.is_epic_enabled;
  if (input.is_workflow_enabled !== undefined) c.isWorkflowEnabled = input.is_workflow_enabled;
  if (input.guest_view_all_features !== undefined) c.guestViewAllFeatures = input.guest_view_all_features;
  if (input.archive_in !== undefined) c.archiveIn = input.archive_in;
  if (input.close_in !== undefined) c.closeIn = input.close_in;
  if (input.timezone !== undefined) c.timezone = input.timezone;
  if (input.external_source !== undefined) c.externalSource = input.external_source;
  if (input.external_id !== undefined) c.externalId = input.external_id;
  return c;
}

/** DRF-style: collect every field error and throw them together. */
class FieldErrors {
  body: Record<string, string[]> = {};
  add(field: string, msg: string) {
    (this.body[field] ??= []).push(msg);
  }
  throwIfAny() {
    if (Object.keys(this.body).length) throw errors.body(400, this.body);
  }
}

async function activeWorkspaceRole(db: DbOrTx, workspaceId: string, userId: string): Promise<number | null> {
  const [m] = await db
    .select({ role: workspaceMembers.role })
    .from(workspaceMembers)
    .where(
      and(
        eq(workspaceMembers.workspaceId, workspaceId),
        eq(workspaceMembers.memberId, userId),
        eq(workspaceMembers.isActive, true),
      ),
    )
    .limit(1);
  return m?.role ?? null;
}

/** Name / identifier / lead / assignee checks shared by create and update. */
async function validateProjectFields(
  db: DbOrTx,
  workspaceId: string,
  input: { name?: string; identifier?: string; project_lead?: string | null; default_assignee?: string | null },
  exceptId: string | null,
  fe: FieldErrors,
) {
  if (input.name !== undefined) {
    const dup = await db
      .select({ id: projects.id })
      .from(projects)
      .where(
        and(
          eq(projects.workspaceId, workspaceId),
          eq(projects.name, input.name),
          exceptId ? ne(projects.id, exceptId) : undefined,
        ),
      )
      .limit(1);
    if (dup.length) fe.add("name", "PROJECT_NAME_ALREADY_EXIST");
  }
  if (input.identifier !== undefined) {
    if (!IDENTIFIER_CHARS.test(input.identifier))
      fe.add("identifier", "PROJECT_IDENTIFIER_CANNOT_CONTAIN_SPECIAL_CHARACTERS");
    else if (RESERVED_PROJECT_IDENTIFIERS.includes(input.identifier))
      fe.add("identifier", "PROJECT_IDENTIFIER_RESERVED");
    else {
      const dup = await db
        .select({ id: projects.id })
        .from(projects)
        .where(
          and(
            eq(projects.workspaceId, workspaceId),
            eq(projects.identifier, input.identifier),
            exceptId ? ne(projects.id, exceptId) : undefined,
          ),
        )
        .limit(1);
      if (dup.length) fe.add("identifier", "PROJECT_IDENTIFIER_ALREADY_EXIST");
    }
  }
  if (input.project_lead) {
    const role = await activeWorkspaceRole(db, workspaceId, input.project_lead);
    if (role === null) fe.add("project_lead", `Invalid pk "${input.project_lead}" - object does not exist.`);
    else if (!mayTake("projectLead", role)) fe.add("project_lead", "A workspace guest cannot lead a project.");
  }
  if (input.default_assignee) {
    const role = await activeWorkspaceRole(db, workspaceId, input.default_assignee);
    if (role === null) fe.add("default_assignee", `Invalid pk "${input.default_assignee}" - object does not exist.`);
  }
}

/**
 * `cover_image_asset` must be a project cover (uploaded, not deleted) of this project, or one the caller uploaded
 * for a project not yet named (the create form uploads before the project exists), which the project then adopts.
 */
async function checkCoverAsset(
  db: DbOrTx,
  workspaceId: string,
  projectId: string | null,
  actorId: string,
  assetId: string | null | undefined,
  fe: FieldErrors,
) {
  if (!assetId) return;
  const fa = schema.fileAssets;
  const [a] = await db
    .select({ id: fa.id })
    .from(fa)
    .where(
      and(
        eq(fa.id, assetId),
        eq(fa.workspaceId, workspaceId),
        eq(fa.entityType, "PROJECT_COVER"),
        eq(fa.isUploaded, true),
        eq(fa.isDeleted, false),
        or(projectId ? eq(fa.projectId, projectId) : undefined, and(isNull(fa.projectId), eq(fa.createdById, actorId))),
      ),
    )
    .limit(1);
  if (!a) fe.add("cover_image_asset", `Invalid pk "${assetId}" - object does not exist.`);
}

/** A cover asset not yet given to a project becomes this project's (checked by `checkCoverAsset`). */
async function adoptCoverAsset(tx: Tx, projectId: string, assetId: string | null | undefined) {
  if (!assetId) return;
  await tx
    .update(schema.fileAssets)
    .set({ projectId })
    .where(and(eq(schema.fileAssets.id, assetId), isNull(schema.fileAssets.projectId)));
}

/** Postgres unique violations on the project name / identifier indexes (concurrent creates) → the spec's field errors. */
function uniqueToFieldError(err: unknown): HttpError | undefined {
  const c = uniqueViolation(err);
  if (c === "projects_name_uq") return errors.field("name", "PROJECT_NAME_ALREADY_EXIST");
  if (c === "projects_identifier_uq") return errors.field("identifier", "PROJECT_IDENTIFIER_ALREADY_EXIST");
  return undefined;
}

/** Add (or re-activate) a user as a project member with the given role, in the caller's transaction. */
export async function upsertProjectMember(
  tx: Tx,
  project: { id: string; workspaceId: string },
  userId: string,
  role: number,
  actorId: string,
) {
  const [existing] = await tx
    .select()
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, project.id), eq(projectMembers.memberId, userId)))
    .limit(1);
  if (existing) {
    const [row] = await tx
      .update(projectMembers)
      .set({ role, isActive: true, updatedAt: new Date(), updatedById: actorId })
      .where(eq(projectMembers.id, existing.id))
      .returning();
    return row;
  }
  const sortOrder = await nextMemberSortOrder(tx, project.workspaceId, userId);
  const [row] = await tx
    .insert(projectMembers)
    .values({
      workspaceId: project.workspaceId,
      projectId: project.id,
      memberId: userId,
      role,
      sortOrder,
      createdById: actorId,
      updatedById: actorId,
    })
    .returning();
  return row;
}

/**
 * Create a project (wire-facts §4): the project, its six default states (Backlog default, Triage hidden),
 * the creator — and the lead, if another user — as admin members. One transaction.
 */
export async function createProject(
  app: AppContext,
  workspace: WorkspaceRow,
  actorId: string,
  input: CreateProjectInput,
): Promise<ProjectRow> {
  const fe = new FieldErrors();
  await validateProjectFields(app.db, workspace.id, input, null, fe);
  await checkCoverAsset(app.db, workspace.id, null, actorId, input.cover_image_asset, fe);
  fe.throwIfAny();
  try {
    return await app.db.transaction(async (tx) => {
      const [project] = await tx
        .insert(projects)
        .values({
          timezone: workspace.timezone,
          issueViewsView: false,
          ...columnsFrom(input),
          workspaceId: workspace.id,
          name: input.name,
          identifier: input.identifier,
          createdById: actorId,
          updatedById: actorId,
        })
        .returning();
      const created = await tx
        .insert(states)
        .values(
          DEFAULT_STATES.map((s) => ({
            workspaceId: workspace.id,
            projectId: project.id,
            name: s.name,
            color: s.color,
            sequence: s.sequence,
            group: s.group,
            isTriage: s.group === "triage",
            default: "default" in s && s.default === true,
            createdById: actorId,
            updatedById: actorId,
          })),
        )
        .returning({ id: states.id, default: states.default });
      const defaultState = created.find((s) => s.default)!;
      const [withDefault] = await tx
        .update(projects)
        .set({ defaultStateId: defaultState.id })
        .where(eq(projects.id, project.id))
        .returning();
      await adoptCoverAsset(tx, project.id, input.cover_image_asset);
      await upsertProjectMember(tx, project, actorId, ROLE.ADMIN, actorId);
      if (project.projectLeadId && project.projectLeadId !== actorId)
        await upsertProjectMember(tx, project, project.projectLeadId, ROLE.ADMIN, actorId);
      await emitEntityWebhook(tx, {
        event: "project",
        action: "created",
        workspaceId: workspace.id,
        entityId: project.id,
        actorId,
      });
      if (project.intakeView) await ensureIntake(tx, project, actorId);
      if (project.isIssueTypeEnabled) await ensureProjectTypes(tx, project.id);
      return withDefault;
    });
  } catch (err) {
    throw uniqueToFieldError(err) ?? err;
  }
}

/** Update a project's settings; a new lead becomes an admin member when not yet a member. */
export async function updateProject(
  app: AppContext,
  project: ProjectRow,
  actorId: string,
  input: UpdateProjectInput,
): Promise<void> {
  if (project.archivedAt) throw errors.badRequest("Archived projects cannot be updated");
  const fe = new FieldErrors();
  await validateProjectFields(app.db, project.workspaceId, input, project.id, fe);
  await checkCoverAsset(app.db, project.workspaceId, project.id, actorId, input.cover_image_asset, fe);
  if (input.default_state) {
    const [s] = await app.db
      .select({ id: states.id })
      .from(states)
      .where(and(eq(states.id, input.default_state), eq(states.projectId, project.id), eq(states.isTriage, false)))
      .limit(1);
    if (!s) fe.add("default_state", `Invalid pk "${input.default_state}" - object does not exist.`);
  }
  if (input.default_state === null) fe.add("default_state", "This field may not be null.");
  if (input.estimate) {
    const [e] = await app.db
      .select({ id: estimates.id })
      .from(estimates)
      .where(and(eq(estimates.id, input.estimate), eq(estimates.projectId, project.id)))
      .limit(1);
    if (!e) fe.add("estimate", `Invalid pk "${input.estimate}" - object does not exist.`);
  }
  fe.throwIfAny();
  const set: Partial<typeof projects.$inferInsert> = {
    ...columnsFrom(input),
    updatedAt: new Date(),
    updatedById: actorId,
  };
  if (input.name !== undefined) set.name = input.name;
  if (input.identifier !== undefined) set.identifier = input.identifier;
  try {
    await app.db.transaction(async (tx) => {
      await tx.update(projects).set(set).where(eq(projects.id, project.id));
      // the project's one intake is made the first time its intake feature is turned on
      if (set.intakeView) await ensureIntake(tx, project, actorId);
      // work item types (issue #29): turning them on gives the project its default and epic types, and its items theirs
      if (set.isIssueTypeEnabled) await ensureProjectTypes(tx, project.id);
      // switching the active estimate also makes it the current one (`last_used`); null turns estimates off
      if (input.estimate !== undefined && (input.estimate ?? null) !== project.estimateId)
        await setActiveEstimate(tx, project.id, input.estimate ?? null, actorId);
      await adoptCoverAsset(tx, project.id, input.cover_image_asset);
      if (input.default_state) {
        // The project's default state and the states' default flag move together.
        await tx
          .update(states)
          .set({ default: false })
          .where(and(eq(states.projectId, project.id), eq(states.default, true), ne(states.id, input.default_state)));
        await tx.update(states).set({ default: true }).where(eq(states.id, input.default_state));
        await tx.update(projects).set({ defaultStateId: input.default_state }).where(eq(projects.id, project.id));
      }
      if (input.project_lead) {
        const [m] = await tx
          .select({ id: projectMembers.id })
          .from(projectMembers)
          .where(
            and(
              eq(projectMembers.projectId, project.id),
              eq(projectMembers.memberId, input.project_lead),
              eq(projectMembers.isActive, true),
            ),
          )
          .limit(1);
        if (!m) await upsertProjectMember(tx, project, input.project_lead, ROLE.ADMIN, actorId);
      }
      await emitEntityWebhook(tx, {
        event: "project",
        action: "updated",
        workspaceId: project.workspaceId,
        entityId: project.id,
        actorId,
        before: project,
      });
    });
  } catch (err) {
    throw uniqueToFieldError(err) ?? err;
  }
}

/** Delete a project with everything in it (FK cascades) and every favourite pointing into it. */
export async function deleteProject(
  app: AppContext,
  project: ProjectRow,
  actorId: string | null = null,
): Promise<void> {
  await app.db.transaction(async (tx) => {
    await emitEntityWebhook(tx, {
      event: "project",
      action: "deleted",
      workspaceId: project.workspaceId,
      entityId: project.id,
      actorId,
    });
    await tx
      .delete(userFavorites)
      .where(
        and(
          eq(userFavorites.workspaceId, project.workspaceId),
          sql`(${userFavorites.projectId} = ${project.id} or ${userFavorites.entityIdentifier} = ${project.id})`,
        ),
      );
    await tx.delete(projects).where(eq(projects.id, project.id));
  });
}

/** Archive: set archived_at and drop the project's favourites (every user's). */
export async function archiveProject(app: AppContext, project: ProjectRow, actorId: string): Promise<Date> {
  const now = new Date();
  await app.db.transaction(async (tx) => {
    await tx
      .update(projects)
      .set({ archivedAt: now, updatedAt: now, updatedById: actorId })
      .where(eq(projects.id, project.id));
    await dropFavoritesOf(tx, "project", [project.id]);
  });
  return now;
}

export async function restoreProject(app: AppContext, project: ProjectRow, actorId: string): Promise<void> {
  await app.db
    .update(projects)
    .set({ archivedAt: null, updatedAt: new Date(), updatedById: actorId })
    .where(eq(projects.id, project.id));
}

/** Favourite a project for the caller (idempotent), placed after their last top-level favourite. */
export async function favoriteProject(app: AppContext, project: ProjectRow, userId: string): Promise<void> {
  await app.db.transaction((tx) =>
    addEntityFavorite(tx, {
      workspaceId: project.workspaceId,
      userId,
      projectId: project.id,
      entityType: "project",
      entityId: project.id,
    }),
  );
}

export async function unfavoriteProject(
  app: AppContext,
  workspaceId: string,
  projectId: string,
  userId: string,
): Promise<boolean> {
  return removeEntityFavorite(app.db, { workspaceId, userId, entityType: "project", entityId: projectId });
}
