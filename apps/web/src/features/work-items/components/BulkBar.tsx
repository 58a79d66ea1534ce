import { useState } from "react";
import { CLOSED_STATE_GROUPS } from "@stride/shared";
import { Button, ConfirmModal, useToast } from "../../../components/ui/index.ts";
import { useRestoreWorkItem, type BulkProperties } from "../../../api/work-items.ts";
import { useBulkArchive, useBulkDelete, useBulkUpdate } from "../../../api/work-items-bulk.ts";
import { useList } from "../context.tsx";
import { holds } from "../../../api/work-items-list-data.ts";
import {
  AssigneesProperty,
  CycleProperty,
  DateProperty,
  LabelsProperty,
  ModulesProperty,
  PriorityProperty,
  StateProperty,
} from "../../../components/work-item/properties.tsx";

const plural = (n: number) => `${n} work item${n === 1 ? "" : "s"}`;

/**
 * Bulk actions on the selected items (list and spreadsheet): change state, priority, dates; add
 * assignees or labels; archive; delete. Changes show at once and roll back if the server refuses.
 * The bar sits below the list in the page's column (not over it), so the list gives up the room it takes
 * and its last row stays visible; in a narrow window its controls wrap onto more lines inside it.
 */
export function BulkBar() {
  const { slug, pid, selection, data, kind, can } = useList();
  const restore = useRestoreWorkItem(slug, pid);
  const ids = [...selection.ids].filter((id) => !!data && holds(data, id));
  // drafts are not work items yet: no bulk edits (each is edited, moved or deleted on its own)
  if (ids.length === 0 || kind === "workspace_drafts") return null;
  return (
    <div
      role="toolbar"
      aria-label="Bulk actions"
      className="relative z-30 mx-auto my-2 flex max-w-[calc(100%-1rem)] shrink-0 flex-wrap items-center justify-center gap-2 rounded-xl border border-line-raised bg-surface px-3 py-2 text-sm shadow-lg"
    >
      <span className="font-medium" aria-live="polite">
        {ids.length} selected
      </span>
      <button
        type="button"
        onClick={selection.clear}
        className="rounded px-1.5 py-0.5 text-xs text-fg-subtle hover:bg-fill"
      >
        Clear
      </button>
      <span className="mx-1 h-5 w-px bg-fill-strong" />
      {kind === "archived" ? (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => {
            for (const id of ids) restore.mutate({ id });
            selection.clear();
          }}
        >
          Restore
        </Button>
      ) : (
        <>
          <BulkPickers ids={ids} />
          <BulkArchive ids={ids} />
          {can("bulkDelete", "workItem", { projectId: pid }) && <BulkDelete ids={ids} />}
        </>
      )}
    </div>
  );
}

/** The property pickers: each sets (or adds) its value on every selected item. */
function BulkPickers({ ids }: { ids: string[] }) {
  const { slug, pid, refs } = useList();
  const toast = useToast();
  const update = useBulkUpdate(slug, pid);
  const apply = (properties: BulkProperties, what: string) =>
    update.mutate(
      { ids, properties },
      { onSuccess: () => toast.show("success", `Updated ${plural(ids.length)}`, what) },
    );
  return (
    <>
      <StateProperty refs={refs} value={null} onChange={(state_id) => apply({ state_id }, "State changed")} />
      <PriorityProperty value={null} onChange={(priority) => apply({ priority }, "Priority changed")} />
      <AssigneesProperty
        refs={refs}
        value={[]}
        onChange={(assignee_ids) => assignee_ids.length && apply({ assignee_ids }, "Assignees added")}
      />
      <LabelsProperty
        refs={refs}
        value={[]}
        onChange={(label_ids) => label_ids.length && apply({ label_ids }, "Labels added")}
      />
      <ModulesProperty
        refs={refs}
        value={[]}
        onChange={(module_ids) => module_ids.length && apply({ module_ids }, "Added to modules")}
      />
      <DateProperty
        label="Start date"
        value={null}
        onChange={(start_date) => apply({ start_date }, "Start date changed")}
      />
      <DateProperty
        label="Due date"
        value={null}
        onChange={(target_date) => apply({ target_date }, "Due date changed")}
      />
      <CycleProperty
        refs={refs}
        value={null}
        onChange={(cycle_id) => apply({ cycle_id }, cycle_id ? "Moved to the cycle" : "Removed from their cycle")}
      />
    </>
  );
}

/** Archive the selected items (only when every one is completed or cancelled). */
function BulkArchive({ ids }: { ids: string[] }) {
  const { slug, pid, refs, selection, itemOf } = useList();
  const toast = useToast();
  const archive = useBulkArchive(slug, pid);
  const allClosed = ids.every((id) => {
    const it = itemOf(id)!;
    const g = it.state__group ?? refs.stateById.get(it.state_id ?? "")?.group ?? "";
    return CLOSED_STATE_GROUPS.includes(g);
  });
  return (
    <Button
      size="sm"
      variant="secondary"
      disabled={!allClosed}
      title={allClosed ? "Archive the selected work items" : "Only completed or cancelled work items can be archived"}
      onClick={() =>
        archive.mutate(
          { ids },
          {
            onSuccess: () => {
              selection.clear();
              toast.show("success", `Archived ${plural(ids.length)}`);
            },
          },
        )
      }
    >
      Archive
    </Button>
  );
}

/** Delete the selected items (and their sub-work items), once confirmed. */
function BulkDelete({ ids }: { ids: string[] }) {
  const { slug, pid, selection } = useList();
  const toast = useToast();
  const del = useBulkDelete(slug, pid);
  const [confirm, setConfirm] = useState(false);
  const n = ids.length;
  return (
    <>
      <Button size="sm" variant="danger" onClick={() => setConfirm(true)}>
        Delete
      </Button>
      <ConfirmModal
        open={confirm}
        onClose={() => setConfirm(false)}
        title="Delete work items"
        confirmLabel={`Delete ${n}`}
        loading={del.isPending}
        message={`Delete ${plural(n)} and their sub-work items? This cannot be undone.`}
        onConfirm={() =>
          del.mutate(
            { ids },
            {
              onSuccess: () => {
                setConfirm(false);
                selection.clear();
                toast.show("success", `Deleted ${plural(n)}`);
              },
              onError: () => setConfirm(false),
            },
          )
        }
      />
    </>
  );
}
