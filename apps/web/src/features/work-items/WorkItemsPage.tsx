import { useEffect, useState, type ReactNode } from "react";
import { Link, useParams } from "react-router";
import { EmptyState, PageSpinner } from "../../components/ui/index.ts";
import { PageHeader } from "../../components/layout/PageHeader.tsx";
import { useCurrentProject } from "../projects/current-project.ts";
import { ListProvider, useList, useListPrefs, type ContextKind } from "./context.tsx";
import { LayoutSwitcher } from "./header/LayoutSwitcher.tsx";
import { FiltersMenu } from "./header/FiltersMenu.tsx";
import { DisplayMenu } from "./header/DisplayMenu.tsx";
import { AppliedFilters } from "./header/AppliedFilters.tsx";
import { BulkBar } from "./components/BulkBar.tsx";
import { PeekPanel } from "./components/PeekPanel.tsx";
import { DraftPeek } from "./components/DraftBits.tsx";
import { CreateWorkItemModal } from "../../components/work-item/CreateWorkItemModal.tsx";
import { useListTarget } from "./lib/list-target.ts";
import { useCreateKey } from "./screen/useCreateKey.ts";
import { ListTitle } from "./screen/ListTitle.tsx";
import { ListActions } from "./screen/ListActions.tsx";
import { ListBody } from "./screen/ListBody.tsx";

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
  const { slug, pid, kind, canCreate, display, itemKind, selection, contextPreset } = useList();
  const [creating, setCreating] = useState(false);
  const layout = String(display.layout ?? "list");
  const drafts = kind === "workspace_drafts";
  // the selected items or the focused row are the work item in hand for the palette and its single keys
  useListTarget();
  useCreateKey(canCreate, setCreating);

  // leaving a layout without selection support clears the selection
  useEffect(() => {
    if (layout !== "list" && layout !== "spreadsheet") selection.clear();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [layout]);

  return (
    <div className="flex min-h-0 flex-1 flex-col" data-list-context={kind} data-layout={layout}>
      <PageHeader
        nested={nested}
        title={<ListTitle title={title} />}
        actions={<ListActions actions={actions} onCreate={() => setCreating(true)} />}
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
          <ListBody layout={layout} onCreate={() => setCreating(true)} />
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
