import { useEffect, useState, type ReactNode } from "react";
import { Link, useParams } from "react-router";
import { Button, EmptyState, PageSpinner } from "../../components/ui/index.ts";
import { PageHeader } from "../../components/layout/PageHeader.tsx";
import { errorMessage } from "../../api/client.ts";
import { useCurrentProject } from "../projects/current-project.ts";
import { ListProvider, useList, useListPrefs, type ContextKind } from "./context.tsx";
import { LayoutSwitcher } from "./header/LayoutSwitcher.tsx";
import { FiltersMenu } from "./header/FiltersMenu.tsx";
import { DisplayMenu } from "./header/DisplayMenu.tsx";
import { AppliedFilters } from "./header/AppliedFilters.tsx";
import { ListLayout } from "./layouts/ListLayout.tsx";
import { Lazy } from "../../components/lazy.tsx";
import { layoutChunks } from "./layouts/lazy.ts";
import { BulkBar } from "./components/BulkBar.tsx";
import { PeekPanel } from "./components/PeekPanel.tsx";
import { DraftPeek } from "./components/DraftBits.tsx";
import { CreateWorkItemModal } from "../../components/work-item/CreateWorkItemModal.tsx";
import { Icon } from "../../components/work-item/icons.tsx";
import { QuickAdd } from "./components/ItemBits.tsx";
import { appliedFilterEntries } from "./lib/params.ts";
import { SaveViewButton } from "../../components/views/SaveViewModal.tsx";
import { goChord } from "../../lib/shortcuts.ts";
import { useListTarget } from "./lib/list-target.ts";

/** The list layout ships with the page; the other layouts are loaded when first chosen (or by the route loader). */
const KanbanLayout = layoutChunks.kanban.component("KanbanLayout");
const SpreadsheetLayout = layoutChunks.spreadsheet.component("SpreadsheetLayout");
const CalendarLayout = layoutChunks.calendar.component("CalendarLayout");
const GanttLayout = layoutChunks.gantt_chart.component("GanttLayout");
const FlowLayout = layoutChunks.flow.component("FlowLayout");

/**
 * A project's work-item list context: project work items, archived work items or epics. Its filters,
 * display filters and properties are remembered (user properties on the server for work items and
 * epics; this device for the archived list).
 */
export function WorkItemsPage({ archived, epics, cycle }: { archived?: boolean; epics?: boolean; cycle?: boolean }) {
  const kind: ContextKind = archived ? "archived" : epics ? "epics" : cycle ? "cycle" : "project";
  const { slug, projectId, project } = useCurrentProject();
  // a cycle's list (cycles/:cycleId/, inside the cycle's own header)
  const cycleId = useParams().cycleId;
  const { prefs, update } = useListPrefs(slug, projectId, kind, cycleId);
  const title = epics ? "Epics" : archived ? "Archived work items" : cycle ? "Cycle work items" : "Work items";
  if (epics && !project.is_epic_enabled) {
    return (
      <>
        <PageHeader title="Epics" />
        <EmptyState
          title="Epics are turned off"
          description="A project admin can turn on epics in the project's feature settings."
          action={
            <Link className="text-indigo-600 hover:underline" to={`/${slug}/projects/${projectId}/settings/features/`}>
              Open feature settings
            </Link>
          }
        />
      </>
    );
  }
  if (!prefs) return <PageSpinner />;
  return (
    <ListProvider
      key={`${projectId}-${kind}-${cycleId ?? ""}`}
      slug={slug}
      pid={projectId}
      kind={kind}
      contextId={cycleId}
      project={project}
      prefs={prefs}
      updatePrefs={update}
    >
      {/* under the cycle's own header (its name), the list's heading needs no more than "Work items" */}
      <ListScreen title={cycle ? "Work items" : title} />
    </ListProvider>
  );
}

/**
 * The list screen of the ListProvider around it: header (layouts, filters, display), the chosen layout, bulk bar,
 * peek view and create modal. Other contexts put their own `actions` and `aside` next to it; a saved view whose
 * filters may not change shows them read-only with a `banner`. A list under another screen's header (a profile's item
 * tabs) is `nested`: its header has no sidebar toggle of its own.
 */
export function ListScreen({
  title,
  actions,
  aside,
  banner,
  filtersReadOnly = false,
  nested = false,
}: {
  title: ReactNode;
  actions?: ReactNode;
  aside?: ReactNode;
  banner?: ReactNode;
  filtersReadOnly?: boolean;
  nested?: boolean;
}) {
  const {
    slug,
    pid,
    kind,
    canCreate,
    display,
    isLoading,
    data,
    error,
    isFetching,
    prefs,
    itemKind,
    selection,
    project,
    contextPreset,
    spansProjects,
  } = useList();
  const [creating, setCreating] = useState(false);
  const layout = String(display.layout ?? "list");
  const drafts = kind === "workspace_drafts";
  // the selected items or the focused row are the work item in hand for the palette and its single keys
  useListTarget();

  // "c" opens the create modal, like the command palette shortcut
  useEffect(() => {
    if (!canCreate) return;
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      // the C of "G then C" ends the chord (go to cycles), it does not create
      if (
        e.key !== "c" ||
        e.metaKey ||
        e.ctrlKey ||
        e.altKey ||
        goChord.pending() ||
        t?.closest("input,textarea,select,[contenteditable=true],dialog")
      )
        return;
      e.preventDefault();
      setCreating(true);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [canCreate]);

  // leaving a layout without selection support clears the selection
  useEffect(() => {
    if (layout !== "list" && layout !== "spreadsheet") selection.clear();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [layout]);

  const noItemsAtAll =
    data &&
    data.total === 0 &&
    !data.groupBy &&
    appliedFilterEntries(prefs.filters).length === 0 &&
    kind !== "archived" &&
    kind !== "view" &&
    (layout === "list" || layout === "spreadsheet");

  return (
    <div className="flex min-h-0 flex-1 flex-col" data-list-context={kind} data-layout={layout}>
      <PageHeader
        nested={nested}
        title={
          <span className="flex min-w-0 items-center gap-2">
            {/* a narrow header (beside a cycle's details) cuts the title with an ellipsis, the count stays */}
            {typeof title === "string" ? <span className="truncate">{title}</span> : title}
            {data && (
              <span
                className="rounded bg-fill px-1.5 text-xs font-medium text-fg-muted"
                aria-label={`${data.total} ${drafts ? "drafts" : "work items"}`}
              >
                {data.total}
              </span>
            )}
            {isFetching && !isLoading && (
              <span
                className="h-3 w-3 animate-spin rounded-full border-2 border-line-strong border-t-transparent"
                aria-label="Updating"
                role="status"
              />
            )}
          </span>
        }
        actions={
          <>
            {actions}
            {kind === "project" && project.issue_views_view && <SaveViewButton slug={slug} pid={pid} prefs={prefs} />}
            {(kind === "project" || kind === "epics") && project.is_epic_enabled && (
              <nav aria-label="Work item kind" className="flex rounded-md border border-line-raised p-0.5 text-sm">
                <Link
                  to={`/${slug}/projects/${pid}/issues/`}
                  aria-current={kind === "project" ? "page" : undefined}
                  className={
                    kind === "project"
                      ? "rounded bg-fill-strong px-2 py-0.5"
                      : "rounded px-2 py-0.5 text-fg-subtle hover:text-fg-secondary"
                  }
                >
                  Work items
                </Link>
                <Link
                  to={`/${slug}/projects/${pid}/epics/`}
                  aria-current={kind === "epics" ? "page" : undefined}
                  className={
                    kind === "epics"
                      ? "rounded bg-fill-strong px-2 py-0.5"
                      : "rounded px-2 py-0.5 text-fg-subtle hover:text-fg-secondary"
                  }
                >
                  Epics
                </Link>
              </nav>
            )}
            {kind === "project" && (
              <Link
                to={`/${slug}/projects/${pid}/archives/issues/`}
                className="rounded-md px-2 py-1 text-sm text-fg-muted hover:bg-fill"
                title="Archived work items"
              >
                <Icon name="archive" size={16} />
                <span className="sr-only">Archived work items</span>
              </Link>
            )}
            {kind === "archived" && (
              <Link
                to={`/${slug}/projects/${pid}/issues/`}
                className="rounded-md px-2 py-1 text-sm text-fg-muted hover:bg-fill"
              >
                Back to work items
              </Link>
            )}
            {canCreate && (
              <Button size="sm" onClick={() => setCreating(true)}>
                <Icon name="plus" size={14} />
                {drafts ? "New draft" : itemKind === "epics" ? "Add epic" : "Add work item"}
              </Button>
            )}
          </>
        }
      >
        <div className="flex items-center gap-2">
          <LayoutSwitcher />
          {!filtersReadOnly && <FiltersMenu />}
          <DisplayMenu />
        </div>
      </PageHeader>
      {banner}
      <AppliedFilters readOnly={filtersReadOnly} />
      <div className="flex min-h-0 flex-1">
        <div className="relative flex min-h-0 min-w-0 flex-1 flex-col">
          {isLoading && layout !== "calendar" ? (
            <ListSkeleton />
          ) : error && !data ? (
            <EmptyState
              title="Could not load the work items"
              description={errorMessage((error as { body?: unknown }).body) ?? (error as Error).message}
            />
          ) : noItemsAtAll ? (
            <div className="min-h-0 flex-1 overflow-y-auto">
              <EmptyState
                {...emptyCopy(kind, itemKind, spansProjects, canCreate)}
                action={
                  canCreate ? (
                    <Button onClick={() => setCreating(true)}>
                      {drafts ? "Start a draft" : itemKind === "epics" ? "Create epic" : "Create work item"}
                    </Button>
                  ) : undefined
                }
              />
              {canCreate && !drafts && (
                <div className="mx-auto w-full max-w-xl rounded-md border border-line">
                  <QuickAdd label={itemKind === "epics" ? "New epic" : "New work item"} />
                </div>
              )}
            </div>
          ) : layout === "kanban" ? (
            <Lazy>
              <KanbanLayout />
            </Lazy>
          ) : layout === "spreadsheet" ? (
            <Lazy>
              <SpreadsheetLayout />
            </Lazy>
          ) : layout === "calendar" ? (
            <Lazy>
              <CalendarLayout />
            </Lazy>
          ) : layout === "gantt_chart" ? (
            <Lazy>
              <GanttLayout />
            </Lazy>
          ) : layout === "flow" ? (
            <Lazy>
              <FlowLayout />
            </Lazy>
          ) : (
            <ListLayout />
          )}
          {drafts ? <DraftPeek /> : <PeekPanel />}
        </div>
        {aside}
      </div>
      <BulkBar />
      {creating &&
        (drafts ? (
          <CreateWorkItemModal open onClose={() => setCreating(false)} slug={slug} mode="draft" />
        ) : (
          <CreateWorkItemModal
            open
            onClose={() => setCreating(false)}
            slug={slug}
            projectId={pid}
            kind={itemKind}
            preset={contextPreset}
          />
        ))}
    </div>
  );
}

/** What an empty list says (no items at all, nothing filtered out). */
function emptyCopy(kind: ContextKind, itemKind: string, spansProjects: boolean, canCreate: boolean) {
  if (kind === "workspace_drafts")
    return {
      title: "No drafts",
      description: "Half-written work items you save as drafts wait here until you move them to a project.",
    };
  const title =
    itemKind === "epics"
      ? "No epics yet"
      : kind === "module"
        ? "No work items in this module yet"
        : kind === "cycle"
          ? "No work items in this cycle yet"
          : "No work items yet";
  const description =
    kind === "team" || kind === "team_view"
      ? "The work items of this teamspace's projects that you belong to show here."
      : spansProjects
        ? "Work items of the projects you are a member of show here when they match."
        : !canCreate
          ? `You can see the ${itemKind === "epics" ? "epics" : "work items"} of this project but not create them. Ask a project admin if you expect to see some here.`
          : itemKind === "epics"
            ? "Epics group large pieces of work made of many work items. Create the first one, or type a title below."
            : "Work items are the tasks, bugs and ideas your team tracks. Create the first one, or type a title below.";
  return { title, description };
}

function ListSkeleton() {
  return (
    <div className="space-y-px p-4" role="status" aria-label="Loading work items">
      {Array.from({ length: 8 }, (_, i) => (
        <div key={i} className="flex h-11 animate-pulse items-center gap-3 rounded bg-surface-muted px-3">
          <div className="h-3 w-12 rounded bg-fill-selected" />
          <div className="h-3 rounded bg-fill-selected" style={{ width: `${30 + ((i * 17) % 40)}%` }} />
        </div>
      ))}
    </div>
  );
}
