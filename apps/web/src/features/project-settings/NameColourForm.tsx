import type { FormEvent, ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { ApiError, errorMessage, fieldErrors } from "../../api/client.ts";
import { Button, Input, type useToast } from "../../components/ui/index.ts";
import { ColorField, isHexColor } from "./ColorField.tsx";

/** The inline forms' own words for a name and a colour (labels, states), beside the server's schema. */
export function nameColourChecks(v: { name: string; color: string }): Record<string, string> {
  const errs: Record<string, string> = {};
  if (!v.name.trim()) errs.name = "Name is required.";
  if (!isHexColor(v.color)) errs.color = "Enter a hex colour like #46A758.";
  return errs;
}

/** An inline add or edit form of something with a name and a colour (labels, states); `children`: its third field. */
export function NameColourForm({
  label,
  onSubmit,
  name,
  color,
  onColor,
  error,
  submitLabel,
  pending,
  onCancel,
  children,
}: {
  label: string;
  onSubmit: (e: FormEvent) => void;
  name: UseFormRegisterReturn;
  color: string;
  onColor: (c: string) => void;
  error: (k: string) => string | undefined;
  submitLabel: string;
  pending: boolean;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-3" noValidate aria-label={label}>
      <div className="min-w-40 flex-1">
        <Input label="Name" autoFocus maxLength={255} error={error("name")} {...name} />
      </div>
      <ColorField value={color} onChange={onColor} />
      {children}
      {error("color") && <p className="w-full text-xs text-red-600">{error("color")}</p>}
      <div className="flex gap-2">
        <Button type="submit" size="sm" loading={pending}>
          {submitLabel}
        </Button>
        <Button variant="secondary" size="sm" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/**
 * A save's outcome in an inline form: a toast `saved` and `onDone`; field refusals next to their fields
 * (`onError`, the form's), anything else in a toast titled `failed`.
 */
export function inlineSaveOutcome(
  toast: ReturnType<typeof useToast>,
  saved: string,
  failed: string,
  onDone: () => void,
  onError: (err: unknown) => void,
) {
  return {
    onSuccess: () => {
      toast.show("success", saved);
      onDone();
    },
    onError: (err: Error) => {
      if (Object.keys(fieldErrors(err)).length) onError(err);
      else toast.show("error", failed, err instanceof ApiError ? errorMessage(err.body) : err.message);
    },
  };
}
