import { useEffect } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { useSentItem } from "../../api/local-db/client.ts";
import { EmptyState, PageSpinner } from "../../components/ui/index.ts";
import { PageHeader } from "../../components/layout/PageHeader.tsx";
import { ApiError } from "../../api/client.ts";
import { NotHeldOffline } from "../../api/work-items-parts.ts";
import { useWorkItemLookup } from "../../api/work-items-detail.ts";
import { useProjects } from "../../api/projects.ts";
import { usePermissions, usePermissionsLoading } from "../../lib/permissions.ts";
import { useCurrentWorkspace } from "../workspace/current-workspace.ts";
import { useCurrentProject } from "../projects/current-project.ts";
import { WorkItemDetail } from "./WorkItemDetail.tsx";
import { usePageTitle } from "../../lib/page-title.ts";

/** `/{workspaceSlug}/browse/{IDENT}-{sequence}/`: the work item looked up by its key, as a full page. */
export function BrowseWorkItemPage() {
  const { workItem = "" } = useParams();
  const { slug } = useCurrentWorkspace();
  const key = workItem.toUpperCase();
  // the key's project (the workspace's list holds the caller's and the public ones) says whether they may look it up
  const projects = useProjects(slug);
  const can = usePermissions({ projects: true });
  const rolesLoading = usePermissionsLoading({ projects: true });
  const ident = key.slice(0, Math.max(0, key.lastIndexOf("-")));
  const project = projects.data?.find((p) => p.identifier.toUpperCase() === ident);
  const allowed = !!project && can("view", "project", { projectId: project.id });
  const q = useWorkItemLookup(slug, key, allowed);
  // the key until the item is read; then the item, shown, titles the page with its name too (WorkItemDetail) — one
  // title at a time, so the order in which the two screens' effects run cannot matter
  usePageTitle(q.data ? null : key);
  if (projects.isLoading || rolesLoading || (allowed && q.isLoading)) return <PageSpinner />;
  if (!q.data && q.error instanceof NotHeldOffline) {
    return (
      <>
        <PageHeader title={key} />
        <EmptyState
          title="This work item is not available offline"
          description="It is not kept on this device. It opens when you're back online."
        />
      </>
    );
  }
  if (!q.data) {
    const st = q.error instanceof ApiError ? q.error.status : project && !allowed ? 403 : 0;
    // offline, never looked up: it may well exist (never "not found")
    const offline = !navigator.onLine && (st === 0 || st >= 500);
    return (
      <>
        <PageHeader title={key} />
        <EmptyState
          title={
            offline
              ? "This work item is not available offline"
              : st === 403
                ? "You can't open this work item"
                : "Work item not found"
          }
          description={
            offline
              ? "It opens when you're back online."
              : st === 403
                ? "You are not a member of its project, or its project shows guests only the work items they created."
                : `There is no work item ${key} in this workspace.`
          }
          action={
            <Link className="text-indigo-600 hover:underline" to={`/${slug}/projects/`}>
              Go to projects
            </Link>
          }
        />
      </>
    );
  }
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <PageHeader title={key} />
      <WorkItemDetail
        slug={slug}
        pid={q.data.project_id}
        id={q.data.id}
        kind={q.data.is_epic ? "epics" : "issues"}
        variant="page"
      />
    </div>
  );
}

/** A work item by id inside a project: issues/:issueId, archives/issues/:issueId, epics/:issueId. */
export function ProjectWorkItemPage({ epic }: { epic?: boolean }) {
  const { issueId = "" } = useParams();
  const { slug, projectId } = useCurrentProject();
  // an item made offline, opened while pending, reached the server: the page moves to the real item
  const sent = useSentItem(issueId);
  const nav = useNavigate();
  useEffect(() => {
    if (sent) void nav(`/${slug}/projects/${projectId}/${epic ? "epics" : "issues"}/${sent.id}/`, { replace: true });
  }, [sent, nav, slug, projectId, epic]);
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <PageHeader title={epic ? "Epic" : "Work item"} />
      <WorkItemDetail slug={slug} pid={projectId} id={issueId} kind={epic ? "epics" : "issues"} variant="page" />
    </div>
  );
}
