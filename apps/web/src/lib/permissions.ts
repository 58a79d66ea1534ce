import { effectiveProjectRole, roleBucket, type Role } from "@stride/shared";
import { useWorkspaceMemberMe } from "../api/workspaces.ts";
import { useProjectRoles } from "../api/users.ts";

/** The caller's workspace role (null while loading or for non-members). */
export function useWorkspaceRole(slug: string | undefined): { role: Role | null; isLoading: boolean } {
  const q = useWorkspaceMemberMe(slug);
  return { role: roleBucket(q.data?.role), isLoading: q.isLoading };
}

/**
 * The caller's role in a project: the project role from `project-roles/`, with workspace admins
 * counting as project admins (they administer every project).
 */
export function useProjectRole(slug: string | undefined, projectId: string | undefined): {
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
