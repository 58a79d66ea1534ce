import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { PanelRight } from "lucide-react";
import { EmptyState, PageSpinner, cx } from "../../components/ui/index.ts";
import { PageHeader } from "../../components/layout/PageHeader.tsx";
import { errorMessage } from "../../api/client.ts";
import { useModule, type Module } from "../../api/modules.ts";
import { FavoriteButton, ModuleMenu, ProgressBar, StatusBadge } from "../../components/module/ModuleBits.tsx";
import { ModuleDetailsPanel } from "../../components/module/ModuleDetailsPanel.tsx";
import { ModuleFormModal } from "../../components/module/ModuleFormModal.tsx";
import { useCurrentProject } from "../projects/current-project.ts";
import { ListProvider, useListPrefs } from "./context.tsx";
import { ListScreen } from "./WorkItemsPage.tsx";
import { usePageTitle } from "../../lib/page-title.ts";

/**
 * A module's page (work-tracking.md §2): its work items through the list engine's module context, in every layout,
 * with the module's own saved list choices (P/modules/{id}/user-properties/), and the module's details beside them.
 * Archived modules (`archived`) are shown read only.
 */
export function ModuleWorkItemsPage({ archived }: { archived?: boolean }) {
  const { slug, projectId: pid, project } = useCurrentProject();
  const moduleId = useParams().moduleId ?? "";
  const mod = useModule(slug, pid, moduleId, !!archived);
  const { prefs, update } = useListPrefs(slug, pid, "module", moduleId);
  const [details, setDetails] = useState(true);
  const [editing, setEditing] = useState(false);
  const nav = useNavigate();
  const m = mod.data;
  usePageTitle(m ? `${m.name} · Modules · ${project.name}` : null);

  if (mod.error && !m) {
    return (
      <>
        <PageHeader title="Module" />
        <EmptyState
          title="Module not found"
          description={errorMessage((mod.error as { body?: unknown }).body) ?? "It may have been deleted or archived."}
          action={
            <Link className="text-indigo-600 hover:underline" to={`/${slug}/projects/${pid}/modules/`}>
              Back to modules
            </Link>
          }
        />
      </>
    );
  }
  if (!m || !prefs) return <PageSpinner />;
  const back = archived ? `/${slug}/projects/${pid}/archives/modules/` : `/${slug}/projects/${pid}/modules/`;
  return (
    <ListProvider
      key={`${pid}-module-${moduleId}`}
      slug={slug}
      pid={pid}
      kind="module"
      contextId={moduleId}
      readOnly={archived}
      project={project}
      prefs={prefs}
      updatePrefs={update}
    >
      <ListScreen
        title={<ModuleTitle module={m} back={back} archived={archived} />}
        actions={
          <>
            {/* the details beside the list show the progress; the header shows it when they are hidden or there is room */}
            <span className={details ? "hidden 2xl:inline" : "hidden md:inline"}>
              <ProgressBar module={m} />
            </span>
            {!archived && <FavoriteButton slug={slug} pid={pid} module={m} />}
            <button
              type="button"
              aria-pressed={details}
              aria-label="Module details"
              onClick={() => setDetails((d) => !d)}
              className={cx("rounded p-1", details ? "bg-fill-strong" : "text-fg-subtle hover:text-fg-secondary")}
            >
              <PanelRight size={16} aria-hidden focusable="false" />
            </button>
            <ModuleMenu
              slug={slug}
              pid={pid}
              module={m}
              onEdit={() => setEditing(true)}
              onGone={() => nav(`/${slug}/projects/${pid}/modules/`)}
            />
          </>
        }
        aside={details ? <ModuleDetailsPanel slug={slug} pid={pid} module={m} /> : undefined}
      />
      {editing && <ModuleFormModal slug={slug} pid={pid} module={m} onClose={() => setEditing(false)} />}
    </ListProvider>
  );
}

/** The page's title: back to the modules, the module's name, its status, and whether it is archived. */
function ModuleTitle({ module: m, back, archived }: { module: Module; back: string; archived?: boolean }) {
  return (
    <span className="flex min-w-0 items-center gap-2">
      <Link to={back} className="shrink-0 text-fg-subtle hover:underline">
        {archived ? "Archived modules" : "Modules"}
      </Link>
      <span className="text-fg-faint">/</span>
      {/* the name keeps room beside the header's controls (it was squeezed to nothing at 1280 px) */}
      <span className="min-w-24 truncate" title={m.name}>
        {m.name}
      </span>
      <StatusBadge status={m.status} />
      {archived && <span className="rounded bg-fill px-1.5 text-xs text-fg-muted">Archived</span>}
    </span>
  );
}
