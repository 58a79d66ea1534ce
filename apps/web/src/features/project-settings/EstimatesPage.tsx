import { useState } from "react";
import { Trash2 } from "lucide-react";
import { estimatePointLabel } from "@stride/shared";
import { useDeleteEstimate, useEstimates, useSetActiveEstimate } from "../../api/estimates.ts";
import type { Estimate } from "../../api/work-items-types.ts";
import { Banner, Button, EmptyState, PageSpinner, Toggle, useToast } from "../../components/ui/index.ts";
import { useCurrentProject } from "../projects/current-project.ts";
import { ProjectSettingsGate } from "./ProjectSettingsLayout.tsx";
import { ConfirmDelete } from "./ConfirmDelete.tsx";
import { CreateEstimateModal } from "./EstimateCreateModal.tsx";
import { PointsEditor } from "./EstimatePoints.tsx";
import { TYPE_LABEL } from "./estimate-text.ts";
import { why } from "./refusal.ts";

/**
 * Estimates (work-tracking.md §3, §5, §9): create a system from a template or custom points, edit and reorder
 * its points, switch the project's active system or turn estimates off, delete a system.
 */
export function ProjectEstimatesSettings() {
  return (
    <ProjectSettingsGate page="estimates">
      <Estimates />
    </ProjectSettingsGate>
  );
}

/** Switches the project's active system (null: estimates off), saying `done` in a toast. */
function useActivate() {
  const { slug, projectId } = useCurrentProject();
  const setActive = useSetActiveEstimate(slug, projectId);
  const toast = useToast();
  const activate = (id: string | null, done: string) =>
    setActive.mutate(id, {
      onSuccess: () => toast.show("success", done),
      onError: (e) => toast.show("error", "Could not change the estimate", why(e)),
    });
  return { activate, pending: setActive.isPending };
}

function Estimates() {
  const { slug, projectId, project } = useCurrentProject();
  const estimates = useEstimates(slug, projectId);
  const del = useDeleteEstimate(slug, projectId);
  const active = useActivate();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Estimate | null>(null);
  if (estimates.isLoading) return <PageSpinner />;
  if (estimates.isError || estimates.data === null) return <Banner>Could not load the estimates.</Banner>;
  const all = estimates.data ?? [];
  const activeId = project.estimate ?? null;
  const current = all.find((e) => e.id === activeId) ?? all.find((e) => e.last_used) ?? null;
  const others = all.filter((e) => e !== current);

  return (
    <div className="max-w-3xl space-y-6">
      <div className="flex items-center justify-between gap-4">
        <div>
          <h2 className="text-lg font-semibold">Estimates</h2>
          <p className="mt-1 text-sm text-fg-subtle">
            Size work items with points or categories. A project uses one estimate system at a time.
          </p>
        </div>
        <Button onClick={() => setCreating(true)}>Add estimate system</Button>
      </div>

      {!current ? (
        <EmptyState
          title="No estimate system yet"
          description="Start from a template (Fibonacci, T-shirt sizes, …) or your own points."
        />
      ) : (
        <CurrentSystem estimate={current} on={activeId === current.id} active={active} onDelete={setDeleting} />
      )}
      {others.length > 0 && <OtherSystems estimates={others} active={active} onDelete={setDeleting} />}

      {creating && <CreateEstimateModal onClose={() => setCreating(false)} />}
      <ConfirmDelete
        item={deleting}
        what="estimate system"
        message={`Delete "${deleting?.name}"? It is removed from every work item sized with it. This cannot be undone.`}
        del={del}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}

type Activate = ReturnType<typeof useActivate>;

/** The system in use (or last used): estimates on or off, its name, its points. */
function CurrentSystem({
  estimate: current,
  on,
  active,
  onDelete,
}: {
  estimate: Estimate;
  on: boolean;
  active: Activate;
  onDelete: (e: Estimate) => void;
}) {
  return (
    <section aria-label="Current estimate system" className="space-y-3 rounded-lg border border-line p-4">
      <Toggle
        label="Enable estimates for this project"
        description="Work items of the project can be sized with the system below."
        checked={on}
        disabled={active.pending}
        onChange={(v) => active.activate(v ? current.id : null, v ? "Estimates enabled" : "Estimates disabled")}
      />
      <div className="flex items-center justify-between gap-2">
        <div>
          <h3 className="font-medium">{current.name}</h3>
          <p className="text-xs text-fg-subtle">
            {TYPE_LABEL[current.type]} · {current.points.length} points
          </p>
        </div>
        <Button variant="danger" size="sm" onClick={() => onDelete(current)}>
          Delete
        </Button>
      </div>
      <PointsEditor estimate={current} />
    </section>
  );
}

/** The project's other systems, each to switch to or delete. */
function OtherSystems({
  estimates,
  active,
  onDelete,
}: {
  estimates: Estimate[];
  active: Activate;
  onDelete: (e: Estimate) => void;
}) {
  return (
    <section aria-label="Other estimate systems" className="space-y-2">
      <h3 className="text-sm font-semibold">Other estimate systems</h3>
      <ul className="divide-y divide-line rounded-lg border border-line">
        {estimates.map((e) => (
          <li key={e.id} className="flex items-center gap-3 px-4 py-3" aria-label={e.name}>
            <div className="min-w-0 flex-1">
              <div className="font-medium">{e.name}</div>
              <div className="truncate text-xs text-fg-subtle">
                {TYPE_LABEL[e.type]} · {e.points.map((p) => estimatePointLabel(e.type, p.value)).join(", ")}
              </div>
            </div>
            <Button
              variant="secondary"
              size="sm"
              disabled={active.pending}
              onClick={() => active.activate(e.id, `Now using ${e.name}`)}
            >
              Use this system
            </Button>
            <Button variant="ghost" size="sm" aria-label={`Delete ${e.name}`} onClick={() => onDelete(e)}>
              <Trash2 size={14} aria-hidden />
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
