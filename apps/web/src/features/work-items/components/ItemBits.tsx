/** Pieces every layout shows for a work item: its key, title, property chips, actions and quick add. */
import { useState, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { CLOSED_STATE_GROUPS } from "@stride/shared";
import {
  ConfirmModal,
  MenuPopup,
  cx,
  useMenu,
  useToast,
  type FloatingTrigger,
  type MenuItem,
} from "../../../components/ui/index.ts";
import { errorMessage } from "../../../api/client.ts";
import {
  useArchiveWorkItem,
  useCreateWorkItem,
  useDeleteWorkItem,
  useRestoreWorkItem,
} from "../../../api/work-items.ts";
import type { WorkItem } from "../../../api/work-items-types.ts";
import { useRunAgent } from "../../../components/agents/useRunAgent.ts";
import { useList, useListItem } from "../context.tsx";
import { itemSubject } from "../../../lib/permissions.ts";
import { Icon } from "../../../components/work-item/icons.tsx";
import { itemKey, itemName, itemUrl } from "../../../components/work-item/item.ts";
import { copyText } from "../../../lib/clipboard.ts";
import {
  AssigneesProperty,
  CountChip,
  CycleProperty,
  DateProperty,
  EstimateProperty,
  LabelsProperty,
  ModulesProperty,
  PriorityProperty,
  StateProperty,
  type Variant,
} from "../../../components/work-item/properties.tsx";
import { formatShort } from "../../../lib/dates.ts";
import {
  ROW_PROP_PRIORITY,
  chipText,
  fitClass,
  fitRow,
  titleMinWidth,
  titleText,
  type RowProp,
} from "../lib/row-fit.ts";
import { useDateTimeFormat } from "../../../lib/datetime.ts";
import { DraftItemMenu } from "./DraftBits.tsx";
import { withContext } from "./presets.ts";
import { useIssueTypes } from "../../../api/issue-types.ts";

/** One property chip of an item: which property, whether it has a value, its estimated width, and how to draw it. */
interface Chip {
  key: RowProp;
  empty: boolean;
  width: number;
  draw: (className?: string) => ReactNode;
}

/** Chip widths (px) around their text: border and padding, and an icon with its gap. */
const CHIP = 14;
const CHIP_ICON = CHIP + 18;
const ICON_CHIP = 26;

/**
 * The property chips of an item as chosen in the display properties, in their reading order. `compactEmpty` draws
 * a property without a value as a bare icon (a list row); otherwise it says what it is (a card).
 */
function useItemChips(item: WorkItem, hide: readonly string[], compactEmpty: boolean): Chip[] {
  const { slug, refsFor, prefs, updateItem, canEdit } = useListItem();
  const refs = refsFor(item);
  // the item's type (issue #29), from its own project's types (a list across projects)
  const types = useIssueTypes(
    slug,
    item.project_id,
    !!refs.project?.is_issue_type_enabled && prefs.display_properties.issue_type !== false,
  ).data;
  const when = useDateTimeFormat();
  const dp = prefs.display_properties;
  const on = (k: string) => dp[k as keyof typeof dp] !== false && !hide.includes(k);
  const disabled = !canEdit(item);
  const group = item.state__group ?? refs.stateById.get(item.state_id ?? "")?.group ?? null;
  const set = (patch: Partial<WorkItem>) => updateItem(item.id, patch);
  const fk = (field: string) => `${item.id}:${field}`;
  const v = (empty: boolean): Variant => (empty && compactEmpty ? "icon" : "chip");
  const chips: Chip[] = [];
  const add = (key: RowProp, empty: boolean, width: number, draw: Chip["draw"]) => {
    if (on(key)) chips.push({ key, empty, width: empty && compactEmpty ? ICON_CHIP : Math.min(width, 192), draw });
  };
  const state = refs.stateById.get(item.state_id ?? "");
  add("state", false, CHIP_ICON + chipText(state?.name ?? "State"), (className) => (
    <StateProperty
      key="state"
      className={className}
      focusKey={fk("state")}
      refs={refs}
      asMove
      value={item.state_id}
      disabled={disabled}
      onChange={(state_id) => set({ state_id })}
    />
  ));
  add("priority", !item.priority || item.priority === "none", ICON_CHIP, (className) => (
    <PriorityProperty
      key="priority"
      className={className}
      focusKey={fk("priority")}
      value={item.priority}
      disabled={disabled}
      variant="icon"
      onChange={(priority) => set({ priority: priority as WorkItem["priority"] })}
    />
  ));
  const assignees = item.assignee_ids ?? [];
  add(
    "assignee",
    !assignees.length,
    10 +
      24 +
      18 * (Math.min(assignees.length, 3) - 1) +
      (assignees.length > 3 ? 12 + chipText(`+${assignees.length - 3}`) : 0),
    (className) => (
      <AssigneesProperty
        key="assignee"
        className={className}
        focusKey={fk("assignee")}
        refs={refs}
        value={assignees}
        disabled={disabled}
        variant="icon"
        onChange={(assignee_ids) => set({ assignee_ids })}
      />
    ),
  );
  const labels = (item.label_ids ?? []).map((id) => refs.labelById.get(id)?.name).filter((n): n is string => !!n);
  add(
    "labels",
    !labels.length,
    labels.length > 2
      ? CHIP + 6 * labels.length + 8 + chipText(`${labels.length} labels`)
      : CHIP + labels.reduce((w, n) => w + 18 + chipText(n), 0),
    (className) => (
      <LabelsProperty
        key="labels"
        className={className}
        variant={v(!labels.length)}
        focusKey={fk("labels")}
        refs={refs}
        value={item.label_ids ?? []}
        disabled={disabled}
        onChange={(label_ids) => set({ label_ids })}
      />
    ),
  );
  add("start_date", !item.start_date, CHIP_ICON + chipText(`Start ${formatShort(item.start_date)}`), (className) => (
    <DateProperty
      key="start_date"
      className={className}
      variant={v(!item.start_date)}
      focusKey={fk("start_date")}
      label="Start date"
      value={item.start_date}
      max={item.target_date}
      disabled={disabled}
      onChange={(start_date) => set({ start_date })}
    />
  ));
  add("due_date", !item.target_date, CHIP_ICON + chipText(`Due ${formatShort(item.target_date)}`), (className) => (
    <DateProperty
      key="due_date"
      className={className}
      variant={v(!item.target_date)}
      focusKey={fk("due_date")}
      label="Due date"
      value={item.target_date}
      min={item.start_date}
      disabled={disabled}
      overdueGroup={group}
      onChange={(target_date) => set({ target_date })}
    />
  ));
  const type = item.type_id ? types?.find((t) => t.id === item.type_id) : undefined;
  if (type) {
    add("issue_type", false, CHIP + chipText(type.name), (className) => (
      <span
        key="issue_type"
        data-property="issue_type"
        title={`Type: ${type.name}`}
        className={cx(
          "inline-flex h-6 items-center truncate whitespace-nowrap rounded border border-line-raised px-1.5 text-xs text-fg-muted",
          className,
        )}
      >
        {type.name}
      </span>
    ));
  }
  if (refs.estimatePoints.length) {
    const point = refs.estimatePoints.find((p) => p.id === item.estimate_point);
    add("estimate", !point, CHIP_ICON + chipText(point?.value ?? ""), (className) => (
      <EstimateProperty
        key="estimate"
        className={className}
        variant={v(!point)}
        focusKey={fk("estimate")}
        refs={refs}
        value={item.estimate_point}
        disabled={disabled}
        onChange={(estimate_point) => set({ estimate_point })}
      />
    ));
  }
  if (refs.modulesEnabled) {
    const ids = item.module_ids ?? [];
    const first = refs.modules.find((m) => m.id === ids[0])?.name ?? "";
    add("modules", !ids.length, CHIP_ICON + chipText(ids.length > 1 ? `${ids.length} modules` : first), (className) => (
      <ModulesProperty
        key="modules"
        className={className}
        variant={v(!ids.length)}
        focusKey={fk("modules")}
        refs={refs}
        value={ids}
        disabled={disabled}
        onChange={(module_ids) => set({ module_ids })}
      />
    ));
  }
  if (refs.cyclesEnabled) {
    const cycle = refs.cycles.find((c) => c.id === item.cycle_id);
    add("cycle", !cycle, CHIP_ICON + chipText(cycle?.name ?? ""), (className) => (
      <CycleProperty
        key="cycle"
        className={className}
        variant={v(!cycle)}
        focusKey={fk("cycle")}
        refs={refs}
        value={item.cycle_id}
        disabled={disabled}
        onChange={(cycle_id) => set({ cycle_id })}
      />
    ));
  }
  const counts = [
    ["sub_issue_count", "subitems", item.sub_issues_count, "sub-work items"],
    ["link", "link", item.link_count, "links"],
    ["attachment_count", "paperclip", item.attachment_count, "attachments"],
  ] as const;
  for (const [key, icon, count, label] of counts) {
    // a count shows only when there is something to count
    if ((count ?? 0) > 0)
      add(key, false, CHIP + 17 + chipText(String(count)), (className) => (
        <CountChip key={key} className={className} icon={icon} count={count} label={label} />
      ));
  }
  for (const [key, word, at] of [
    ["created_on", "Created", item.created_at],
    ["updated_on", "Updated", item.updated_at],
  ] as const) {
    add(key, false, chipText(`${word} ${when.short(at)}`), (className) => (
      <span
        key={key}
        className={cx("whitespace-nowrap text-xs text-fg-subtle", className)}
        title={`${word} on ${when.dateTime(at)}`}
      >
        <span className="text-fg-subtle">{word} </span>
        {when.short(at)}
      </span>
    ));
  }
  return chips;
}

/** The editable property chips of an item, as chosen in the display properties (a card: they wrap). */
export function ItemProperties({
  item,
  className,
  hide = [],
}: {
  item: WorkItem;
  className?: string;
  hide?: string[];
}) {
  const chips = useItemChips(item, hide, false);
  return (
    <div className={cx("flex flex-wrap items-center gap-1.5", className)} onClick={(e) => e.stopPropagation()}>
      {chips.map((c) => c.draw())}
    </div>
  );
}

/**
 * A list row's title and property chips on one line (lib/row-fit.ts): the title keeps its share, chips that do not
 * fit hide by a container query, empty ones first (they show as icons on hover), then the least important, and a
 * "+N" count (it opens the item) says how many are hidden. The list's own property (a cycle's cycle, a module's
 * modules) counts least.
 */
export function RowMain({ item, onOpen }: { item: WorkItem; onOpen: () => void }) {
  const { kind } = useListItem();
  const chips = useItemChips(item, [], true);
  const name = itemName(item.name);
  const titleWidth = titleText(name);
  const fit = fitRow(
    chips,
    kind === "cycle" ? ROW_PRIORITY_CYCLE : kind === "module" ? ROW_PRIORITY_MODULE : ROW_PROP_PRIORITY,
    titleWidth,
  );
  // empty properties first (seen on hover), then the values in their reading order
  const ordered = [...chips.filter((c) => c.empty), ...chips.filter((c) => !c.empty)];
  return (
    <div className="@container/row flex h-full min-w-0 flex-1 items-center gap-2 overflow-hidden">
      <button
        type="button"
        data-open-item
        onClick={onOpen}
        style={{ minWidth: titleMinWidth(titleWidth) }}
        className="flex-1 basis-0 truncate text-left font-medium text-fg-secondary hover:underline"
      >
        {name}
      </button>
      {chips.length > 0 && (
        <div
          className="flex min-w-0 shrink items-center justify-end-safe gap-1.5 overflow-hidden"
          data-row-properties
          onClick={(e) => e.stopPropagation()}
        >
          {/* a chip with text gives way a little if its estimate was short; icons and counts keep their size */}
          {ordered.map((c) =>
            c.draw(
              cx(
                fitClass(fit.from[c.key] ?? 0),
                c.empty || FIXED.has(c.key) ? "shrink-0" : "min-w-0",
                c.empty && EMPTY_CHIP,
              ),
            ),
          )}
          {fit.more.length > 0 && (
            <button
              type="button"
              onClick={onOpen}
              title="Open the work item to see every property"
              className={cx(
                "inline-flex h-6 shrink-0 items-center rounded px-1.5 text-xs text-fg-subtle hover:bg-fill",
                fitClass(fit.more[0].from, fit.all),
              )}
            >
              {fit.more.map((m) => (
                <span key={m.count} className={fitClass(m.from, m.to)}>
                  +{m.count}
                </span>
              ))}
              <span className="sr-only"> more properties</span>
            </button>
          )}
        </div>
      )}
    </div>
  );
}

/** An empty property's icon: seen while the row is hovered or one of its controls has focus, or its picker is open. */
const EMPTY_CHIP =
  "border-transparent opacity-0 group-hover:opacity-100 group-focus-within:opacity-100 focus-visible:opacity-100 aria-expanded:opacity-100";
const FIXED = new Set<RowProp>([
  "priority",
  "assignee",
  "sub_issue_count",
  "link",
  "attachment_count",
  "created_on",
  "updated_on",
]);
/** In a cycle's list every item is in that cycle, in a module's list in that module: that property counts least. */
const last = (key: RowProp): readonly RowProp[] => [...ROW_PROP_PRIORITY.filter((k) => k !== key), key];
const ROW_PRIORITY_CYCLE = last("cycle");
const ROW_PRIORITY_MODULE = last("modules");

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
  const url = itemUrl(slug, project.identifier, item.sequence_id);
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
      onSelect: () => {
        void copyText(window.location.origin + url).then(() => toast.show("success", "Link copied", key));
      },
    },
    ...(kind === "archived"
      ? can("restore", "workItem", subject)
        ? [{ label: "Restore", onSelect: () => restore.mutate({ id: item.id, label: key }) }]
        : []
      : can("archive", "workItem", subject)
        ? [
            {
              label: "Archive",
              disabled: !CLOSED_STATE_GROUPS.includes(group),
              hint: "Only completed or cancelled work items can be archived",
              onSelect: () => archive.mutate({ id: item.id, label: key }),
            },
          ]
        : []),
    ...(agent.canRun && kind !== "archived" && itemKind === "issues"
      ? [{ label: "Run agent", onSelect: () => void agent.run(item.id) }]
      : []),
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

/**
 * Quick add at the bottom of a list, group or column: type a name, Enter creates the item with the
 * group's value (the group's state, priority, label …). Stays open to add more; Escape closes.
 */
export function QuickAdd({
  preset,
  label: labelIn,
  className,
  compact,
}: {
  preset?: Record<string, unknown> | null;
  label?: string;
  className?: string;
  compact?: boolean;
}) {
  const { quickAdd, itemKind } = useList();
  const label = labelIn ?? (itemKind === "epics" ? "New epic" : "New work item");
  const [open, setOpen] = useState(false);
  if (!quickAdd || preset === null) return null;
  if (!open) {
    return (
      <button
        type="button"
        onClick={() => setOpen(true)}
        className={cx(
          "flex w-full items-center gap-1.5 px-3 py-2 text-left text-sm text-fg-subtle hover:bg-surface-muted hover:text-fg-secondary",
          className,
        )}
      >
        <Icon name="plus" size={14} />
        {label}
      </button>
    );
  }
  return <QuickAddForm preset={preset} className={className} compact={compact} onClose={() => setOpen(false)} />;
}

/** The open quick-add field (mounted only while open, so closed quick adds cost nothing). */
function QuickAddForm({
  preset,
  className,
  compact,
  onClose,
}: {
  preset?: Record<string, unknown>;
  className?: string;
  compact?: boolean;
  onClose: () => void;
}) {
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
      {
        onError: (e) =>
          toast.show(
            "error",
            "Could not create the work item",
            errorMessage((e as { body?: unknown }).body) ?? (e as Error).message,
          ),
      },
    );
  };
  return (
    <form
      className={cx(
        "flex items-center gap-2 border border-indigo-400 bg-surface px-3 py-1.5",
        compact ? "rounded-md" : "",
        className,
      )}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <input
        autoFocus
        value={name}
        maxLength={255}
        aria-label="Work item title"
        placeholder={display.layout === "kanban" ? "Title" : "Type a title and press Enter"}
        onChange={(e) => setName(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Escape") {
            setName("");
            onClose();
          }
        }}
        onBlur={() => {
          if (!name.trim()) onClose();
        }}
        className="min-w-0 flex-1 bg-transparent py-1 text-sm outline-none"
      />
      {!compact && <span className="hidden text-xs text-fg-faint sm:inline">Enter to add · Esc to close</span>}
    </form>
  );
}
