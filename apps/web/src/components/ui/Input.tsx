import {
  forwardRef,
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import { cx } from "./cx.ts";

const FIELD =
  "w-full rounded-md border border-line-strong bg-surface px-3 py-2 text-sm text-fg placeholder:text-fg-subtle focus:border-focus focus:outline-none focus:ring-1 focus:ring-focus disabled:bg-fill disabled:text-fg-subtle";

interface FieldProps {
  label?: ReactNode;
  error?: string;
  hint?: ReactNode;
}

/** A field's id, and its error as its state and description. */
const fieldAria = (id: string, error: string | undefined) => ({
  id,
  "aria-invalid": !!error,
  "aria-describedby": error ? `${id}-error` : undefined,
});

function Wrapper({ id, label, error, hint, children }: FieldProps & { id: string; children: ReactNode }) {
  return (
    <div className="space-y-1">
      {label && (
        <label htmlFor={id} className="block text-sm font-medium text-fg-muted">
          {label}
        </label>
      )}
      {children}
      {hint && !error && <p className="text-xs text-fg-subtle">{hint}</p>}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & FieldProps>(function Input(
  { label, error, hint, className, id, ...rest },
  ref,
) {
  const auto = useId();
  const fid = id ?? auto;
  return (
    <Wrapper id={fid} label={label} error={error} hint={hint}>
      <input
        ref={ref}
        {...fieldAria(fid, error)}
        className={cx(FIELD, error && "border-danger", className)}
        {...rest}
      />
    </Wrapper>
  );
});

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement> & FieldProps>(
  function Textarea({ label, error, hint, className, id, ...rest }, ref) {
    const auto = useId();
    const fid = id ?? auto;
    return (
      <Wrapper id={fid} label={label} error={error} hint={hint}>
        <textarea
          ref={ref}
          {...fieldAria(fid, error)}
          className={cx(FIELD, "min-h-20", error && "border-danger", className)}
          {...rest}
        />
      </Wrapper>
    );
  },
);

export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement> & FieldProps>(
  function Select({ label, error, hint, className, id, children, ...rest }, ref) {
    const auto = useId();
    const fid = id ?? auto;
    return (
      <Wrapper id={fid} label={label} error={error} hint={hint}>
        <select
          ref={ref}
          {...fieldAria(fid, error)}
          className={cx(FIELD, "pr-8", error && "border-danger", className)}
          {...rest}
        >
          {children}
        </select>
      </Wrapper>
    );
  },
);

/**
 * An accessible on/off switch. With `disabledReason` it cannot be switched, says why (shown under the
 * label, as its tooltip and as its accessible description) and stays focusable.
 */
export function Toggle({
  checked,
  onChange,
  label,
  description,
  disabled,
  disabledReason,
  badge,
}: {
  checked: boolean;
  onChange: (v: boolean) => void;
  label: string;
  description?: string;
  disabled?: boolean;
  disabledReason?: string | null;
  /** A short tag beside the label (e.g. "Not available yet"). */
  badge?: string;
}) {
  const id = useId();
  const blocked = !!disabledReason;
  return (
    <div className="flex items-start justify-between gap-4 py-3">
      <div>
        <div className="flex items-center gap-2">
          <div id={id} className="text-sm font-medium">
            {label}
          </div>
          {badge && <span className="rounded bg-fill px-1.5 py-0.5 text-xs text-fg-muted">{badge}</span>}
        </div>
        {description && <div className="text-xs text-fg-subtle">{description}</div>}
        {blocked && (
          <div id={`${id}-reason`} className="text-xs text-warning">
            {disabledReason}
          </div>
        )}
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={id}
        aria-disabled={blocked || undefined}
        aria-describedby={blocked ? `${id}-reason` : undefined}
        title={disabledReason ?? undefined}
        disabled={disabled}
        onClick={() => {
          if (!blocked) onChange(!checked);
        }}
        className={cx(
          "relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50",
          checked ? "bg-accent-solid" : "bg-fill-strong",
        )}
      >
        <span
          className={cx(
            "inline-block h-5 w-5 transform rounded-full bg-white shadow transition-transform",
            checked ? "translate-x-5" : "translate-x-0.5",
          )}
        />
      </button>
    </div>
  );
}

export function Banner({ kind = "error", children }: { kind?: "error" | "info" | "success"; children: ReactNode }) {
  const cls = {
    error: "border-danger-line bg-danger-soft text-danger-strong",
    info: "border-accent-line bg-accent-soft text-accent-strong",
    success: "border-success-line bg-success-soft text-success-strong",
  }[kind];
  return (
    <div role={kind === "error" ? "alert" : "status"} className={cx("rounded-md border px-3 py-2 text-sm", cls)}>
      {children}
    </div>
  );
}
