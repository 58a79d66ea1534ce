import { useState } from "react";
import { useNavigate } from "react-router";
import { CLOSED_STATE_GROUPS } from "@stride/shared";
import {
  ConfirmModal,
  MenuPopup,
  useMenu,
  useToast,
  type FloatingTrigger,
  type MenuItem,
} from "../../../components/ui/index.ts";
import { useArchiveWorkItem, useDeleteWorkItem, useRestoreWorkItem } from "../../../api/work-items.ts";
import type { WorkItem } from "../../../api/work-items-types.ts";
import { useRunAgent } from "../../../components/agents/useRunAgent.ts";
import { useList, useListItem } from "../context.tsx";
import { itemSubject } from "../../../lib/permissions.ts";
import { Icon } from "../../../components/work-item/icons.tsx";
import { isPendingItem, itemKey, itemName, itemPageUrl, PENDING_HINT } from "../../../components/work-item/item.ts";
import { copyText } from "../../../lib/clipboard.ts";
import { DraftItemMenu } from "./DraftBits.tsx";

/**
 * The "…" menu of an item: open, copy link, archive (closed groups only) or restore, delete. The button
 * is all a row pays for; the menu and its actions mount when it opens (long lists stay cheap).
 */
export function ItemMenu({ item, label = "Work item actions" }: { item: WorkItem; label?: string }) {
  const { projectOf, kind } = useListItem();
  const menu = useMenu({ placement: "bottom-end", focusKey: `${item.id}:menu` });
  const [confirm, setConfirm] = useState(false);
  // a workspace draft is not a work item yet: its own menu (open, move to its project, delete)
  if (kind === "workspace_drafts") return <DraftItemMenu item={item} menu={menu} />;
  const key = itemKey(projectOf(item).identifier, item.sequence_id);
  return (
    <span onClick={(e) => e.stopPropagation()}>
      <button
        type="button"
        aria-label={`${label} ${key}`}
        {...menu.triggerProps}
        className="rounded p-1 text-fg-faint hover:bg-fill-strong hover:text-fg-secondary"
      >
        <Icon name="dots" size={14} />
      </button>
      {menu.open && <ItemMenuPanel item={item} menu={menu} onDelete={() => setConfirm(true)} />}
      {confirm && <DeleteConfirm item={item} onClose={() => setConfirm(false)} />}
    </span>
  );
}

function ItemMenuPanel({ item, menu, onDelete }: { item: WorkItem; menu: FloatingTrigger; onDelete: () => void }) {
  const { slug, refsFor, projectOf, openPeek, kind, itemKind, can } = useList();
  // the item's own project (a teamspace's list holds items of several)
  const project = projectOf(item);
  const pid = project.id;
  const refs = refsFor(item);
  const nav = useNavigate();
  const toast = useToast();
  const archive = useArchiveWorkItem(slug, pid, itemKind);
  const restore = useRestoreWorkItem(slug, pid);
  const group = item.state__group ?? refs.stateById.get(item.state_id ?? "")?.group ?? "";
  const key = itemKey(project.identifier, item.sequence_id);
  const url = itemPageUrl(slug, project.identifier, item);
  // created offline: what needs the server waits until it has been sent (its temporary id means nothing there)
  const pending = isPendingItem(item) ? { disabled: true, hint: PENDING_HINT } : {};
  const subject = itemSubject(item);
  const canDelete = can("delete", "workItem", subject);
  const agent = useRunAgent(slug, pid, can("run", "agentExecution", subject));
  const entries: MenuItem[] = [
    { label: "Open in peek view", onSelect: () => openPeek(item.id) },
    {
      label: "Open full page",
      onSelect: () => nav(kind === "archived" ? `/${slug}/projects/${pid}/archives/issues/${item.id}/` : url),
    },
    {
      label: "Copy link",
      ...pending,
      onSelect: () => {
        void copyText(window.location.origin + url).then(() => toast.show("success", "Link copied", key));
      },
    },
    ...(kind === "archived"
      ? can("restore", "workItem", subject)
        ? [{ label: "Restore", ...pending, onSelect: () => restore.mutate({ id: item.id, label: key }) }]
        : []
      : can("archive", "workItem", subject)
        ? [
            {
              label: "Archive",
              disabled: !CLOSED_STATE_GROUPS.includes(group),
              hint: "Only completed or cancelled work items can be archived",
              ...pending,
              onSelect: () => archive.mutate({ id: item.id, label: key }),
            },
          ]
        : []),
    ...(agent.canRun && kind !== "archived" && itemKind === "issues"
      ? [{ label: "Run agent", ...pending, onSelect: () => void agent.run(item.id) }]
      : []),
    ...(canDelete ? [{ label: "Delete", danger: true, ...pending, onSelect: onDelete }] : []),
  ];
  return <MenuPopup menu={menu} items={entries} label={`${key} actions`} />;
}

function DeleteConfirm({ item, onClose }: { item: WorkItem; onClose: () => void }) {
  const { slug, itemKind, projectOf } = useList();
  const project = projectOf(item);
  const del = useDeleteWorkItem(slug, project.id, itemKind);
  const key = itemKey(project.identifier, item.sequence_id);
  return (
    <ConfirmModal
      open
      onClose={onClose}
      title="Delete work item"
      confirmLabel="Delete"
      loading={del.isPending}
      message={
        <>
          Delete <strong>{key}</strong> “{itemName(item.name)}”? Its sub-work items are deleted too. This cannot be
          undone.
        </>
      }
      onConfirm={() => del.mutate({ id: item.id, label: key }, { onSettled: onClose })}
    />
  );
}
