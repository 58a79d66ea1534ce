import { useMemo, useState, type ReactNode } from "react";
import { ListboxPopup, cx, filterOptions, useListbox, type ListOption } from "../ui/index.ts";

export type Option = ListOption;

/**
 * A property picker: a button that opens a listbox (WAI-ARIA listbox / combobox patterns on the shared
 * floating primitives). Single choice closes on pick; multiple keeps it open with checkboxes. Longer
 * and multi-select lists get a search box (`role=combobox`). Only the button exists until it opens, so
 * long lists of rows with many property chips stay cheap to render.
 */
export function Dropdown(props: {
  /** Accessible name of the listbox (e.g. "Priority"); the button reads `title` (e.g. "Priority: High"). */
  label: string;
  /** The choices; a function is only called while the list is open. */
  options: Option[] | (() => Option[]);
  value: string | string[] | null | undefined;
  onChange: (v: string | string[] | null) => void;
  multiple?: boolean;
  button: ReactNode;
  buttonClassName?: string;
  disabled?: boolean;
  searchPlaceholder?: string;
  align?: "start" | "end";
  emptyText?: string;
  title?: string;
  /** Names this picker across remounts so focus comes back to it (see useFloatingTrigger). */
  focusKey?: string;
}) {
  const t = useListbox({ placement: props.align === "end" ? "bottom-end" : "bottom-start", focusKey: props.focusKey });
  const name = props.title ?? props.label;
  return (
    <>
      <button
        type="button"
        disabled={props.disabled}
        aria-label={name}
        title={name}
        {...t.triggerProps}
        className={cx(
          props.buttonClassName ??
            "inline-flex h-7 max-w-full items-center gap-1.5 rounded-md border border-line-raised px-2 text-xs text-fg-muted hover:bg-fill disabled:cursor-default disabled:hover:bg-transparent",
        )}
      >
        {props.button}
      </button>
      {t.open && <DropdownList {...props} t={t} />}
    </>
  );
}

function DropdownList({
  t,
  label,
  options: optionsIn,
  value,
  onChange,
  multiple,
  searchPlaceholder,
  emptyText,
}: Parameters<typeof Dropdown>[0] & { t: ReturnType<typeof useListbox> }) {
  const [q, setQ] = useState("");
  const selected = useMemo(() => new Set(Array.isArray(value) ? value : value ? [value] : []), [value]);
  const options = useMemo(() => (typeof optionsIn === "function" ? optionsIn() : optionsIn), [optionsIn]);
  const searchable = options.length > 6 || !!multiple || !!searchPlaceholder;
  const shown = useMemo(() => filterOptions(options, q), [options, q]);
  return (
    <ListboxPopup
      t={t}
      label={label}
      options={shown}
      multiple={multiple}
      emptyText={emptyText}
      isSelected={(o) => selected.has(o.value)}
      search={
        searchable
          ? { value: q, onChange: setQ, label: `Search ${label.toLowerCase()}`, placeholder: searchPlaceholder }
          : null
      }
      onPick={(o) => {
        if (!multiple) {
          onChange(o.value);
          return;
        }
        const next = new Set(selected);
        if (next.has(o.value)) next.delete(o.value);
        else next.add(o.value);
        onChange([...next]);
      }}
    />
  );
}
