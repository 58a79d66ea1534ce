import { useMemo, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Archive, ChartGantt, Kanban, List } from "lucide-react";
import {
  MODULE_DISPLAY_DEFAULTS,
  MODULE_LAYOUTS,
  MODULE_ORDER_BY,
  MODULE_STATUSES,
  sortModules,
  type ModuleLayout,
  type ModuleOrderBy,
  planProgress,
} from "@stride/shared";
import { Button, EmptyState, PageSpinner, Select, cx } from "../../components/ui/index.ts";
import { PageHeader } from "../../components/layout/PageHeader.tsx";
import { Avatar } from "../../components/ui/index.ts";
import { displayName } from "../../components/work-item/properties.tsx";
import { Icon } from "../../components/work-item/icons.tsx";
import { useCurrentProject } from "../projects/current-project.ts";
import { useCan } from "../../lib/permissions.ts";
import { useCreateParam } from "../../lib/create-param.ts";
import { formatDate } from "../../lib/dates.ts";
import { useProjectRefs } from "../../api/work-items-refs.ts";
import { useModules, type Module } from "../../api/modules.ts";
import {
  FavoriteButton,
  ModuleMenu,
  ProgressBar,
  STATUS_LABEL,
  StatusBadge,
} from "../../components/module/ModuleBits.tsx";
import { ModuleFormModal } from "../../components/module/ModuleFormModal.tsx";
import { ModulesTimeline } from "./ModulesTimeline.tsx";

interface Display {
  layout: ModuleLayout;
  order_by: ModuleOrderBy;
  favorites: boolean;
}

const ORDER_LABEL: Record<string, string> = {
  name: "Name",
  progress: "Progress",
  issues_length: "Number of work items",
  target_date: "Due date",
  created_at: "Created date",
  sort_order: "Manual",
};
const LAYOUT_ICON = { list: List, board: Kanban, gantt: ChartGantt } as const;
const LAYOUT_LABEL = { list: "List", board: "Board", gantt: "Timeline" } as const;

/** The module page's display choices (§9 defaults), kept on this device per project. */
function useModuleDisplay(slug: string, pid: string): [Display, (p: Partial<Display>) => void] {
  const key = `stride.modules.${slug}.${pid}`;
  const [d, setD] = useState<Display>(() => {
    try {
      const raw = localStorage.getItem(key);
      const v = raw ? (JSON.parse(raw) as Partial<Display>) : {};
      return {
        layout: MODULE_LAYOUTS.includes(v.layout as ModuleLayout)
          ? (v.layout as ModuleLayout)
          : MODULE_DISPLAY_DEFAULTS.layout,
        order_by: MODULE_ORDER_BY.includes(v.order_by as ModuleOrderBy)
          ? (v.order_by as ModuleOrderBy)
          : MODULE_DISPLAY_DEFAULTS.order_by,
        favorites: typeof v.favorites === "boolean" ? v.favorites : MODULE_DISPLAY_DEFAULTS.favorites,
      };
    } catch {
      return { ...MODULE_DISPLAY_DEFAULTS };
    }
  });
  const update = (p: Partial<Display>) =>
    setD((cur) => {
      const next = { ...cur, ...p };
      try {
        localStorage.setItem(key, JSON.stringify(next));
      } catch {
        /* storage off: keep the choice for this visit */
      }
      return next;
    });
  return [d, update];
}

/** A project's modules in list, board or timeline layout, sorted (§9), with the favourites-only toggle. */
export function ModulesPage() {
  const { slug, projectId: pid, project } = useCurrentProject();
  const modules = useModules(slug, pid, !!project.module_view);
  const [display, setDisplay] = useModuleDisplay(slug, pid);
  const canCreate = useCan("create", "module", { projectId: pid });
  const [creating, setCreating] = useCreateParam(canCreate);
  const [editing, setEditing] = useState<Module | null>(null);
  const nav = useNavigate();

  const shown = useMemo(() => {
    const all = modules.data ?? [];
    return sortModules(display.favorites ? all.filter((m) => m.is_favorite) : all, display.order_by);
  }, [modules.data, display.favorites, display.order_by]);

  if (!project.module_view) {
    return (
      <>
        <PageHeader title="Modules" />
        <EmptyState
          title="Modules is turned off"
          description="A project admin can turn on modules in the project's feature settings."
        />
      </>
    );
  }
  const desc = display.order_by.startsWith("-");
  const orderKey = desc ? display.order_by.slice(1) : display.order_by;
  return (
    <div className="flex min-h-0 flex-1 flex-col" data-modules-layout={display.layout}>
      <PageHeader
        title="Modules"
        actions={
          <>
            <Link
              to={`/${slug}/projects/${pid}/archives/modules/`}
              className="rounded-md px-2 py-1 text-sm text-fg-muted hover:bg-fill"
              title="Archived modules"
            >
              <Archive size={16} aria-hidden focusable="false" />
              <span className="sr-only">Archived modules</span>
            </Link>
            {canCreate && (
              <Button size="sm" onClick={() => setCreating(true)}>
                <Icon name="plus" size={14} />
                Add module
              </Button>
            )}
          </>
        }
      >
        <div className="flex flex-wrap items-center gap-2">
          <div role="group" aria-label="Layout" className="flex rounded-md border border-line-raised p-0.5">
            {MODULE_LAYOUTS.map((l) => {
              const I = LAYOUT_ICON[l];
              return (
                <button
                  key={l}
                  type="button"
                  aria-pressed={display.layout === l}
                  aria-label={`${LAYOUT_LABEL[l]} layout`}
                  title={LAYOUT_LABEL[l]}
                  onClick={() => setDisplay({ layout: l })}
                  className={cx(
                    "rounded p-1",
                    display.layout === l ? "bg-fill-strong" : "text-fg-subtle hover:text-fg-secondary",
                  )}
                >
                  <I size={16} aria-hidden focusable="false" />
                </button>
              );
            })}
          </div>
          <label className="flex items-center gap-1 text-sm text-fg-muted">
            <span className="sr-only">Order by</span>
            <Select
              aria-label="Order by"
              value={orderKey}
              onChange={(e) =>
                setDisplay({ order_by: (desc ? `-${e.target.value}` : e.target.value) as ModuleOrderBy })
              }
              className="h-8 py-0"
            >
              {Object.entries(ORDER_LABEL).map(([k, label]) => (
                <option key={k} value={k}>
                  {label}
                </option>
              ))}
            </Select>
          </label>
          <button
            type="button"
            aria-label={desc ? "Descending order" : "Ascending order"}
            onClick={() => setDisplay({ order_by: (desc ? orderKey : `-${orderKey}`) as ModuleOrderBy })}
            className="rounded-md border border-line-raised px-2 py-1 text-xs text-fg-muted hover:bg-fill"
          >
            {desc ? "Descending" : "Ascending"}
          </button>
          <button
            type="button"
            aria-pressed={display.favorites}
            onClick={() => setDisplay({ favorites: !display.favorites })}
            className={cx(
              "rounded-md border px-2 py-1 text-xs",
              display.favorites
                ? "border-amber-400 bg-warning-soft text-warning-strong"
                : "border-line-raised text-fg-muted hover:bg-fill",
            )}
          >
            Favourites only
          </button>
        </div>
      </PageHeader>
      {modules.isLoading ? (
        <PageSpinner />
      ) : shown.length === 0 ? (
        <EmptyState
          title={display.favorites ? "No favourite modules" : "No modules yet"}
          description={
            display.favorites
              ? "Star a module to see it here."
              : "Modules group work items around a theme, a feature or a release, with their own progress."
          }
          action={
            canCreate && !display.favorites ? (
              <Button onClick={() => setCreating(true)}>Create module</Button>
            ) : undefined
          }
        />
      ) : display.layout === "board" ? (
        <ModulesBoard slug={slug} pid={pid} modules={shown} onEdit={setEditing} />
      ) : display.layout === "gantt" ? (
        <ModulesTimeline slug={slug} pid={pid} modules={shown} />
      ) : (
        <ModulesList slug={slug} pid={pid} modules={shown} onEdit={setEditing} />
      )}
      {creating && (
        <ModuleFormModal
          slug={slug}
          pid={pid}
          onClose={() => setCreating(false)}
          onCreated={(m) => nav(`/${slug}/projects/${pid}/modules/${m.id}/`)}
        />
      )}
      {editing && <ModuleFormModal slug={slug} pid={pid} module={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}

function Lead({ slug, pid, id }: { slug: string; pid: string; id: string | null }) {
  const refs = useProjectRefs(slug, pid);
  const u = id ? (refs.memberById.get(id) ?? refs.userById.get(id)) : undefined;
  if (!u) return null;
  return (
    <span title={`Lead: ${displayName(u)}`}>
      <Avatar name={u.display_name || u.first_name} url={u.avatar_url} size="sm" />
    </span>
  );
}

/** "done/scope" of a module's work items, cancelled ones left out like its progress bar (issue #27 point 5). */
function ModuleCount({ module: m }: { module: Module }) {
  const p = planProgress({ total: m.total_issues, completed: m.completed_issues, cancelled: m.cancelled_issues });
  return (
    <span
      className="text-xs tabular-nums text-fg-subtle"
      aria-label={`${p.done} of ${p.scope} work items completed${p.cancelled ? `, ${p.cancelled} cancelled` : ""}`}
      title={p.cancelled ? `${p.cancelled} cancelled, not counted` : undefined}
    >
      {p.done}/{p.scope}
    </span>
  );
}

function ModulesList({
  slug,
  pid,
  modules,
  onEdit,
}: {
  slug: string;
  pid: string;
  modules: Module[];
  onEdit: (m: Module) => void;
}) {
  return (
    <ul aria-label="Modules" className="min-h-0 flex-1 divide-y divide-line-subtle overflow-y-auto">
      {modules.map((m) => (
        <li key={m.id} className="flex items-center gap-3 px-4 py-2.5 hover:bg-surface-muted">
          <Icon name="module" size={16} className="shrink-0 text-fg-faint" />
          <Link
            to={`/${slug}/projects/${pid}/modules/${m.id}/`}
            className="min-w-0 flex-1 truncate text-sm font-medium hover:underline"
          >
            {m.name}
          </Link>
          <span className="hidden text-xs text-fg-subtle md:inline">
            {m.start_date || m.target_date
              ? `${formatDate(m.start_date) || "…"} → ${formatDate(m.target_date) || "…"}`
              : ""}
          </span>
          <ModuleCount module={m} />
          <ProgressBar module={m} />
          <StatusBadge status={m.status} />
          <Lead slug={slug} pid={pid} id={m.lead_id} />
          <FavoriteButton slug={slug} pid={pid} module={m} />
          <ModuleMenu slug={slug} pid={pid} module={m} onEdit={() => onEdit(m)} />
        </li>
      ))}
    </ul>
  );
}

/** Modules in columns by status (§4). */
function ModulesBoard({
  slug,
  pid,
  modules,
  onEdit,
}: {
  slug: string;
  pid: string;
  modules: Module[];
  onEdit: (m: Module) => void;
}) {
  return (
    <div className="flex min-h-0 flex-1 gap-3 overflow-x-auto p-4">
      {MODULE_STATUSES.map((s) => {
        const col = modules.filter((m) => m.status === s);
        return (
          <section
            key={s}
            aria-label={STATUS_LABEL[s]}
            className="flex w-72 shrink-0 flex-col rounded-lg bg-surface-muted"
          >
            <h2 className="flex items-center justify-between px-3 py-2 text-sm font-medium">
              <StatusBadge status={s} />
              <span className="text-xs text-fg-subtle">{col.length}</span>
            </h2>
            <ul className="min-h-0 flex-1 space-y-2 overflow-y-auto px-2 pb-2">
              {col.map((m) => (
                <li key={m.id} className="rounded-md border border-line-raised bg-canvas p-3 shadow-sm">
                  <div className="flex items-start gap-2">
                    <Link
                      to={`/${slug}/projects/${pid}/modules/${m.id}/`}
                      className="min-w-0 flex-1 truncate text-sm font-medium hover:underline"
                    >
                      {m.name}
                    </Link>
                    <FavoriteButton slug={slug} pid={pid} module={m} />
                    <ModuleMenu slug={slug} pid={pid} module={m} onEdit={() => onEdit(m)} />
                  </div>
                  <div className="mt-2 flex items-center justify-between text-xs text-fg-subtle">
                    <span>
                      {m.total_issues} work item{m.total_issues === 1 ? "" : "s"}
                    </span>
                    <Lead slug={slug} pid={pid} id={m.lead_id} />
                  </div>
                  {(m.start_date || m.target_date) && (
                    <div className="mt-1 text-xs text-fg-subtle">
                      {formatDate(m.start_date) || "…"} → {formatDate(m.target_date) || "…"}
                    </div>
                  )}
                  <ProgressBar module={m} className="mt-2" />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
