import { lazy, Suspense, useState } from "react";
import { Link, NavLink, Outlet, useParams } from "react-router";
import { Bot } from "lucide-react";
import { ApiError, errorMessage } from "../../api/client.ts";
import { useJoinProjects, useProject, useProjects } from "../../api/projects.ts";
import type { Project } from "../../api/types.ts";
import { Button, EmptyState, PageSpinner, cx, useToast } from "../../components/ui/index.ts";
import { useCan, useProjectRole } from "../../lib/permissions.ts";
import { useCurrentWorkspace } from "../workspace/current-workspace.ts";
import { ProjectLogo } from "../../components/project/ProjectLogo.tsx";
import { ProjectContext } from "./current-project.ts";
import { useLiveTopic } from "../../api/live.ts";

/** The project-agent panel (components/agents/AssistantPanel.tsx), loaded when first opened. */
const AssistantPanel = lazy(() =>
  import("../../components/agents/AssistantPanel.tsx").then((m) => ({ default: m.AssistantPanel })),
);

const TABS: { label: string; path: string; flag?: keyof Project }[] = [
  { label: "Work items", path: "issues/" },
  { label: "Cycles", path: "cycles/", flag: "cycle_view" },
  { label: "Modules", path: "modules/", flag: "module_view" },
  { label: "Views", path: "views/", flag: "issue_views_view" },
  { label: "Pages", path: "pages/", flag: "page_view" },
  { label: "Intake", path: "intake/", flag: "intake_view" },
  { label: "Updates", path: "updates/", flag: "is_project_updates_enabled" },
  { label: "Time", path: "worklogs/", flag: "is_time_tracking_enabled" },
];

const tabClass = ({ isActive }: { isActive: boolean }) =>
  cx("shrink-0 whitespace-nowrap rounded px-2 py-1", isActive ? "bg-fill-selected" : "hover:bg-fill-hover");

export function ProjectLayout() {
  const { projectId = "" } = useParams();
  const { slug } = useCurrentWorkspace();
  const roles = useProjectRole(slug, projectId);
  // the project is read only by those in it (issue #27 point 10): the caller's project roles say so first
  const inProject = useCan("view", "project", { projectRole: roles.projectRole, workspaceRole: roles.workspaceRole });
  const project = useProject(slug, projectId, inProject);
  // a project the caller is not in shows in the workspace's list when it is public: they may join it
  const listed = useProjects(inProject || roles.isLoading ? undefined : slug);
  const canChat = useCan("chat", "projectAssistant", {
    projectRole: roles.projectRole,
    workspaceRole: roles.workspaceRole,
  });
  const [assistantOpen, setAssistantOpen] = useState(false);
  useLiveTopic(project.data ? `project:${projectId}` : null, slug, projectId);
  if (roles.isLoading || project.isLoading || listed.isLoading) return <PageSpinner />;
  if (!project.data)
    return (
      <NotInProject
        slug={slug}
        projectId={projectId}
        refused={project.error instanceof ApiError ? project.error.status : 0}
        listed={!inProject && !!listed.data?.some((p) => p.id === projectId && !p.archived_at)}
        inProject={inProject}
      />
    );
  const p = project.data;
  const base = `/${slug}/projects/${projectId}/`;
  return (
    <ProjectContext.Provider value={{ slug, projectId, project: p, role: roles.role, projectRole: roles.projectRole }}>
      <div className="flex min-h-0 flex-1 flex-col">
        {/* The tab bar keeps its height (never squashed by a long page) and its tabs scroll sideways on a
            narrow window, while Settings stays pinned and whole at the end. */}
        <nav
          aria-label="Project"
          className="flex min-h-11 shrink-0 items-center gap-2 border-b border-line px-4 text-sm"
        >
          <span className="flex min-w-0 shrink items-center gap-2 font-medium" title={p.name}>
            <ProjectLogo project={p} />
            <span className="hidden max-w-48 truncate sm:inline">{p.name}</span>
          </span>
          <div data-project-tabs className="flex min-w-0 flex-1 items-center gap-1 overflow-x-auto">
            {TABS.filter((t) => !t.flag || p[t.flag]).map((t) => (
              <NavLink key={t.path} to={base + t.path} className={tabClass}>
                {t.label}
              </NavLink>
            ))}
          </div>
          {canChat && (
            <button
              type="button"
              aria-expanded={assistantOpen}
              onClick={() => setAssistantOpen(!assistantOpen)}
              className={cx("flex shrink-0 items-center gap-1", tabClass({ isActive: assistantOpen }))}
            >
              <Bot size={14} aria-hidden focusable="false" /> Assistant
            </button>
          )}
          <NavLink to={base + "settings/"} className={tabClass}>
            Settings
          </NavLink>
        </nav>
        <Outlet />
        {assistantOpen && (
          <Suspense fallback={null}>
            <AssistantPanel slug={slug} pid={projectId} onClose={() => setAssistantOpen(false)} />
          </Suspense>
        )}
      </div>
    </ProjectContext.Provider>
  );
}

/** A project the caller cannot open: not found, or one they are not in (joinable when it is open to everyone). */
function NotInProject({
  slug,
  projectId,
  refused,
  listed,
  inProject,
}: {
  slug: string;
  projectId: string;
  refused: number;
  listed: boolean;
  inProject: boolean;
}) {
  const canJoin = useCan("join", "project");
  const join = useJoinProjects(slug);
  const toast = useToast();
  // a public project the caller is not in (409 from the server, or listed for them without a role): they may join it.
  // Guests' lists hold only their own projects and they join none: outside a project they are told whom to ask.
  const open = refused === 409 || (!inProject && (!canJoin || listed));
  const joinable = open && canJoin;
  return (
    <EmptyState
      title={open ? "You are not a member of this project" : "Project not found"}
      description={
        joinable
          ? "This project is open to everyone in the workspace. Join it to see and work on its items."
          : open
            ? "Ask a project admin to add you."
            : "This project does not exist, is archived, or you do not have access to it."
      }
      action={
        <div className="flex items-center gap-3">
          {joinable && (
            <Button
              loading={join.isPending}
              onClick={() =>
                join.mutate([projectId], {
                  onError: (e) =>
                    toast.show(
                      "error",
                      "Could not join the project",
                      errorMessage((e as { body?: unknown }).body) ?? e.message,
                    ),
                })
              }
            >
              Join project
            </Button>
          )}
          <Link className="text-indigo-600 hover:underline" to={`/${slug}/projects/`}>
            Back to projects
          </Link>
        </div>
      }
    />
  );
}
