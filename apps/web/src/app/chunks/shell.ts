/**
 * The shells around the signed-in screens (see app/router.tsx): the sign-in guard, the workspace's layout (its
 * sidebar, palette, live channel) and a project's layout. Every signed-in screen loads this chunk, and only
 * the chunk of its own screen beside it.
 */
export { RequireAuth } from "../../components/layout/RequireAuth.tsx";
export { WorkspaceLayout } from "../../features/workspace/WorkspaceLayout.tsx";
export { ProjectLayout } from "../../features/projects/ProjectLayout.tsx";
