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
  const [status, setStatus] = useState<SlugStatus>("idle");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const problem = slug ? slugProblem(slug) : undefined;

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
            setFormError(errorMessage((e as ApiError).body) ?? "Could not check the URL.");
          }
        },
      );
    }, 300);
    return () => {
      clearTimeout(t);
      ctl.abort();
    };
  }, [slug, problem]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const errs: Record<string, string> = {};
    if (!name.trim()) errs.name = "Workspace name is required.";
    if (problem) errs.slug = problem;
    else if (status === "taken") errs.slug = "This URL is taken. Choose another one.";
    if (!size) errs.organization_size = "Choose your organization size.";
    setErrors(errs);
    setFormError(null);
    if (Object.keys(errs).length || status === "checking") return;
    create.mutate(
      { name: name.trim(), slug, organization_size: size as OrganizationSize },
      {
        onSuccess: onCreated,
        onError: (err) => {
          const fe = fieldErrors(err);
          if (err instanceof ApiError && err.status === 409)
            setErrors({ slug: "This URL is taken. Choose another one." });
          else if (Object.keys(fe).length) setErrors(fe);
          else setFormError(err instanceof ApiError ? (errorMessage(err.body) ?? err.message) : "Network error.");
        },
      },
    );
  };

  const slugHint =
    status === "checking" ? (
      "Checking…"
    ) : status === "available" ? (
      <span className="inline-flex items-center gap-1 text-success">
        <Check size={12} aria-hidden focusable="false" />
        Available
      </span>
    ) : status === "taken" ? undefined : (
      `${location.origin}/${slug || "your-workspace"}/`
    );
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
        error={
          errors.slug ??
          (status === "invalid" ? problem : status === "taken" ? "This URL is taken. Choose another one." : undefined)
        }
        hint={<span data-slug-status={status}>{slugHint}</span>}
      />
      <Select
        label="Organization size"
        name="organization_size"
        value={size}
        onChange={(e) => setSize(e.target.value)}
        error={errors.organization_size}
      >
        <option value="">Select a size</option>
        {ORGANIZATION_SIZES.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </Select>
      <Button type="submit" className="w-full" loading={create.isPending} disabled={status === "checking"}>
        {submitLabel}
      </Button>
    </form>
  );
}
