/** Pieces every layout shows for a work item: its key, title, property chips, actions and quick add. */
import { useState, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { CLOSED_STATE_GROUPS } from "@stride/shared";
import { ConfirmModal, MenuPopup, cx, useMenu, useToast, type FloatingTrigger, type MenuItem } from "../../../components/ui/index.ts";
import { errorMessage } from "../../../api/client.ts";
import { useArchiveWorkItem, useCreateWorkItem, useDeleteWorkItem, useRestoreWorkItem } from "../../../api/work-items.ts";
import type { WorkItem } from "../../../api/work-items-types.ts";
import { useRunAgent } from "../../../components/agents/useRunAgent.ts";
import { useList, useListItem } from "../context.tsx";
import { itemSubject } from "../../../lib/permissions.ts";
import { Icon } from "../../../components/work-item/icons.tsx";
import { itemKey, itemName, itemUrl } from "../../../components/work-item/item.ts";
import { copyText } from "../../../lib/clipboard.ts";
import {
  AssigneesProperty, CountChip, CycleProperty, DateProperty, EstimateProperty, LabelsProperty, ModulesProperty, PriorityProperty, StateProperty,
} from "../../../components/work-item/properties.tsx";
import { useDateTimeFormat } from "../../../lib/datetime.ts";

/** The editable property chips of an item, as chosen in the display properties. */
export function ItemProperties({ item, className, hide = [] }: { item: WorkItem; className?: string; hide?: string[] }) {
  const { refsFor, prefs, updateItem, canEdit } = useListItem();
  const refs = refsFor(item);
  const dp = prefs.display_properties;
  const on = (k: string) => dp[k as keyof typeof dp] !== false && !hide.includes(k);
  const editable = canEdit(item);
  const group = item.state__group ?? refs.stateById.get(item.state_id ?? "")?.group ?? null;
  const set = (patch: Partial<WorkItem>) => updateItem(item.id, patch);
  const fk = (field: string) => `${item.id}:${field}`;
  const when = useDateTimeFormat();
  return (
    <div className={cx("flex flex-wrap items-center gap-1.5", className)} onClick={(e) => e.stopPropagation()}>
      {on("state") && <StateProperty focusKey={fk("state")} refs={refs} value={item.state_id} disabled={!editable} onChange={(state_id) => set({ state_id })} />}
      {on("priority") && <PriorityProperty focusKey={fk("priority")} value={item.priority} disabled={!editable} variant="icon" onChange={(priority) => set({ priority: priority as WorkItem["priority"] })} />}
      {on("assignee") && <AssigneesProperty focusKey={fk("assignee")} refs={refs} value={item.assignee_ids ?? []} disabled={!editable} variant="icon" onChange={(assignee_ids) => set({ assignee_ids })} />}
      {on("labels") && <LabelsProperty focusKey={fk("labels")} refs={refs} value={item.label_ids ?? []} disabled={!editable} onChange={(label_ids) => set({ label_ids })} />}
      {on("start_date") && <DateProperty focusKey={fk("start_date")} label="Start date" value={item.start_date} max={item.target_date} disabled={!editable} onChange={(start_date) => set({ start_date })} />}
      {on("due_date") && <DateProperty focusKey={fk("due_date")} label="Due date" value={item.target_date} min={item.start_date} disabled={!editable} overdueGroup={group} onChange={(target_date) => set({ target_date })} />}
      {on("estimate") && <EstimateProperty focusKey={fk("estimate")} refs={refs} value={item.estimate_point} disabled={!editable} onChange={(estimate_point) => set({ estimate_point })} />}
      {on("modules") && <ModulesProperty focusKey={fk("modules")} refs={refs} value={item.module_ids ?? []} disabled={!editable} onChange={(module_ids) => set({ module_ids })} />}
      {on("cycle") && <CycleProperty focusKey={fk("cycle")} refs={refs} value={item.cycle_id} disabled={!editable} onChange={(cycle_id) => set({ cycle_id })} />}
      {on("sub_issue_count") && (item.sub_issues_count ?? 0) > 0 && <CountChip icon="subitems" count={item.sub_issues_count} label="sub-work items" />}
      {on("link") && (item.link_count ?? 0) > 0 && <CountChip icon="link" count={item.link_count} label="links" />}
      {on("attachment_count") && (item.attachment_count ?? 0) > 0 && <CountChip icon="paperclip" count={item.attachment_count} label="attachments" />}
      {on("created_on") && <span className="whitespace-nowrap text-xs text-zinc-500" title={`Created on ${when.dateTime(item.created_at)}`}><span className="text-zinc-400">Created </span>{when.short(item.created_at)}</span>}
      {on("updated_on") && <span className="whitespace-nowrap text-xs text-zinc-500" title={`Updated on ${when.dateTime(item.updated_at)}`}><span className="text-zinc-400">Updated </span>{when.short(item.updated_at)}</span>}
    </div>
  );
}

/**
 * The "…" menu of an item: open, copy link, archive (closed groups only) or restore, delete. The button
 * is all a row pays for; the menu and its actions mount when it opens (long lists stay cheap).
 */
export function ItemMenu({ item, label = "Work item actions" }: { item: WorkItem; label?: string }) {
  const { projectOf } = useListItem();
  const menu = useMenu({ placement: "bottom-end", focusKey: `${item.id}:menu` });
  const [confirm, setConfirm] = useState(false);
  const key = itemKey(projectOf(item).identifier, item.sequence_id);
  return (
    <span onClick={(e) => e.stopPropagation()}>
      <button
        type="button"
        aria-label={`${label} ${key}`}
        {...menu.triggerProps}
        className="rounded p-1 text-zinc-400 hover:bg-zinc-200 hover:text-zinc-700 dark:hover:bg-zinc-700 dark:hover:text-zinc-200"
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
  const url = itemUrl(slug, project.identifier, item.sequence_id);
  const subject = itemSubject(item);
  const canDelete = can("delete", "workItem", subject);
  const agent = useRunAgent(slug, pid, can("run", "agentExecution", subject));
  const entries: MenuItem[] = [
    { label: "Open in peek view", onSelect: () => openPeek(item.id) },
    { label: "Open full page", onSelect: () => nav(kind === "archived" ? `/${slug}/projects/${pid}/archives/issues/${item.id}/` : url) },
    { label: "Copy link", onSelect: () => { void copyText(window.location.origin + url).then(() => toast.show("success", "Link copied", key)); } },
    ...(kind === "archived"
      ? can("restore", "workItem", subject) ? [{ label: "Restore", onSelect: () => restore.mutate({ id: item.id, label: key }) }] : []
      : can("archive", "workItem", subject)
        ? [{ label: "Archive", disabled: !CLOSED_STATE_GROUPS.includes(group), hint: "Only completed or cancelled work items can be archived", onSelect: () => archive.mutate({ id: item.id, label: key }) }]
        : []),
    ...(agent.canRun && kind !== "archived" && itemKind === "issues" ? [{ label: "Run agent", onSelect: () => void agent.run(item.id) }] : []),
    ...(canDelete ? [{ label: "Delete", danger: true, onSelect: onDelete }] : []),
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
      message={<>Delete <strong>{key}</strong> “{itemName(item.name)}”? Its sub-work items are deleted too. This cannot be undone.</>}
      onConfirm={() => del.mutate({ id: item.id, label: key }, { onSettled: onClose })}
    />
  );
}

/** A group's values over the context's: modules add up (an item made in a module's "Other module" group joins both). */
function withContext(ctx: { module_ids?: string[]; cycle_id?: string }, preset: Record<string, unknown> | undefined): Record<string, unknown> {
  const p = preset ?? {};
  const groupModules = Array.isArray(p.module_ids) ? (p.module_ids as string[]) : [];
  const modules = [...new Set([...(ctx.module_ids ?? []), ...groupModules])];
  // a cycle's list keeps what it creates in that cycle, whatever the group
  const cycle = ctx.cycle_id ? { cycle_id: ctx.cycle_id } : {};
  return modules.length ? { ...ctx, ...p, ...cycle, module_ids: modules } : { ...ctx, ...p, ...cycle };
}

/**
 * Quick add at the bottom of a list, group or column: type a name, Enter creates the item with the
 * group's value (the group's state, priority, label …). Stays open to add more; Escape closes.
 */
export function QuickAdd({ preset, label: labelIn, className, compact }: { preset?: Record<string, unknown> | null; label?: string; className?: string; compact?: boolean }) {
  const { quickAdd, itemKind } = useList();
  const label = labelIn ?? (itemKind === "epics" ? "New epic" : "New work item");
  const [open, setOpen] = useState(false);
  if (!quickAdd || preset === null) return null;
  if (!open) {
    return (
      <button
        type="button"
        onClick={() => setOpen(true)}
        className={cx("flex w-full items-center gap-1.5 px-3 py-2 text-left text-sm text-zinc-500 hover:bg-zinc-50 hover:text-zinc-800 dark:hover:bg-zinc-900 dark:hover:text-zinc-200", className)}
      >
        <Icon name="plus" size={14} />
        {label}
      </button>
    );
  }
  return <QuickAddForm preset={preset} className={className} compact={compact} onClose={() => setOpen(false)} />;
}

/** The open quick-add field (mounted only while open, so closed quick adds cost nothing). */
function QuickAddForm({ preset, className, compact, onClose }: { preset?: Record<string, unknown>; className?: string; compact?: boolean; onClose: () => void }) {
  const { slug, pid, itemKind, display, contextPreset } = useList();
  const create = useCreateWorkItem(slug, pid, itemKind);
  const toast = useToast();
  const [name, setName] = useState("");
  const submit = () => {
    const n = name.trim();
    if (!n) return;
    setName("");
    create.mutate(
      { body: { name: n, ...withContext(contextPreset, preset) } },
      { onError: (e) => toast.show("error", "Could not create the work item", errorMessage((e as { body?: unknown }).body) ?? (e as Error).message) },
    );
  };
  return (
    <form
      className={cx("flex items-center gap-2 border border-indigo-400 bg-white px-3 py-1.5 dark:bg-zinc-900", compact ? "rounded-md" : "", className)}
      onSubmit={(e) => { e.preventDefault(); submit(); }}
    >
      <input
        autoFocus
        value={name}
        maxLength={255}
        aria-label="Work item title"
        placeholder={display.layout === "kanban" ? "Title" : "Type a title and press Enter"}
        onChange={(e) => setName(e.target.value)}
        onKeyDown={(e) => { if (e.key === "Escape") { setName(""); onClose(); } }}
        onBlur={() => { if (!name.trim()) onClose(); }}
        className="min-w-0 flex-1 bg-transparent py-1 text-sm outline-none"
      />
      {!compact && <span className="hidden text-xs text-zinc-400 sm:inline">Enter to add · Esc to close</span>}
    </form>
  );
}

export function GroupHeaderIcon({ children }: { children: ReactNode }) {
  return <span className="flex h-5 w-5 items-center justify-center">{children}</span>;
}
