import type { IssueView } from "@stride/shared/contract";
import { auditFields, iso } from "../../http/present.ts";
import type { ViewRow } from "../../domain/saved-views.ts";

/** IssueView (wire-facts §7). */
export function presentView(v: ViewRow, isFavorite: boolean): IssueView {
  return {
    id: v.id,
    name: v.name,
    description: v.description,
    query: v.query as IssueView["query"],
    filters: v.filters as IssueView["filters"],
    display_filters: v.displayFilters as IssueView["display_filters"],
    display_properties: v.displayProperties as IssueView["display_properties"],
    rich_filters: v.richFilters as IssueView["rich_filters"],
    access: v.access,
    sort_order: v.sortOrder,
    logo_props: v.logoProps as IssueView["logo_props"],
    owned_by: v.ownedById,
    is_locked: v.isLocked,
    archived_at: iso(v.archivedAt),
    workspace: v.workspaceId,
    project: v.projectId,
    ...(v.teamspaceId ? { teamspace: v.teamspaceId } : {}),
    is_favorite: isFavorite,
    ...auditFields(v),
  };
}
