import { useCallback } from "react";
import { useParams } from "react-router";
import {
  can,
  effectiveProjectRole,
  permission,
  PROJECT_NETWORK,
  roleBucket,
  type Action,
  type Entity,
  type Role,
  type RoleContext,
} from "@stride/shared";
import { useWorkspaceMemberMe } from "../api/workspaces.ts";
import { useMe, useProjectRoles } from "../api/users.ts";

/**
 * What a permission check is about, when it is not just "the current workspace / project": the project a thing
 * belongs to, the caller's role there when the row carries it, and who created the thing (creator rules).
 * Build it with `itemSubject`, `projectSubject` or `workspaceSubject`.
 */
export interface Subject {
  /** The project the thing belongs to; default: the project in the URL. */
  projectId?: string | null;
  /** The caller's role in that project when the row says it (a project row's `member_role`; null: not a member). */
  projectRole?: number | null;
  /** The caller's role in the workspace when the row says it (a workspace row's `role`). */
  workspaceRole?: number | null;
  /** Who created the thing. */
  createdBy?: string | null;
  /** The project is public (a project row's `network` 2): workspace admins outside it may administer it. */
  projectIsPublic?: boolean;
}

/** A work item (or anything with `project_id` and `created_by`). */
export const itemSubject = (item: { project_id: string | null; created_by: string | null }): Subject => ({
  projectId: item.project_id,
  createdBy: item.created_by,
});
/** A project row that says the caller's role in it and whether it is public (`GET W/projects/`). */
export const projectSubject = (project: { id: string; member_role: number | null; network?: number }): Subject => ({
  projectId: project.id,
  projectRole: project.member_role,
  projectIsPublic: project.network === PROJECT_NETWORK.PUBLIC,
});
/** A workspace row that says the caller's role in it (`GET /users/me/workspaces/`, a new workspace). */
export const workspaceSubject = (workspace: { role?: number | null }): Subject => ({
  workspaceRole: workspace.role ?? null,
});

/** `can(action, entity, subject?)`: the shared permission table applied to the caller's loaded roles. */
export type Can = <E extends Entity>(action: Action<E>, entity: E, subject?: Subject) => boolean;

/** The caller's roles as the web has loaded them: the user, the workspace membership, the `{projectId: role}` map. */
interface LoadedRoles {
  userId: string | null;
  workspaceRole: number | null;
  projectRoles: Record<string, number> | undefined;
  routeProjectId: string | undefined;
}

/** The role context of one check: the subject's own roles first, then the loaded ones. Exported for tests. */
export function roleContext(roles: LoadedRoles, subject: Subject = {}): RoleContext {
  const projectId = subject.projectId ?? roles.routeProjectId;
  return {
    userId: roles.userId,
    workspaceRole: subject.workspaceRole !== undefined ? subject.workspaceRole : roles.workspaceRole,
    projectRole:
      subject.projectRole !== undefined
        ? subject.projectRole
        : projectId
          ? (roles.projectRoles?.[projectId] ?? null)
          : null,
    creatorId: subject.createdBy ?? null,
    projectIsPublic: subject.projectIsPublic ?? false,
  };
}

/** The roles in the URL's workspace; the project roles when asked for or when the URL names a project (then cached). */
function useLoadedRoles(loadProjectRoles: boolean): LoadedRoles & { loading: boolean } {
  const { workspaceSlug, projectId } = useParams();
  const me = useMe();
  const member = useWorkspaceMemberMe(workspaceSlug);
  const projectRoles = useProjectRoles(loadProjectRoles || !!projectId ? workspaceSlug : undefined);
  return {
    userId: me.data?.id ?? null,
    workspaceRole: member.data?.role ?? null,
    projectRoles: projectRoles.data,
    routeProjectId: projectId,
    loading: me.isLoading || member.isLoading || projectRoles.isLoading,
  };
}

/**
 * Whether the caller's roles are still loading. A screen outside the project shell (the full-page work item)
 * waits for them with its own data, rather than show controls it would then take away.
 */
export function usePermissionsLoading(opts: { projects?: boolean } = {}): boolean {
  return useLoadedRoles(!!opts.projects).loading;
}

/**
 * The permission checker for the current workspace (from the URL), for screens that check many things (a row
 * per project, an item per card). Project roles are loaded when the URL names a project or `projects` is set.
 */
export function usePermissions(opts: { projects?: boolean } = {}): Can {
  const { userId, workspaceRole, projectRoles, routeProjectId } = useLoadedRoles(!!opts.projects);
  return useCallback<Can>(
    (action, entity, subject) =>
      can(action, entity, roleContext({ userId, workspaceRole, projectRoles, routeProjectId }, subject)),
    [userId, workspaceRole, projectRoles, routeProjectId],
  );
}

/**
 * May the caller do `action` on `entity` (work-tracking.md §6)? Decided by the permission table the server's
 * routes declare (`packages/shared/src/permissions.ts`), from the roles the web has loaded: the workspace role of
 * the workspace in the URL, the project role of the subject's project (or the project in the URL), and the
 * subject's creator. False while the roles load.
 */
export function useCan<E extends Entity>(action: Action<E>, entity: E, subject?: Subject): boolean {
  const needsProjectRole = permission(action, entity).scope === "project" && subject?.projectRole === undefined;
  const roles = useLoadedRoles(needsProjectRole);
  return can(action, entity, roleContext(roles, subject));
}

/** The caller's workspace role (null while loading or for non-members). */
export function useWorkspaceRole(slug: string | undefined): { role: Role | null; isLoading: boolean } {
  const q = useWorkspaceMemberMe(slug);
  return { role: roleBucket(q.data?.role), isLoading: q.isLoading };
}

/**
 * The caller's role in a project: the project role from `project-roles/`, with workspace admins
 * counting as project admins (they administer every project).
 */
export function useProjectRole(
  slug: string | undefined,
  projectId: string | undefined,
): {
  role: Role | null;
  projectRole: Role | null;
  workspaceRole: Role | null;
  isLoading: boolean;
} {
  const ws = useWorkspaceRole(slug);
  const roles = useProjectRoles(slug);
  const projectRole = roleBucket(projectId ? roles.data?.[projectId] : null);
  return {
    role: effectiveProjectRole(projectRole, ws.role),
    projectRole,
    workspaceRole: ws.role,
    isLoading: ws.isLoading || roles.isLoading,
  };
}
