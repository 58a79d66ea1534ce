import { PROPERTY_KIND_LABELS, PROPERTY_KINDS, type PropertyKind } from "@stride/shared";
import type { UseFormReturn } from "react-hook-form";
import { type CreateIssuePropertyBody } from "@stride/shared/contract";
import { useCreateIssueProperty, useCreateIssueType } from "../../api/issue-types.ts";
import { Input, Select } from "../../components/ui/index.ts";
import { schemaCheck, useDialogForm } from "../../lib/settings-form.ts";
import { useCurrentProject } from "../projects/current-project.ts";
import { FormButtons } from "./FormButtons.tsx";

const problem = (e: Error) => e.message || "Something went wrong.";

interface TypeValues {
  name: string;
  description: string;
}

const typeBody = (v: TypeValues) => ({
  name: v.name.trim(),
  description: v.description,
  logo_props: { in_use: "icon", icon: { name: "layers", color: "#6366f1" } },
});

const checkType = schemaCheck(
  (c) => c.createIssueTypeBody,
  typeBody,
  (v: TypeValues): Record<string, string> => (v.name.trim() ? {} : { name: "Name is required" }),
);

/** A new work item type: its name and description. */
export function TypeForm({ onDone }: { onDone: () => void }) {
  const { slug, projectId } = useCurrentProject();
  const create = useCreateIssueType(slug, projectId);
  const { form, error, formError, onSubmit } = useDialogForm<TypeValues>(
    { name: "", description: "" },
    checkType,
    problem,
  );
  const submit = onSubmit((v, onError) => create.mutate(typeBody(v), { onSuccess: onDone, onError }));
  return (
    <form
      onSubmit={(e) => void submit(e)}
      className="space-y-3 rounded-lg border border-line p-4"
      aria-label="New type"
    >
      <Input label="Name" error={error("name") ?? formError ?? undefined} autoFocus {...form.register("name")} />
      <Input label="Description" error={error("description")} {...form.register("description")} />
      <FormButtons label="Create type" pending={create.isPending} onCancel={onDone} />
    </form>
  );
}

interface PropertyFormValues {
  display_name: string;
  kind: PropertyKind;
  is_required: boolean;
  options: string;
  min: string;
  max: string;
  dflt: string;
}

const isOptionKind = (kind: PropertyKind) => kind === "option" || kind === "multi_option";
const optionNames = (v: PropertyFormValues) =>
  v.options
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
const num = (s: string) => (s.trim() === "" ? null : Number(s));

const propertyBody = (v: PropertyFormValues): CreateIssuePropertyBody => {
  const optionKind = isOptionKind(v.kind);
  const dflt = v.dflt.trim();
  return {
    display_name: v.display_name.trim(),
    kind: v.kind,
    is_required: v.is_required,
    ...(optionKind ? { options: optionNames(v).map((n) => ({ name: n, is_default: !!dflt && n === dflt })) } : {}),
    ...(v.kind === "number" ? { settings: { min: num(v.min), max: num(v.max) } } : {}),
    ...(!optionKind && dflt ? { default_value: [dflt] } : {}),
  };
};

const checkProperty = schemaCheck(
  (c) => c.createIssuePropertyBody,
  propertyBody,
  (v: PropertyFormValues): Record<string, string> => {
    if (!v.display_name.trim()) return { display_name: "Name is required" };
    if (isOptionKind(v.kind) && !optionNames(v).length) return { options: "Give at least one option" };
    return {};
  },
);

const DEFAULT_HINT: Partial<Record<PropertyKind, string>> = {
  option: "An option's name",
  multi_option: "An option's name",
  boolean: "true or false",
  date: "YYYY-MM-DD",
};

/** A new custom property of the type `typeId`: name, kind, options or bounds, default, required. */
export function PropertyForm({ typeId, onDone }: { typeId: string; onDone: () => void }) {
  const { slug, projectId } = useCurrentProject();
  const create = useCreateIssueProperty(slug, projectId);
  const { form, error, formError, onSubmit } = useDialogForm<PropertyFormValues>(
    { display_name: "", kind: "text", is_required: false, options: "", min: "", max: "", dflt: "" },
    checkProperty,
    problem,
  );
  const submit = onSubmit((v, onError) =>
    create.mutate({ typeId, ...propertyBody(v) }, { onSuccess: onDone, onError }),
  );
  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-3" aria-label="New property">
      <PropertyFields form={form} error={error} />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="h-4 w-4 accent-indigo-600" {...form.register("is_required")} /> Required
      </label>
      {formError && (
        <p role="alert" className="text-xs text-red-600">
          {formError}
        </p>
      )}
      <FormButtons label="Add property" pending={create.isPending} onCancel={onDone} />
    </form>
  );
}

/** The property's name and kind, and the fields its kind takes. */
function PropertyFields({
  form,
  error,
}: {
  form: UseFormReturn<PropertyFormValues>;
  error: (k: string) => string | undefined;
}) {
  const kind = form.watch("kind");
  return (
    <>
      <div className="grid grid-cols-2 gap-3">
        <Input label="Name" autoFocus error={error("display_name")} {...form.register("display_name")} />
        <Select label="Kind" error={error("kind")} {...form.register("kind")}>
          {PROPERTY_KINDS.map((k) => (
            <option key={k} value={k}>
              {PROPERTY_KIND_LABELS[k]}
            </option>
          ))}
        </Select>
      </div>
      {isOptionKind(kind) && (
        <Input label="Options" hint="Separated by commas" error={error("options")} {...form.register("options")} />
      )}
      {kind === "number" && (
        <div className="grid grid-cols-2 gap-3">
          <Input label="Minimum" type="number" error={error("settings")} {...form.register("min")} />
          <Input label="Maximum" type="number" {...form.register("max")} />
        </div>
      )}
      {kind !== "member" && kind !== "multi_member" && (
        <Input label="Default" hint={DEFAULT_HINT[kind]} error={error("default_value")} {...form.register("dflt")} />
      )}
    </>
  );
}
