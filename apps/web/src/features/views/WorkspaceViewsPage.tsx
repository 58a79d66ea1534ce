import { useMemo, useState } from "react";
import { Link, NavLink, useNavigate, useParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { Globe, Lock, LockOpen, Plus, Trash2 } from "lucide-react";
import { DEFAULT_GLOBAL_VIEWS, PRIORITIES, STATE_GROUPS, defaultDisplayFilters, defaultDisplayProperties, isDefaultGlobalView, type DefaultGlobalView, VIEW_ACCESS } from "@stride/shared";
import { globalViewIssuesQuery, useDeleteView, useUpdateView, useViews, type IssueView } from "../../api/views.ts";
import { useProjects } from "../../api/projects.ts";
import { errorMessage } from "../../api/client.ts";
import type { WorkItem } from "../../api/work-items-types.ts";
import { Banner, Button, ConfirmModal, EmptyState, PageSpinner, cx } from "../../components/ui/index.ts";
import { PageHeader } from "../../components/layout/PageHeader.tsx";
import { SaveViewModal, viewPath } from "../../components/views/SaveViewModal.tsx";
import { useCan } from "../../lib/permissions.ts";
import { useCurrentWorkspace } from "../workspace/current-workspace.ts";
import { sortViews } from "./sort.ts";
import { usePageTitle } from "../../lib/page-title.ts";

const DEFAULT_LABEL: Record<DefaultGlobalView, string> = { "all-issues": "All work items", assigned: "Assigned", created: "Created", subscribed: "Subscribed" };
/** The filters a global view offers across projects. */
type GlobalFilters = { priority?: string[] | null; state_group?: string[] | null; project?: string[] | null };

/**
 * Workspace views (work-tracking §2 "workspace global views"): the four default views and the custom ones, each a
 * list of work items across the projects the caller belongs to, with filters by project, priority and state group.
 */
export function WorkspaceViewsPage() {
  const { globalViewId = "all-issues" } = useParams();
  const { slug } = useCurrentWorkspace();
  const views = useViews(slug, null);
  const mayCreate = useCan("create", "workspaceView");
  const custom = useMemo(() => sortViews(views.data ?? [], "name"), [views.data]);
  const current = isDefaultGlobalView(globalViewId) ? null : custom.find((v) => v.id === globalViewId) ?? null;
  usePageTitle(`${current?.name ?? (isDefaultGlobalView(globalViewId) ? DEFAULT_LABEL[globalViewId] : "Views")} · Views`);
  const tab = ({ isActive }: { isActive: boolean }) => cx("shrink-0 whitespace-nowrap rounded px-2 py-1 text-sm", isActive ? "bg-zinc-200 dark:bg-zinc-800" : "hover:bg-zinc-100 dark:hover:bg-zinc-800/60");
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <nav aria-label="Workspace views" className="flex min-h-11 shrink-0 items-center gap-1 overflow-x-auto border-b border-zinc-200 px-4 dark:border-zinc-800">
        {DEFAULT_GLOBAL_VIEWS.map((v) => (
          <NavLink key={v} to={`/${slug}/workspace-views/${v}/`} className={tab}>{DEFAULT_LABEL[v]}</NavLink>
        ))}
        {custom.map((v) => (
          <NavLink key={v.id} to={viewPath(slug, null, v.id)} className={tab}>
            <span className="inline-flex items-center gap-1">{v.name}{v.is_locked && <Lock size={10} aria-label="Locked" />}</span>
          </NavLink>
        ))}
      </nav>
      {isDefaultGlobalView(globalViewId) ? (
        <GlobalViewList key={globalViewId} viewId={globalViewId} title={DEFAULT_LABEL[globalViewId]} mayCreate={mayCreate} />
      ) : views.isLoading ? (
        <PageSpinner />
      ) : current ? (
        <GlobalViewList key={current.id} viewId={current.id} title={current.name} view={current} mayCreate={mayCreate} />
      ) : (
        <EmptyState title="View not found" description="This view does not exist, or it is private to someone else." action={<Link className="text-indigo-600 hover:underline" to={`/${slug}/workspace-views/all-issues/`}>All work items</Link>} />
      )}
    </div>
  );
}

function GlobalViewList({ viewId, title, view, mayCreate }: { viewId: string; title: string; view?: IssueView; mayCreate: boolean }) {
  const { slug } = useCurrentWorkspace();
  const nav = useNavigate();
  const mayEdit = useCan("edit", "workspaceView", { createdBy: view?.owned_by ?? null });
  const update = useUpdateView(slug, null);
  const del = useDeleteView(slug, null);
  const projects = useProjects(slug);
  const saves = !!view && mayEdit && !view.is_locked;
  // a default view's filters are this screen's; a custom view's are its own (saved when its owner may change them)
  const [local, setLocal] = useState<GlobalFilters>({});
  const filters: GlobalFilters = view ? (view.filters as GlobalFilters) : local;
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState(false);
  // the server applies a custom view's saved filters; the shown ones go with the request too, so a change shows
  // at once (the list is asked again once the change is saved)
  const list = useQuery(globalViewIssuesQuery(slug, viewId, filters));
  const projectById = useMemo(() => new Map((projects.data ?? []).map((p) => [p.id, p])), [projects.data]);
  const items = Array.isArray(list.data?.results) ? (list.data.results as WorkItem[]) : [];

  const setFilter = (key: keyof GlobalFilters, values: string[]) => {
    const next = { ...filters, [key]: values.length ? values : null };
    if (view) update.mutate({ id: view.id, filters: next });
    else setLocal(next);
  };
  const editable = !view || saves;
  const isPrivate = view?.access === VIEW_ACCESS.private;
  const iconBtn = "inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm text-zinc-600 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800";

  return (
    <>
      <PageHeader
        title={
          <span className="flex items-center gap-2">
            {title}
            {list.data && <span className="rounded bg-zinc-100 px-1.5 text-xs font-medium text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300" aria-label={`${list.data.total_count} work items`}>{list.data.total_count}</span>}
            {view?.is_locked && <span className="inline-flex items-center gap-1 rounded bg-zinc-100 px-1.5 text-xs text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300"><Lock size={10} aria-hidden />Locked</span>}
            {isPrivate && <span className="rounded bg-zinc-100 px-1.5 text-xs text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">Private</span>}
          </span>
        }
        actions={
          <>
            {view && mayEdit && (
              <button type="button" className={iconBtn} aria-pressed={view.is_locked} onClick={() => update.mutate({ id: view.id, is_locked: !view.is_locked })}>
                {view.is_locked ? <Lock size={14} aria-hidden /> : <LockOpen size={14} aria-hidden />}
                {view.is_locked ? "Unlock" : "Lock"}
              </button>
            )}
            {view && saves && (
              <button type="button" className={iconBtn} onClick={() => update.mutate({ id: view.id, access: isPrivate ? VIEW_ACCESS.public : VIEW_ACCESS.private })}>
                <Globe size={14} aria-hidden />
                {isPrivate ? "Make public" : "Make private"}
              </button>
            )}
            {view && mayEdit && (
              <button type="button" className={iconBtn} aria-label={`Delete ${view.name}`} onClick={() => setDeleting(true)}>
                <Trash2 size={14} aria-hidden />
              </button>
            )}
            {mayCreate && (
              <Button size="sm" onClick={() => setSaving(true)}>
                <Plus size={14} aria-hidden />
                {view ? "Save as new view" : "Save view"}
              </Button>
            )}
          </>
        }
      />
      {view && !saves && (
        <div className="px-4 pt-2">
          <Banner kind="info">{view.is_locked ? "This view is locked: its filters are kept as saved." : "This view belongs to someone else: its filters are kept as saved."}</Banner>
        </div>
      )}
      <div role="group" aria-label="Filters" className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-zinc-200 px-4 py-2 text-xs dark:border-zinc-800">
        <Chips label="Priority" options={PRIORITIES.map((p) => ({ value: p, label: p[0]!.toUpperCase() + p.slice(1) }))} values={filters.priority ?? []} onChange={(v) => setFilter("priority", v)} disabled={!editable} />
        <Chips label="State group" options={STATE_GROUPS.map((g) => ({ value: g, label: g[0]!.toUpperCase() + g.slice(1) }))} values={filters.state_group ?? []} onChange={(v) => setFilter("state_group", v)} disabled={!editable} />
        <Chips label="Project" options={(projects.data ?? []).filter((p) => p.member_role && !p.archived_at).map((p) => ({ value: p.id, label: p.identifier }))} values={filters.project ?? []} onChange={(v) => setFilter("project", v)} disabled={!editable} />
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {list.isLoading ? (
          <PageSpinner />
        ) : list.error ? (
          <EmptyState title="Could not load the work items" description={errorMessage((list.error as { body?: unknown }).body) ?? String(list.error)} />
        ) : items.length === 0 ? (
          <EmptyState title="No work items match" description="Work items of every project you belong to show here when they match this view." />
        ) : (
          <table className="w-full text-sm">
            <thead className="sticky top-0 bg-white text-left text-xs text-zinc-500 dark:bg-zinc-950">
              <tr><th className="px-4 py-2 font-medium">ID</th><th className="px-2 py-2 font-medium">Name</th><th className="px-2 py-2 font-medium">Priority</th><th className="px-2 py-2 font-medium">State</th></tr>
            </thead>
            <tbody className="divide-y divide-zinc-100 dark:divide-zinc-900">
              {items.map((it) => {
                const key = `${projectById.get(it.project_id ?? "")?.identifier ?? "?"}-${it.sequence_id}`;
                return (
                  <tr key={it.id} data-item={it.id}>
                    <td className="whitespace-nowrap px-4 py-2 font-mono text-xs text-zinc-500">{key}</td>
                    <td className="px-2 py-2"><Link to={`/${slug}/browse/${key}/`} className="hover:underline">{it.name}</Link></td>
                    <td className="px-2 py-2 capitalize text-zinc-600 dark:text-zinc-300">{it.priority}</td>
                    <td className="px-2 py-2 capitalize text-zinc-600 dark:text-zinc-300">{it.state__group ?? ""}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </div>
      {saving && (
        <SaveViewModal
          slug={slug}
          pid={null}
          choices={{ filters, display_filters: view?.display_filters ?? defaultDisplayFilters(), display_properties: view?.display_properties ?? defaultDisplayProperties() }}
          open
          onClose={() => setSaving(false)}
          onCreated={(v) => nav(viewPath(slug, null, v.id))}
        />
      )}
      <ConfirmModal
        open={deleting}
        onClose={() => setDeleting(false)}
        onConfirm={() => view && del.mutate({ id: view.id, label: view.name }, { onSuccess: () => nav(`/${slug}/workspace-views/all-issues/`), onSettled: () => setDeleting(false) })}
        title="Delete view"
        message={`Delete "${view?.name ?? ""}"? Its work items stay; only the saved filters go.`}
        confirmLabel="Delete"
        loading={del.isPending}
      />
    </>
  );
}

/** A filter's values as toggle chips (several may be on). */
function Chips({ label, options, values, onChange, disabled }: { label: string; options: { value: string; label: string }[]; values: string[]; onChange: (v: string[]) => void; disabled?: boolean }) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap items-center gap-1">
      <span className="text-zinc-500">{label}:</span>
      {options.map((o) => {
        const on = values.includes(o.value);
        return (
          <button
            key={o.value}
            type="button"
            aria-pressed={on}
            disabled={disabled}
            onClick={() => onChange(on ? values.filter((v) => v !== o.value) : [...values, o.value])}
            className={cx("rounded border px-1.5 py-0.5 disabled:cursor-not-allowed disabled:opacity-70", on ? "border-indigo-400 bg-indigo-50 text-indigo-700 dark:border-indigo-700 dark:bg-indigo-950 dark:text-indigo-200" : "border-zinc-200 text-zinc-600 hover:bg-zinc-100 dark:border-zinc-700 dark:text-zinc-300 dark:hover:bg-zinc-800")}
          >
            {o.label}
          </button>
        );
      })}
    </div>
  );
}
