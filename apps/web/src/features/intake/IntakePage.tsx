import { useState } from "react";
import { Link } from "react-router";
import { Plus } from "lucide-react";
import { PageHeader } from "../../components/layout/PageHeader.tsx";
import { FeatureOffPage } from "../../components/project/FeatureOff.tsx";
import { Button, EmptyState, PageSpinner } from "../../components/ui/index.ts";
import { useCan } from "../../lib/permissions.ts";
import { useCurrentProject } from "../projects/current-project.ts";
import { IntakeDialogs } from "./IntakeDialogs.tsx";
import { IntakeDetail } from "./IntakeDetail.tsx";
import { IntakeFilterMenu } from "./IntakeFilterMenu.tsx";
import { IntakeList } from "./IntakeList.tsx";
import { nextSelection } from "./keys.ts";
import { useIntakeData, useIntakeKeys, type IntakeDialog } from "./useIntakeData.ts";

/**
 * The intake (work-tracking.md §2, §4): Open, Snoozed and Closed tabs, the requests on the left and the selected one
 * beside them, triage from buttons or keys (1 accept, 2 duplicate, 3 decline, H snooze, J/K move), filters,
 * and filing a request from the app.
 */
export function IntakePage() {
  const { slug, projectId: pid, project } = useCurrentProject();
  const data = useIntakeData(slug, pid, project.intake_view);
  const { tab, selected, items, item, select, setTab, act } = data;
  const [dialog, setDialog] = useState<IntakeDialog>(null);
  const canTriage = useCan("triage", "intake");
  useIntakeKeys({ items, selected, canTriage, dialog, act, select, setDialog });

  if (!project.intake_view) return <FeatureOffPage title="Intake" feature="Intake" />;

  return (
    <div className="flex h-full min-h-0 flex-col">
      <PageHeader
        title="Intake"
        actions={
          <IntakeActions
            data={data}
            settingsTo={`/${slug}/projects/${pid}/intake/settings/`}
            onCreate={() => setDialog("create")}
          />
        }
      />
      <div className="flex min-h-0 flex-1">
        <IntakeList
          tab={tab}
          setTab={setTab}
          pages={data.pages}
          items={items}
          identifier={project.identifier}
          selected={selected}
          select={select}
          loadMore={data.loadMore}
        />
        <section aria-label="Intake work item" className="min-w-0 flex-1 overflow-y-auto">
          {item ? (
            <IntakeDetail
              item={item}
              identifier={project.identifier}
              slug={slug}
              canTriage={canTriage}
              onAct={act}
              onDuplicate={() => setDialog("duplicate")}
              onSnooze={() => setDialog("snooze")}
              onDelete={() => setDialog("delete")}
            />
          ) : selected && data.detail.isLoading ? (
            <PageSpinner />
          ) : (
            <EmptyState title="No request selected" description="Pick a request on the left, or move with J and K." />
          )}
        </section>
      </div>
      <IntakeDialogs
        dialog={dialog}
        close={() => setDialog(null)}
        slug={slug}
        pid={pid}
        item={item}
        act={act}
        onCreated={(id) => {
          setTab("open");
          select(id);
        }}
        onDeleted={(id) =>
          select(
            nextSelection(
              items.map((r) => r.issue.id),
              id,
            ),
          )
        }
      />
    </div>
  );
}

/** The header's filters, the link to the intake settings and the new-request button (each for who may). */
function IntakeActions({
  data,
  settingsTo,
  onCreate,
}: {
  data: ReturnType<typeof useIntakeData>;
  settingsTo: string;
  onCreate: () => void;
}) {
  const canCreate = useCan("create", "intake");
  const canSettings = useCan("settingsView", "intake");
  return (
    <div className="flex items-center gap-2">
      <IntakeFilterMenu tab={data.tab} filters={data.filters} setFilter={data.setFilter} />
      {canSettings && (
        <Link to={settingsTo} className="rounded-md border border-line-strong px-2 py-1 text-sm">
          Intake settings
        </Link>
      )}
      {canCreate && (
        <Button onClick={onCreate}>
          <Plus size={14} aria-hidden /> New request
        </Button>
      )}
    </div>
  );
}
