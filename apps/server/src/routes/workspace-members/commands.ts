import { and, eq, gt, ne, sql } from "drizzle-orm";
import { schema, type DbOrTx } from "../../db/client.ts";
import type { UserRow, WorkspaceMemberRow } from "../../http/route.ts";
import { errors } from "../../http/errors.ts";

const { workspaceMembers, projectMembers, users } = schema;

export const MEMBER_NOT_FOUND = "Member not found";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A (non-bot) member row of the workspace by its id, with the user; 404 "Member not found" otherwise. */
export async function loadMember(
  db: DbOrTx,
  workspaceId: string,
  memberId: string,
  opts: { activeOnly?: boolean } = {},
) {
  if (!UUID.test(memberId)) throw errors.notFound(MEMBER_NOT_FOUND);
  const conds = [
    eq(workspaceMembers.id, memberId),
    eq(workspaceMembers.workspaceId, workspaceId),
    eq(users.isBot, false),
  ];
  if (opts.activeOnly) conds.push(eq(workspaceMembers.isActive, true));
  const [row] = await db
    .select({ m: workspaceMembers, u: users })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.memberId))
    .where(and(...conds))
    .limit(1);
  if (!row) throw errors.notFound(MEMBER_NOT_FOUND);
  return row as { m: WorkspaceMemberRow; u: UserRow };
}

/** Active admins of the workspace other than `exceptUserId`. */
export async function otherActiveAdmins(db: DbOrTx, workspaceId: string, exceptUserId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.memberId))
    .where(
      and(
        eq(workspaceMembers.workspaceId, workspaceId),
        eq(workspaceMembers.isActive, true),
        eq(workspaceMembers.role, 20),
        ne(workspaceMembers.memberId, exceptUserId),
        eq(users.isBot, false),
      ),
    );
  return row?.n ?? 0;
}

/** Deactivate a workspace membership and the user's project memberships in that workspace. */
export async function deactivateMembership(tx: DbOrTx, m: WorkspaceMemberRow, actorId: string): Promise<void> {
  const now = new Date();
  await tx
    .update(workspaceMembers)
    .set({ isActive: false, updatedAt: now, updatedById: actorId })
    .where(eq(workspaceMembers.id, m.id));
  await tx
    .update(projectMembers)
    .set({ isActive: false, updatedAt: now, updatedById: actorId })
    .where(
      and(
        eq(projectMembers.workspaceId, m.workspaceId),
        eq(projectMembers.memberId, m.memberId),
        eq(projectMembers.isActive, true),
      ),
    );
}

/** Project roles never exceed the workspace role: cap them when the workspace role goes down. */
export async function capProjectRoles(
  tx: DbOrTx,
  workspaceId: string,
  userId: string,
  maxRole: number,
  actorId: string,
): Promise<void> {
  await tx
    .update(projectMembers)
    .set({ role: maxRole, updatedAt: new Date(), updatedById: actorId })
    .where(
      and(
        eq(projectMembers.workspaceId, workspaceId),
        eq(projectMembers.memberId, userId),
        gt(projectMembers.role, maxRole),
      ),
    );
}
