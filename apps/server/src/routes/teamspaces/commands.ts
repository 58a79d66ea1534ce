import { and, eq, inArray, notInArray, sql } from "drizzle-orm";
import { ROLE_FOR_PART } from "@stride/shared";
import type { TeamspaceCreateBody, TeamspacePatchBody } from "@stride/shared/contract";
import { schema, type DbOrTx, type Tx } from "../../db/client.ts";
import { errors } from "../../http/errors.ts";
import { stripHtml } from "../../domain/text.ts";
import { projectShownSql, type TeamspaceRow } from "./queries.ts";

const T = schema.teamspaces;
const TM = schema.teamspaceMembers;
const TP = schema.teamspaceProjects;

const invalidPk = (field: string, id: string) => errors.field(field, `Invalid pk "${id}" - object does not exist.`);

/**
 * People of a teamspace (its lead and members) are active members or admins of the workspace, never guests or bots;
 * any other id answers `{field: ['Invalid pk "…" - object does not exist.']}` (DRF's answer for an unknown pk).
 */
async function checkPeople(tx: DbOrTx, workspaceId: string, field: string, ids: readonly string[]) {
  if (!ids.length) return;
  const { workspaceMembers: WM, users } = schema;
  const rows = await tx
    .select({ id: WM.memberId })
    .from(WM)
    .innerJoin(users, eq(users.id, WM.memberId))
    .where(
      and(
        eq(WM.workspaceId, workspaceId),
        eq(WM.isActive, true),
        sql`${WM.role} >= ${ROLE_FOR_PART.teamspaceMember}`,
        eq(users.isBot, false),
        inArray(WM.memberId, [...ids]),
      ),
    );
  const ok = new Set(rows.map((r) => r.id));
  const bad = ids.find((id) => !ok.has(id));
  if (bad) throw invalidPk(field, bad);
}

/**
 * Projects a caller may put in (or take out of) a teamspace: live projects of the workspace the caller may see named,
 * public or their own (`projectShownSql`); any other id answers like one that names nothing (404 "Project not found").
 */
async function checkProjects(tx: DbOrTx, workspaceId: string, userId: string, ids: readonly string[]) {
  if (!ids.length) return;
  const { projects } = schema;
  const rows = await tx
    .select({ id: projects.id })
    .from(projects)
    .where(
      and(
        eq(projects.workspaceId, workspaceId),
        inArray(projects.id, [...ids]),
        projectShownSql(sql`${projects.id}`, userId),
      ),
    );
  if (rows.length !== new Set(ids).size) throw errors.notFound("Project not found");
}

function columns(body: TeamspacePatchBody): Partial<typeof T.$inferInsert> {
  const c: Partial<typeof T.$inferInsert> = {};
  if (body.name !== undefined) c.name = body.name;
  if (body.description_html !== undefined) {
    c.descriptionHtml = body.description_html ?? "<p></p>";
    c.descriptionStripped = stripHtml(body.description_html);
  }
  if (body.description_json !== undefined) c.descriptionJson = body.description_json;
  if (body.logo_props !== undefined) c.logoProps = body.logo_props;
  const lead = body.lead_id !== undefined ? body.lead_id : body.lead;
  if (lead !== undefined) c.leadId = lead;
  return c;
}

const leadField = (body: TeamspacePatchBody) => (body.lead_id !== undefined ? "lead_id" : "lead");

export async function addMembers(
  tx: DbOrTx,
  t: Pick<TeamspaceRow, "id" | "workspaceId">,
  ids: readonly string[],
  actorId: string,
) {
  const unique = [...new Set(ids)];
  if (!unique.length) return;
  await tx
    .insert(TM)
    .values(
      unique.map((memberId) => ({
        teamspaceId: t.id,
        workspaceId: t.workspaceId,
        memberId,
        createdById: actorId,
        updatedById: actorId,
      })),
    )
    .onConflictDoNothing();
}

export async function addProjects(
  tx: DbOrTx,
  t: Pick<TeamspaceRow, "id" | "workspaceId">,
  ids: readonly string[],
  actorId: string,
) {
  const unique = [...new Set(ids)];
  if (!unique.length) return;
  await tx
    .insert(TP)
    .values(
      unique.map((projectId) => ({
        teamspaceId: t.id,
        workspaceId: t.workspaceId,
        projectId,
        createdById: actorId,
        updatedById: actorId,
      })),
    )
    .onConflictDoNothing();
}

/** The lead is always one of the people: a lead who leaves the members stops being the lead. */
async function keepLeadAMember(tx: Tx, id: string) {
  await tx.execute(sql`UPDATE teamspaces t SET lead = NULL WHERE t.id = ${id} AND t.lead IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM teamspace_members tm WHERE tm.teamspace = t.id AND tm.member = t.lead)`);
}

/** POST W/teamspaces/: a teamspace with its lead (who is also a member), members and projects. */
export async function createTeamspace(
  tx: Tx,
  workspaceId: string,
  actorId: string,
  body: TeamspaceCreateBody,
): Promise<TeamspaceRow> {
  const c = columns(body);
  if (c.leadId) await checkPeople(tx, workspaceId, leadField(body), [c.leadId]);
  await checkPeople(tx, workspaceId, "member_ids", body.member_ids ?? []);
  await checkProjects(tx, workspaceId, actorId, body.project_ids ?? []);
  const [t] = await tx
    .insert(T)
    .values({ ...c, name: body.name, workspaceId, createdById: actorId, updatedById: actorId })
    .returning();
  await addMembers(tx, t, [...(c.leadId ? [c.leadId] : []), ...(body.member_ids ?? [])], actorId);
  await addProjects(tx, t, body.project_ids ?? [], actorId);
  return t;
}

/**
 * PATCH W/teamspaces/{id}/: the fields sent; `member_ids` and `project_ids` replace the people and the projects (a
 * project the caller may not see named stays: they can neither see nor take it out). A new lead joins the members.
 */
export async function updateTeamspace(
  tx: Tx,
  t: TeamspaceRow,
  actorId: string,
  body: TeamspacePatchBody,
): Promise<void> {
  const c = columns(body);
  if (c.leadId) await checkPeople(tx, t.workspaceId, leadField(body), [c.leadId]);
  if (body.member_ids) await checkPeople(tx, t.workspaceId, "member_ids", body.member_ids);
  if (body.project_ids) await checkProjects(tx, t.workspaceId, actorId, body.project_ids);
  await tx
    .update(T)
    .set({ ...c, updatedAt: new Date(), updatedById: actorId })
    .where(eq(T.id, t.id));
  if (body.member_ids) {
    const keep = [...new Set([...body.member_ids, ...(c.leadId ? [c.leadId] : [])])];
    await tx.delete(TM).where(and(eq(TM.teamspaceId, t.id), keep.length ? notInArray(TM.memberId, keep) : undefined));
    await addMembers(tx, t, keep, actorId);
  } else if (c.leadId) {
    await addMembers(tx, t, [c.leadId], actorId);
  }
  if (body.project_ids) {
    const keep = new Set(body.project_ids);
    await tx
      .delete(TP)
      .where(
        and(
          eq(TP.teamspaceId, t.id),
          projectShownSql(sql`${TP.projectId}`, actorId),
          keep.size ? notInArray(TP.projectId, [...keep]) : undefined,
        ),
      );
    await addProjects(tx, t, [...keep], actorId);
  }
  await keepLeadAMember(tx, t.id);
}

/** DELETE W/teamspaces/{id}/: its people, projects and team views go with it (the projects and their items stay). */
export async function deleteTeamspace(tx: DbOrTx, t: TeamspaceRow): Promise<void> {
  await tx.delete(T).where(eq(T.id, t.id));
}

/** POST W/teamspaces/{id}/members/ `{member_ids}`: more people (those already in stay as they are). */
export async function joinMembers(tx: Tx, t: TeamspaceRow, actorId: string, ids: readonly string[]): Promise<void> {
  await checkPeople(tx, t.workspaceId, "member_ids", ids);
  await addMembers(tx, t, ids, actorId);
  await touch(tx, t, actorId);
}

/** DELETE W/teamspaces/{id}/members/ `{member_ids}`: those people leave (a lead among them stops being the lead). */
export async function removeMembers(tx: Tx, t: TeamspaceRow, actorId: string, ids: readonly string[]): Promise<void> {
  await tx.delete(TM).where(and(eq(TM.teamspaceId, t.id), inArray(TM.memberId, [...ids])));
  await keepLeadAMember(tx, t.id);
  await touch(tx, t, actorId);
}

/** POST W/teamspaces/{id}/projects/ `{project_ids}`: more projects. */
export async function joinProjects(tx: Tx, t: TeamspaceRow, actorId: string, ids: readonly string[]): Promise<void> {
  await checkProjects(tx, t.workspaceId, actorId, ids);
  await addProjects(tx, t, ids, actorId);
  await touch(tx, t, actorId);
}

/** DELETE W/teamspaces/{id}/projects/ `{project_ids}`: those projects leave the teamspace (only ones the caller may see named). */
export async function removeProjects(tx: Tx, t: TeamspaceRow, actorId: string, ids: readonly string[]): Promise<void> {
  await checkProjects(tx, t.workspaceId, actorId, ids);
  await tx.delete(TP).where(and(eq(TP.teamspaceId, t.id), inArray(TP.projectId, [...ids])));
  await touch(tx, t, actorId);
}

/** A change of the people or projects is a change of the teamspace: its `updated_at` (the rows themselves publish the event). */
async function touch(tx: DbOrTx, t: TeamspaceRow, actorId: string) {
  await tx.update(T).set({ updatedAt: new Date(), updatedById: actorId }).where(eq(T.id, t.id));
}
