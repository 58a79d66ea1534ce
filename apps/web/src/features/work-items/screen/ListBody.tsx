import { useEffect } from "react";
import { Button, EmptyState } from "../../../components/ui/index.ts";
import { errorMessage } from "../../../api/client.ts";
import { Lazy } from "../../../components/lazy.tsx";
import { useList, type ContextKind } from "../context.tsx";
import { ListLayout } from "../layouts/ListLayout.tsx";
import { layoutChunks } from "../layouts/lazy.ts";
import { QuickAdd } from "../components/ItemBits.tsx";
import { appliedFilterEntries } from "../lib/params.ts";

/** The list layout ships with the page; the other layouts are loaded when first chosen (or by the route loader). */
const KanbanLayout = layoutChunks.kanban.component("KanbanLayout");
const SpreadsheetLayout = layoutChunks.spreadsheet.component("SpreadsheetLayout");
const CalendarLayout = layoutChunks.calendar.component("CalendarLayout");
const GanttLayout = layoutChunks.gantt_chart.component("GanttLayout");
const FlowLayout = layoutChunks.flow.component("FlowLayout");

/** The chosen layout. */
function Layout({ layout }: { layout: string }) {
  if (layout === "list") return <ListLayout />;
  const Chosen =
    layout === "kanban"
      ? KanbanLayout
      : layout === "spreadsheet"
        ? SpreadsheetLayout
        : layout === "calendar"
          ? CalendarLayout
          : layout === "gantt_chart"
            ? GanttLayout
            : layout === "flow"
              ? FlowLayout
              : null;
  if (!Chosen) return <ListLayout />;
  return (
    <Lazy>
      <Chosen />
    </Lazy>
  );
}

/** A list with no items at all (nothing filtered out): what it is for, create, or quick add below. */
function NoItems({ onCreate }: { onCreate: () => void }) {
  const { kind, canCreate, itemKind, spansProjects } = useList();
  const drafts = kind === "workspace_drafts";
  return (
    <div className="min-h-0 flex-1 overflow-y-auto">
      <EmptyState
        {...emptyCopy(kind, itemKind, spansProjects, canCreate)}
        action={
          canCreate ? (
            <Button onClick={onCreate}>
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
  );
}

/** The list's body: a skeleton while it loads, why it could not load, an empty list's invitation, or the layout. */
/**
 * The board's chunk, loaded once the list has shown and the browser is idle: switching to the board then renders at
 * once (its chunk still loading suspended the layout, and React revealed it no sooner than 300 ms later). Only the
 * board's: loading every layout's chunk kept the page busy ~200 ms just when the first switch came.
 */
function usePreloadBoard(shown: boolean) {
  useEffect(() => {
    if (!shown || typeof requestIdleCallback !== "function") return;
    const idle = requestIdleCallback(() => void layoutChunks.kanban.preload().catch(() => undefined), {
      timeout: 2000,
    });
    return () => cancelIdleCallback(idle);
  }, [shown]);
}

export function ListBody({ layout, onCreate }: { layout: string; onCreate: () => void }) {
  const { kind, isLoading, data, error, prefs } = useList();
  usePreloadBoard(!!data);
  const noItemsAtAll =
    data &&
    data.total === 0 &&
    !data.groupBy &&
    appliedFilterEntries(prefs.filters).length === 0 &&
    kind !== "archived" &&
    kind !== "view" &&
    (layout === "list" || layout === "spreadsheet");
  if (isLoading && layout !== "calendar") return <ListSkeleton />;
  if (error && !data)
    return (
      <EmptyState
        title="Could not load the work items"
        description={errorMessage((error as { body?: unknown }).body) ?? (error as Error).message}
      />
    );
  if (noItemsAtAll) return <NoItems onCreate={onCreate} />;
  return <Layout layout={layout} />;
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
