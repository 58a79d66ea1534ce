import { useState } from "react";
import { Link } from "react-router";
import { useQueries } from "@tanstack/react-query";
import { WORKSPACE_SIDEBAR, canSee, navEntry } from "@stride/shared";
import { Button, EmptyState, NoAccess, PageSpinner, cx, useToast } from "../../components/ui/index.ts";
import { PageHeader } from "../../components/layout/PageHeader.tsx";
import { errorMessage } from "../../api/client.ts";
import { useArchiveProject, useProjects } from "../../api/projects.ts";
import { useRestoreWorkItem, workItemListQuery, type ListDesc } from "../../api/work-items.ts";
import type { ProjectLite } from "../../api/types.ts";
import { useStoredItem } from "../../api/work-item-store.ts";
import { useCurrentWorkspace } from "../workspace/current-workspace.ts";
import { projectSubject, useCan, usePermissions } from "../../lib/permissions.ts";
import { ProjectLogo } from "../../components/project/ProjectLogo.tsx";
import { itemName } from "../../components/work-item/item.ts";
import { formatDate } from "../../lib/dates.ts";
import { useDateTimeFormat } from "../../lib/datetime.ts";

const PAGE = 50;
const desc = (slug: string, pid: string): ListDesc => ({
  slug,
  pid,
  kind: "archived",
  layout: "list",
  params: { order_by: "-updated_at", layout: "list" },
  perPage: PAGE,
});

/**
 * Archives (`/{workspaceSlug}/projects/archives/`): archived work items of every project you belong to,
 * with restore, and archived projects.
 */
export function ArchivesPage() {
  const { slug, role } = useCurrentWorkspace();
  const [tab, setTab] = useState<"work-items" | "projects">("work-items");
  const entry = navEntry(WORKSPACE_SIDEBAR, "archives");
  if (!canSee(entry, role))
    return (
      <>
        <PageHeader title="Archives" />
        <NoAccess what="Archives" />
      </>
    );
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <PageHeader title="Archives">
        <div role="tablist" aria-label="Archives" className="flex rounded-md border border-line-raised p-0.5 text-sm">
          {(["work-items", "projects"] as const).map((t) => (
            <button
              key={t}
              type="button"
              role="tab"
              aria-selected={tab === t}
              onClick={() => setTab(t)}
              className={cx(
                "rounded px-3 py-1",
                tab === t ? "bg-fill-strong" : "text-fg-subtle hover:text-fg-secondary",
              )}
            >
              {t === "work-items" ? "Work items" : "Projects"}
            </button>
          ))}
        </div>
      </PageHeader>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {tab === "work-items" ? <ArchivedWorkItems slug={slug} /> : <ArchivedProjects slug={slug} />}
      </div>
    </div>
  );
}

function ArchivedWorkItems({ slug }: { slug: string }) {
  const projects = useProjects(slug);
  const mine = (projects.data ?? []).filter((p) => p.member_role && !p.archived_at);
  const lists = useQueries({
    queries: mine.map((p) => workItemListQuery(desc(slug, p.id))),
  });
  if (projects.isLoading || lists.some((l) => l.isLoading)) return <PageSpinner />;
  const sections = mine.map((p, i) => ({ p, data: lists[i]?.data })).filter((s) => (s.data?.ids.length ?? 0) > 0);
  if (sections.length === 0) {
    return (
      <EmptyState
        title="No archived work items"
        description="Completed or cancelled work items you archive appear here and can be restored."
      />
    );
  }
  return (
    <div className="space-y-6 p-6">
      {sections.map(({ p, data }) => (
        <section key={p.id} aria-label={`${p.name} archived work items`}>
          <h2 className="mb-2 flex items-center gap-2 text-sm font-semibold">
            <ProjectLogo project={p} />
            {p.name}
            <span className="text-xs font-normal text-fg-subtle">{data!.total}</span>
            <Link
              to={`/${slug}/projects/${p.id}/archives/issues/`}
              className="ml-auto text-xs font-normal text-indigo-600 hover:underline"
            >
              Open archived list
            </Link>
          </h2>
          <ul className="divide-y divide-line-subtle rounded-lg border border-line">
            {data!.ids.map((id) => (
              <ArchivedRow key={id} slug={slug} project={p} id={id} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function ArchivedRow({ slug, project, id }: { slug: string; project: ProjectLite; id: string }) {
  const restore = useRestoreWorkItem(slug, project.id);
  const canRestore = useCan("restore", "workItem", projectSubject(project));
  // its one record in the item store
  const item = useStoredItem(id);
  if (!item) return null;
  const key = `${project.identifier}-${item.sequence_id}`;
  return (
    <li data-item={key} className="flex items-center gap-3 px-4 py-2.5 text-sm">
      <span className="w-16 shrink-0 text-xs font-medium text-fg-subtle">{key}</span>
      <Link
        to={`/${slug}/projects/${project.id}/archives/issues/${item.id}/`}
        className="min-w-0 flex-1 truncate font-medium hover:underline"
      >
        {itemName(item.name)}
      </Link>
      {item.archived_at && (
        <span className="text-xs text-fg-subtle">Archived {formatDate(item.archived_at.slice(0, 10))}</span>
      )}
      {canRestore && (
        <Button
          size="sm"
          variant="secondary"
          loading={restore.isPending}
          onClick={() => restore.mutate({ id: item.id, label: key })}
        >
          Restore
        </Button>
      )}
    </li>
  );
}

function ArchivedProjects({ slug }: { slug: string }) {
  const projects = useProjects(slug);
  const can = usePermissions();
  const archive = useArchiveProject(slug);
  const toast = useToast();
  const when = useDateTimeFormat();
  const archived = (projects.data ?? []).filter((p) => p.archived_at);
  if (projects.isLoading) return <PageSpinner />;
  if (archived.length === 0)
    return <EmptyState title="No archived projects" description="Archived projects appear here and can be restored." />;
  return (
    <ul className="divide-y divide-line">
      {archived.map((p) => (
        <li key={p.id} className="flex items-center gap-3 px-6 py-3">
          <ProjectLogo project={p} />
          <div className="min-w-0 flex-1">
            <div className="truncate font-medium">{p.name}</div>
            <div className="text-xs text-fg-subtle">
              {p.identifier} · archived {when.date(p.archived_at)}
            </div>
          </div>
          {can("restore", "project", projectSubject(p)) && (
            <Button
              variant="secondary"
              size="sm"
              onClick={() =>
                archive.mutate(
                  { id: p.id, archive: false },
                  {
                    onSuccess: () => toast.show("success", "Project restored", p.name),
                    onError: (e) =>
                      toast.show(
                        "error",
                        "Could not restore the project",
                        errorMessage((e as { body?: unknown }).body) ?? (e as Error).message,
                      ),
                  },
                )
              }
            >
              Restore
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
