import { useId, type ChangeEvent, type ReactNode } from "react";
import { PROPERTY_PARAGRAPH_MAX, PROPERTY_TEXT_MAX, PROPERTY_URL_MAX } from "@stride/shared";
import type { PublicFormProperty } from "@stride/shared/contract";
import { Input, Select, Textarea } from "../../components/ui/index.ts";

/**
 * One custom property on the public intake form (issue #29): the kinds a person outside the project can fill in
 * (people are never asked here: docs/decisions.md). A value travels as a list of strings, as the server keeps it;
 * the server checks it and its refusal shows under the field (`error`).
 */
export function PublicPropertyField({
  property: p,
  value,
  onChange,
  error,
}: {
  property: PublicFormProperty;
  value: string[];
  onChange: (values: string[]) => void;
  error?: string;
}) {
  const label = fieldLabel(p.name, p.is_required);
  const one = value[0] ?? "";
  const set = (s: string) => onChange(s === "" ? [] : [s]);
  const common = {
    label,
    error,
    required: p.is_required,
    "data-property": p.id,
    value: one,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => set(e.target.value),
  };
  switch (p.kind) {
    case "paragraph":
      return <Textarea {...common} rows={3} maxLength={PROPERTY_PARAGRAPH_MAX} />;
    case "number":
      return <Input {...common} type="number" inputMode="decimal" step="any" hint={boundsHint(p.min, p.max)} />;
    case "date":
      return <Input {...common} type="date" />;
    case "url":
      return <Input {...common} type="url" inputMode="url" placeholder="https://" maxLength={PROPERTY_URL_MAX} />;
    case "boolean":
      return <YesNo property={p} label={label} checked={one === "true"} onChange={onChange} error={error} />;
    case "option":
      return (
        <Select {...common}>
          <option value="">{p.is_required ? "Choose one" : "None"}</option>
          {p.options.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </Select>
      );
    case "multi_option":
      return <Choices property={p} label={label} value={value} onChange={onChange} error={error} />;
    default:
      return <Input {...common} maxLength={PROPERTY_TEXT_MAX} />;
  }
}

/** A field's label; a required field's is marked with an asterisk (not read out: the field says it is required). */
export function fieldLabel(name: string, required: boolean): ReactNode {
  return (
    <>
      {name}
      {required && (
        <span aria-hidden="true" className="ml-0.5 text-danger">
          *
        </span>
      )}
    </>
  );
}

/** "Between 1 and 5", "At least 1", "At most 5", or nothing. */
function boundsHint(min: number | null, max: number | null): string | undefined {
  if (min !== null && max !== null) return `Between ${min} and ${max}`;
  if (min !== null) return `At least ${min}`;
  if (max !== null) return `At most ${max}`;
  return undefined;
}

function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} role="alert" className="text-xs text-danger">
      {error}
    </p>
  ) : null;
}

/** A boolean: one checkbox, its answer sent either way (`"true"` / `"false"`). */
function YesNo({
  property: p,
  label,
  checked,
  onChange,
  error,
}: {
  property: PublicFormProperty;
  label: ReactNode;
  checked: boolean;
  onChange: (values: string[]) => void;
  error?: string;
}) {
  const id = useId();
  return (
    <div className="space-y-1" data-property={p.id}>
      <label className="flex items-center gap-2 text-sm font-medium text-fg-muted">
        <input
          type="checkbox"
          className="h-4 w-4 accent-indigo-600"
          checked={checked}
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange([e.target.checked ? "true" : "false"])}
        />
        <span>{label}</span>
      </label>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** A multi-option: a checkbox per option in a named group. */
function Choices({
  property: p,
  label,
  value,
  onChange,
  error,
}: {
  property: PublicFormProperty;
  label: ReactNode;
  value: string[];
  onChange: (values: string[]) => void;
  error?: string;
}) {
  const id = useId();
  return (
    <fieldset className="space-y-1" data-property={p.id} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium text-fg-muted">{label}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1 pt-1">
        {p.options.map((o) => (
          <label key={o.id} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="h-4 w-4 accent-indigo-600"
              checked={value.includes(o.id)}
              onChange={(e) => onChange(e.target.checked ? [...value, o.id] : value.filter((x) => x !== o.id))}
            />
            {o.name}
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`} error={error} />
    </fieldset>
  );
}
