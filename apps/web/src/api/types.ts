/**
 * Wire shapes (wire-facts §2–§5, wire-facts-2 §1), taken from the one contract `@stride/shared/contract` that the
 * server's presenters are typed by. Nothing here is declared anew: each type is the contract's, renamed where
 * the web's name is older, or derived from it with TypeScript's utility types (`types.test.ts` holds it so).
 */
import type * as C from "@stride/shared/contract";

export type {
  Invitation,
  Label,
  LogoProps,
  OnboardingStep,
  Paginated,
  Profile,
  Project,
  State,
  UserLite,
  UserSettings,
  Workspace,
  WorkspaceMemberMe,
} from "@stride/shared/contract";

type Activated = Extract<C.InstanceInfo, { instance: unknown }>;
/** GET /api/instances/ read as one object: before activation only `is_activated`/`is_setup_done`, after it `config` and `instance`. */
export type InstanceInfo = Partial<Activated> & Partial<Exclude<C.InstanceInfo, Activated>>;

/** A workspace member: user-lite, with the email (and last login medium) when the caller is a member or admin. */
export type WorkspaceMember = C.WorkspaceMember;
/** GET /api/users/me/. */
export type User = C.UserMe;
/** A row of GET W/projects/. */
export type ProjectLite = C.ProjectListItem;
/** A row of GET P/members/. */
export type ProjectMember = C.ProjectMemberRole;
/** GET P/project-members/me/. */
export type ProjectMemberMe = C.ProjectMember;
/** A workspace in god mode's list (the owner as an object) or just created there. */
export type AdminWorkspace = C.AdminWorkspace;
