import { useEffect, useState, type FormEvent } from "react";
import { Check } from "lucide-react";
import { ORGANIZATION_SIZES, WORKSPACE_NAME_MAX, WORKSPACE_SLUG_MAX, type OrganizationSize } from "@stride/shared";
import { ApiError, errorMessage, fieldErrors } from "../../api/client.ts";
import { checkWorkspaceSlug, useCreateWorkspace } from "../../api/workspaces.ts";
import type { Workspace } from "../../api/types.ts";
import { Banner, Button, Input, Select } from "../../components/ui/index.ts";
import { slugify, slugProblem } from "./slug.ts";

type SlugStatus = "idle" | "checking" | "available" | "taken" | "invalid";

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
  const [name, setName] = useState("");
  const [slug, setSlug] = useState("");
  const [slugTouched, setSlugTouched] = useState(false);
  const [size, setSize] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const problem = slug ? slugProblem(slug) : undefined;

  const status = useSlugStatus(slug, problem, setFormError);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const errs = workspaceErrors(name, problem, status, size);
    setErrors(errs);
    setFormError(null);
    if (Object.keys(errs).length || status === "checking") return;
    create.mutate(
      { name: name.trim(), slug, organization_size: size as OrganizationSize },
      {
        onSuccess: onCreated,
        onError: (err) => {
          const refused = refusal(err);
          if (refused.errors) setErrors(refused.errors);
          else setFormError(refused.message);
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate aria-label="Create workspace">
      {formError && <Banner>{formError}</Banner>}
      <Input
        label="Workspace name"
        name="name"
        autoFocus
        maxLength={WORKSPACE_NAME_MAX}
        value={name}
        onChange={(e) => {
          setName(e.target.value);
          if (!slugTouched) setSlug(slugify(e.target.value));
        }}
        error={errors.name}
      />
      <Input
        label="Workspace URL"
        name="slug"
        maxLength={WORKSPACE_SLUG_MAX}
        value={slug}
        onChange={(e) => {
          setSlugTouched(true);
          setSlug(e.target.value.trim());
        }}
        error={errors.slug ?? (status === "invalid" ? problem : status === "taken" ? TAKEN : undefined)}
        hint={<SlugHint status={status} slug={slug} />}
      />
      <SizeField value={size} onChange={setSize} error={errors.organization_size} />
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
function workspaceErrors(name: string, problem: string | undefined, status: SlugStatus, size: string) {
  const errs: Record<string, string> = {};
  if (!name.trim()) errs.name = "Workspace name is required.";
  if (problem) errs.slug = problem;
  else if (status === "taken") errs.slug = TAKEN;
  if (!size) errs.organization_size = "Choose your organization size.";
  return errs;
}

/** The server's refusal: the URL taken meanwhile (409), the fields it names, or a message above the form. */
function refusal(err: Error): { errors?: Record<string, string>; message: string } {
  const fe = fieldErrors(err);
  if (err instanceof ApiError && err.status === 409) return { errors: { slug: TAKEN }, message: "" };
  if (Object.keys(fe).length) return { errors: fe, message: "" };
  return { message: err instanceof ApiError ? (errorMessage(err.body) ?? err.message) : "Network error." };
}

/**
 * The slug's availability, checked as it is typed: local rules and reserved slugs first (`problem`), then
 * `workspace-slug-check` (debounced); a failed check is told through `onError`.
 */
function useSlugStatus(slug: string, problem: string | undefined, onError: (message: string) => void): SlugStatus {
  const [status, setStatus] = useState<SlugStatus>("idle");
  useEffect(() => {
    if (!slug) {
      setStatus("idle");
      return;
    }
    if (problem) {
      setStatus("invalid");
      return;
    }
    setStatus("checking");
    const ctl = new AbortController();
    const t = setTimeout(() => {
      checkWorkspaceSlug(slug, ctl.signal).then(
        (free) => setStatus(free ? "available" : "taken"),
        (e) => {
          if (!ctl.signal.aborted) {
            setStatus("idle");
            onError(errorMessage((e as ApiError).body) ?? "Could not check the URL.");
          }
        },
      );
    }, 300);
    return () => {
      clearTimeout(t);
      ctl.abort();
    };
  }, [slug, problem, onError]);
  return status;
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
