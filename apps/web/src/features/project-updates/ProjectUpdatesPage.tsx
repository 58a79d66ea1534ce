import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { MessageSquare } from "lucide-react";
import { projectUpdatesQuery, useProjectUpdateMutations } from "../../api/time-tracking.ts";
import { useMe } from "../../api/users.ts";
import { useProjectRefs } from "../../api/work-items-refs.ts";
import { PageHeader } from "../../components/layout/PageHeader.tsx";
import { FeatureOff } from "../../components/project/FeatureOff.tsx";
import { UpdateStatusChip } from "../../components/project/UpdateStatusChip.tsx";
import { Button, EmptyState, PageSpinner } from "../../components/ui/index.ts";
import { relativeTime } from "../../lib/dates.ts";
import { usePermissions } from "../../lib/permissions.ts";
import { useCurrentProject } from "../projects/current-project.ts";
import { UpdateCard } from "./UpdateCard.tsx";
import { Composer } from "./UpdateComposer.tsx";

/**
 * A project's status updates (issue #29 point 4), its overview of how things stand: the latest status on top, then
 * every update (status, what was written, the work items' progress then) with its reactions and comments. Members
 * post; the author or an admin edits or deletes; everyone in the project comments and reacts. A project tab while
 * project updates are on.
 */
export function ProjectUpdatesPage() {
  const { slug, projectId: pid, project } = useCurrentProject();
  if (!project.is_project_updates_enabled)
    return (
      <>
        <PageHeader title="Updates" />
        <FeatureOff feature="Project updates" plural />
      </>
    );
  return <Updates slug={slug} pid={pid} />;
}

function Updates({ slug, pid }: { slug: string; pid: string }) {
  const refs = useProjectRefs(slug, pid);
  const updates = useQuery(projectUpdatesQuery(slug, pid));
  const m = useProjectUpdateMutations(slug, pid);
  const can = usePermissions();
  const me = useMe().data?.id ?? null;
  const [composing, setComposing] = useState(false);
  const canPost = can("create", "projectUpdate");
  const latest = updates.data?.[0];
  return (
    <>
      <PageHeader
        title="Updates"
        actions={canPost && !composing && <Button onClick={() => setComposing(true)}>Post update</Button>}
      />
      <div className="min-h-0 flex-1 overflow-y-auto">
        <div className="mx-auto max-w-3xl space-y-4 px-4 py-5">
          {latest && (
            <section
              aria-label="Latest status"
              className="flex flex-wrap items-center gap-3 rounded-lg border border-line bg-surface-muted px-4 py-3"
            >
              <span className="text-sm text-fg-subtle">Latest status</span>
              <UpdateStatusChip status={latest.status} />
              <span className="text-sm text-fg-muted">
                {latest.progress.completed_issues} of {latest.progress.total_issues} work items done
              </span>
              <span className="ml-auto text-xs text-fg-subtle">
                {relativeTime(latest.created_at)} by {latest.created_by_detail?.display_name ?? "someone"}
              </span>
            </section>
          )}
          {composing && (
            <Composer
              slug={slug}
              pid={pid}
              refs={refs}
              pending={m.create.isPending}
              onCancel={() => setComposing(false)}
              onSave={(v, onError) => m.create.mutate(v, { onSuccess: () => setComposing(false), onError })}
            />
          )}
          {updates.isLoading ? (
            <PageSpinner />
          ) : (updates.data ?? []).length === 0 && !composing ? (
            <EmptyState
              icon={MessageSquare}
              title="No updates yet"
              description="Post how the project stands (on track, at risk or off track) and what changed. Everyone in the project is notified."
              action={canPost ? <Button onClick={() => setComposing(true)}>Post the first update</Button> : undefined}
            />
          ) : (
            <ol aria-label="Project updates" className="space-y-4">
              {(updates.data ?? []).map((u) => (
                <UpdateCard key={u.id} u={u} slug={slug} pid={pid} refs={refs} me={me} can={can} m={m} />
              ))}
            </ol>
          )}
        </div>
      </div>
    </>
  );
}
