import { useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { ORGANIZATION_SIZES, WORKSPACE_NAME_MAX, WORKSPACE_SLUG_MAX } from "@stride/shared";
import { adminCheckSlug, useAdminCreateWorkspace, useAdminWorkspaces } from "../../api/god-mode.ts";
import { ApiError, errorMessage } from "../../api/client.ts";
import { Banner, Button, EmptyState, Input, PageSpinner, Select, useToast } from "../../components/ui/index.ts";
import { slugify, slugProblem } from "../onboarding/slug.ts";
import { useSlugStatus } from "../onboarding/slug-status.ts";
import { schemaCheck, useDialogForm } from "../../lib/settings-form.ts";
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
            {data.results.map((w) => (
              <WorkspaceRow key={w.id} workspace={w} />
            ))}
          </ul>
          <Pager data={data} onCursor={setCursor} />
        </>
      )}
    </GodModeSection>
  );
}

type AdminWorkspace = NonNullable<ReturnType<typeof useAdminWorkspaces>["data"]>["results"][number];

/** A workspace: its name (a link to it), URL and owner, and how many members and projects it has. */
function WorkspaceRow({ workspace: w }: { workspace: AdminWorkspace }) {
  const owner = typeof w.owner === "object" ? w.owner : null;
  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-3">
      <span aria-hidden className="flex h-8 w-8 items-center justify-center rounded bg-indigo-600 text-sm text-white">
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
}

/** The total, and Previous and Next pages. */
function Pager({
  data,
  onCursor,
}: {
  data: NonNullable<ReturnType<typeof useAdminWorkspaces>["data"]>;
  onCursor: (cursor: string) => void;
}) {
  return (
    <div className="flex items-center justify-between text-sm">
      <span className="text-fg-subtle">
        {data.total_count} workspace{data.total_count === 1 ? "" : "s"}
      </span>
      <div className="flex gap-2">
        <Button
          variant="secondary"
          size="sm"
          disabled={!data.prev_page_results}
          onClick={() => onCursor(data.prev_cursor.replace(/:1$/, ":0"))}
        >
          Previous
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={!data.next_page_results}
          onClick={() => onCursor(data.next_cursor)}
        >
          Next
        </Button>
      </div>
    </div>
  );
}

type CreateValues = { name: string; slug: string; organization_size: string };

const createBodyOf = (v: CreateValues) => ({
  name: v.name.trim(),
  slug: v.slug,
  ...(v.organization_size ? { organization_size: v.organization_size } : {}),
});

/** The form's own checks: a name, and a valid and free URL. */
function createErrors(v: CreateValues, taken: boolean): Record<string, string> {
  const errs: Record<string, string> = {};
  const problem = v.slug ? slugProblem(v.slug) : undefined;
  if (!v.name.trim()) errs.name = "Name is required.";
  if (problem || !v.slug) errs.slug = problem ?? "Workspace URL is required.";
  else if (taken) errs.slug = "This URL is taken.";
  return errs;
}

const ignore = () => undefined;

export function CreateWorkspaceAdminPage() {
  const create = useAdminCreateWorkspace();
  const nav = useNavigate();
  const toast = useToast();
  const [touched, setTouched] = useState(false);
  const { form, error, formError, onSubmit } = useDialogForm<CreateValues>(
    { name: "", slug: "", organization_size: "" },
    schemaCheck(
      (c) => c.adminWorkspaceCreateBody,
      createBodyOf,
      (v): Record<string, string> => createErrors(v, taken),
    ),
  );
  const slug = form.watch("slug");
  const problem = slug ? slugProblem(slug) : undefined;
  const taken: boolean = useSlugStatus(slug, problem, adminCheckSlug, ignore) === "taken";
  const submit = onSubmit((v, onError) =>
    create.mutate(createBodyOf(v), {
      onSuccess: (w) => {
        toast.show("success", "Workspace created", w.name);
        nav("/god-mode/workspaces/");
      },
      onError,
    }),
  );
  return (
    <GodModeSection title="Create workspace" description="You become its owner and admin.">
      <form onSubmit={submit} className="space-y-4" noValidate>
        {formError && <Banner>{formError}</Banner>}
        <Input
          label="Name"
          maxLength={WORKSPACE_NAME_MAX}
          autoFocus
          error={error("name")}
          {...form.register("name", {
            onChange: (e: { target: { value: string } }) => {
              if (!touched) form.setValue("slug", slugify(e.target.value));
            },
          })}
        />
        <Input
          label="URL"
          name="slug"
          maxLength={WORKSPACE_SLUG_MAX}
          value={slug}
          onChange={(e) => {
            setTouched(true);
            form.setValue("slug", e.target.value.trim());
          }}
          error={error("slug") ?? problem ?? (taken ? "This URL is taken." : undefined)}
          hint={`${location.origin}/${slug}/`}
        />
        <Select label="Organization size" {...form.register("organization_size")}>
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
