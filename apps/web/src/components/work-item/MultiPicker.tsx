import { Dropdown, type Option } from "./Dropdown.tsx";

const PICKER =
  "flex min-h-9 w-full items-center gap-2 rounded-md border border-line-strong px-3 py-1.5 text-left text-sm";

/** A labelled multiple choice (members, projects): the chosen names on the button, an error, a hint. */
export function MultiPicker({
  label,
  options,
  value,
  onChange,
  names,
  placeholder,
  error,
  hint,
}: {
  label: string;
  options: () => Option[];
  value: string[];
  onChange: (ids: string[]) => void;
  names: (string | undefined)[];
  placeholder: string;
  error?: string;
  hint?: string;
}) {
  return (
    <div className="space-y-1">
      <span className="block text-sm font-medium text-fg-muted">{label}</span>
      <Dropdown
        label={label}
        multiple
        options={options}
        value={value}
        onChange={(ids) => onChange((ids as string[]) ?? [])}
        buttonClassName={PICKER}
        emptyText={`No ${label.toLowerCase()}`}
        button={
          <span className="truncate">
            {names.length ? names.join(", ") : <span className="text-fg-faint">{placeholder}</span>}
          </span>
        }
      />
      {error && (
        <p role="alert" className="text-xs text-red-600">
          {error}
        </p>
      )}
      {hint && <p className="text-xs text-fg-subtle">{hint}</p>}
    </div>
  );
}
