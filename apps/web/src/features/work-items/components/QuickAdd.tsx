import { useState } from "react";
import { cx, useToast } from "../../../components/ui/index.ts";
import { errorMessage } from "../../../api/client.ts";
import { useCreateWorkItem } from "../../../api/work-items-create.ts";
import { useList } from "../context.tsx";
import { Icon } from "../../../components/work-item/icons.tsx";
import { withContext } from "./presets.ts";

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
