import crypto from "node:crypto";
import type { FastifyRequest } from "fastify";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { schema, type DbOrTx } from "../../db/client.ts";
import type { AppContext } from "../../core/context.ts";
import type { UserRow, WorkspaceMemberRow, WorkspaceRow } from "../../http/route.ts";
import { errors } from "../../http/errors.ts";
import { escapeHtml, enqueueMail } from "../../core/mail.ts";
import { ensureProfile } from "../../domain/profile.ts";
import { presentWorkspaceMember } from "../workspace-members/presenters.ts";
import { inviteLink, type InvitationRow } from "./presenters.ts";

const { workspaceInvitations, workspaceMembers, users, profiles, workspaces } = schema;

export const newInvitationToken = () => crypto.randomBytes(32).toString("base64url");

/** Constant-time token comparison. */
export function tokenMatches(expected: string, given: unknown): boolean {
  if (typeof given !== "string" || given === "") return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/** Base URL of the web app for emailed links: WEB_URL, else the request's origin. */
export function webBase(app: AppContext, req: FastifyRequest): string {
  const base =
    app.config.webUrl ||
    (typeof req.headers.origin === "string" && /^https?:\/\//.test(req.headers.origin)
      ? req.headers.origin
      : `${req.protocol}://${req.host}`);
  return base.replace(/\/+$/, "");
}

/**
 * Make the user an active member with the given role: reactivates a former membership, creates one otherwise.
 * An already active membership keeps its role. Points the profile's last workspace at it when none is set.
 */
export async function joinWorkspace(
  tx: DbOrTx,
  workspaceId: string,
  user: { id: string },
  role: number,
  opts: { setLastWorkspace?: boolean } = {},
): Promise<void> {
  const [existing] = await tx
    .select()
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.memberId, user.id)))
    .limit(1);
  if (existing) {
    if (!existing.isActive) {
      await tx
        .update(workspaceMembers)
        .set({ isActive: true, role, updatedAt: new Date() })
        .where(eq(workspaceMembers.id, existing.id));
    }
  } else {
    await tx
      .insert(workspaceMembers)
      .values({ workspaceId, memberId: user.id, role, createdById: user.id, updatedById: user.id })
      .onConflictDoNothing();
  }
  const profile = await ensureProfile(tx, user.id);
  if (opts.setLastWorkspace || !profile.lastWorkspaceId) {
    await tx
      .update(profiles)
      .set({ lastWorkspaceId: workspaceId, updatedAt: new Date() })
      .where(eq(profiles.userId, user.id));
  }
}

/** POST /api/users/me/workspaces/invitations/: accept invitations addressed to the caller (unknown ids are ignored). */
export async function acceptOwnInvitations(app: AppContext, user: UserRow, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await app.db.transaction(async (tx) => {
    const invs = await tx
      .select()
      .from(workspaceInvitations)
      .where(and(inArray(workspaceInvitations.id, ids), eq(workspaceInvitations.email, user.email.toLowerCase())))
      .orderBy(sql`${workspaceInvitations.createdAt} desc`);
    for (const inv of invs) await joinWorkspace(tx, inv.workspaceId, user, inv.role);
    if (invs.length)
      await tx.delete(workspaceInvitations).where(
        inArray(
          workspaceInvitations.id,
          invs.map((i) => i.id),
        ),
      );
  });
}

/** Pending invitations addressed to the user, with their workspaces, newest first. */
export async function pendingInvitationsFor(
  db: DbOrTx,
  email: string,
): Promise<{ inv: InvitationRow; ws: WorkspaceRow }[]> {
  return db
    .select({ inv: workspaceInvitations, ws: workspaces })
    .from(workspaceInvitations)
    .innerJoin(workspaces, eq(workspaces.id, workspaceInvitations.workspaceId))
    .where(and(eq(workspaceInvitations.email, email.toLowerCase()), isNull(workspaceInvitations.respondedAt)))
    .orderBy(sql`${workspaceInvitations.createdAt} desc`);
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface InviteInput {
  email: string;
  role?: number;
}

/**
 * POST W/invitations/: invite several emails at once. All-or-nothing: an invalid email, a role above the
 * inviter's, or an email that already belongs to an active member refuses the whole request.
 * Re-inviting an email refreshes its invitation (new token, new role, unanswered again).
 */
export async function createInvitations(
  app: AppContext,
  req: FastifyRequest,
  ws: WorkspaceRow,
  inviter: UserRow,
  inviterMember: WorkspaceMemberRow,
  input: InviteInput[],
): Promise<void> {
  if (input.length === 0) throw errors.badRequest("Emails are required");
  const byEmail = new Map<string, number>();
  for (const e of input) {
    const email = e.email.trim().toLowerCase();
    if (!EMAIL.test(email) || email.length > 254) {
      throw errors.badRequest(
        `Invalid email - ${e.email} provided a valid email address is required to send the invite`,
      );
    }
    byEmail.set(email, e.role ?? 5);
  }
  const emails = [...byEmail.keys()];
  const existing = await app.db
    .select({ m: workspaceMembers, u: users })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.memberId))
    .where(
      and(
        eq(workspaceMembers.workspaceId, ws.id),
        eq(workspaceMembers.isActive, true),
        inArray(sql`lower(${users.email})`, emails),
      ),
    );
  if (existing.length) {
    throw errors.body(400, {
      error: "Some users are already member of workspace",
      workspace_users: existing.map((r) => presentWorkspaceMember(r.m, r.u, inviterMember.role)),
    });
  }
  const base = webBase(app, req);
  const inviterName =
    inviter.displayName || [inviter.firstName, inviter.lastName].filter(Boolean).join(" ") || inviter.email;
  await app.db.transaction(async (tx) => {
    for (const [email, role] of byEmail) {
      const now = new Date();
      const [inv] = await tx
        .insert(workspaceInvitations)
        .values({
          workspaceId: ws.id,
          email,
          role,
          token: newInvitationToken(),
          createdById: inviter.id,
          updatedById: inviter.id,
        })
        .onConflictDoUpdate({
          target: [workspaceInvitations.workspaceId, workspaceInvitations.email],
          set: {
            role,
            token: newInvitationToken(),
            accepted: false,
            respondedAt: null,
            updatedAt: now,
            updatedById: inviter.id,
          },
        })
        .returning();
      const link = base + inviteLink(inv, ws);
      const subject = `${inviterName} invited you to join ${ws.name} on Stride`;
      const text = `${inviterName} (${inviter.email}) invited you to join the workspace "${ws.name}" on Stride.\n\nAccept the invitation: ${link}\n\nIf you were not expecting this, you can ignore this email.`;
      const html =
        `<p>${escapeHtml(inviterName)} (${escapeHtml(inviter.email)}) invited you to join the workspace <strong>${escapeHtml(ws.name)}</strong> on Stride.</p>` +
        `<p><a href="${escapeHtml(link)}">Accept the invitation</a></p>` +
        `<p>If you were not expecting this, you can ignore this email.</p>`;
      await enqueueMail(app, tx, { to: email, subject, text, html });
    }
  });
}

/**
 * POST W/invitations/:id/join/: answer an invitation with its token. Accepting as an existing user makes
 * the membership at once (and removes the invitation); for an email without an account the acceptance is
 * kept and becomes a membership at sign-up (auth's `convertAcceptedInvitations`).
 */
export async function answerInvitation(
  app: AppContext,
  inv: InvitationRow,
  accepted: boolean,
): Promise<{ message: string }> {
  return app.db.transaction(async (tx) => {
    // Re-read under lock so two answers cannot both pass the "not yet answered" check.
    const [fresh] = await tx
      .select()
      .from(workspaceInvitations)
      .where(eq(workspaceInvitations.id, inv.id))
      .for("update");
    if (!fresh) throw errors.notFound();
    if (fresh.respondedAt) throw errors.badRequest("You have already responded to the invitation request");
    const now = new Date();
    await tx
      .update(workspaceInvitations)
      .set({ accepted, respondedAt: now, updatedAt: now })
      .where(eq(workspaceInvitations.id, fresh.id));
    if (!accepted) return { message: "Workspace Invitation was not accepted" };
    const [user] = await tx
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${fresh.email}`)
      .limit(1);
    if (user) {
      await joinWorkspace(tx, fresh.workspaceId, user, fresh.role, { setLastWorkspace: true });
      await tx.delete(workspaceInvitations).where(eq(workspaceInvitations.id, fresh.id));
    }
    return { message: "Workspace Invitation Accepted" };
  });
}
