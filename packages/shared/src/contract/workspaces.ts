import { z } from "zod";
import { ORGANIZATION_SIZES } from "../constants.ts";
import { isRole } from "../roles.ts";
import { fieldError, imageUrl, lineText, MSG, text, timezone } from "./fields.ts";
import type { AuditFields, Timestamp } from "./common.ts";
import type { UserAdminLite, UserLite } from "./user-lite.ts";

// ---------------------------------------------------------------- request bodies

export const organizationSize = z.enum(ORGANIZATION_SIZES, {
  error: `Must be one of: ${ORGANIZATION_SIZES.join(", ")}.`,
});

/** POST /api/workspaces/. Name and slug are checked by the server so missing or too long values get the wire-facts `{error}` bodies. */
export const createWorkspaceBody = z.object({
  name: z.string({ error: MSG.string }).optional(),
  slug: z.string({ error: MSG.string }).optional(),
  organization_size: organizationSize.nullable().optional(),
  company_role: lineText(255).nullable().optional(),
  timezone: timezone().optional(),
});
export type CreateWorkspaceBody = z.infer<typeof createWorkspaceBody>;

/** PATCH /api/workspaces/{slug}/. A logo is uploaded through the assets endpoint; `logo_asset` only clears it. */
export const updateWorkspaceBody = z.object({
  name: z.string({ error: MSG.string }).optional(),
  organization_size: organizationSize.nullable().optional(),
  timezone: timezone().optional(),
  logo: imageUrl().nullable().optional(),
  logo_asset: z.null({ error: "Only null is accepted here; upload a logo through the assets endpoint." }).optional(),
  background_color: lineText(255).nullable().optional(),
});
export type UpdateWorkspaceBody = z.infer<typeof updateWorkspaceBody>;

/** A workspace role: 5, 15 or 20, also as a string of digits (form posts). */
export const roleField = z
  .union([z.number({ error: MSG.integer }), z.string().regex(/^\d+$/, MSG.integer).transform(Number)], {
    error: MSG.integer,
  })
  .refine((v) => isRole(v), "Role must be 5 (guest), 15 (member) or 20 (admin).");

/** PATCH W/members/{id}/. */
export const updateWorkspaceMemberBody = z.object({ role: roleField });

/** POST W/invitations/. */
export const createInvitationsBody = z.object({
  emails: z
    .array(
      z.object({ email: text(254), role: roleField.optional() }, { error: "Expected an object with email and role." }),
      {
        error: "Expected a list of {email, role}.",
      },
    )
    .max(100, "At most 100 invitations at once.")
    .optional(),
});
export type CreateInvitationsBody = z.infer<typeof createInvitationsBody>;

/** PATCH W/invitations/{id}/. */
export const updateInvitationBody = z.object({
  role: roleField.optional(),
  message: lineText(1000).nullable().optional(),
});

/** POST W/invitations/{id}/join/: the emailed token answers the invitation. */
export const joinInvitationBody = z.object({
  token: z
    .string({ error: fieldError(MSG.string) })
    .max(500)
    .optional(),
  accepted: z.boolean({ error: fieldError(MSG.boolean) }).optional(),
});

// ---------------------------------------------------------------- responses

/** Workspace-lite `{name, slug, id, logo_url}` (nested in invitations, project members, history). */
export interface WorkspaceLite {
  name: string;
  slug: string;
  id: string;
  logo_url: string | null;
}

/** The workspace columns (wire-facts §3) with `logo_url`. */
export interface WorkspaceColumns extends AuditFields {
  id: string;
  name: string;
  logo: string | null;
  logo_asset: string | null;
  logo_url: string | null;
  owner: string;
  slug: string;
  organization_size: string | null;
  timezone: string;
  background_color: string | null;
}

/** Workspace (wire-facts §3): columns + total_members, and the caller's role where it is shown. */
export interface Workspace extends WorkspaceColumns {
  total_members: number;
  role?: number;
}

/** The membership columns of a workspace member row. */
export interface WorkspaceMemberColumns extends AuditFields {
  id: string;
  workspace: string;
  role: number;
  company_role: string | null;
  view_props: Record<string, unknown>;
  default_props: Record<string, unknown>;
  issue_props: Record<string, unknown>;
  is_active: boolean;
  getting_started_checklist: Record<string, unknown>;
  tips: Record<string, unknown>;
  explored_features: Record<string, unknown>;
}

/**
 * A workspace member: the member is admin-lite (with email) for admins and members, user-lite for guests — so the
 * admin-lite fields may be absent.
 */
export interface WorkspaceMember extends WorkspaceMemberColumns {
  member: UserLite & Partial<Omit<UserAdminLite, keyof UserLite>>;
}

/** W/workspace-members/me/: `member` as a bare id, plus the caller's draft count. */
export interface WorkspaceMemberMe extends WorkspaceMemberColumns {
  member: string;
  draft_issue_count: number;
}

/** Invitation (wire-facts §3). The anonymous join page gets it without `token` and `invite_link`. */
export interface Invitation extends AuditFields {
  id: string;
  email: string;
  accepted: boolean;
  token?: string;
  message: string | null;
  responded_at: Timestamp | null;
  role: number;
  /** With `total_members` in the caller's own invitations list. */
  workspace: WorkspaceLite & { total_members?: number };
  invite_link?: string;
}

/** GET W/project-members/: the members of the caller's projects, by project id. */
export type WorkspaceProjectMembers = Record<
  string,
  { id: string; role: number; member: string; original_role: number; created_at: Timestamp }[]
>;
