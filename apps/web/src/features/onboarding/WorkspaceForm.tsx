import { useState } from "react";
import { Check } from "lucide-react";
import { ORGANIZATION_SIZES, WORKSPACE_NAME_MAX, WORKSPACE_SLUG_MAX, type OrganizationSize } from "@stride/shared";
import { ApiError } from "../../api/client.ts";
import { checkWorkspaceSlug, useCreateWorkspace } from "../../api/workspaces.ts";
import type { Workspace } from "../../api/types.ts";
import { Banner, Button, Input, Select } from "../../components/ui/index.ts";
import { schemaCheck, useDialogForm } from "../../lib/settings-form.ts";
import { slugify, slugProblem } from "./slug.ts";
import { useSlugStatus, type SlugStatus } from "./slug-status.ts";

type Values = { name: string; slug: string; organization_size: string };

/** The request body: the name trimmed (an empty size is the schema's to refuse, in the form's words). */
const bodyOf = (v: Values) => ({
  name: v.name.trim(),
  slug: v.slug,
  organization_size: v.organization_size as OrganizationSize,
});

/**
 * Workspace creation with a live slug check: local rules and reserved slugs first, then
 * `workspace-slug-check` (debounced) for availability.
 */
export function WorkspaceForm({
  onCreated,
  submitLabel = "Create workspace",
}: {
  onCreated: (ws: Workspace) => void;
  submitLabel?: string;
}) {
  const create = useCreateWorkspace();
  const [slugTouched, setSlugTouched] = useState(false);
  const [checkError, setCheckError] = useState<string | null>(null);
  const { form, error, formError, onSubmit } = useDialogForm<Values>(
    { name: "", slug: "", organization_size: "" },
    schemaCheck(
      (c) => c.createWorkspaceBody,
      bodyOf,
      (v) => workspaceErrors(v, status),
    ),
  );
  const slug = form.watch("slug");
  const problem = slug ? slugProblem(slug) : undefined;
  const status = useSlugStatus(slug, problem, checkWorkspaceSlug, setCheckError);

  const submit = onSubmit((v, onError) => {
    if (status === "checking") return;
    create.mutate(bodyOf(v), {
      onSuccess: onCreated,
      // the URL taken meanwhile
      onError: (err) =>
        err instanceof ApiError && err.status === 409 ? form.setError("slug", { message: TAKEN }) : onError(err),
    });
  });

  return (
    <form
      onSubmit={(e) => {
        setCheckError(null);
        return submit(e);
      }}
      className="space-y-4"
      noValidate
      aria-label="Create workspace"
    >
      {(formError ?? checkError) && <Banner>{formError ?? checkError}</Banner>}
      <Input
        label="Workspace name"
        autoFocus
        maxLength={WORKSPACE_NAME_MAX}
        error={error("name")}
        {...form.register("name", {
          onChange: (e: { target: { value: string } }) => {
            if (!slugTouched) form.setValue("slug", slugify(e.target.value));
          },
        })}
      />
      <Input
        label="Workspace URL"
        name="slug"
        maxLength={WORKSPACE_SLUG_MAX}
        value={slug}
        onChange={(e) => {
          setSlugTouched(true);
          form.setValue("slug", e.target.value.trim());
        }}
        error={error("slug") ?? (status === "invalid" ? problem : status === "taken" ? TAKEN : undefined)}
        hint={<SlugHint status={status} slug={slug} />}
      />
      <SizeField
        value={form.watch("organization_size")}
        onChange={(v) => form.setValue("organization_size", v)}
        error={error("organization_size")}
      />
      <Button type="submit" className="w-full" loading={create.isPending} disabled={status === "checking"}>
        {submitLabel}
      </Button>
    </form>
  );
}

function SizeField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (size: string) => void;
  error: string | undefined;
}) {
  return (
    <Select
      label="Organization size"
      name="organization_size"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
    >
      <option value="">Select a size</option>
      {ORGANIZATION_SIZES.map((s) => (
        <option key={s} value={s}>
          {s}
        </option>
      ))}
    </Select>
  );
}

const TAKEN = "This URL is taken. Choose another one.";

/** The form's own checks: a name, a valid and free URL, a size. */
function workspaceErrors(v: Values, status: SlugStatus) {
  const errs: Record<string, string> = {};
  const problem = v.slug ? slugProblem(v.slug) : undefined;
  if (!v.name.trim()) errs.name = "Workspace name is required.";
  if (problem) errs.slug = problem;
  else if (status === "taken") errs.slug = TAKEN;
  if (!v.organization_size) errs.organization_size = "Choose your organization size.";
  return errs;
}

/** Under the URL field: checking, available, or the address the workspace will have. */
function SlugHint({ status, slug }: { status: SlugStatus; slug: string }) {
  return (
    <span data-slug-status={status}>
      {status === "checking" ? (
        "Checking…"
      ) : status === "available" ? (
        <span className="inline-flex items-center gap-1 text-success">
          <Check size={12} aria-hidden focusable="false" />
          Available
        </span>
      ) : status === "taken" ? undefined : (
        `${location.origin}/${slug || "your-workspace"}/`
      )}
    </span>
  );
}
