import { useState } from "react";
import { countAppliedFilters } from "@stride/shared";
import {
  ComboList,
  PopoverPanel,
  cx,
  filterOptions,
  usePopover,
  type ListSection,
} from "../../../components/ui/index.ts";
import { Icon } from "../../../components/work-item/icons.tsx";
import { useList } from "../context.tsx";
import { useFilterFields, valueLabel, type FilterField } from "./filter-fields.tsx";

/**
 * The filter builder: every filter field with its choices, searchable; date fields take a preset or a
 * custom "after / before" date. Changes apply at once and are remembered for the list context.
 */
export function FiltersMenu() {
  const { prefs, updatePrefs } = useList();
  const pop = usePopover({ placement: "bottom-end" });
  const applied = countAppliedFilters(prefs.filters as Record<string, unknown>);
  return (
    <>
      <button
        type="button"
        {...pop.triggerProps}
        className={cx(
          "inline-flex h-8 items-center gap-1.5 rounded-md border px-2.5 text-sm",
          applied ? "border-accent-line bg-accent-soft text-accent" : "border-line-raised text-fg-muted hover:bg-fill",
        )}
      >
        <Icon name="filter" size={14} />
        Filters
        {applied > 0 && <span className="rounded bg-indigo-600 px-1 text-xs text-white">{applied}</span>}
      </button>
      {pop.open && (
        <PopoverPanel t={pop} label="Filters" className="w-72">
          <FilterList
            filters={prefs.filters as Record<string, string[] | null>}
            setValues={(key, vals) =>
              updatePrefs({ filters: { [key]: vals.length ? vals : null } as typeof prefs.filters })
            }
          />
        </PopoverPanel>
      )}
    </>
  );
}

/**
 * The search box (a combobox) over one listbox per filter field; arrows walk the options of the open
 * fields, Enter toggles one, the list stays open. Field headings fold their options.
 */
function FilterList({
  filters,
  setValues,
}: {
  filters: Record<string, string[] | null>;
  setValues: (key: string, vals: string[]) => void;
}) {
  const [q, setQ] = useState("");
  // open at first: priority and state, and the project of a list across projects (a teamspace's)
  const [expanded, setExpanded] = useState<Set<string>>(new Set(["team_project", "project", "priority", "state"]));
  const fields = useFilterFields();
  const values = (key: string): string[] => filters[key] ?? [];
  const toggle = (f: FilterField, v: string) => {
    const cur = values(f.key);
    if (f.date) {
      // one date condition per kind: a preset replaces other presets
      setValues(
        f.key,
        cur.includes(v) ? cur.filter((x) => x !== v) : [...cur.filter((x) => x.includes(";") && /^\d{4}/.test(x)), v],
      );
      return;
    }
    setValues(f.key, cur.includes(v) ? cur.filter((x) => x !== v) : [...cur, v]);
  };
  const s = q.trim().toLowerCase();
  const sections: ListSection[] = fields
    .map((f) => ({ f, choices: s && !f.label.toLowerCase().includes(s) ? filterOptions(f.choices, s) : f.choices }))
    .filter((x) => !s || x.choices.length > 0 || (x.f.range && x.f.label.toLowerCase().includes(s)))
    .map(({ f, choices }) => {
      const n = f.range ? values(`${f.key}__gte`).length + values(`${f.key}__lte`).length : values(f.key).length;
      return {
        id: f.key,
        label: f.label,
        options: choices,
        expanded: !!s || expanded.has(f.key),
        onToggle: () =>
          setExpanded((e) => {
            const next = new Set(e);
            if (next.has(f.key)) next.delete(f.key);
            else next.add(f.key);
            return next;
          }),
        badge:
          n > 0 ? (
            <span className="ml-auto rounded bg-fill-strong px-1 text-[10px] text-fg-secondary">{n}</span>
          ) : undefined,
        after: f.date ? (
          <CustomDate field={f} values={values(f.key)} onChange={(v) => setValues(f.key, v)} />
        ) : f.range ? (
          <RangeBounds field={f} values={values} setValues={setValues} />
        ) : undefined,
      };
    });
  return (
    <ComboList
      label="Filters"
      sections={sections}
      multiple
      from="first"
      isSelected={(o, key) => values(key ?? "").includes(o.value)}
      onPick={(o, key) => {
        const f = fields.find((x) => x.key === key);
        if (f) toggle(f, o.value);
      }}
      search={{ value: q, onChange: setQ, label: "Search filters", placeholder: "Search filters" }}
      // a number or date property's bounds are inputs, not options: the list is not empty then
      emptyText={sections.length ? "" : "Nothing to filter by"}
      listClassName="max-h-[60vh]"
    />
  );
}

/** Custom "after" / "before" dates of a date filter (yyyy-MM-dd;after, yyyy-MM-dd;before). */
function CustomDate({
  field,
  values,
  onChange,
}: {
  field: FilterField;
  values: string[];
  onChange: (v: string[]) => void;
}) {
  const after = values.find((v) => v.endsWith(";after") && /^\d{4}-/.test(v))?.split(";")[0] ?? "";
  const before = values.find((v) => v.endsWith(";before") && /^\d{4}-/.test(v))?.split(";")[0] ?? "";
  const set = (kind: "after" | "before", d: string) => {
    const rest = values.filter(
      (v) => !(v.endsWith(`;${kind}`) && /^\d{4}-/.test(v)) && !field.choices.some((c) => c.value === v),
    );
    onChange(d ? [...rest, `${d};${kind}`] : rest);
  };
  return (
    <div className="grid grid-cols-2 gap-2 px-3 py-1.5">
      <label className="text-xs text-fg-subtle">
        After
        <input
          type="date"
          value={after}
          onChange={(e) => set("after", e.target.value)}
          aria-label={`${field.label} after`}
          className="mt-0.5 w-full rounded border border-line-strong bg-surface px-1 py-0.5 text-xs"
        />
      </label>
      <label className="text-xs text-fg-subtle">
        Before
        <input
          type="date"
          value={before}
          onChange={(e) => set("before", e.target.value)}
          aria-label={`${field.label} before`}
          className="mt-0.5 w-full rounded border border-line-strong bg-surface px-1 py-0.5 text-xs"
        />
      </label>
      {values.length > 0 && (
        <span className="col-span-2 text-xs text-fg-subtle">{values.map((v) => valueLabel(field, v)).join(" · ")}</span>
      )}
    </div>
  );
}

/**
 * The bounds of a number or date custom property (issue #29): "at least" / "at most" (dates: "from" / "until"),
 * kept as `<key>__gte` and `<key>__lte`; a number applies when typed in full (on blur or Enter).
 */
function RangeBounds({
  field,
  values,
  setValues,
}: {
  field: FilterField;
  values: (key: string) => string[];
  setValues: (key: string, vals: string[]) => void;
}) {
  const date = field.range === "date";
  const bound = (op: "gte" | "lte", label: string) => {
    const key = `${field.key}__${op}`;
    const current = values(key)[0] ?? "";
    const commit = (v: string) => {
      if (v.trim() !== current) setValues(key, v.trim() ? [v.trim()] : []);
    };
    return (
      <label className="text-xs text-fg-subtle">
        {label}
        <input
          key={current}
          type={date ? "date" : "number"}
          defaultValue={current}
          onChange={date ? (e) => commit(e.target.value) : undefined}
          onBlur={date ? undefined : (e) => commit(e.target.value)}
          onKeyDown={
            date
              ? undefined
              : (e) => {
                  if (e.key === "Enter") commit(e.currentTarget.value);
                }
          }
          aria-label={`${field.label} ${label.toLowerCase()}`}
          className="mt-0.5 w-full rounded border border-line-strong bg-surface px-1 py-0.5 text-xs"
        />
      </label>
    );
  };
  return (
    <div className="grid grid-cols-2 gap-2 px-3 py-1.5">
      {bound("gte", date ? "From" : "At least")}
      {bound("lte", date ? "Until" : "At most")}
    </div>
  );
}
