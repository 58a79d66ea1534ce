import { useState } from "react";
import { Link } from "react-router";
import { PROPERTY_KIND_LABELS } from "@stride/shared";
import type { IssueProperty, IssueType } from "@stride/shared/contract";
import { ApiError, errorMessage } from "../../api/client.ts";
import {
  useDeleteIssueProperty,
  useDeleteIssueType,
  useIssueProperties,
  useIssueTypes,
  useUpdateIssueType,
} from "../../api/issue-types.ts";
import { Banner, Button, ConfirmModal, EmptyState, PageSpinner, useToast } from "../../components/ui/index.ts";
import { useCurrentProject } from "../projects/current-project.ts";
import { ProjectSettingsGate } from "./ProjectSettingsLayout.tsx";
import { PropertyForm, TypeForm } from "./WorkItemTypeForms.tsx";

/**
 * Work item types and their custom properties (issue #29): each type with its name, icon and description; the
 * default type new items take and the epic type; per type, properties of every kind (required or optional, with a
 * default). Switched on and off in Features (`is_issue_type_enabled`).
 */
export function ProjectWorkItemTypesSettings() {
  return (
    <ProjectSettingsGate page="work-item-types">
      <WorkItemTypes />
    </ProjectSettingsGate>
  );
}

const problem = (err: unknown) =>
  (err instanceof ApiError ? errorMessage(err.body) : (err as Error).message) ?? "Something went wrong.";

function WorkItemTypes() {
  const { slug, projectId, project } = useCurrentProject();
  const on = !!project.is_issue_type_enabled;
  const types = useIssueTypes(slug, projectId, on);
  const props = useIssueProperties(slug, projectId, on);
  const [adding, setAdding] = useState(false);
  if (!on) {
    return (
      <div className="max-w-3xl space-y-4">
        <Header />
        <EmptyState
          title="Work item types are off"
          description="Turn them on to give work items types with their own properties."
          action={
            <Link className="text-indigo-600 hover:underline" to={`/${slug}/projects/${projectId}/settings/features/`}>
              Open Features
            </Link>
          }
        />
      </div>
    );
  }
  if (types.isLoading || props.isLoading) return <PageSpinner />;
  if (types.isError) return <Banner>{problem(types.error)}</Banner>;
  return (
    <div className="max-w-3xl space-y-4">
      <div className="flex items-center justify-between gap-4">
        <Header />
        <Button className="shrink-0 whitespace-nowrap" onClick={() => setAdding(true)}>
          Add type
        </Button>
      </div>
      {adding && <TypeForm onDone={() => setAdding(false)} />}
      <ul className="space-y-3">
        {(types.data ?? []).map((t) => (
          <TypeCard key={t.id} type={t} properties={(props.data ?? []).filter((p) => p.issue_type === t.id)} />
        ))}
      </ul>
    </div>
  );
}

function Header() {
  return (
    <div>
      <h2 className="text-lg font-semibold">Work item types</h2>
      <p className="mt-1 text-sm text-fg-subtle">
        Types give work items their own properties. New work items take the default type; epics are of the epic type.
      </p>
    </div>
  );
}

function TypeCard({ type: t, properties }: { type: IssueType; properties: IssueProperty[] }) {
  const { slug, projectId } = useCurrentProject();
  const update = useUpdateIssueType(slug, projectId);
  const del = useDeleteIssueType(slug, projectId);
  const toast = useToast();
  const [adding, setAdding] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const shared = !t.project_id;
  const color = (t.logo_props?.icon as { color?: string } | undefined)?.color ?? "#6b7280";
  return (
    <li className="rounded-lg border border-line" data-testid={`type-${t.name}`}>
      <div className="flex items-start gap-3 border-b border-line px-4 py-3">
        <span aria-hidden className="mt-1 h-3 w-3 shrink-0 rounded" style={{ background: color }} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{t.name}</span>
            {t.is_default && <Badge>Default</Badge>}
            {t.is_epic && <Badge>Epics</Badge>}
            {shared && <Badge>Shared with the workspace</Badge>}
          </div>
          {t.description && <p className="mt-0.5 text-xs text-fg-subtle">{t.description}</p>}
        </div>
        {!shared && (
          <div className="flex shrink-0 gap-1">
            {!t.is_default && !t.is_epic && (
              <Button
                size="sm"
                variant="secondary"
                onClick={() =>
                  update.mutate(
                    { id: t.id, is_default: true },
                    { onError: (e) => toast.show("error", "Could not make it the default", problem(e)) },
                  )
                }
              >
                Make default
              </Button>
            )}
            <Button size="sm" variant="secondary" onClick={() => setAdding(true)}>
              Add property
            </Button>
            {!t.is_default && !t.is_epic && (
              <Button size="sm" variant="secondary" onClick={() => setConfirm(true)}>
                Delete
              </Button>
            )}
          </div>
        )}
      </div>
      {adding && (
        <div className="border-b border-line p-4">
          <PropertyForm typeId={t.id} onDone={() => setAdding(false)} />
        </div>
      )}
      <PropertyList properties={properties} shared={shared} />
      <ConfirmModal
        open={confirm}
        title={`Delete ${t.name}?`}
        message="Its work items move to the default type and lose this type's property values."
        confirmLabel="Delete type"
        onClose={() => setConfirm(false)}
        onConfirm={() =>
          del.mutate(t.id, {
            onSuccess: () => setConfirm(false),
            onError: (e) => toast.show("error", "Could not delete the type", problem(e)),
          })
        }
      />
    </li>
  );
}

/** A type's properties: name, kind, required, options and default; deleted from here unless the type is shared. */
function PropertyList({ properties, shared }: { properties: IssueProperty[]; shared: boolean }) {
  const { slug, projectId } = useCurrentProject();
  const delProp = useDeleteIssueProperty(slug, projectId);
  const toast = useToast();
  if (properties.length === 0) return <p className="px-4 py-3 text-sm text-fg-subtle">No custom properties yet.</p>;
  return (
    <ul className="divide-y divide-line">
      {properties.map((p) => (
        <li key={p.id} className="flex items-center gap-3 px-4 py-2 text-sm">
          <span className="min-w-0 flex-1 truncate">{p.display_name}</span>
          <span className="w-28 shrink-0 text-xs text-fg-subtle">{PROPERTY_KIND_LABELS[p.kind]}</span>
          <span className="w-20 shrink-0 text-xs text-fg-subtle">{p.is_required ? "Required" : "Optional"}</span>
          <span className="w-40 shrink-0 truncate text-xs text-fg-subtle" title={describe(p)}>
            {describe(p)}
          </span>
          {!shared && (
            <button
              type="button"
              className="text-xs text-fg-subtle hover:text-red-600"
              aria-label={`Delete ${p.display_name}`}
              onClick={() =>
                delProp.mutate(p.id, {
                  onError: (e) => toast.show("error", "Could not delete the property", problem(e)),
                })
              }
            >
              Delete
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

/** Options, bounds and the default, in a few words. */
function describe(p: IssueProperty): string {
  const parts: string[] = [];
  if (p.options.length) parts.push(p.options.map((o) => o.name).join(", "));
  if (p.kind === "number" && (p.settings.min != null || p.settings.max != null))
    parts.push(`${p.settings.min ?? "…"} to ${p.settings.max ?? "…"}`);
  const d = p.default_value.map((v) => p.options.find((o) => o.id === v)?.name ?? v);
  if (d.length) parts.push(`default ${d.join(", ")}`);
  return parts.join(" · ");
}

function Badge({ children }: { children: string }) {
  return (
    <span className="rounded bg-fill px-1.5 py-0.5 text-[10px] font-semibold uppercase text-fg-muted">{children}</span>
  );
}
