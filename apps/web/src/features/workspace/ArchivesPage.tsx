import { WORKSPACE_SIDEBAR, canSee, navEntry } from "@stride/shared";
import { useArchiveProject, useProjects } from "../../api/projects.ts";
import { Button, EmptyState, NoAccess, PageSpinner, useToast } from "../../components/ui/index.ts";
import { PageHeader } from "../../components/layout/PageHeader.tsx";
import { ProjectLogo } from "../projects/ProjectLogo.tsx";
import { errorMessage } from "../../api/client.ts";
import { useCurrentWorkspace } from "./WorkspaceLayout.tsx";

/** Archives: the workspace's archived projects, with restore for project admins. */
export function ArchivesPage() {
  const { slug, role } = useCurrentWorkspace();
  const projects = useProjects(slug);
  const archive = useArchiveProject(slug);
  const toast = useToast();
  const entry = navEntry(WORKSPACE_SIDEBAR, "archives");
  if (!canSee(entry, role)) return (<><PageHeader title="Archives" /><NoAccess what="Archives" /></>);
  const archived = (projects.data ?? []).filter((p) => p.archived_at);
  return (
    <>
      <PageHeader title="Archives" />
      {projects.isLoading ? <PageSpinner /> : archived.length === 0 ? (
        <EmptyState title="No archived projects" description="Archived projects appear here and can be restored." />
      ) : (
        <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {archived.map((p) => (
            <li key={p.id} className="flex items-center gap-3 px-6 py-3">
              <ProjectLogo project={p} />
              <div className="min-w-0 flex-1">
                <div className="truncate font-medium">{p.name}</div>
                <div className="text-xs text-zinc-500">{p.identifier} · archived {new Date(p.archived_at!).toLocaleDateString()}</div>
              </div>
              {(p.member_role === 20 || role === 20) && (
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => archive.mutate({ id: p.id, archive: false }, {
                    onSuccess: () => toast.show("success", "Project restored", p.name),
                    onError: (e) => toast.show("error", "Could not restore the project", errorMessage((e as { body?: unknown }).body) ?? e.message),
                  })}
                >
                  Restore
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
