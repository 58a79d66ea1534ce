/**
 * Saved views (project views and workspace global views) as the lists read them: which views a user may see and the
 * filter a view applies. Shared by the views resource (routes/views/) and the work-item lists (routes/issue-lists/,
 * `W/issues/?global_view_id=`), so neither resource imports the other.
 */
import { and, eq, isNull, or, type SQL } from "drizzle-orm";
import {
  defaultGlobalViewFilters,
  isDefaultGlobalView,
  savedViewFilter,
  todayInTimeZone,
  type FilterNode,
  type QueryParams,
} from "@stride/shared";
import { VIEW_ACCESS } from "@stride/shared/contract";
import { schema, type DbOrTx } from "../db/client.ts";
import { errors } from "../http/errors.ts";

const { issueViews } = schema;
export type ViewRow = typeof issueViews.$inferSelect;

/** A view's filter for a viewer in `timezone` (relative dates are read in it). */
export type SavedFilter = (timezone: string) => FilterNode | null;

/**
 * Views of one place a user may see: a project's views (`projectId`), a teamspace's team views (`teamspaceId`) or
 * the workspace's global views (both null); their own and the public ones, never archived.
 */
export function visibleViews(
  workspaceId: string,
  projectId: string | null,
  userId: string,
  teamspaceId: string | null = null,
): SQL {
  return and(
    eq(issueViews.workspaceId, workspaceId),
    projectId ? eq(issueViews.projectId, projectId) : isNull(issueViews.projectId),
    teamspaceId ? eq(issueViews.teamspaceId, teamspaceId) : isNull(issueViews.teamspaceId),
    isNull(issueViews.archivedAt),
    or(eq(issueViews.ownedById, userId), eq(issueViews.access, VIEW_ACCESS.public)),
  )!;
}

/** One view the user may see, else 404 (another user's private view does not exist for them). */
export async function loadVisibleView(
  db: DbOrTx,
  workspaceId: string,
  projectId: string | null,
  viewId: string,
  userId: string,
  teamspaceId: string | null = null,
): Promise<ViewRow> {
  const [row] = await db
    .select()
    .from(issueViews)
    .where(and(eq(issueViews.id, viewId), visibleViews(workspaceId, projectId, userId, teamspaceId)))
    .limit(1);
  if (!row) throw errors.notFound();
  return row;
}

/** The filter a stored view applies. */
export function viewFilterOf(view: Pick<ViewRow, "filters" | "richFilters">): SavedFilter {
  return (timezone) => savedViewFilter(view.filters as QueryParams, view.richFilters, todayInTimeZone(timezone));
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `W/issues/?global_view_id=`: one of the four default global views (all-issues, assigned, created, subscribed,
 * filtering on the caller) or a custom global view's id the caller may see; anything else is 404.
 */
export async function globalViewFilter(
  db: DbOrTx,
  workspaceId: string,
  userId: string,
  id: string,
): Promise<SavedFilter> {
  if (isDefaultGlobalView(id)) {
    const filters = defaultGlobalViewFilters(id, userId);
    return (timezone) => savedViewFilter(filters, null, todayInTimeZone(timezone));
  }
  if (!UUID_RE.test(id)) throw errors.notFound();
  return viewFilterOf(await loadVisibleView(db, workspaceId, null, id, userId));
}
