import { createContext, useContext } from "react";
import { Link, NavLink, Outlet, useParams } from "react-router";
import { type Role } from "@stride/shared";
import { ApiError } from "../../api/client.ts";
import { useProject } from "../../api/projects.ts";
import type { Project } from "../../api/types.ts";
import { EmptyState, PageSpinner, cx } from "../../components/ui/index.ts";
import { useProjectRole } from "../../lib/permissions.ts";
import { useCurrentWorkspace } from "../workspace/WorkspaceLayout.tsx";
import { ProjectLogo } from "./ProjectLogo.tsx";

interface ProjectCtx { slug: string; projectId: string; project: Project; role: Role | null; projectRole: Role | null }
const Ctx = createContext<ProjectCtx | null>(null);

/**
 * The current project: its full object, the caller's effective role (workspace admins count as
 * admins) and the raw project role. Only inside ProjectLayout.
 */
export function useCurrentProject(): ProjectCtx {
  const c = useContext(Ctx);
  if (!c) throw new Error("useCurrentProject outside ProjectLayout");
  return c;
}

const TABS: { label: string; path: string; flag?: keyof Project }[] = [
  { label: "Work items", path: "issues/" },
  { label: "Cycles", path: "cycles/", flag: "cycle_view" },
  { label: "Modules", path: "modules/", flag: "module_view" },
  { label: "Views", path: "views/", flag: "issue_views_view" },
  { label: "Pages", path: "pages/", flag: "page_view" },
  { label: "Intake", path: "intake/", flag: "intake_view" },
];

export function ProjectLayout() {
  const { projectId = "" } = useParams();
  const { slug } = useCurrentWorkspace();
  const project = useProject(slug, projectId);
  const roles = useProjectRole(slug, projectId);
  if (project.isLoading || roles.isLoading) return <PageSpinner />;
  if (!project.data) {
    const st = project.error instanceof ApiError ? project.error.status : 0;
    return (
      <EmptyState
        title={st === 409 ? "You are not a member of this project" : "Project not found"}
        description={st === 409 ? "Join the project from the projects list to open it." : "This project does not exist, is archived, or you do not have access to it."}
        action={<Link className="text-indigo-600 hover:underline" to={`/${slug}/projects/`}>Back to projects</Link>}
      />
    );
  }
  const p = project.data;
  const base = `/${slug}/projects/${projectId}/`;
  return (
    <Ctx.Provider value={{ slug, projectId, project: p, role: roles.role, projectRole: roles.projectRole }}>
      <div className="flex min-h-0 flex-1 flex-col">
        <nav aria-label="Project" className="flex items-center gap-1 overflow-x-auto border-b border-zinc-200 px-4 py-1.5 text-sm dark:border-zinc-800">
          <span className="mr-2 flex items-center gap-2 font-medium">
            <ProjectLogo project={p} />
            <span className="max-w-48 truncate">{p.name}</span>
          </span>
          {TABS.filter((t) => !t.flag || p[t.flag]).map((t) => (
            <NavLink key={t.path} to={base + t.path} className={({ isActive }) => cx("rounded px-2 py-1", isActive ? "bg-zinc-200 dark:bg-zinc-800" : "hover:bg-zinc-100 dark:hover:bg-zinc-800/60")}>
              {t.label}
            </NavLink>
          ))}
          <NavLink to={base + "settings/"} className={({ isActive }) => cx("ml-auto rounded px-2 py-1", isActive ? "bg-zinc-200 dark:bg-zinc-800" : "hover:bg-zinc-100 dark:hover:bg-zinc-800/60")}>
            Settings
          </NavLink>
        </nav>
        <Outlet />
      </div>
    </Ctx.Provider>
  );
}
