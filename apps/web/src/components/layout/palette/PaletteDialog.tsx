import { useEffect, useMemo, useRef, useState, type RefObject } from "react";
import { useNavigate } from "react-router";
import { useWorkspaceSearch } from "../../../api/search.ts";
import { useProjectRefs } from "../../../api/work-items-refs.ts";
import { recentItems, useWorkItemTarget, type WorkItemTarget } from "../../../lib/command-target.ts";
import { useToast } from "../../ui/index.ts";
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
import { CommandList } from "./CommandList.tsx";
import { runCommand } from "./run-command.ts";

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
 * The dialog shown and its text field focused; on closing, focus goes back to what had it when the palette opened
 * (read while rendering, before the dialog takes the focus), and a list row the change made from the palette draws
 * anew gets it back.
 */
function useOpenerFocus(ref: RefObject<HTMLDialogElement | null>) {
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
  }, [opener, row, ref]);
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
  useOpenerFocus(ref);

  const choose = (c: Command) =>
    runCommand(c.run, {
      target,
      onClose,
      onCreate,
      onHelp,
      pick: setPicker,
      navigate: (href) => void navigate(href),
      copied: (key) => toast.show("success", "Link copied", key),
    });

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
