import { useState, type ReactNode } from "react";
import { extractInstruction } from "@atlaskit/pragmatic-drag-and-drop-hitbox/list-item/extract-instruction";
import { attachInstruction } from "@atlaskit/pragmatic-drag-and-drop-hitbox/list-item/attach-instruction";
import { CornerDownRight, Ellipsis } from "lucide-react";
import { ApiError, errorMessage } from "../../api/client.ts";
import { useDeleteLabel, useLabels, useMoveLabel } from "../../api/labels.ts";
import type { Label } from "../../api/types.ts";
import { Banner, Button, EmptyState, Menu, PageSpinner, cx, useToast } from "../../components/ui/index.ts";
import { treeSentence } from "../../lib/tree-order.ts";
import {
  DragHandle,
  DragScope,
  DropLine,
  draggingClass,
  useAutoScrollAround,
  useDragDrop,
  useDragItem,
  useDragSelector,
  type DragController,
  type DragSpec,
} from "../../components/dnd/index.ts";
import { useCurrentProject } from "../projects/current-project.ts";
import { ProjectSettingsGate } from "./ProjectSettingsLayout.tsx";
import {
  descendantIds,
  flattenTree,
  labelDropPatch,
  labelLine,
  labelOrigin,
  labelPlace,
  labelPointerSlot,
  labelStep,
  labelTree,
  type LabelNode,
  type LabelSlot,
} from "./ordering.ts";
import { LabelForm } from "./LabelForm.tsx";
import { ConfirmDelete } from "./ConfirmDelete.tsx";

/** Labels: nested (parent), colours, ordering and nesting by drag and drop (pointer or keyboard). */
export function ProjectLabelsSettings() {
  return (
    <ProjectSettingsGate page="labels">
      <Labels />
    </ProjectSettingsGate>
  );
}

function Labels() {
  const { slug, projectId } = useCurrentProject();
  const labels = useLabels(slug, projectId);
  const del = useDeleteLabel(slug, projectId);
  const [adding, setAdding] = useState<{ parent: string | null } | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Label | null>(null);
  const drag = useLabelDrag(slug, projectId, labels.data);
  if (labels.isLoading) return <PageSpinner />;
  if (labels.isError)
    return <Banner>{errorMessage((labels.error as ApiError).body) ?? "Could not load labels."}</Banner>;
  const all = labels.data ?? [];
  const flat = flattenTree(labelTree(all));
  return (
    <div className="max-w-3xl space-y-4">
      <div className="flex items-center justify-between">
        <div>
          <h2 className="text-lg font-semibold">Labels</h2>
          <p className="mt-1 text-sm text-fg-subtle">Tag work items. Labels can be nested under a parent label.</p>
        </div>
        <Button
          onClick={() => {
            setAdding({ parent: null });
            setEditing(null);
          }}
        >
          Add label
        </Button>
      </div>
      {adding && (
        <div className="rounded-lg border border-line p-4">
          <LabelForm labels={all} parent={adding.parent} onDone={() => setAdding(null)} />
        </div>
      )}
      {flat.length === 0 && !adding ? (
        <EmptyState title="No labels yet" description="Create labels to tag and filter work items." />
      ) : (
        <LabelList drag={drag}>
          {flat.map((l) => {
            return editing === l.id ? (
              <li key={l.id} className="px-4 py-3">
                <LabelForm labels={all} label={l} parent={l.parent} onDone={() => setEditing(null)} />
              </li>
            ) : (
              <LabelRow key={l.id} label={l} flat={flat}>
                <LabelRowBody
                  label={l}
                  onEdit={() => {
                    setEditing(l.id);
                    setAdding(null);
                  }}
                  onAddChild={() => {
                    setAdding({ parent: l.id });
                    setEditing(null);
                  }}
                  onDelete={() => setDeleting(l)}
                />
              </LabelRow>
            );
          })}
        </LabelList>
      )}
      <ConfirmDelete
        item={deleting}
        what="label"
        message={`Delete the label "${deleting?.name}"? It is removed from every work item.`}
        del={del}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}

/** A label's row: its colour, name, sub-label count and actions. */
function LabelRowBody({
  label: l,
  onEdit,
  onAddChild,
  onDelete,
}: {
  label: LabelNode;
  onEdit: () => void;
  onAddChild: () => void;
  onDelete: () => void;
}) {
  return (
    <>
      {l.depth > 0 && <CornerDownRight size={14} aria-hidden focusable="false" className="shrink-0 text-fg-faint" />}
      <span aria-hidden className="h-3 w-3 rounded-full" style={{ background: l.color || "#9AA4BC" }} />
      <span className="min-w-0 flex-1 truncate font-medium">{l.name}</span>
      {l.children.length > 0 && (
        <span className="text-xs text-fg-subtle">
          {l.children.length} sub-label{l.children.length === 1 ? "" : "s"}
        </span>
      )}
      <Menu
        ariaLabel={`Actions for label ${l.name}`}
        align="right"
        label={<Ellipsis size={16} aria-hidden focusable="false" />}
        items={[
          { label: "Edit", onSelect: onEdit },
          { label: "Add sub-label", onSelect: onAddChild },
          { label: "Delete", danger: true, onSelect: onDelete },
        ]}
      />
    </>
  );
}

/** Rows indent 1.5rem per level; a row's content starts after its handle (1.75rem), where its drop line starts. */
const indent = (depth: number) => `${0.25 + depth * 1.5}rem`;
const contentStart = (depth: number) => `${2 + depth * 1.5}rem`;

/**
 * Drag and drop of labels (pointer or keyboard): up/down among siblings, right nests under the label
 * above, left takes it out of its parent; dropping on the middle of a label nests under it. The new parent
 * and sort order (§5 rules) show at once and are rolled back if the server refuses.
 */
function useLabelDrag(slug: string, projectId: string, data: Label[] | undefined): DragController<LabelSlot> {
  const move = useMoveLabel(slug, projectId);
  const toast = useToast();
  const flat = flattenTree(labelTree(data ?? []));
  const name = (id: string) => flat.find((l) => l.id === id)?.name ?? "Label";
  const spec: DragSpec<LabelSlot> = {
    type: "label",
    label: (src) => name(src.id),
    canDrag: () => true,
    origin: (src) => labelOrigin(flat, src.id),
    step: (at, dir, src) => labelStep(flat, at, dir, src.id),
    fromPointer: (targets, src) => {
      const over = targets.find((t) => typeof t.id === "string");
      const instruction = over && extractInstruction(over);
      if (!over || !instruction || instruction.blocked) return null;
      return labelPointerSlot(flat, over.id as string, instruction.operation, src.id, descendantIds(flat, src.id));
    },
    same: (a, b) => a.parent === b.parent && a.index === b.index,
    say: (phase, at, src) => treeSentence(phase, name(src.id), labelPlace(flat, at, src.id)),
    commit: (src, at, failed) => {
      const patch = labelDropPatch(flat, at, src.id);
      if (!patch) return false;
      move.mutate(
        { id: src.id, ...patch },
        {
          onError: (err) => {
            failed();
            toast.show(
              "error",
              "Could not move the label",
              err instanceof ApiError ? errorMessage(err.body) : err.message,
            );
          },
        },
      );
      return true;
    },
  };
  return useDragDrop(spec, { version: data });
}

function LabelList({ drag, children }: { drag: DragController<LabelSlot>; children: ReactNode }) {
  return (
    <DragScope controller={drag}>
      <LabelListBody>{children}</LabelListBody>
    </DragScope>
  );
}

/** The list; the page scrolls near its edges while dragging. */
function LabelListBody({ children }: { children: ReactNode }) {
  const [el, setEl] = useState<HTMLUListElement | null>(null);
  useAutoScrollAround(el);
  return (
    <ul ref={setEl} className="divide-y divide-line-subtle rounded-lg border border-line" aria-label="Labels">
      {children}
    </ul>
  );
}

/** A label row: dragged by the pointer (before, after or onto another label) or picked up with its handle. */
function LabelRow({ label: l, flat, children }: { label: LabelNode; flat: LabelNode[]; children: ReactNode }) {
  const drag = useDragItem<HTMLLIElement>(
    { id: l.id },
    {
      drop: ({ input, element }) =>
        attachInstruction(
          {},
          {
            input,
            element,
            axis: "vertical",
            operations: { "reorder-before": "available", "reorder-after": "available", combine: "available" },
          },
        ),
    },
  );
  const line = useDragSelector<string | null, LabelSlot>((s) => {
    if (!s?.target || (s.target.parent === s.origin.parent && s.target.index === s.origin.index)) return null;
    const at = labelLine(flat, s.target, s.src.id);
    return at && at.id === l.id ? `${at.edge} ${at.depth}` : null;
  });
  const [edge, depth] = line ? line.split(" ") : [null, "0"];
  return (
    <li
      ref={drag.ref}
      className={cx("relative flex items-center gap-3 py-2.5 pr-4", draggingClass(drag))}
      style={{ paddingLeft: indent(l.depth) }}
      data-label={l.name}
      data-depth={l.depth}
    >
      <DropLine edge={edge as "top" | "bottom" | null} inset indent={contentStart(Number(depth))} />
      <DragHandle drag={drag} label={`label ${l.name}`} />
      {children}
    </li>
  );
}
