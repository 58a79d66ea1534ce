import type { LiveEvent } from "@stride/shared";

/** What a subscription may receive of its stream (computed by access.ts on subscribe and on every recheck). */
export interface LiveScope {
  /** The stream the topic reads (`workspace:…`, `project:…`, `user:…`); an issue topic reads its project's. */
  stream: string;
  /** Issue topics: only this work item's events. */
  issue?: string;
  /** A guest who sees only the work items they created (canSeeWorkItem): others' item events are withheld. */
  ownOnly?: boolean;
  /** Workspace topics below admin: a project's events only if the caller can see that project. */
  checkProjects?: boolean;
}

/** Tables whose changes may change who can read a stream: subscriptions to it are rechecked. */
export const ACCESS_TABLES = new Set(["project_members", "workspace_members", "projects", "workspaces"]);

/**
 * Whether `event` may go to a subscriber of `scope`: "yes", "no", or "project" when it depends on whether the
 * caller can see the event's project (asked of the database by the hub).
 */
export function eventAllowed(scope: LiveScope, event: LiveEvent, userId: string): "yes" | "no" | "project" {
  if (scope.issue && event.i !== scope.issue) return "no";
  if (scope.ownOnly && event.i && event.c !== userId) return "no";
  // a deleted project can no longer be asked about; its id alone says nothing, and every list that showed it must drop it
  if (scope.checkProjects && event.t === "projects" && event.op !== "delete") return "project";
  return "yes";
}
