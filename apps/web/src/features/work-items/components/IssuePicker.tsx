import { useEffect, useRef, useState, type ReactNode } from "react";
import { cx } from "../../../components/ui/index.ts";
import { useWorkItemSearch } from "../../../api/work-items.ts";
import { useProjectRefs } from "../../../api/work-items-refs.ts";
import type { WorkItem } from "../../../api/work-items-types.ts";
import { Popover } from "./Popover.tsx";
import { Icon, StateGroupIcon } from "./icons.tsx";
import { itemName } from "./ItemBits.tsx";

/**
 * Search the project's work items by name and pick one (parent) or several (relations, existing
 * sub-items). Items in `exclude` are not offered.
 */
export function IssuePicker({ slug, pid, label, button, buttonClassName, exclude = [], multiple, onPick, disabled }: {
  slug: string;
  pid: string;
  label: string;
  button: ReactNode;
  buttonClassName?: string;
  exclude?: string[];
  multiple?: boolean;
  onPick: (items: WorkItem[]) => void;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [q, setQ] = useState("");
  const [debounced, setDebounced] = useState("");
  const [chosen, setChosen] = useState<WorkItem[]>([]);
  const btn = useRef<HTMLButtonElement>(null);
  const refs = useProjectRefs(slug, pid);
  const search = useWorkItemSearch(slug, pid, debounced, open);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(q.trim()), 200);
    return () => clearTimeout(t);
  }, [q]);
  useEffect(() => {
    if (open) { setQ(""); setChosen([]); }
  }, [open]);
  const results = (search.data ?? []).filter((it) => !exclude.includes(it.id));
  const ident = refs.project?.identifier ?? "";
  const toggle = (it: WorkItem) => {
    if (!multiple) { onPick([it]); setOpen(false); return; }
    setChosen((c) => (c.some((x) => x.id === it.id) ? c.filter((x) => x.id !== it.id) : [...c, it]));
  };
  return (
    <>
      <button ref={btn} type="button" disabled={disabled} aria-label={label} title={label} aria-haspopup="dialog" aria-expanded={open} onClick={(e) => { e.stopPropagation(); setOpen((o) => !o); }} className={buttonClassName}>
        {button}
      </button>
      <Popover anchor={btn} open={open} onClose={() => setOpen(false)} label={label}>
        <div className="w-80">
          <div className="flex items-center gap-1.5 border-b border-zinc-100 px-2 py-1.5 dark:border-zinc-800">
            <Icon name="search" size={14} className="text-zinc-400" />
            <input autoFocus value={q} onChange={(e) => setQ(e.target.value)} placeholder="Search work items" aria-label="Search work items" className="w-full bg-transparent text-sm outline-none" />
          </div>
          <ul role="listbox" aria-label={label} aria-multiselectable={multiple || undefined} className="max-h-72 overflow-y-auto py-1">
            {search.isLoading && <li className="px-3 py-2 text-xs text-zinc-500">Searching…</li>}
            {!search.isLoading && results.length === 0 && <li className="px-3 py-2 text-xs text-zinc-500">No work items found</li>}
            {results.map((it) => {
              const st = refs.stateById.get(it.state_id ?? "");
              const sel = chosen.some((x) => x.id === it.id);
              return (
                <li key={it.id} role="option" aria-selected={sel} onClick={() => toggle(it)} className={cx("flex cursor-pointer items-center gap-2 px-2 py-1.5 text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800", sel && "bg-indigo-50 dark:bg-indigo-950")}>
                  {multiple && <input type="checkbox" readOnly checked={sel} tabIndex={-1} aria-hidden className="h-3.5 w-3.5 accent-indigo-600" />}
                  <StateGroupIcon group={st?.group} color={st?.color} />
                  <span className="w-14 shrink-0 text-xs text-zinc-500">{ident}-{it.sequence_id}</span>
                  <span className="truncate">{itemName(it.name)}</span>
                </li>
              );
            })}
          </ul>
          {multiple && (
            <div className="flex justify-end gap-2 border-t border-zinc-100 p-2 dark:border-zinc-800">
              <button type="button" onClick={() => setOpen(false)} className="rounded px-2 py-1 text-xs text-zinc-600 hover:bg-zinc-100 dark:hover:bg-zinc-800">Cancel</button>
              <button type="button" disabled={chosen.length === 0} onClick={() => { onPick(chosen); setOpen(false); }} className="rounded bg-indigo-600 px-2 py-1 text-xs font-medium text-white disabled:opacity-50">
                Add {chosen.length || ""}
              </button>
            </div>
          )}
        </div>
      </Popover>
    </>
  );
}
