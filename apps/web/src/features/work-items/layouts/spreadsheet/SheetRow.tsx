/** A spreadsheet row (memoized) and its title cell, renamed in place. */
import { memo, useState } from "react";
import { cx } from "../../../../components/ui/index.ts";
import type { WorkItem } from "../../../../api/work-items-types.ts";
import { useListItem } from "../../context.tsx";
import { ItemMenu } from "../../components/ItemBits.tsx";
import { itemKey, itemName } from "../../../../components/work-item/item.ts";
import { PendingMark } from "../../../../components/work-item/PendingMark.tsx";
import { rowStyle, type Column } from "./columns.tsx";

/** One spreadsheet row; memoized so scrolling renders only rows that appear. */
export const SheetRow = memo(function SheetRow({
  item: it,
  top,
  width,
  columns,
  selected: sel,
  peeked,
}: {
  item: WorkItem;
  top: number;
  width: number;
  columns: Column[];
  selected: boolean;
  peeked: boolean;
}) {
  const { projectOf, prefs, canEdit, selection, openPeek, updateItem } = useListItem();
  const id = it.id;
  const key = itemKey(projectOf(it).identifier, it.sequence_id);
  const editable = canEdit(it);
  const style = rowStyle(top, width);
  return (
    <div
      role="row"
      style={style}
      data-item={key}
      data-id={id}
      aria-label={`${key} ${itemName(it.name)}`}
      className={cx(
        "group flex border-b border-line-subtle",
        sel || peeked ? "bg-accent-soft" : "hover:bg-surface-muted",
      )}
    >
      <div
        role="cell"
        className={cx(
          "sticky left-0 z-10 flex w-[380px] shrink-0 items-center gap-2 border-r border-line px-3",
          sel || peeked ? "bg-accent-soft" : "bg-canvas group-hover:bg-surface-muted",
        )}
      >
        <input
          type="checkbox"
          aria-label={`Select ${key}`}
          checked={sel}
          onChange={() => selection.toggle(id)}
          className={cx("h-3.5 w-3.5 shrink-0 accent-indigo-600", !selection.enabled && "hidden")}
        />
        {prefs.display_properties.key !== false && (
          <span className="w-16 shrink-0 truncate text-xs font-medium text-fg-subtle">{key}</span>
        )}
        <PendingMark item={it} />
        <NameCell
          item={it}
          editable={editable}
          onOpen={() => openPeek(id)}
          onRename={(name) => updateItem(id, { name })}
        />
      </div>
      {columns.map((c) => (
        <div
          key={c.key}
          role="cell"
          data-col={c.key}
          style={{ width: c.width }}
          className="flex shrink-0 items-center border-r border-line-subtle"
        >
          {c.cell(it, editable)}
        </div>
      ))}
      <div role="cell" className="flex w-10 shrink-0 items-center justify-center">
        <ItemMenu item={it} />
      </div>
    </div>
  );
});

function NameCell({
  item,
  editable,
  onOpen,
  onRename,
}: {
  item: WorkItem;
  editable: boolean;
  onOpen: () => void;
  onRename: (name: string) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(item.name);
  if (editing) {
    const save = () => {
      setEditing(false);
      const n = value.trim();
      if (n && n !== item.name) onRename(n);
    };
    return (
      <input
        autoFocus
        aria-label="Title"
        value={value}
        maxLength={255}
        onChange={(e) => setValue(e.target.value)}
        onBlur={save}
        onKeyDown={(e) => {
          if (e.key === "Enter") save();
          if (e.key === "Escape") {
            setValue(item.name);
            setEditing(false);
          }
        }}
        className="min-w-0 flex-1 rounded border border-indigo-400 bg-surface px-1 py-0.5 text-sm outline-none"
      />
    );
  }
  return (
    <>
      <button
        type="button"
        data-open-item
        onClick={onOpen}
        className="min-w-0 flex-1 truncate text-left font-medium hover:underline"
      >
        {itemName(item.name)}
      </button>
      {editable && (
        <button
          type="button"
          aria-label={`Rename ${itemName(item.name)}`}
          onClick={() => {
            setValue(item.name);
            setEditing(true);
          }}
          className="rounded p-0.5 text-fg-faint opacity-0 hover:bg-fill-strong hover:text-fg-muted focus:opacity-100 group-hover:opacity-100"
        >
          <svg width="12" height="12" viewBox="0 0 16 16" aria-hidden fill="none">
            <path d="M10.5 2.5l3 3L6 13H3v-3z" stroke="currentColor" strokeWidth="1.4" strokeLinejoin="round" />
          </svg>
        </button>
      )}
    </>
  );
}
