import { useMemo, useRef, useState } from "react";
import { countAppliedFilters } from "@stride/shared";
import { cx } from "../../../components/ui/index.ts";
import { Popover } from "../components/Popover.tsx";
import { Icon } from "../components/icons.tsx";
import { useList } from "../context.tsx";
import { filterFields, valueLabel, type FilterField } from "./filter-fields.tsx";

/**
 * The filter builder: every filter field with its choices, searchable; date fields take a preset or a
 * custom "after / before" date. Changes apply at once and are remembered for the list context.
 */
export function FiltersMenu() {
  const { refs, prefs, updatePrefs, me } = useList();
  const [open, setOpen] = useState(false);
  const [q, setQ] = useState("");
  const [expanded, setExpanded] = useState<Set<string>>(new Set(["priority", "state"]));
  const btn = useRef<HTMLButtonElement>(null);
  const fields = useMemo(() => filterFields(refs, me), [refs, me]);
  const applied = countAppliedFilters(prefs.filters as Record<string, unknown>);

  const values = (key: string): string[] => ((prefs.filters as Record<string, string[] | null>)[key] ?? []) as string[];
  const setValues = (key: string, vals: string[]) => updatePrefs({ filters: { [key]: vals.length ? vals : null } });
  const toggle = (f: FilterField, v: string) => {
    const cur = values(f.key);
    if (f.date) {
      // one date condition per kind: a preset replaces other presets
      setValues(f.key, cur.includes(v) ? cur.filter((x) => x !== v) : [...cur.filter((x) => x.includes(";") && /^\d{4}/.test(x)), v]);
      return;
    }
    setValues(f.key, cur.includes(v) ? cur.filter((x) => x !== v) : [...cur, v]);
  };

  const s = q.trim().toLowerCase();
  const shown = fields
    .map((f) => ({ f, choices: s ? f.choices.filter((c) => c.label.toLowerCase().includes(s) || f.label.toLowerCase().includes(s)) : f.choices }))
    .filter((x) => !s || x.choices.length > 0 || x.f.label.toLowerCase().includes(s));

  return (
    <>
      <button
        ref={btn}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        className={cx(
          "inline-flex h-8 items-center gap-1.5 rounded-md border px-2.5 text-sm",
          applied ? "border-indigo-300 bg-indigo-50 text-indigo-700 dark:border-indigo-800 dark:bg-indigo-950 dark:text-indigo-200" : "border-zinc-200 text-zinc-700 hover:bg-zinc-100 dark:border-zinc-700 dark:text-zinc-300 dark:hover:bg-zinc-800",
        )}
      >
        <Icon name="filter" size={14} />
        Filters
        {applied > 0 && <span className="rounded bg-indigo-600 px-1 text-xs text-white">{applied}</span>}
      </button>
      <Popover anchor={btn} open={open} onClose={() => setOpen(false)} align="end" label="Filters">
        <div className="w-72">
          <div className="flex items-center gap-1.5 border-b border-zinc-100 px-2 py-1.5 dark:border-zinc-800">
            <Icon name="search" size={14} className="text-zinc-400" />
            <input autoFocus value={q} onChange={(e) => setQ(e.target.value)} placeholder="Search filters" aria-label="Search filters" className="w-full bg-transparent text-sm outline-none" />
          </div>
          <div className="max-h-[60vh] overflow-y-auto py-1">
            {shown.map(({ f, choices }) => {
              const isOpen = !!s || expanded.has(f.key);
              const cur = values(f.key);
              return (
                <section key={f.key} aria-label={`${f.label} filter`} className="px-1">
                  <button
                    type="button"
                    aria-expanded={isOpen}
                    onClick={() => setExpanded((e) => { const n = new Set(e); if (n.has(f.key)) n.delete(f.key); else n.add(f.key); return n; })}
                    className="flex w-full items-center gap-1 rounded px-1.5 py-1 text-xs font-semibold uppercase tracking-wide text-zinc-500 hover:bg-zinc-50 dark:hover:bg-zinc-800"
                  >
                    <Icon name={isOpen ? "chevron-down" : "chevron-right"} size={12} />
                    {f.label}
                    {cur.length > 0 && <span className="ml-auto rounded bg-zinc-200 px-1 text-[10px] text-zinc-700 dark:bg-zinc-700 dark:text-zinc-200">{cur.length}</span>}
                  </button>
                  {isOpen && (
                    <ul role="group" aria-label={f.label} className="pb-1">
                      {choices.length === 0 && <li className="px-3 py-1 text-xs text-zinc-400">Nothing to filter by yet</li>}
                      {choices.map((c) => {
                        const on = cur.includes(c.value);
                        return (
                          <li key={c.value}>
                            <label className="flex cursor-pointer items-center gap-2 rounded px-3 py-1 text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800">
                              <input type="checkbox" checked={on} onChange={() => toggle(f, c.value)} className="h-3.5 w-3.5 accent-indigo-600" />
                              {c.icon && <span className="flex items-center">{c.icon}</span>}
                              <span className="truncate">{c.label}</span>
                            </label>
                          </li>
                        );
                      })}
                      {f.date && <CustomDate field={f} values={cur} onChange={(v) => setValues(f.key, v)} />}
                    </ul>
                  )}
                </section>
              );
            })}
          </div>
        </div>
      </Popover>
    </>
  );
}

/** Custom "after" / "before" dates of a date filter (yyyy-MM-dd;after, yyyy-MM-dd;before). */
function CustomDate({ field, values, onChange }: { field: FilterField; values: string[]; onChange: (v: string[]) => void }) {
  const after = values.find((v) => v.endsWith(";after") && /^\d{4}-/.test(v))?.split(";")[0] ?? "";
  const before = values.find((v) => v.endsWith(";before") && /^\d{4}-/.test(v))?.split(";")[0] ?? "";
  const set = (kind: "after" | "before", d: string) => {
    const rest = values.filter((v) => !(v.endsWith(`;${kind}`) && /^\d{4}-/.test(v)) && !field.choices.some((c) => c.value === v));
    onChange(d ? [...rest, `${d};${kind}`] : rest);
  };
  return (
    <li className="grid grid-cols-2 gap-2 px-3 py-1.5">
      <label className="text-xs text-zinc-500">
        After
        <input type="date" value={after} onChange={(e) => set("after", e.target.value)} aria-label={`${field.label} after`} className="mt-0.5 w-full rounded border border-zinc-300 bg-white px-1 py-0.5 text-xs dark:border-zinc-700 dark:bg-zinc-900" />
      </label>
      <label className="text-xs text-zinc-500">
        Before
        <input type="date" value={before} onChange={(e) => set("before", e.target.value)} aria-label={`${field.label} before`} className="mt-0.5 w-full rounded border border-zinc-300 bg-white px-1 py-0.5 text-xs dark:border-zinc-700 dark:bg-zinc-900" />
      </label>
      {values.length > 0 && <span className="col-span-2 text-xs text-zinc-500">{values.map((v) => valueLabel(field, v)).join(" · ")}</span>}
    </li>
  );
}
