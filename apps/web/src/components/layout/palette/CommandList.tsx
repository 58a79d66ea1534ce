import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { Check, ChevronLeft, Search } from "lucide-react";
import { keyLabels } from "../../../lib/shortcuts.ts";
import { cx } from "../../ui/index.ts";
import type { Command } from "./commands.ts";

const isMac = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);

/**
 * The palette's combobox and its listbox of commands under group headings: arrows move, Enter chooses, Backspace on
 * an empty picker goes back (`onBack`, which also shows the picker's `heading` with a Back button).
 */
export function CommandList({
  commands,
  text,
  setText,
  label,
  placeholder,
  empty,
  onChoose,
  onBack,
  heading,
}: {
  commands: Command[];
  text: string;
  setText: (s: string) => void;
  label: string;
  placeholder: string;
  empty: string | null;
  onChoose: (c: Command) => void;
  onBack?: () => void;
  heading?: string;
}) {
  const listId = useId();
  const { active, setActive, listRef, onKeyDown } = useActiveCommand(commands, text, onChoose, onBack);
  const optionId = (i: number) => `${listId}-${i}`;
  return (
    <>
      {heading && (
        <div className="flex items-center gap-1 border-b border-line px-3 py-1.5 text-xs text-fg-subtle">
          <button type="button" onClick={onBack} aria-label="Back" className="rounded p-0.5 hover:bg-fill">
            <ChevronLeft size={14} aria-hidden focusable="false" />
          </button>
          <span>{heading}</span>
        </div>
      )}
      <div className="flex items-center gap-2 border-b border-line px-3">
        <Search size={16} aria-hidden focusable="false" className="text-fg-subtle" />
        <input
          autoFocus
          role="combobox"
          aria-expanded={commands.length > 0}
          aria-controls={listId}
          aria-activedescendant={commands[active] ? optionId(active) : undefined}
          aria-label={label}
          placeholder={placeholder}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          className="h-11 flex-1 bg-transparent text-sm outline-none"
        />
      </div>
      <ul ref={listRef} id={listId} role="listbox" aria-label="Results" className="max-h-[50vh] overflow-y-auto py-1">
        {commands.map((c, i) => (
          <CommandRow
            key={`${c.group}:${c.key}`}
            c={c}
            id={optionId(i)}
            index={i}
            header={c.group !== commands[i - 1]?.group ? c.group : null}
            active={i === active}
            onHover={() => setActive(i)}
            onChoose={() => onChoose(c)}
          />
        ))}
      </ul>
      {empty && <p className="px-3 py-4 text-sm text-fg-subtle">{empty}</p>}
    </>
  );
}

/** The active command (back to the first on new text, kept in the list and in view) and the combobox's keys. */
function useActiveCommand(
  commands: Command[],
  text: string,
  onChoose: (c: Command) => void,
  onBack: (() => void) | undefined,
) {
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);
  const count = commands.length;
  useEffect(() => setActive((a) => Math.min(a, Math.max(count - 1, 0))), [count]);
  useEffect(() => setActive(0), [text]);
  useEffect(() => {
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: "nearest" });
  }, [active]);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === "ArrowDown") {
      e.preventDefault();
      setActive((a) => Math.min(a + 1, count - 1));
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      setActive((a) => Math.max(a - 1, 0));
    } else if (e.key === "Enter") {
      e.preventDefault();
      if (commands[active]) onChoose(commands[active]);
    } else if (e.key === "Backspace" && !text && onBack) {
      e.preventDefault();
      onBack();
    }
  };
  return { active, setActive, listRef, onKeyDown };
}

/** One command: its group's heading when it starts a group, then the option (icon, label, hint, shortcut, check). */
function CommandRow({
  c,
  id,
  index,
  header,
  active,
  onHover,
  onChoose,
}: {
  c: Command;
  id: string;
  index: number;
  header: string | null;
  active: boolean;
  onHover: () => void;
  onChoose: () => void;
}) {
  const Icon = c.icon;
  return (
    <li role="presentation">
      {header && (
        <div role="presentation" className="px-3 pb-1 pt-2 text-xs font-medium text-fg-subtle">
          {header}
        </div>
      )}
      <div
        id={id}
        data-index={index}
        role="option"
        aria-selected={active}
        aria-checked={c.checked === undefined ? undefined : c.checked}
        onMouseMove={onHover}
        onClick={onChoose}
        className={cx("mx-1 flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm", active && "bg-fill")}
      >
        <Icon size={14} aria-hidden focusable="false" className="shrink-0 text-fg-subtle" />
        <span className="min-w-0 flex-1 truncate">{c.label}</span>
        {c.hint && <span className="shrink-0 text-xs text-fg-subtle">{c.hint}</span>}
        {c.keys && (
          <span className="flex shrink-0 gap-0.5" aria-label={`Shortcut ${keyLabels(c.keys, isMac).join(" ")}`}>
            {keyLabels(c.keys, isMac).map((k, j) => (
              <kbd key={j} aria-hidden className="rounded border border-line-strong px-1 text-[10px] text-fg-subtle">
                {k}
              </kbd>
            ))}
          </span>
        )}
        {c.checked && <Check size={14} aria-hidden focusable="false" className="shrink-0 text-indigo-600" />}
      </div>
    </li>
  );
}
