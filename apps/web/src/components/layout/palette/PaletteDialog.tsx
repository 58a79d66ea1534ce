import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Check, ChevronLeft, Search } from "lucide-react";
import { useWorkspaceSearch } from "../../../api/search.ts";
import { useProjectRefs } from "../../../api/work-items-refs.ts";
import { copyText } from "../../../lib/clipboard.ts";
import { recentItems, useWorkItemTarget, type WorkItemTarget } from "../../../lib/command-target.ts";
import { keyLabels } from "../../../lib/shortcuts.ts";
import { cx, useToast } from "../../ui/index.ts";
import {
  PICKER_TITLES,
  baseCommands,
  matches,
  pickerCommands,
  searchCommands,
  type Command,
  type Creatable,
  type Picker,
} from "./commands.ts";

const isMac = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);

/**
 * Focus goes back to the list row of `key` once the change made from the palette has drawn it anew (a new state may
 * move it to another group): now, and again over the next moments while nothing else has taken the focus.
 */
function refocusRow(key: string): void {
  const focus = () => {
    const active = document.activeElement;
    if (active && active !== document.body && active.closest(`[data-item="${CSS.escape(key)}"]`)) return;
    if (active && active !== document.body) return;
    document.querySelector<HTMLElement>(`main [data-item="${CSS.escape(key)}"] [data-open-item]`)?.focus();
  };
  focus();
  for (const ms of [50, 200, 500]) setTimeout(focus, ms);
}

/** Debounced text: the search runs when typing pauses. */
function useDebounced(value: string, ms: number): string {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

/**
 * The command palette's dialog: with nothing typed it offers recently opened items, actions on the work item on
 * screen, create, go-to places and help; typing filters those and searches the workspace (`W/search/`). An action
 * that needs a value opens a picker (state, priority, assignees, labels, cycle, modules) in the same dialog;
 * Backspace on an empty picker goes back. A combobox with a listbox: arrows move, Enter chooses, Escape closes.
 */
export function PaletteDialog({
  slug,
  projectId,
  canCreate,
  creatable,
  startPicker = null,
  onClose,
  onCreate,
  onHelp,
}: {
  slug: string;
  projectId: string | null;
  canCreate: boolean;
  creatable: Creatable;
  /** Open at this picker of the work item in hand (its single key: S, P, A, L). */
  startPicker?: Picker | null;
  onClose: () => void;
  onCreate: () => void;
  onHelp: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const toast = useToast();
  const target = useWorkItemTarget();
  const [picker, setPicker] = useState<Picker | null>(startPicker);
  // what had the focus when the palette opened (read while rendering, before the dialog takes the focus), and the list
  // row it is in: a row the change made from the palette draws anew gets the focus back
  const [opener] = useState(() =>
    typeof document === "undefined" ? null : (document.activeElement as HTMLElement | null),
  );
  const row = opener?.closest("[data-item]")?.getAttribute("data-item") ?? null;
  useEffect(() => {
    const d = ref.current;
    d?.showModal();
    // the text field, also when the dialog opens at a picker (whose Back button comes first)
    d?.querySelector<HTMLInputElement>("input[role=combobox]")?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
      if (row) refocusRow(row);
    };
  }, [opener, row]);

  const choose = (c: Command) => {
    const run = c.run;
    switch (run.kind) {
      case "go":
        onClose();
        void navigate(run.href);
        return;
      case "pick":
        setPicker(run.picker);
        return;
      case "set":
        target?.set(run.patch);
        if (!run.keepOpen) onClose();
        return;
      case "create":
        onClose();
        onCreate();
        return;
      case "help":
        onClose();
        onHelp();
        return;
      case "copy-link":
        if (target)
          void copyText(window.location.origin + target.url).then(() =>
            toast.show("success", "Link copied", target.key),
          );
        onClose();
        return;
      case "archive":
        target?.archive?.();
        onClose();
        return;
      case "delete":
        onClose();
        target?.requestDelete?.();
        return;
      case "run-agent":
        onClose();
        target?.runAgent?.();
        return;
    }
  };

  return (
    <dialog
      ref={ref}
      aria-label="Command palette"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === ref.current) onClose();
      }}
      className="m-auto mt-[15vh] w-[calc(100%-2rem)] max-w-xl rounded-lg border border-line bg-surface p-0 text-fg shadow-xl backdrop:bg-black/40"
    >
      {picker && target ? (
        <PickerView key={picker} picker={picker} target={target} onChoose={choose} onBack={() => setPicker(null)} />
      ) : (
        <RootView
          slug={slug}
          projectId={projectId}
          canCreate={canCreate}
          creatable={creatable}
          target={target}
          onChoose={choose}
        />
      )}
    </dialog>
  );
}

function RootView({
  slug,
  projectId,
  canCreate,
  creatable,
  target,
  onChoose,
}: {
  slug: string;
  projectId: string | null;
  canCreate: boolean;
  creatable: Creatable;
  target: WorkItemTarget | null;
  onChoose: (c: Command) => void;
}) {
  const [text, setText] = useState("");
  const query = useDebounced(text.trim(), 150);
  const search = useWorkspaceSearch(slug, query);
  const [recents] = useState(() => recentItems(slug));
  const commands = useMemo(() => {
    const base = baseCommands({ slug, projectId, target, recents: text.trim() ? [] : recents, canCreate, creatable });
    if (!text.trim()) return base;
    return [
      ...base.filter((c) => matches(c, text.trim())),
      ...(query ? searchCommands(slug, search.data?.results) : []),
    ];
  }, [slug, projectId, target, recents, canCreate, creatable, text, query, search.data]);
  return (
    <CommandList
      commands={commands}
      text={text}
      setText={setText}
      label="Search or run a command"
      placeholder="Search work items, projects, cycles, modules, views… or type a command"
      empty={query && !search.isFetching && commands.length === 0 ? `No results for “${query}”.` : null}
      onChoose={onChoose}
    />
  );
}

function PickerView({
  picker,
  target,
  onChoose,
  onBack,
}: {
  picker: Picker;
  target: WorkItemTarget;
  onChoose: (c: Command) => void;
  onBack: () => void;
}) {
  const refs = useProjectRefs(target.slug, target.pid);
  const [text, setText] = useState("");
  const all = useMemo(() => pickerCommands(picker, target, refs), [picker, target, refs]);
  const commands = useMemo(() => all.filter((c) => matches(c, text)), [all, text]);
  return (
    <CommandList
      commands={commands}
      text={text}
      setText={setText}
      label={`${PICKER_TITLES[picker]} of ${target.key}`}
      placeholder={`${PICKER_TITLES[picker]}…`}
      empty={!refs.isLoading && commands.length === 0 ? "Nothing to choose." : null}
      onChoose={onChoose}
      onBack={onBack}
      heading={`${target.key} · ${PICKER_TITLES[picker]}`}
    />
  );
}

function CommandList({
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
  const [active, setActive] = useState(0);
  const listId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const count = commands.length;
  useEffect(() => setActive((a) => Math.min(a, Math.max(count - 1, 0))), [count]);
  useEffect(() => setActive(0), [text]);
  useEffect(() => {
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: "nearest" });
  }, [active]);
  const onKeyDown = (e: React.KeyboardEvent) => {
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
  const optionId = (i: number) => `${listId}-${i}`;
  let lastGroup = "";
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
          aria-expanded={count > 0}
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
        {commands.map((c, i) => {
          const header = c.group !== lastGroup ? c.group : null;
          lastGroup = c.group;
          const Icon = c.icon;
          return (
            <li key={`${c.group}:${c.key}`} role="presentation">
              {header && (
                <div role="presentation" className="px-3 pb-1 pt-2 text-xs font-medium text-fg-subtle">
                  {header}
                </div>
              )}
              <div
                id={optionId(i)}
                data-index={i}
                role="option"
                aria-selected={i === active}
                aria-checked={c.checked === undefined ? undefined : c.checked}
                onMouseMove={() => setActive(i)}
                onClick={() => onChoose(c)}
                className={cx(
                  "mx-1 flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm",
                  i === active && "bg-fill",
                )}
              >
                <Icon size={14} aria-hidden focusable="false" className="shrink-0 text-fg-subtle" />
                <span className="min-w-0 flex-1 truncate">{c.label}</span>
                {c.hint && <span className="shrink-0 text-xs text-fg-subtle">{c.hint}</span>}
                {c.keys && (
                  <span className="flex shrink-0 gap-0.5" aria-label={`Shortcut ${keyLabels(c.keys, isMac).join(" ")}`}>
                    {keyLabels(c.keys, isMac).map((k, j) => (
                      <kbd
                        key={j}
                        aria-hidden
                        className="rounded border border-line-strong px-1 text-[10px] text-fg-subtle"
                      >
                        {k}
                      </kbd>
                    ))}
                  </span>
                )}
                {c.checked && <Check size={14} aria-hidden focusable="false" className="shrink-0 text-indigo-600" />}
              </div>
            </li>
          );
        })}
      </ul>
      {empty && <p className="px-3 py-4 text-sm text-fg-subtle">{empty}</p>}
    </>
  );
}
