import { useState } from "react";
import { useSearchParams } from "react-router";
import { ArrowDownWideNarrow, ArrowUpNarrowWide } from "lucide-react";
import { errorMessage } from "../../api/client.ts";
import { useProjectDetails } from "../../api/projects.ts";
import { Button, EmptyState, Input, PageSpinner, Select } from "../../components/ui/index.ts";
import { PageHeader } from "../../components/layout/PageHeader.tsx";
import { useCurrentWorkspace } from "../workspace/current-workspace.ts";
import { usePermissions } from "../../lib/permissions.ts";
import { CreateProjectModal } from "./CreateProjectModal.tsx";
import { ProjectCard, useProjectCardActions } from "./ProjectCard.tsx";
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
  const actions = useProjectCardActions(slug);
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
  const setOrder = (k: ProjectOrderKey, d: boolean) => {
    const v = (d ? `-${k}` : k) as ProjectOrderBy;
    setOrderBy(v);
    localStorage.setItem(ORDER_KEY, v);
  };
  const list = sortProjects(filterProjects(projects.data ?? [], { myProjects, archived, search }), orderBy);
  const canCreate = can("create", "project");
  return (
    <>
      <PageHeader
        title="Projects"
        actions={canCreate && <Button onClick={() => setCreating(true)}>Add project</Button>}
      />
      <ProjectsToolbar
        search={search}
        setSearch={setSearch}
        orderBy={orderBy}
        setOrder={setOrder}
        myProjects={myProjects}
        archived={archived}
        setFlag={setFlag}
      />
      {projects.isLoading ? (
        <PageSpinner />
      ) : projects.isError ? (
        <EmptyState
          title="Could not load projects"
          description={errorMessage((projects.error as { body?: unknown }).body) ?? "Reload the page to try again."}
        />
      ) : list.length === 0 ? (
        <NoProjects
          filtered={archived ? "archived" : search || myProjects ? "filtered" : null}
          onCreate={canCreate ? () => setCreating(true) : null}
        />
      ) : (
        <ul aria-label="Projects" className="grid gap-3 p-4 sm:grid-cols-2 xl:grid-cols-3">
          {list.map((p) => (
            <ProjectCard key={p.id} p={p} actions={actions} />
          ))}
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

/** Search, order and its direction, my projects, archived projects. */
function ProjectsToolbar({
  search,
  setSearch,
  orderBy,
  setOrder,
  myProjects,
  archived,
  setFlag,
}: {
  search: string;
  setSearch: (s: string) => void;
  orderBy: ProjectOrderBy;
  setOrder: (k: ProjectOrderKey, desc: boolean) => void;
  myProjects: boolean;
  archived: boolean;
  setFlag: (k: "my_projects" | "archived", v: boolean) => void;
}) {
  const key = orderBy.replace(/^-/, "") as ProjectOrderKey;
  const desc = orderBy.startsWith("-");
  return (
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
  );
}

/** Why the list is empty: nothing archived, nothing matches, or no project yet (create the first). */
function NoProjects({
  filtered,
  onCreate,
}: {
  filtered: "archived" | "filtered" | null;
  onCreate: (() => void) | null;
}) {
  return (
    <EmptyState
      title={filtered === "archived" ? "No archived projects" : filtered ? "No projects match" : "No projects yet"}
      description={
        !filtered
          ? onCreate
            ? "Create the first project of this workspace."
            : "You will see projects here once you are added to one."
          : undefined
      }
      action={!filtered && onCreate ? <Button onClick={onCreate}>Create project</Button> : undefined}
    />
  );
}
