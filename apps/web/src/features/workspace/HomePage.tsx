import { Link } from "react-router";
import { useMe } from "../../api/users.ts";
import { useProjects } from "../../api/projects.ts";
import { PageHeader } from "../../components/layout/PageHeader.tsx";
import { ProjectLogo } from "../projects/ProjectLogo.tsx";
import { useCurrentWorkspace } from "./WorkspaceLayout.tsx";
import { useCan } from "../../lib/permissions.ts";

function greeting(d = new Date()) {
  const h = d.getHours();
  return h < 12 ? "Good morning" : h < 18 ? "Good afternoon" : "Good evening";
}

export function HomePage() {
  const { slug, workspace } = useCurrentWorkspace();
  const canCreateProject = useCan("create", "project");
  const me = useMe();
  const projects = useProjects(slug);
  const mine = (projects.data ?? []).filter((p) => p.member_role && !p.archived_at);
  return (
    <>
      <PageHeader title="Home" />
      <div className="mx-auto w-full max-w-4xl space-y-8 p-6">
        <div>
          <h2 className="text-2xl font-semibold">{greeting()}, {me.data?.first_name || me.data?.display_name}</h2>
          <p className="mt-1 text-sm text-zinc-500">Welcome to {workspace.name}.</p>
        </div>
        <section aria-labelledby="home-projects">
          <div className="mb-3 flex items-center justify-between">
            <h3 id="home-projects" className="text-sm font-semibold uppercase tracking-wide text-zinc-500">Your projects</h3>
            <Link className="text-sm text-indigo-600 hover:underline dark:text-indigo-400" to={`/${slug}/projects/`}>All projects</Link>
          </div>
          {mine.length === 0 ? (
            <p className="rounded-md border border-dashed border-zinc-300 p-6 text-sm text-zinc-500 dark:border-zinc-700">
              {canCreateProject
                ? "You are not in a project yet. Create one from the projects list, or ask a project admin to add you."
                : "You have not been added to a project yet. A project admin can add you."}
            </p>
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2">
              {mine.map((p) => (
                <li key={p.id}>
                  <Link to={`/${slug}/projects/${p.id}/issues/`} className="flex items-center gap-3 rounded-md border border-zinc-200 p-3 hover:border-indigo-400 dark:border-zinc-800">
                    <ProjectLogo project={p} />
                    <span className="truncate font-medium">{p.name}</span>
                    <span className="ml-auto text-xs text-zinc-500">{p.identifier}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="home-widgets">
          <h3 id="home-widgets" className="mb-3 text-sm font-semibold uppercase tracking-wide text-zinc-500">Quick links and recent activity</h3>
          <p className="rounded-md border border-dashed border-zinc-300 p-6 text-sm text-zinc-500 dark:border-zinc-700">
            Home widgets (quick links, recents, stickies) are coming in a later release.
          </p>
        </section>
      </div>
    </>
  );
}
