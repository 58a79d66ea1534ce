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
    <div
      aria-label="Applied filters"
      role="region"
      className="flex flex-wrap items-center gap-2 border-b border-line px-4 py-2"
    >
      {applied.map(([key, vals]) => {
        const f = appliedField(fields, key);
        return (
          <div
            key={key}
            data-filter={key}
            className="flex items-center gap-1 rounded-md border border-line-raised bg-surface-muted py-0.5 pl-2 pr-1 text-xs"
          >
            <span className="text-fg-subtle">{f?.label ?? key}:</span>
            {vals.map((v) => (
              <span key={v} className="flex items-center gap-0.5 rounded bg-surface px-1 py-0.5">
                {valueLabel(f, v)}
                {!readOnly && (
                  <button
                    type="button"
                    aria-label={`Remove ${f?.label ?? key} ${valueLabel(f, v)}`}
                    onClick={() =>
                      updatePrefs({
                        filters: { [key]: vals.filter((x) => x !== v).length ? vals.filter((x) => x !== v) : null },
                      })
                    }
                    className="rounded p-0.5 text-fg-faint hover:bg-fill-strong hover:text-fg-muted"
                  >
                    <Icon name="close" size={10} />
                  </button>
                )}
              </span>
            ))}
          </div>
        );
      })}
      {!readOnly && (
        <button type="button" onClick={clearAll} className="rounded px-2 py-1 text-xs text-fg-muted hover:bg-fill">
          Clear all
        </button>
      )}
    </div>
  );
}
