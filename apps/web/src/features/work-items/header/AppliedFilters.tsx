import { Icon } from "../../../components/work-item/icons.tsx";
import { useList } from "../context.tsx";
import { appliedFilterEntries } from "../lib/params.ts";
import { appliedField, useFilterFields, valueLabel } from "./filter-fields.tsx";

/** Chips of the applied filters: each value can be removed, or all at once (`readOnly`: shown only, e.g. a locked view's). */
export function AppliedFilters({ readOnly = false }: { readOnly?: boolean }) {
  const { prefs, updatePrefs } = useList();
  const fields = useFilterFields();
  const applied = appliedFilterEntries(prefs.filters);
  if (applied.length === 0) return null;
  const clearAll = () => updatePrefs({ filters: Object.fromEntries(applied.map(([k]) => [k, null])) });
  return (
    <div aria-label="Applied filters" role="region" className="flex flex-wrap items-center gap-2 border-b border-zinc-200 px-4 py-2 dark:border-zinc-800">
      {applied.map(([key, vals]) => {
        const f = appliedField(fields, key);
        return (
          <div key={key} data-filter={key} className="flex items-center gap-1 rounded-md border border-zinc-200 bg-zinc-50 py-0.5 pl-2 pr-1 text-xs dark:border-zinc-700 dark:bg-zinc-900">
            <span className="text-zinc-500">{f?.label ?? key}:</span>
            {vals.map((v) => (
              <span key={v} className="flex items-center gap-0.5 rounded bg-white px-1 py-0.5 dark:bg-zinc-800">
                {valueLabel(f, v)}
                {!readOnly && <button
                  type="button"
                  aria-label={`Remove ${f?.label ?? key} ${valueLabel(f, v)}`}
                  onClick={() => updatePrefs({ filters: { [key]: vals.filter((x) => x !== v).length ? vals.filter((x) => x !== v) : null } })}
                  className="rounded p-0.5 text-zinc-400 hover:bg-zinc-200 hover:text-zinc-700 dark:hover:bg-zinc-700"
                >
                  <Icon name="close" size={10} />
                </button>}
              </span>
            ))}
          </div>
        );
      })}
      {!readOnly && <button type="button" onClick={clearAll} className="rounded px-2 py-1 text-xs text-zinc-600 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800">
        Clear all
      </button>}
    </div>
  );
}
