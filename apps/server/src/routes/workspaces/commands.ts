import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import {
  isReservedWorkspaceSlug,
  WORKSPACE_NAME_MAX,
  WORKSPACE_SLUG_MAX,
  WORKSPACE_SLUG_PATTERN,
  ROLE,
} from "@stride/shared";
import { schema, type DbOrTx } from "../../db/client.ts";
import type { AppContext } from "../../core/context.ts";
import type { UserRow, WorkspaceRow } from "../../http/route.ts";
import { errors, uniqueViolation } from "../../http/errors.ts";
import { instanceConfig, isOn } from "../../core/instance-config.ts";
import { isInstanceAdmin } from "../../http/session.ts";
import type { CreateWorkspaceBody } from "./schemas.ts";

const { workspaces, workspaceMembers, users } = schema;

export const SLUG_EXISTS = "The workspace with the slug already exists";

/** Active, non-bot members per workspace. */
export async function memberCounts(db: DbOrTx, workspaceIds: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (workspaceIds.length === 0) return out;
  const rows = await db
    .select({ workspaceId: workspaceMembers.workspaceId, n: sql<number>`count(*)::int` })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.memberId))
    .where(
      and(
        inArray(workspaceMembers.workspaceId, workspaceIds),
        eq(workspaceMembers.isActive, true),
        eq(users.isBot, false),
      ),
    )
    .groupBy(workspaceMembers.workspaceId);
  for (const r of rows) out.set(r.workspaceId, r.n);
  return out;
}

/** Workspaces the user is an active member of, sorted by name, with the user's role. */
export async function userWorkspaces(
  db: DbOrTx,
  userId: string,
): Promise<{ ws: WorkspaceRow; role: number; totalMembers: number }[]> {
  const rows = await db
    .select({ ws: workspaces, role: workspaceMembers.role })
    .from(workspaces)
    .innerJoin(
      workspaceMembers,
      and(
        eq(workspaceMembers.workspaceId, workspaces.id),
        eq(workspaceMembers.memberId, userId),
        eq(workspaceMembers.isActive, true),
      ),
    )
    .orderBy(sql`lower(${workspaces.name})`, asc(workspaces.name), asc(workspaces.createdAt));
  const counts = await memberCounts(
    db,
    rows.map((r) => r.ws.id),
  );
  return rows.map((r) => ({ ws: r.ws, role: r.role, totalMembers: counts.get(r.ws.id) ?? 0 }));
}

/** Why a slug cannot be used, or null when its shape is fine (availability is checked separately). */
export function slugProblem(slug: string): string | null {
  if (isReservedWorkspaceSlug(slug)) return "Slug is not valid";
  if (!WORKSPACE_SLUG_PATTERN.test(slug))
    return "Slug can only contain letters, numbers, hyphens (-), and underscores (_)";
  return null;
}

/** Slugs are unique regardless of case, so `Acme` and `acme` never both exist. */
export async function slugTaken(db: DbOrTx, slug: string): Promise<boolean> {
  const [row] = await db
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(sql`lower(${workspaces.slug}) = lower(${slug})`)
    .limit(1);
  return !!row;
}

/** Workspace name rules shared by create and update; returns the trimmed name. */
export function checkWorkspaceName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === "") throw errors.field("name", "This field may not be blank.");
  if (trimmed.length > WORKSPACE_NAME_MAX)
    throw errors.field("name", `Ensure this field has no more than ${WORKSPACE_NAME_MAX} characters.`);
  if (/[\u0000-\u001f\u007f]/.test(trimmed)) throw errors.field("name", "Control characters are not allowed.");
  if (/(https?:\/\/|www\.)\S+/i.test(trimmed)) throw errors.field("name", "Name must not contain URLs");
  if (!/[\p{L}\p{N}]/u.test(trimmed)) throw errors.field("name", "Name must contain at least one letter or number");
  return trimmed;
}

/** Workspace creation may be switched off by the instance admin (DISABLE_WORKSPACE_CREATION "1"); instance admins may still create. */
export async function assertWorkspaceCreationAllowed(app: AppContext, user: UserRow): Promise<void> {
  const cfg = await instanceConfig(app);
  if (isOn(cfg.DISABLE_WORKSPACE_CREATION) && !(await isInstanceAdmin(app.db, user.id))) {
    throw errors.body(403, { error: "Workspace creation is not allowed" });
  }
}

/** POST /api/workspaces/: the workspace and its creator as admin member, in one transaction. */
export async function createWorkspace(
  app: AppContext,
  user: UserRow,
  body: CreateWorkspaceBody,
): Promise<WorkspaceRow> {
  await assertWorkspaceCreationAllowed(app, user);
  const rawName = body.name ?? "";
  const slug = (body.slug ?? "").trim();
  if (rawName.trim() === "" || slug === "") throw errors.badRequest("Both name and slug are required");
  if (rawName.trim().length > WORKSPACE_NAME_MAX || slug.length > WORKSPACE_SLUG_MAX) {
    throw errors.badRequest(
      `The maximum length for name is ${WORKSPACE_NAME_MAX} and for slug is ${WORKSPACE_SLUG_MAX}`,
    );
  }
  const name = checkWorkspaceName(rawName);
  const problem = slugProblem(slug);
  if (problem) throw errors.field("slug", problem);
  if (await slugTaken(app.db, slug)) throw errors.conflict({ slug: SLUG_EXISTS });
  try {
    return await app.db.transaction(async (tx) => {
      // Serialise creations of the same (case-folded) slug so two concurrent requests cannot both pass the check.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${"workspace-slug:" + slug.toLowerCase()}))`);
      if (await slugTaken(tx, slug)) throw errors.conflict({ slug: SLUG_EXISTS });
      const [ws] = await tx
        .insert(workspaces)
        .values({
          name,
          slug,
          ownerId: user.id,
          organizationSize: body.organization_size ?? null,
          timezone: body.timezone ?? "UTC",
          createdById: user.id,
          updatedById: user.id,
        })
        .returning();
      await tx.insert(workspaceMembers).values({
        workspaceId: ws.id,
        memberId: user.id,
        role: ROLE.ADMIN,
        companyRole: body.company_role ?? null,
        createdById: user.id,
        updatedById: user.id,
      });
      return ws;
    });
  } catch (e) {
    if (uniqueViolation(e) !== null) throw errors.conflict({ slug: SLUG_EXISTS });
    throw e;
  }
}

/** Number of draft work items the user created in the workspace. */
export async function draftIssueCount(db: DbOrTx, workspaceId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(schema.issues)
    .where(
      and(
        eq(schema.issues.workspaceId, workspaceId),
        eq(schema.issues.createdById, userId),
        eq(schema.issues.isDraft, true),
        isNull(schema.issues.deletedAt),
      ),
    );
  return row?.n ?? 0;
}
