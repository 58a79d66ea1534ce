/**
 * What the caller's workspace drafts list (the `workspace_drafts` context) shows in place of a work item's peek view
 * and menu: a draft opens in the draft editor (where it can be finished and moved to a project), and its menu moves
 * it to its project (it becomes a work item and leaves the list) or deletes it.
 */
import { useState } from "react";
import {
  ConfirmModal,
  MenuPopup,
  useToast,
  type FloatingTrigger,
  type MenuItem,
} from "../../../components/ui/index.ts";
import { useDraftMutations } from "../../../api/work-items-drafts.ts";
import type { WorkItem, WorkspaceDraft } from "../../../api/work-items-types.ts";
import { CreateWorkItemModal } from "../../../components/work-item/CreateWorkItemModal.tsx";
import { Icon } from "../../../components/work-item/icons.tsx";
import { itemName } from "../../../components/work-item/item.ts";
import { useList, useListItem } from "../context.tsx";

/** A listed draft is the draft W/draft-issues/ answers (the list keeps it as a work item's row). */
const asDraft = (item: WorkItem) => item as unknown as WorkspaceDraft;

/** The opened draft (`?peekId=`): the draft editor, closed by Escape, Cancel or when the draft is moved. */
export function DraftPeek() {
  const { slug, peekId, closePeek, itemOf } = useList();
  const item = peekId ? itemOf(peekId) : undefined;
  if (!item) return null;
  return <CreateWorkItemModal key={item.id} open onClose={closePeek} slug={slug} mode="draft" draft={asDraft(item)} />;
}

/** A draft's "…" menu (ItemMenu's, `menu`): open, move to its project (or choose one in the editor), delete. */
export function DraftItemMenu({ item, menu }: { item: WorkItem; menu: FloatingTrigger }) {
  const { slug, openPeek, projectOf } = useListItem();
  const m = useDraftMutations(slug);
  const toast = useToast();
  const [confirm, setConfirm] = useState(false);
  const name = itemName(item.name);
  const moveToProject = () => {
    // without a project (or a name) the editor asks for what is missing
    if (!item.project_id || !item.name.trim()) return openPeek(item.id);
    const identifier = projectOf(item).identifier;
    m.toIssue.mutate(
      { id: item.id },
      { onSuccess: (wi) => toast.show("success", "Draft moved to the project", `${identifier}-${wi.sequence_id}`) },
    );
  };
  const entries: MenuItem[] = [
    { label: "Open", onSelect: () => openPeek(item.id) },
    { label: "Move to project", onSelect: moveToProject },
    { label: "Delete", danger: true, onSelect: () => setConfirm(true) },
  ];
  return (
    <span onClick={(e) => e.stopPropagation()}>
      <button
        type="button"
        aria-label={`Draft actions ${name}`}
        {...menu.triggerProps}
        className="rounded p-1 text-fg-faint hover:bg-fill-strong hover:text-fg-secondary"
      >
        <Icon name="dots" size={14} />
      </button>
      {menu.open && <MenuPopup menu={menu} items={entries} label={`${name} actions`} />}
      {confirm && (
        <ConfirmModal
          open
          onClose={() => setConfirm(false)}
          title="Delete draft"
          confirmLabel="Delete"
          loading={m.remove.isPending}
          message={`Delete the draft “${name}”? This cannot be undone.`}
          onConfirm={() => m.remove.mutate(item.id, { onSettled: () => setConfirm(false) })}
        />
      )}
    </span>
  );
}
