import { useEffect } from "react";
import { Link, useParams } from "react-router";
import { EmptyState, PageSpinner } from "../../components/ui/index.ts";
import { PageHeader } from "../../components/layout/PageHeader.tsx";
import { ApiError } from "../../api/client.ts";
import { useWorkItemLookup } from "../../api/work-items-detail.ts";
import { useCurrentWorkspace } from "../workspace/WorkspaceLayout.tsx";
import { useCurrentProject } from "../projects/ProjectLayout.tsx";
import { WorkItemDetail } from "./WorkItemDetail.tsx";

/** `/{workspaceSlug}/browse/{IDENT}-{sequence}/`: the work item looked up by its key, as a full page. */
export function BrowseWorkItemPage() {
  const { workItem = "" } = useParams();
  const { slug } = useCurrentWorkspace();
  const key = workItem.toUpperCase();
  const q = useWorkItemLookup(slug, key);
  useEffect(() => {
    document.title = `${key} · Stride`;
    return () => { document.title = "Stride"; };
  }, [key]);
  if (q.isLoading) return <PageSpinner />;
  if (!q.data) {
    const st = q.error instanceof ApiError ? q.error.status : 0;
    return (
      <>
        <PageHeader title={key} />
        <EmptyState
          title={st === 403 ? "You can't open this work item" : "Work item not found"}
          description={st === 403 ? "You are not a member of its project, or its project shows guests only the work items they created." : `There is no work item ${key} in this workspace.`}
          action={<Link className="text-indigo-600 hover:underline" to={`/${slug}/projects/`}>Go to projects</Link>}
        />
      </>
    );
  }
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <PageHeader title={key} />
      <WorkItemDetail slug={slug} pid={q.data.project_id} id={q.data.id} kind={q.data.is_epic ? "epics" : "issues"} variant="page" />
    </div>
  );
}

/** A work item by id inside a project: issues/:issueId, archives/issues/:issueId, epics/:issueId. */
export function ProjectWorkItemPage({ epic }: { epic?: boolean }) {
  const { issueId = "" } = useParams();
  const { slug, projectId } = useCurrentProject();
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <PageHeader title={epic ? "Epic" : "Work item"} />
      <WorkItemDetail slug={slug} pid={projectId} id={issueId} kind={epic ? "epics" : "issues"} variant="page" />
    </div>
  );
}
