import { Link } from "react-router";
import { Button, EmptyState, PageSpinner } from "../../components/ui/index.ts";
import { PageHeader } from "../../components/layout/PageHeader.tsx";
import { Icon } from "../../components/work-item/icons.tsx";
import { useCan } from "../../lib/permissions.ts";
import { useCreateParam } from "../../lib/create-param.ts";
import { useCycles, type Cycle } from "../../api/cycles.ts";
import { useCurrentProject } from "../projects/current-project.ts";
import { CycleModal } from "./CycleModal.tsx";
import { CycleMenu, FavoriteCycleButton } from "./CycleActions.tsx";
import { CycleProgressPanel } from "./CycleProgress.tsx";
import { CYCLE_SECTIONS, cycleProgress, cycleRange, cycleSections } from "./lib.ts";

/**
 * A project's cycles (work-tracking.md §2, §4): Active, Upcoming, Completed and Draft sections in the cycle-list
 * order, each cycle with its dates, progress, favourite star and actions; the active cycle shows its progress,
 * breakdowns and burndown.
 */
export function CyclesPage() {
  const { slug, projectId: pid, project } = useCurrentProject();
  const cycles = useCycles(slug, pid);
  const canCreate = useCan("create", "cycle", { projectId: pid });
  const [creating, setCreating] = useCreateParam(canCreate);

  if (!project.cycle_view) {
    return (
      <>
        <PageHeader title="Cycles" />
        <EmptyState
          title="Cycles are turned off"
          description="A project admin can turn on cycles in the project's feature settings."
        />
      </>
    );
  }
  const list = cycles.data ?? [];
  const sections = cycleSections(list);
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <PageHeader
        title="Cycles"
        actions={
          <>
            <Link
              to={`/${slug}/projects/${pid}/cycles/archived/`}
              className="rounded-md px-2 py-1 text-sm text-fg-muted hover:bg-fill"
            >
              <Icon name="archive" size={16} />
              <span className="sr-only">Archived cycles</span>
            </Link>
            {canCreate && (
              <Button size="sm" onClick={() => setCreating(true)}>
                <Icon name="plus" size={14} />
                Add cycle
              </Button>
            )}
          </>
        }
      />
      <div className="min-h-0 flex-1 overflow-y-auto">
        {cycles.isLoading ? (
          <PageSpinner />
        ) : list.length === 0 ? (
          <EmptyState
            title="No cycles yet"
            description="Cycles are time boxes, a sprint or an iteration: put work items in one and follow its progress and burndown."
            action={canCreate ? <Button onClick={() => setCreating(true)}>Create cycle</Button> : undefined}
          />
        ) : (
          CYCLE_SECTIONS.map((s) => (
            <section key={s.status} aria-label={s.title} className="border-b border-line-subtle">
              <h2 className="flex items-center gap-2 bg-surface-muted px-4 py-2 text-sm font-semibold">
                {s.title}
                <span className="text-xs font-normal text-fg-subtle">{sections[s.status].length}</span>
              </h2>
              {sections[s.status].length === 0 ? (
                <p className="px-4 py-3 text-sm text-fg-subtle">{s.empty}</p>
              ) : (
                <ul>
                  {sections[s.status].map((c) => (
                    <li key={c.id}>
                      <CycleRow slug={slug} pid={pid} cycle={c} />
                      {s.status === "CURRENT" && (
                        <div className="border-t border-line-subtle px-4 py-4">
                          <CycleProgressPanel slug={slug} pid={pid} cycle={c} />
                        </div>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ))
        )}
      </div>
      {creating && <CycleModal slug={slug} pid={pid} onClose={() => setCreating(false)} />}
    </div>
  );
}

function CycleRow({ slug, pid, cycle }: { slug: string; pid: string; cycle: Cycle }) {
  const p = cycleProgress(cycle);
  return (
    <div className="flex items-center gap-3 px-4 py-2.5 hover:bg-surface-muted" data-cycle-row={cycle.name}>
      <Icon name="cycle" size={16} className="text-fg-faint" />
      <Link
        to={`/${slug}/projects/${pid}/cycles/${cycle.id}/`}
        className="min-w-0 flex-1 truncate text-sm font-medium hover:underline"
      >
        {cycle.name}
      </Link>
      <span className="hidden text-xs text-fg-subtle sm:inline">{cycleRange(cycle)}</span>
      <span
        className="w-28 text-right text-xs text-fg-subtle"
        aria-label={`${p.done} of ${p.scope} work items completed${p.cancelled ? `, ${p.cancelled} cancelled` : ""}`}
      >
        {p.done}/{p.scope} · {p.percent}%
      </span>
      <FavoriteCycleButton slug={slug} pid={pid} cycle={cycle} />
      <CycleMenu slug={slug} pid={pid} cycle={cycle} />
    </div>
  );
}
