import { useEffect, useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { ORGANIZATION_SIZES, WORKSPACE_NAME_MAX, WORKSPACE_SLUG_MAX } from "@stride/shared";
import { adminCheckSlug, useAdminCreateWorkspace, useAdminWorkspaces } from "../../api/god-mode.ts";
import { ApiError, errorMessage, fieldErrors } from "../../api/client.ts";
import { Banner, Button, EmptyState, Input, PageSpinner, Select, useToast } from "../../components/ui/index.ts";
import { slugify, slugProblem } from "../onboarding/slug.ts";
import { GodModeSection } from "./GodModeLayout.tsx";

export function WorkspacesPage() {
  const [search, setSearch] = useState("");
  const [debounced, setDebounced] = useState("");
  const [cursor, setCursor] = useState("10:0:0");
  useEffect(() => {
    const t = setTimeout(() => {
      setDebounced(search.trim());
      setCursor("10:0:0");
    }, 250);
    return () => clearTimeout(t);
  }, [search]);
  const list = useAdminWorkspaces(debounced, cursor);
  const data = list.data;
  return (
    <GodModeSection title="Workspaces" description="Every workspace on this instance.">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="w-64">
          <Input
            aria-label="Search workspaces"
            placeholder="Search by name"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <Link
          to="/god-mode/workspaces/create/"
          className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-500"
        >
          Create workspace
        </Link>
      </div>
      {list.isLoading ? (
        <PageSpinner />
      ) : list.isError ? (
        <Banner>{errorMessage((list.error as ApiError).body) ?? "Could not load workspaces."}</Banner>
      ) : !data?.results.length ? (
        <EmptyState title={debounced ? "No workspaces match" : "No workspaces yet"} />
      ) : (
        <>
          <ul className="divide-y divide-line rounded-lg border border-line">
            {data.results.map((w) => {
              const owner = typeof w.owner === "object" ? w.owner : null;
              return (
                <li key={w.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
                  <span
                    aria-hidden
                    className="flex h-8 w-8 items-center justify-center rounded bg-indigo-600 text-sm text-white"
                  >
                    {w.name.charAt(0).toUpperCase()}
                  </span>
                  <div className="min-w-0 flex-1">
                    <a href={`/${w.slug}/`} className="font-medium hover:underline">
                      {w.name}
                    </a>
                    <div className="text-xs text-fg-subtle">
                      /{w.slug} · {owner ? `owner ${owner.email}` : ""}
                    </div>
                  </div>
                  <div className="text-xs text-fg-subtle">
                    {w.total_members ?? 0} members · {w.total_projects ?? 0} projects
                  </div>
                </li>
              );
            })}
          </ul>
          <div className="flex items-center justify-between text-sm">
            <span className="text-fg-subtle">
              {data.total_count} workspace{data.total_count === 1 ? "" : "s"}
            </span>
            <div className="flex gap-2">
              <Button
                variant="secondary"
                size="sm"
                disabled={!data.prev_page_results}
                onClick={() => setCursor(data.prev_cursor.replace(/:1$/, ":0"))}
              >
                Previous
              </Button>
              <Button
                variant="secondary"
                size="sm"
                disabled={!data.next_page_results}
                onClick={() => setCursor(data.next_cursor)}
              >
                Next
              </Button>
            </div>
          </div>
        </>
      )}
    </GodModeSection>
  );
}

export function CreateWorkspaceAdminPage() {
  const create = useAdminCreateWorkspace();
  const nav = useNavigate();
  const toast = useToast();
  const [name, setName] = useState("");
  const [slug, setSlug] = useState("");
  const [touched, setTouched] = useState(false);
  const [size, setSize] = useState("");
  const [taken, setTaken] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const problem = slug ? slugProblem(slug) : undefined;
  useEffect(() => {
    setTaken(false);
    if (!slug || problem) return;
    const ctl = new AbortController();
    const t = setTimeout(
      () =>
        adminCheckSlug(slug, ctl.signal).then(
          (free) => setTaken(!free),
          () => undefined,
        ),
      300,
    );
    return () => {
      clearTimeout(t);
      ctl.abort();
    };
  }, [slug, problem]);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const errs: Record<string, string> = {};
    if (!name.trim()) errs.name = "Name is required.";
    if (problem || !slug) errs.slug = problem ?? "Workspace URL is required.";
    else if (taken) errs.slug = "This URL is taken.";
    setErrors(errs);
    setFormError(null);
    if (Object.keys(errs).length) return;
    create.mutate(
      { name: name.trim(), slug, ...(size ? { organization_size: size } : {}) },
      {
        onSuccess: (w) => {
          toast.show("success", "Workspace created", w.name);
          nav("/god-mode/workspaces/");
        },
        onError: (err) => {
          const fe = fieldErrors(err);
          if (Object.keys(fe).length) setErrors(fe);
          else setFormError(err instanceof ApiError ? (errorMessage(err.body) ?? err.message) : "Network error.");
        },
      },
    );
  };
  return (
    <GodModeSection title="Create workspace" description="You become its owner and admin.">
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        {formError && <Banner>{formError}</Banner>}
        <Input
          label="Name"
          name="name"
          maxLength={WORKSPACE_NAME_MAX}
          autoFocus
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            if (!touched) setSlug(slugify(e.target.value));
          }}
          error={errors.name}
        />
        <Input
          label="URL"
          name="slug"
          maxLength={WORKSPACE_SLUG_MAX}
          value={slug}
          onChange={(e) => {
            setTouched(true);
            setSlug(e.target.value.trim());
          }}
          error={errors.slug ?? problem ?? (taken ? "This URL is taken." : undefined)}
          hint={`${location.origin}/${slug}/`}
        />
        <Select
          label="Organization size"
          name="organization_size"
          value={size}
          onChange={(e) => setSize(e.target.value)}
        >
          <option value="">Not specified</option>
          {ORGANIZATION_SIZES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </Select>
        <div className="flex gap-2">
          <Button type="submit" loading={create.isPending}>
            Create workspace
          </Button>
          <Link to="/god-mode/workspaces/" className="rounded-md border border-line-strong px-4 py-2 text-sm">
            Cancel
          </Link>
        </div>
      </form>
    </GodModeSection>
  );
}
