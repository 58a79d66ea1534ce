import { useState } from "react";
import { Link, Outlet, useNavigate, useParams } from "react-router";
import { Button, EmptyState, PageSpinner } from "../../components/ui/index.ts";
import { IssuePicker } from "../../components/work-item/IssuePicker.tsx";
import { Icon } from "../../components/work-item/icons.tsx";
import { errorMessage } from "../../api/client.ts";
import { useCan } from "../../lib/permissions.ts";
import { useAddCycleItems, useCycle } from "../../api/cycles.ts";
import { useCurrentProject } from "../projects/current-project.ts";
import { CycleMenu, FavoriteCycleButton, TransferModal } from "./CycleActions.tsx";
import { CycleProgressPanel } from "./CycleProgress.tsx";
import { cycleRange, STATUS_LABEL, unfinishedCount } from "./lib.ts";
import { usePageTitle } from "../../lib/page-title.ts";

/**
 * One cycle: its header (name, status, dates, favourite, actions, adding existing work items, the transfer of an
 * ended cycle's unfinished items), its progress beside the list, and its own work-item list in every layout (the
 * work-item list screen with the cycle's context, the route's child).
 */
export function CycleLayout() {
  const { slug, projectId: pid, project } = useCurrentProject();
  const cycleId = useParams().cycleId!;
  const cycle = useCycle(slug, pid, cycleId);
  const navigate = useNavigate();
  const [showProgress, setShowProgress] = useState(true);
  const [transferring, setTransferring] = useState(false);
  const canAdd = useCan("addItems", "cycle", { projectId: pid });
  const add = useAddCycleItems(slug, pid);
  const c = cycle.data;
  usePageTitle(c ? `${c.name} · Cycles · ${project.name}` : null);

  if (cycle.isLoading) return <PageSpinner />;
  if (!c) return <CycleNotFound slug={slug} pid={pid} error={cycle.error} />;
  const ended = c.status === "COMPLETED";
  const left = unfinishedCount(c);
  return (
    <div className="flex min-h-0 flex-1 flex-col" data-cycle={c.name}>
      <div className="flex flex-wrap items-center gap-2 border-b border-line px-4 py-2 text-sm">
        <Link to={`/${slug}/projects/${pid}/cycles/`} className="text-fg-subtle hover:underline">
          Cycles
        </Link>
        <Icon name="chevron-right" size={14} className="text-fg-faint" />
        <h1 className="font-semibold">{c.name}</h1>
        <span className="rounded bg-fill px-1.5 py-0.5 text-xs" data-testid="cycle-status">
          {STATUS_LABEL[c.status] ?? c.status}
        </span>
        <span className="text-xs text-fg-subtle">{cycleRange(c)}</span>
        <FavoriteCycleButton slug={slug} pid={pid} cycle={c} />
        <div className="ml-auto flex items-center gap-2">
          {ended && left > 0 && canAdd && (
            <Button size="sm" variant="secondary" onClick={() => setTransferring(true)}>
              Transfer {left} unfinished
            </Button>
          )}
          {!ended && canAdd && (
            <AddExisting slug={slug} pid={pid} onPick={(ids) => add.mutate({ id: c.id, issues: ids })} />
          )}
          <Button size="sm" variant="ghost" aria-pressed={showProgress} onClick={() => setShowProgress((v) => !v)}>
            {showProgress ? "Hide progress" : "Show progress"}
          </Button>
          <CycleMenu slug={slug} pid={pid} cycle={c} afterDelete={() => navigate(`/${slug}/projects/${pid}/cycles/`)} />
        </div>
      </div>
      <div className="flex min-h-0 flex-1">
        <div className="flex min-h-0 min-w-0 flex-1 flex-col">
          <Outlet />
        </div>
        {showProgress && (
          <aside
            className="hidden w-72 shrink-0 2xl:w-80 overflow-y-auto border-l border-line p-4 lg:block"
            aria-label="Cycle details"
          >
            {c.progress_snapshot && "total_issues" in c.progress_snapshot && (
              <p className="mb-3 text-xs text-fg-subtle">
                Progress as it stood when the unfinished work items were transferred.
              </p>
            )}
            <CycleProgressPanel slug={slug} pid={pid} cycle={c} />
          </aside>
        )}
      </div>
      {transferring && <TransferModal slug={slug} pid={pid} cycle={c} onClose={() => setTransferring(false)} />}
    </div>
  );
}

function CycleNotFound({ slug, pid, error }: { slug: string; pid: string; error: unknown }) {
  return (
    <EmptyState
      title="Cycle not found"
      description={errorMessage((error as { body?: unknown } | null)?.body) ?? "It may have been deleted."}
      action={
        <Link className="text-indigo-600 hover:underline" to={`/${slug}/projects/${pid}/cycles/`}>
          Back to cycles
        </Link>
      }
    />
  );
}

/** "Add existing": work items of the project chosen to join the cycle. */
function AddExisting({ slug, pid, onPick }: { slug: string; pid: string; onPick: (ids: string[]) => void }) {
  return (
    <IssuePicker
      slug={slug}
      pid={pid}
      multiple
      label="Add existing work items"
      buttonClassName="rounded-md border border-line-strong px-2 py-1 text-sm hover:bg-fill-subtle"
      button={
        <span className="flex items-center gap-1">
          <Icon name="plus" size={14} />
          Add existing
        </span>
      }
      onPick={(items) => onPick(items.map((i) => i.id))}
    />
  );
}
