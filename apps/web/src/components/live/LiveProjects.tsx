import { useLiveTopic } from "../../api/live.ts";

function ProjectTopic({ slug, pid }: { slug: string; pid: string }) {
  useLiveTopic(`project:${pid}`, slug, pid);
  return null;
}

/**
 * Keeps a workspace-wide screen (analytics, profiles) live: work items publish on their project's stream, so the
 * screen follows each project it counts while it is mounted.
 */
export function LiveProjects({ slug, projectIds }: { slug: string; projectIds: readonly string[] }) {
  return (
    <>
      {projectIds.map((pid) => (
        <ProjectTopic key={pid} slug={slug} pid={pid} />
      ))}
    </>
  );
}
