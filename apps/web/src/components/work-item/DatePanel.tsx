import { PopoverPanel, type FloatingTrigger } from "../ui/index.ts";

/** The date popover: a date input (a whole date picks it) and, when set, Clear date. */
export function DatePanel({
  pop,
  label,
  value,
  min,
  max,
  onChange,
}: {
  pop: FloatingTrigger;
  label: string;
  value: string | null;
  min?: string | null;
  max?: string | null;
  onChange: (d: string | null) => void;
}) {
  return (
    <PopoverPanel t={pop} label={label} className="w-56">
      <div className="space-y-2 p-2">
        <label className="block text-xs font-medium text-fg-subtle">
          {label}
          <input
            type="date"
            defaultValue={value ?? ""}
            min={min ?? undefined}
            max={max ?? undefined}
            onChange={(e) => {
              const v = e.target.value;
              if (/^\d{4}-\d{2}-\d{2}$/.test(v)) {
                onChange(v);
                pop.close(true);
              }
            }}
            className="mt-1 w-full rounded-md border border-line-strong bg-surface px-2 py-1.5 text-sm text-fg"
          />
        </label>
        {value && (
          <button
            type="button"
            className="w-full rounded px-2 py-1 text-left text-xs text-fg-muted hover:bg-fill"
            onClick={() => {
              pop.close(true);
              onChange(null);
            }}
          >
            Clear date
          </button>
        )}
      </div>
    </PopoverPanel>
  );
}
