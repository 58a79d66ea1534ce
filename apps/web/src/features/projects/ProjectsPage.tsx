import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { ArrowDownWideNarrow, ArrowUpNarrowWide, Ellipsis, Star } from "lucide-react";
import { PROJECT_UPDATE_STATUS_INFO } from "@stride/shared";
import { errorMessage } from "../../api/client.ts";
import { useArchiveProject, useJoinProjects, useProjectDetails, useToggleFavoriteProject } from "../../api/projects.ts";
import type { Project } from "../../api/types.ts";
import { Button, EmptyState, Input, Menu, PageSpinner, Select, useToast, cx } from "../../components/ui/index.ts";
import { PageHeader } from "../../components/layout/PageHeader.tsx";
import { useCurrentWorkspace } from "../workspace/current-workspace.ts";
import { useDateTimeFormat } from "../../lib/datetime.ts";
import { projectSubject, usePermissions } from "../../lib/permissions.ts";
import { CreateProjectModal } from "./CreateProjectModal.tsx";
import { ProjectLogo } from "../../components/project/ProjectLogo.tsx";
import { UpdateStatusChip } from "../../components/project/UpdateStatusChip.tsx";
import {
  DEFAULT_PROJECT_ORDER,
  PROJECT_ORDER_OPTIONS,
  filterProjects,
  sortProjects,
  type ProjectOrderBy,
  type ProjectOrderKey,
} from "./project-list.ts";

const ORDER_KEY = "stride-projects-order";

export function ProjectsPage() {
  const { slug } = useCurrentWorkspace();
  const can = usePermissions();
  const projects = useProjectDetails(slug);
  const fav = useToggleFavoriteProject(slug);
  const join = useJoinProjects(slug);
  const archive = useArchiveProject(slug);
  const toast = useToast();
  const nav = useNavigate();
  const when = useDateTimeFormat();
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(params.get("create") === "1");
  const [search, setSearch] = useState("");
  const [orderBy, setOrderBy] = useState<ProjectOrderBy>(
    () => (localStorage.getItem(ORDER_KEY) as ProjectOrderBy) || DEFAULT_PROJECT_ORDER,
  );
  // Filters live in local state (immediate, controlled inputs) and are mirrored into the URL.
  const [myProjects, setMyProjects] = useState(params.get("my_projects") === "1");
  const [archived, setArchived] = useState(params.get("archived") === "1");
  const setFlag = (k: string, v: boolean) => {
    if (k === "my_projects") setMyProjects(v);
    if (k === "archived") setArchived(v);
    const p = new URLSearchParams(window.location.search);
    if (v) p.set(k, "1");
    else p.delete(k);
    setParams(p, { replace: true });
  };
  const key = orderBy.replace(/^-/, "") as ProjectOrderKey;
  const desc = orderBy.startsWith("-");
  const setOrder = (k: ProjectOrderKey, d: boolean) => {
    const v = (d ? `-${k}` : k) as ProjectOrderBy;
    setOrderBy(v);
    localStorage.setItem(ORDER_KEY, v);
  };
  const list = sortProjects(filterProjects(projects.data ?? [], { myProjects, archived, search }), orderBy);
  const canCreate = can("create", "project");
  const canJoin = can("join", "project");
  const joinProject = (p: Project) =>
    join.mutate([p.id], {
      onSuccess: () => toast.show("success", `You joined ${p.name}`),
      onError: (e) =>
        toast.show("error", `Could not join ${p.name}`, errorMessage((e as { body?: unknown }).body) ?? e.message),
    });
  const restoreProject = (p: Project) =>
    archive.mutate(
      { id: p.id, archive: false },
      {
        onSuccess: () => toast.show("success", "Project restored", p.name),
        onError: (e) =>
          toast.show(
            "error",
            "Could not restore the project",
            errorMessage((e as { body?: unknown }).body) ?? e.message,
          ),
      },
    );

  const toggleFav = (p: Project) =>
    fav.mutate(
      { id: p.id, favorite: !p.is_favorite },
      {
        onError: (e) =>
          toast.show("error", "Could not update favourites", errorMessage((e as { body?: unknown }).body) ?? e.message),
      },
    );

  return (
    <>
      <PageHeader
        title="Projects"
        actions={canCreate && <Button onClick={() => setCreating(true)}>Add project</Button>}
      />
      <div className="flex flex-wrap items-end gap-3 border-b border-line px-4 py-3">
        <div className="w-56">
          <Input
            aria-label="Search projects"
            placeholder="Search projects"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <div className="w-48">
          <Select aria-label="Order by" value={key} onChange={(e) => setOrder(e.target.value as ProjectOrderKey, desc)}>
            {PROJECT_ORDER_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
        </div>
        <Button variant="secondary" size="sm" aria-pressed={desc} onClick={() => setOrder(key, !desc)} className="h-9">
          {desc ? (
            <ArrowDownWideNarrow size={14} aria-hidden focusable="false" />
          ) : (
            <ArrowUpNarrowWide size={14} aria-hidden focusable="false" />
          )}
          {desc ? "Descending" : "Ascending"}
        </Button>
        <label className="flex h-9 items-center gap-2 text-sm">
          <input type="checkbox" checked={myProjects} onChange={(e) => setFlag("my_projects", e.target.checked)} /> My
          projects
        </label>
        <label className="flex h-9 items-center gap-2 text-sm">
          <input type="checkbox" checked={archived} onChange={(e) => setFlag("archived", e.target.checked)} /> Archived
          projects
        </label>
      </div>
      {projects.isLoading ? (
        <PageSpinner />
      ) : projects.isError ? (
        <EmptyState
          title="Could not load projects"
          description={errorMessage((projects.error as { body?: unknown }).body) ?? "Reload the page to try again."}
        />
      ) : list.length === 0 ? (
        <EmptyState
          title={archived ? "No archived projects" : search || myProjects ? "No projects match" : "No projects yet"}
          description={
            !archived && !search && !myProjects
              ? canCreate
                ? "Create the first project of this workspace."
                : "You will see projects here once you are added to one."
              : undefined
          }
          action={
            !archived && !search && !myProjects && canCreate ? (
              <Button onClick={() => setCreating(true)}>Create project</Button>
            ) : undefined
          }
        />
      ) : (
        <ul aria-label="Projects" className="grid gap-3 p-4 sm:grid-cols-2 xl:grid-cols-3">
          {list.map((p) => {
            const joined = !!p.member_role;
            const canAdmin = can("edit", "project", projectSubject(p));
            const canRestore = !!p.archived_at && can("restore", "project", projectSubject(p));
            return (
              <li key={p.id} data-project={p.identifier} className="flex flex-col rounded-lg border border-line">
                {p.cover_image_url || p.cover_image ? (
                  <img
                    src={(p.cover_image_url || p.cover_image)!}
                    alt=""
                    className="h-20 w-full rounded-t-lg object-cover"
                  />
                ) : (
                  <div className="h-20 w-full rounded-t-lg bg-gradient-to-r from-indigo-500/30 to-sky-400/30" />
                )}
                <div className="flex items-start gap-3 p-3">
                  <ProjectLogo project={p} size="lg" />
                  <div className="min-w-0 flex-1">
                    {joined && !p.archived_at ? (
                      <Link
                        to={`/${slug}/projects/${p.id}/issues/`}
                        className="block truncate font-medium hover:underline"
                      >
                        {p.name}
                      </Link>
                    ) : (
                      <span className="block truncate font-medium">{p.name}</span>
                    )}
                    <div className="text-xs text-fg-subtle">
                      {p.identifier} · {p.network === 0 ? "Private" : "Public"} · {p.members?.length ?? 0} member
                      {(p.members?.length ?? 0) === 1 ? "" : "s"}
                    </div>
                  </div>
                  <button
                    type="button"
                    aria-pressed={p.is_favorite}
                    aria-label={p.is_favorite ? `Remove ${p.name} from favourites` : `Add ${p.name} to favourites`}
                    onClick={() => toggleFav(p)}
                    className={cx(
                      "rounded p-1 text-lg leading-none",
                      p.is_favorite ? "text-amber-500" : "text-fg-faint hover:text-fg-muted",
                    )}
                  >
                    <Star
                      size={16}
                      strokeWidth={1.75}
                      aria-hidden
                      focusable="false"
                      className={p.is_favorite ? "fill-current" : undefined}
                    />
                  </button>
                  <Menu
                    ariaLabel={`Actions for ${p.name}`}
                    align="right"
                    label={<Ellipsis size={16} aria-hidden focusable="false" />}
                    items={[
                      // an archived project opens nowhere until it is restored
                      ...(!p.archived_at && (joined || canAdmin)
                        ? [{ label: "Settings", onSelect: () => nav(`/${slug}/projects/${p.id}/settings/`) }]
                        : []),
                      ...(canRestore ? [{ label: "Restore", onSelect: () => restoreProject(p) }] : []),
                      {
                        label: "Copy link",
                        onSelect: () => {
                          void navigator.clipboard?.writeText(`${location.origin}/${slug}/projects/${p.id}/issues/`);
                          toast.show("success", "Link copied");
                        },
                      },
                    ]}
                  />
                </div>
                <div className="mt-auto flex items-center gap-2 border-t border-line-subtle px-3 py-2 text-xs text-fg-subtle">
                  {p.archived_at ? <span>Archived</span> : joined ? <span>Joined</span> : <span>Not a member</span>}
                  {p.latest_update && !p.archived_at && (
                    <Link
                      to={`/${slug}/projects/${p.id}/updates/`}
                      aria-label={`Latest update of ${p.name}: ${PROJECT_UPDATE_STATUS_INFO[p.latest_update.status]?.label ?? p.latest_update.status}`}
                      className="rounded-full hover:opacity-80"
                    >
                      <UpdateStatusChip
                        status={p.latest_update.status}
                        title={`Latest update, ${when.date(p.latest_update.created_at)}`}
                      />
                    </Link>
                  )}
                  <span className="ml-auto">Created {when.date(p.created_at)}</span>
                  {canRestore && (
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={`Restore ${p.name}`}
                      loading={archive.isPending && archive.variables?.id === p.id}
                      onClick={() => restoreProject(p)}
                    >
                      Restore
                    </Button>
                  )}
                  {!joined && !p.archived_at && canJoin && (
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={`Join ${p.name}`}
                      loading={join.isPending && join.variables?.[0] === p.id}
                      onClick={() => joinProject(p)}
                    >
                      Join
                    </Button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <CreateProjectModal
        slug={slug}
        open={creating}
        onClose={() => {
          setCreating(false);
          if (params.get("create")) setFlag("create", false);
        }}
      />
    </>
  );
}
