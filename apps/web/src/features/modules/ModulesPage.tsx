import { useMemo, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Archive, ChartGantt, Kanban, List } from "lucide-react";
import { MODULE_LAYOUTS, sortModules, type ModuleOrderBy } from "@stride/shared";
import { Button, EmptyState, PageSpinner, Select, cx } from "../../components/ui/index.ts";
import { PageHeader } from "../../components/layout/PageHeader.tsx";
import { FeatureOffPage } from "../../components/project/FeatureOff.tsx";
import { Icon } from "../../components/work-item/icons.tsx";
import { useCurrentProject } from "../projects/current-project.ts";
import { useCan } from "../../lib/permissions.ts";
import { useCreateParam } from "../../lib/create-param.ts";
import { useModules, type Module } from "../../api/modules.ts";
import { ModuleFormModal } from "../../components/module/ModuleFormModal.tsx";
import { ModulesTimeline } from "./ModulesTimeline.tsx";
import { ModulesBoard, ModulesList } from "./ModulesLayouts.tsx";
import { useModuleDisplay, type Display } from "./module-display.ts";

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

  if (!project.module_view) return <FeatureOffPage title="Modules" feature="Modules" />;
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
        <DisplayBar display={display} setDisplay={setDisplay} />
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

/** The layout switch, the order and its direction, and favourites only. */
function DisplayBar({ display, setDisplay }: { display: Display; setDisplay: (p: Partial<Display>) => void }) {
  const desc = display.order_by.startsWith("-");
  const orderKey = desc ? display.order_by.slice(1) : display.order_by;
  return (
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
          onChange={(e) => setDisplay({ order_by: (desc ? `-${e.target.value}` : e.target.value) as ModuleOrderBy })}
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
  );
}
