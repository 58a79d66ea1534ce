import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Briefcase, Layers, LayoutList, RefreshCcw, Search, SquareCheck } from "lucide-react";
import { useWorkspaceSearch, type SearchResults } from "../../api/search.ts";
import { cx } from "../ui/index.ts";

interface PaletteItem {
  key: string;
  group: string;
  label: string;
  hint: string;
  href: string;
  icon: typeof Search;
}

/** The search results as one navigable list, grouped by type in the palette's order. */
function paletteItems(slug: string, r: SearchResults | undefined): PaletteItem[] {
  if (!r) return [];
  const ws = `/${slug}`;
  return [
    ...(r.issue ?? []).map((i) => ({ key: `i${i.id}`, group: "Work items", label: i.name, hint: `${i.project__identifier}-${i.sequence_id}`, href: `${ws}/browse/${i.project__identifier}-${i.sequence_id}/`, icon: SquareCheck })),
    ...(r.project ?? []).map((p) => ({ key: `p${p.id}`, group: "Projects", label: p.name, hint: p.identifier, href: `${ws}/projects/${p.id}/issues/`, icon: Briefcase })),
    ...(r.cycle ?? []).map((c) => ({ key: `c${c.id}`, group: "Cycles", label: c.name, hint: c.project__identifier ?? "", href: `${ws}/projects/${c.project_id}/cycles/${c.id}/`, icon: RefreshCcw })),
    ...(r.module ?? []).map((m) => ({ key: `m${m.id}`, group: "Modules", label: m.name, hint: m.project__identifier ?? "", href: `${ws}/projects/${m.project_id}/modules/${m.id}/`, icon: Layers })),
    ...(r.issue_view ?? []).map((v) => ({
      key: `v${v.id}`,
      group: "Views",
      label: v.name,
      hint: v.project__identifier ?? "Workspace",
      href: v.project_id ? `${ws}/projects/${v.project_id}/views/${v.id}/` : `${ws}/workspace-views/${v.id}/`,
      icon: LayoutList,
    })),
  ];
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
 * Cmd/Ctrl-K: search work items, projects, cycles, modules and views of the workspace through `W/search/` and
 * open the chosen one. A combobox with a listbox (arrow keys move, Enter opens, Escape closes).
 */
export function CommandPalette({ slug }: { slug: string }) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.metaKey || e.ctrlKey) && !e.altKey && e.key.toLowerCase() === "k") {
        e.preventDefault();
        setOpen((o) => !o);
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
  if (!open) return null;
  return <PaletteDialog slug={slug} onClose={() => setOpen(false)} />;
}

function PaletteDialog({ slug, onClose }: { slug: string; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const [text, setText] = useState("");
  const [active, setActive] = useState(0);
  const query = useDebounced(text.trim(), 150);
  const search = useWorkspaceSearch(slug, query);
  const items = useMemo(() => (query ? paletteItems(slug, search.data?.results) : []), [slug, query, search.data]);
  const listId = useId();
  useEffect(() => {
    const d = ref.current;
    const opener = document.activeElement as HTMLElement | null;
    d?.showModal();
    return () => { if (opener?.isConnected) opener.focus(); };
  }, []);
  useEffect(() => setActive(0), [items]);
  const go = (item: PaletteItem | undefined) => {
    if (!item) return;
    onClose();
    void navigate(item.href);
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === "ArrowDown") { e.preventDefault(); setActive((a) => Math.min(a + 1, items.length - 1)); }
    else if (e.key === "ArrowUp") { e.preventDefault(); setActive((a) => Math.max(a - 1, 0)); }
    else if (e.key === "Enter") { e.preventDefault(); go(items[active]); }
  };
  const optionId = (i: number) => `${listId}-${i}`;
  let lastGroup = "";
  return (
    <dialog
      ref={ref}
      aria-label="Command palette"
      onCancel={(e) => { e.preventDefault(); onClose(); }}
      onClick={(e) => { if (e.target === ref.current) onClose(); }}
      className="m-auto mt-[15vh] w-[calc(100%-2rem)] max-w-xl rounded-lg border border-zinc-200 bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-black/40 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <div className="flex items-center gap-2 border-b border-zinc-200 px-3 dark:border-zinc-800">
        <Search size={16} aria-hidden focusable="false" className="text-zinc-500" />
        <input
          autoFocus
          role="combobox"
          aria-expanded={items.length > 0}
          aria-controls={listId}
          aria-activedescendant={items[active] ? optionId(active) : undefined}
          aria-label="Search work items, projects, cycles, modules and views"
          placeholder="Search work items, projects, cycles, modules, views…"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          className="h-11 flex-1 bg-transparent text-sm outline-none"
        />
      </div>
      <ul id={listId} role="listbox" aria-label="Results" className="max-h-[50vh] overflow-y-auto py-1">
        {items.map((item, i) => {
          const header = item.group !== lastGroup ? item.group : null;
          lastGroup = item.group;
          const Icon = item.icon;
          return (
            <li key={item.key} role="presentation">
              {header && <div role="presentation" className="px-3 pb-1 pt-2 text-xs font-medium text-zinc-500">{header}</div>}
              <div
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                onMouseMove={() => setActive(i)}
                onClick={() => go(item)}
                className={cx("mx-1 flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm", i === active && "bg-zinc-100 dark:bg-zinc-800")}
              >
                <Icon size={14} aria-hidden focusable="false" className="shrink-0 text-zinc-500" />
                <span className="min-w-0 flex-1 truncate">{item.label}</span>
                <span className="shrink-0 text-xs text-zinc-500">{item.hint}</span>
              </div>
            </li>
          );
        })}
      </ul>
      {query && !search.isFetching && items.length === 0 && <p className="px-3 py-4 text-sm text-zinc-500">No results for “{query}”.</p>}
    </dialog>
  );
}
