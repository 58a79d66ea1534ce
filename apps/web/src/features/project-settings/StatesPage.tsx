import { useState, type ReactNode } from "react";
import { Ellipsis } from "lucide-react";
import { ApiError, errorMessage } from "../../api/client.ts";
import { useDeleteState, useMarkDefaultState, useMoveState, useStates } from "../../api/states.ts";
import type { State } from "../../api/types.ts";
import { Banner, Button, Menu, PageSpinner, cx, useToast } from "../../components/ui/index.ts";
import {
  DragHandle,
  DragScope,
  DropLine,
  draggingClass,
  sortableSpec,
  useDragDrop,
  useAutoScrollAround,
  useDragItem,
  useDropZone,
  useSlotLine,
  type DragController,
  type Slot,
} from "../../components/dnd/index.ts";
import { useCurrentProject } from "../projects/current-project.ts";
import { ProjectSettingsGate } from "./ProjectSettingsLayout.tsx";
import { groupStates, stateDropSequence } from "./ordering.ts";
import { StateForm } from "./StateForm.tsx";
import { ConfirmDelete } from "./ConfirmDelete.tsx";

const DEFAULT_STATE_UNDELETABLE = "The default state cannot be deleted. Mark another state as default first.";

const GROUP_LABEL: Record<string, string> = {
  backlog: "Backlog",
  unstarted: "Unstarted",
  started: "Started",
  completed: "Completed",
  cancelled: "Cancelled",
};

/** States, grouped in the fixed order; admins and members add, edit, reorder (drag and drop within a group), mark default and delete. */
export function ProjectStatesSettings() {
  return (
    <ProjectSettingsGate page="states">
      <States />
    </ProjectSettingsGate>
  );
}

function States() {
  const { slug, projectId } = useCurrentProject();
  const states = useStates(slug, projectId);
  const del = useDeleteState(slug, projectId);
  const [adding, setAdding] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<State | null>(null);
  const drag = useStateDrag(slug, projectId, states.data);
  if (states.isLoading) return <PageSpinner />;
  if (states.isError)
    return <Banner>{errorMessage((states.error as ApiError).body) ?? "Could not load states."}</Banner>;
  return (
    <div className="max-w-3xl space-y-6">
      <div>
        <h2 className="text-lg font-semibold">States</h2>
        <p className="mt-1 text-sm text-fg-subtle">Work items move through these states. Groups keep a fixed order.</p>
      </div>
      {groupStates(states.data ?? []).map(({ group, states: list }) => (
        <section
          key={group}
          aria-label={`${GROUP_LABEL[group]} states`}
          data-group={group}
          className="rounded-lg border border-line"
        >
          <div className="flex items-center justify-between border-b border-line px-4 py-2">
            <h3 className="text-sm font-semibold">{GROUP_LABEL[group]}</h3>
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Add state to ${GROUP_LABEL[group]}`}
              onClick={() => {
                setAdding(group);
                setEditing(null);
              }}
            >
              + Add
            </Button>
          </div>
          <StateList group={group} drag={drag}>
            {adding === group && (
              <li className="px-4 py-3">
                <StateForm group={group} onDone={() => setAdding(null)} />
              </li>
            )}
            {list.map((s) =>
              editing === s.id ? (
                <li key={s.id} className="px-4 py-3">
                  <StateForm group={group} state={s} onDone={() => setEditing(null)} />
                </li>
              ) : (
                <StateRow key={s.id} state={s}>
                  <StateRowBody
                    state={s}
                    onEdit={() => {
                      setEditing(s.id);
                      setAdding(null);
                    }}
                    onDelete={() => setDeleting(s)}
                  />
                </StateRow>
              ),
            )}
          </StateList>
        </section>
      ))}
      <ConfirmDelete
        item={deleting}
        what="state"
        message={`Delete the state "${deleting?.name}"? States that still have work items cannot be deleted.`}
        del={del}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}

/** A state's row: its colour, name, default mark, description and actions. */
function StateRowBody({ state: s, onEdit, onDelete }: { state: State; onEdit: () => void; onDelete: () => void }) {
  const { slug, projectId } = useCurrentProject();
  const markDefault = useMarkDefaultState(slug, projectId);
  const toast = useToast();
  return (
    <>
      <span aria-hidden className="h-3 w-3 rounded-full" style={{ background: s.color }} />
      <div className="min-w-0 flex-1">
        <span className="font-medium">{s.name}</span>
        {s.default && <span className="ml-2 rounded bg-fill px-1.5 py-0.5 text-xs text-fg-muted">Default</span>}
        {s.description && <div className="truncate text-xs text-fg-subtle">{s.description}</div>}
      </div>
      <Menu
        ariaLabel={`Actions for state ${s.name}`}
        align="right"
        label={<Ellipsis size={16} aria-hidden focusable="false" />}
        items={[
          { label: "Edit", onSelect: onEdit },
          {
            label: "Mark as default",
            disabled: s.default,
            onSelect: () =>
              markDefault.mutate(s.id, {
                onSuccess: () => toast.show("success", `${s.name} is now the default state`),
                onError: (err) =>
                  toast.show(
                    "error",
                    "Could not mark the default state",
                    err instanceof ApiError ? errorMessage(err.body) : err.message,
                  ),
              }),
          },
          s.default
            ? {
                label: (
                  <>
                    Delete<span className="block text-xs text-fg-subtle">{DEFAULT_STATE_UNDELETABLE}</span>
                  </>
                ),
                disabled: true,
                onSelect: () => undefined,
              }
            : { label: "Delete", danger: true, onSelect: onDelete },
        ]}
      />
    </>
  );
}

/**
 * Drag and drop of states (pointer or keyboard), each within its own group: the new sequence follows the
 * §5 rules and shows at once (rolled back if the server refuses).
 */
function useStateDrag(slug: string, projectId: string, data: State[] | undefined) {
  const move = useMoveState(slug, projectId);
  const toast = useToast();
  const groups = groupStates(data ?? []);
  const inGroup = (g: string) => groups.find((x) => x.group === g)?.states ?? [];
  const name = (id: string) => data?.find((s) => s.id === id)?.name ?? "State";
  const spec = sortableSpec({
    type: "state",
    model: {
      columns: [groups.map((g) => g.group)],
      items: (g) => inGroup(g).map((s) => s.id),
      accepts: () => false,
      ordered: () => true,
      name: (g) => GROUP_LABEL[g] ?? g,
    },
    label: name,
    canDrag: () => true,
    commit: (src, slot, failed) => {
      const sequence = stateDropSequence(inGroup(slot.container), src.id, slot.index);
      move.mutate(
        { id: src.id, sequence },
        {
          onError: (err) => {
            failed();
            toast.show(
              "error",
              "Could not move the state",
              err instanceof ApiError ? errorMessage(err.body) : err.message,
            );
          },
        },
      );
      return true;
    },
  });
  return useDragDrop(spec, { version: data });
}

/** A group's states, in the page's drag scope. */
function StateList({ group, drag, children }: { group: string; drag: DragController<Slot>; children: ReactNode }) {
  return (
    <DragScope controller={drag}>
      <StateListZone group={group}>{children}</StateListZone>
    </DragScope>
  );
}

/** Drops below the last state of a group land last in it; the page scrolls near its edges while dragging. */
function StateListZone({ group, children }: { group: string; children: ReactNode }) {
  const [el, setEl] = useState<HTMLUListElement | null>(null);
  const zone = useDropZone<HTMLUListElement>({ container: group, at: "end" });
  useAutoScrollAround(el);
  return (
    <ul
      ref={(node) => {
        zone(node);
        setEl(node);
      }}
      className="divide-y divide-line-subtle"
    >
      {children}
    </ul>
  );
}

/** A state row with its drag handle. */
function StateRow({ state: s, children }: { state: State; children: ReactNode }) {
  const drag = useDragItem<HTMLLIElement>({ id: s.id, container: s.group }, { drop: "vertical" });
  const line = useSlotLine(s.group, s.id);
  return (
    <li
      ref={drag.ref}
      className={cx("relative flex items-center gap-3 py-2.5 pl-2 pr-4", draggingClass(drag))}
      data-state={s.name}
    >
      <DropLine edge={line} inset />
      <DragHandle drag={drag} label={`state ${s.name}`} />
      {children}
    </li>
  );
}
