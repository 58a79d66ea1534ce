import { and, eq, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import { ARCHIVABLE_MODULE_STATUSES, DEFAULT_MODULE_STATUS, type ModuleStatus } from "@stride/shared";
import { schema, type DbOrTx, type Tx } from "../../db/client.ts";
import { errors } from "../../http/errors.ts";
import { addEntityFavorite, dropFavoritesOf, removeEntityFavorite } from "../../domain/favorites.ts";
import type { ProjectRow } from "../../http/route.ts";
import { stripHtml } from "../../domain/text.ts";
import { changeItemModules } from "../issues/modules.ts";
import type { ModuleCreateBody, ModulePatchBody } from "@stride/shared/contract";
import { emitEntityWebhook } from "../../domain/webhook-events.ts";

const M = schema.modules;
const MM = schema.moduleMembers;
export type ModuleRow = typeof M.$inferSelect;

export const duplicateModuleName = () => errors.badRequest("Module with this name already exists");
export const notArchivable = () => errors.badRequest("Only completed or cancelled modules can be archived");
const startAfterTarget = () => errors.body(400, { non_field_errors: ["Start date cannot exceed target date"] });
const invalidPk = (field: string, id: string) => errors.field(field, `Invalid pk "${id}" - object does not exist.`);

/** The project's module `id`: live ones, or archived ones with `archived: true`; else 404. */
export async function loadModule(
  db: DbOrTx,
  projectId: string,
  id: string,
  opts: { archived?: boolean } = {},
): Promise<ModuleRow> {
  const [m] = await db
    .select()
    .from(M)
    .where(
      and(eq(M.id, id), eq(M.projectId, projectId), opts.archived ? isNotNull(M.archivedAt) : isNull(M.archivedAt)),
    )
    .limit(1);
  if (!m) throw errors.notFound("Module does not exist");
  return m;
}

/** Lead and members must be active members of the project. */
async function checkPeople(tx: DbOrTx, projectId: string, field: string, ids: readonly string[]) {
  if (ids.length === 0) return;
  const rows = await tx
    .select({ id: schema.projectMembers.memberId })
    .from(schema.projectMembers)
    .where(
      and(
        eq(schema.projectMembers.projectId, projectId),
        eq(schema.projectMembers.isActive, true),
        inArray(schema.projectMembers.memberId, [...ids]),
      ),
    );
  const ok = new Set(rows.map((r) => r.id));
  const bad = ids.find((id) => !ok.has(id));
  if (bad) throw invalidPk(field, bad);
}

async function checkName(tx: DbOrTx, projectId: string, name: string, selfId?: string) {
  const [dup] = await tx
    .select({ id: M.id })
    .from(M)
    .where(and(eq(M.projectId, projectId), eq(M.name, name), selfId ? ne(M.id, selfId) : undefined))
    .limit(1);
  if (dup) throw duplicateModuleName();
}

async function replaceMembers(
  tx: DbOrTx,
  m: Pick<ModuleRow, "id" | "projectId" | "workspaceId">,
  ids: readonly string[],
  actorId: string,
) {
  await tx.delete(MM).where(eq(MM.moduleId, m.id));
  const unique = [...new Set(ids)];
  if (unique.length)
    await tx.insert(MM).values(
      unique.map((memberId) => ({
        moduleId: m.id,
        memberId,
        projectId: m.projectId,
        workspaceId: m.workspaceId,
        createdById: actorId,
        updatedById: actorId,
      })),
    );
}

type Fields = ModulePatchBody;

/** Column values of the body's fields (only those sent). */
function columns(body: Fields): Partial<typeof M.$inferInsert> {
  const c: Partial<typeof M.$inferInsert> = {};
  if (body.name !== undefined) c.name = body.name;
  if (body.description !== undefined) c.description = body.description;
  if (body.description_text !== undefined) c.descriptionText = body.description_text as object;
  if (body.description_html !== undefined) {
    c.descriptionHtml = body.description_html;
    // the plain description follows the rich one when only the rich one is sent
    if (body.description === undefined) c.description = stripHtml(body.description_html ?? "");
  }
  if (body.start_date !== undefined) c.startDate = body.start_date;
  if (body.target_date !== undefined) c.targetDate = body.target_date;
  if (body.status !== undefined) c.status = body.status;
  const lead = body.lead_id !== undefined ? body.lead_id : body.lead;
  if (lead !== undefined) c.leadId = lead;
  if (body.view_props !== undefined) c.viewProps = body.view_props;
  if (body.sort_order !== undefined) c.sortOrder = body.sort_order;
  if (body.logo_props !== undefined) c.logoProps = body.logo_props;
  if (body.external_source !== undefined) c.externalSource = body.external_source;
  if (body.external_id !== undefined) c.externalId = body.external_id;
  return c;
}

const memberIdsOf = (body: Fields) => body.member_ids ?? body.members;

/** POST P/modules/: a module of the project (status planned unless given), with its lead and members. */
export async function createModule(
  tx: Tx,
  project: ProjectRow,
  actorId: string,
  body: ModuleCreateBody,
): Promise<ModuleRow> {
  if (body.start_date && body.target_date && body.start_date > body.target_date) throw startAfterTarget();
  const c = columns(body);
  if (c.leadId) await checkPeople(tx, project.id, body.lead_id !== undefined ? "lead_id" : "lead", [c.leadId]);
  const members = memberIdsOf(body) ?? [];
  await checkPeople(tx, project.id, body.member_ids !== undefined ? "member_ids" : "members", members);
  await checkName(tx, project.id, body.name);
  const [m] = await tx
    .insert(M)
    .values({
      ...c,
      name: body.name,
      status: (c.status as ModuleStatus | undefined) ?? DEFAULT_MODULE_STATUS,
      workspaceId: project.workspaceId,
      projectId: project.id,
      createdById: actorId,
      updatedById: actorId,
    })
    .returning();
  await replaceMembers(tx, m, members, actorId);
  await emitEntityWebhook(tx, {
    event: "module",
    action: "created",
    workspaceId: m.workspaceId,
    entityId: m.id,
    actorId,
  });
  return m;
}

/** PUT/PATCH P/modules/{id}/: the fields sent; `member_ids` replaces the members. */
export async function updateModule(tx: Tx, m: ModuleRow, actorId: string, body: Fields): Promise<void> {
  const c = columns(body);
  const start = c.startDate !== undefined ? c.startDate : m.startDate;
  const target = c.targetDate !== undefined ? c.targetDate : m.targetDate;
  if (start && target && start > target) throw startAfterTarget();
  if (c.leadId) await checkPeople(tx, m.projectId, body.lead_id !== undefined ? "lead_id" : "lead", [c.leadId]);
  const members = memberIdsOf(body);
  if (members) await checkPeople(tx, m.projectId, body.member_ids !== undefined ? "member_ids" : "members", members);
  if (c.name !== undefined && c.name !== m.name) await checkName(tx, m.projectId, c.name, m.id);
  await tx
    .update(M)
    .set({ ...c, updatedAt: new Date(), updatedById: actorId })
    .where(eq(M.id, m.id));
  if (members) await replaceMembers(tx, m, members, actorId);
  await emitEntityWebhook(tx, {
    event: "module",
    action: "updated",
    workspaceId: m.workspaceId,
    entityId: m.id,
    actorId,
    before: m,
  });
}

/** DELETE P/modules/{id}/: its items leave it (with activity), favourites and the members' list preferences go. */
export async function deleteModule(tx: Tx, project: ProjectRow, m: ModuleRow, actorId: string): Promise<void> {
  const items = await tx
    .select({ id: schema.issues.id, projectId: schema.issues.projectId, workspaceId: schema.issues.workspaceId })
    .from(schema.moduleIssues)
    .innerJoin(schema.issues, eq(schema.issues.id, schema.moduleIssues.issueId))
    .where(and(eq(schema.moduleIssues.moduleId, m.id), isNull(schema.issues.deletedAt)));
  await changeItemModules(tx, project, actorId, items, { remove: [m.id] });
  await dropFavoritesOf(tx, "module", [m.id]);
  await tx
    .delete(schema.projectUserProperties)
    .where(
      and(
        eq(schema.projectUserProperties.projectId, m.projectId),
        eq(schema.projectUserProperties.kind, "module"),
        eq(schema.projectUserProperties.entityId, m.id),
      ),
    );
  await tx.delete(M).where(eq(M.id, m.id));
  await emitEntityWebhook(tx, {
    event: "module",
    action: "deleted",
    workspaceId: m.workspaceId,
    entityId: m.id,
    actorId,
  });
}

/** POST P/modules/{id}/archive/: completed or cancelled modules only; everyone's favourites of it go. */
export async function archiveModule(tx: Tx, m: ModuleRow, actorId: string): Promise<Date> {
  if (!ARCHIVABLE_MODULE_STATUSES.includes(m.status as ModuleStatus)) throw notArchivable();
  const now = new Date();
  await tx.update(M).set({ archivedAt: now, updatedAt: now, updatedById: actorId }).where(eq(M.id, m.id));
  await dropFavoritesOf(tx, "module", [m.id]);
  return now;
}

/** DELETE P/modules/{id}/archive/: back in the modules list. */
export async function restoreModule(tx: DbOrTx, m: ModuleRow, actorId: string): Promise<void> {
  await tx.update(M).set({ archivedAt: null, updatedAt: new Date(), updatedById: actorId }).where(eq(M.id, m.id));
}

export async function favoriteModule(tx: Tx, m: ModuleRow, userId: string): Promise<void> {
  await addEntityFavorite(tx, {
    workspaceId: m.workspaceId,
    userId,
    projectId: m.projectId,
    entityType: "module",
    entityId: m.id,
  });
}

export async function unfavoriteModule(
  db: DbOrTx,
  workspaceId: string,
  moduleId: string,
  userId: string,
): Promise<boolean> {
  return removeEntityFavorite(db, { workspaceId, userId, entityType: "module", entityId: moduleId });
}

/** Today's date in the project's time zone (burndown days are the project's days). */
export async function projectToday(db: DbOrTx, projectId: string): Promise<string> {
  const [r] = await db.execute<{ d: string }>(
    sql`SELECT (now() AT TIME ZONE coalesce((SELECT timezone FROM projects WHERE id = ${projectId}), 'UTC'))::date::text AS d`,
  );
  return r!.d;
}
