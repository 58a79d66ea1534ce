/**
 * Forms on react-hook-form. Settings forms (the project's and the workspace's general settings) start from the saved
 * values and start again when they change (a save, a live update); dialog forms (useDialogForm: create and edit
 * dialogs) start once. Their own checks run on submit, one message per field; the server's refusal shows its field
 * messages next to their fields and anything else above the form.
 */
import { useState, type BaseSyntheticEvent } from "react";
import {
  useForm,
  type DefaultValues,
  type FieldError,
  type FieldValues,
  type Resolver,
  type ResolverResult,
  type UseFormProps,
} from "react-hook-form";
import { ApiError, errorMessage, fieldErrors } from "../api/client.ts";

/** A form's checks: a message per field name (none: the values may be sent); schema checks answer once loaded. */
export type FormCheck<T> = (values: T) => Record<string, string> | Promise<Record<string, string>>;
/** A form's own checks, which need nothing loaded. */
export type OwnCheck<T> = (values: T) => Record<string, string>;

/** A zod schema, as the shared contract's request bodies are (no zod import here: only `safeParse` is used). */
interface BodySchema<B> {
  safeParse(input: unknown): { success: true; data: B } | { success: false; error: { issues: readonly Issue[] } };
}
interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

/** The contract with its schemas (`@stride/shared/contract/browser`: zod set to run without eval, for the CSP). */
export type Contract = typeof import("@stride/shared/contract/browser");
let contract: Promise<Contract | null> | null = null;

/**
 * The contract's schemas, loaded once, on a form's first check: their own chunk, so no screen's first scripts carry
 * zod (the lint rule keeps the contract's values out of every static import). Null when the chunk cannot be loaded
 * (offline before it ever was): the form is then checked by its own rules, and the server checks as it always does.
 */
export function loadContract(): Promise<Contract | null> {
  contract ??= import("@stride/shared/contract/browser").catch(() => {
    contract = null;
    return null;
  });
  return contract;
}

/**
 * A form's checks from the shared contract's request-body schema (the one the server validates with, so the form
 * says what the server would): `pick` names it in the contract (loaded on the first check), the form's values become
 * the body with `toBody`, and each refusal is put on the field its first path segment names (`rename` maps a body key
 * to a form field where they differ). `own` adds checks the schema cannot make (dates in order…); its messages win
 * over the schema's for the same field.
 */
export function schemaCheck<T, B>(
  pick: (c: Contract) => BodySchema<B>,
  toBody: (values: T) => unknown,
  own?: OwnCheck<T>,
  rename: Record<string, string> = {},
): (values: T) => Promise<Record<string, string>> {
  let schema: BodySchema<B> | null = null;
  return async (values) => {
    const out: Record<string, string> = {};
    const c = schema ? null : await loadContract();
    if (c) schema = pick(c);
    const parsed = schema?.safeParse(toBody(values));
    if (parsed && !parsed.success)
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? "");
        const field = rename[key] ?? key;
        if (field && !(field in out)) out[field] = issue.message;
      }
    return { ...out, ...(own?.(values) ?? {}) };
  };
}

/** A react-hook-form resolver from a check that names each field's problem. */
export function checkResolver<T extends FieldValues>(check: FormCheck<T>): Resolver<T> {
  return async (values): Promise<ResolverResult<T>> => {
    const errs = Object.entries(await check(values));
    if (!errs.length) return { values, errors: {} };
    return {
      values: {},
      errors: Object.fromEntries(
        errs.map(([k, message]) => [k, { type: "validate", message }]),
      ) as ResolverResult<T>["errors"],
    };
  };
}

/** A settings form started from the saved `values`; `otherError` words a failure that is no answer of the server. */
export function useSettingsForm<T extends FieldValues>(
  values: T,
  check: FormCheck<T>,
  otherError?: (err: Error) => string,
) {
  return useCheckedForm({ values }, check, otherError);
}

/**
 * A create or edit dialog's form on the same terms, started once from `defaultValues` (a live update of what it
 * edits does not wipe what is typed). `otherError` words a failure that is no answer of the server.
 */
export function useDialogForm<T extends FieldValues>(
  defaultValues: DefaultValues<T>,
  check: FormCheck<T>,
  otherError?: (err: Error) => string,
) {
  return useCheckedForm({ defaultValues }, check, otherError);
}

function useCheckedForm<T extends FieldValues>(
  start: Pick<UseFormProps<T>, "values" | "defaultValues">,
  check: FormCheck<T>,
  otherError: (err: Error) => string = () => "Network error.",
) {
  const form = useForm<T>({ ...start, resolver: checkResolver(check), reValidateMode: "onSubmit" });
  const [server, setServer] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const failed = (err: unknown) => {
    const fe = fieldErrors(err);
    if (Object.keys(fe).length) setServer(fe);
    else setFormError(err instanceof ApiError ? (errorMessage(err.body) ?? err.message) : otherError(err as Error));
  };
  /** A field's message: the form's own check, else the server's answer. */
  const error = (k: string): string | undefined =>
    (form.formState.errors as Record<string, FieldError | undefined>)[k]?.message ?? server[k];
  /** The form's submit handler: forgets the last answer, checks, then `save`s (which reports a refusal to `onError`). */
  const onSubmit = (save: (values: T, onError: (err: unknown) => void) => void) => (e?: BaseSyntheticEvent) => {
    setServer({});
    setFormError(null);
    return form.handleSubmit((v) => save(v, failed))(e);
  };
  return { form, error, formError, onSubmit };
}
