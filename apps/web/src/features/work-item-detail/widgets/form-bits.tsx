import { useState, type FormEvent, type ReactNode } from "react";
import type { DefaultValues, FieldValues } from "react-hook-form";
import { useDialogForm, type FormCheck } from "../../../lib/settings-form.ts";

/**
 * The small forms of the detail widgets (a link, a time log, a task, a sub-item), on react-hook-form with the shared
 * request-body schemas (lib/settings-form.ts). A field's message, its own or the server's, goes away as soon as that
 * field is edited again, as it did before the forms moved onto the library.
 */
function useClearedOnEdit(error: (k: string) => string | undefined) {
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  return {
    /** The field's message, unless the field was edited since the last submit. */
    shown: (k: string) => (edited.has(k) ? undefined : error(k)),
    /** The fields were edited: their messages go. */
    edit: (...ks: string[]) => setEdited((s) => (ks.every((k) => s.has(k)) ? s : new Set([...s, ...ks]))),
    /** A submit: every message counts again. */
    reset: () => setEdited(new Set()),
  };
}

/**
 * A widget's form: react-hook-form with `check`, the field messages that go on editing (`shown`, `edit`), and the
 * form's submit handler (`handle`), which checks once the schemas are loaded, then `save`s.
 */
export function useWidgetForm<T extends FieldValues>(
  defaults: DefaultValues<T>,
  check: FormCheck<T>,
  save: (values: T, onError: (err: unknown) => void) => void,
) {
  const { form, error, onSubmit } = useDialogForm<T>(defaults, check);
  const msg = useClearedOnEdit(error);
  const submit = onSubmit(save);
  const handle = (e: FormEvent) => {
    e.preventDefault();
    msg.reset();
    void submit();
  };
  return { form, shown: msg.shown, edit: msg.edit, handle };
}

/** A text field of a widget's form. */
export const FIELD = "w-full rounded-md border border-line-strong bg-surface px-2 py-1 text-sm";

/** A field's message under it (read out as it appears). */
export function FieldAlert({ id, children }: { id?: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} role="alert" className="w-full text-xs text-danger">
      {children}
    </p>
  );
}

/** Cancel and submit at the foot of a widget's form. */
export function FormButtons({
  onCancel,
  disabled,
  children,
}: {
  onCancel: () => void;
  disabled: boolean;
  children: ReactNode;
}) {
  return (
    <div className="flex justify-end gap-2">
      <button type="button" onClick={onCancel} className="rounded px-2 py-1 text-xs hover:bg-fill">
        Cancel
      </button>
      <button
        type="submit"
        disabled={disabled}
        className="rounded bg-indigo-600 px-2 py-1 text-xs font-medium text-white disabled:opacity-50"
      >
        {children}
      </button>
    </div>
  );
}

/** The one field of an inline add-form. */
export interface NameValues {
  name: string;
}

/**
 * A one-line add-form (a task, a sub-work item): Enter adds the name and clears the field for the next one, Escape
 * closes it, and so does leaving it empty. A blank name is not sent; a refusal shows under the field.
 */
export function InlineAddForm({
  label,
  placeholder,
  check,
  className,
  inputClassName,
  onAdd,
  onClose,
}: {
  label: string;
  placeholder: string;
  check: FormCheck<NameValues>;
  className?: string;
  inputClassName: string;
  onAdd: (name: string, onError: (err: unknown) => void) => void;
  onClose: () => void;
}) {
  const { form, shown, edit, handle } = useWidgetForm<NameValues>({ name: "" }, check, (v, onError) => {
    onAdd(v.name.trim(), onError);
    form.reset({ name: "" });
  });
  return (
    <form
      onSubmit={(e) => {
        if (form.getValues("name").trim()) handle(e);
        else e.preventDefault();
      }}
      className={className}
    >
      <input
        autoFocus
        aria-label={label}
        placeholder={placeholder}
        maxLength={255}
        aria-invalid={!!shown("name")}
        {...form.register("name", { onChange: () => edit("name") })}
        onKeyDown={(e) => {
          if (e.key === "Escape") onClose();
        }}
        onBlur={(e) => {
          if (!e.target.value.trim()) onClose();
        }}
        className={inputClassName}
      />
      <FieldAlert>{shown("name")}</FieldAlert>
    </form>
  );
}
