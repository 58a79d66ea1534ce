import type { Invitation } from "@stride/shared/contract";
import type { WorkspaceRow } from "../../http/route.ts";
import { schema } from "../../db/client.ts";
import { iso, presentWorkspaceLite } from "../../http/present.ts";

export type InvitationRow = typeof schema.workspaceInvitations.$inferSelect;

/** Relative link the web app opens to answer an invitation (wire-facts §3). */
export function inviteLink(inv: InvitationRow, ws: WorkspaceRow): string {
  return `/workspace-invitations/?invitation_id=${inv.id}&slug=${encodeURIComponent(ws.slug)}&token=${encodeURIComponent(inv.token)}`;
}

/**
 * Invitation (wire-facts §3). `withSecret: false` leaves out `token` and `invite_link`, for the
 * anonymous join page, which must not hand out the acceptance token.
 */
export function presentInvitation(
  inv: InvitationRow,
  ws: WorkspaceRow,
  opts: { withSecret?: boolean } = {},
): Invitation {
  const withSecret = opts.withSecret ?? true;
  return {
    id: inv.id,
    email: inv.email,
    accepted: inv.accepted,
    ...(withSecret ? { token: inv.token } : {}),
    message: inv.message,
    responded_at: iso(inv.respondedAt),
    role: inv.role,
    workspace: presentWorkspaceLite(ws),
    ...(withSecret ? { invite_link: inviteLink(inv, ws) } : {}),
    created_at: iso(inv.createdAt),
    updated_at: iso(inv.updatedAt),
    deleted_at: null,
    created_by: inv.createdById,
    updated_by: inv.updatedById,
  };
}
