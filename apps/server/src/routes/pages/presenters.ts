import { pageIssueIds } from "@stride/shared";
import type { Page, PageDetail, PageVersion, PageVersionLite } from "@stride/shared/contract";
import { auditFields, iso } from "../../http/present.ts";
import type { PageRow, PageVersionRow } from "./commands.ts";

/** A page as listed (wire-facts §9). */
export function presentPage(p: PageRow, isFavorite: boolean): Page {
  return {
    id: p.id,
    name: p.name,
    owned_by: p.ownedById,
    access: p.access,
    color: p.color,
    parent: p.parentId,
    is_favorite: isFavorite,
    is_locked: p.isLocked,
    archived_at: p.archivedAt,
    workspace: p.workspaceId,
    view_props: p.viewProps as Record<string, unknown>,
    logo_props: p.logoProps as Record<string, unknown>,
    label_ids: [],
    project_ids: [p.projectId],
    sort_order: p.sortOrder,
    ...auditFields(p),
  };
}

/** GET P/pages/{id}/: with the HTML and the work items it mentions. */
export function presentPageDetail(p: PageRow, isFavorite: boolean): PageDetail {
  return {
    ...presentPage(p, isFavorite),
    description_html: p.descriptionHtml,
    issue_ids: pageIssueIds(p.descriptionHtml),
  };
}

export function presentPageVersionLite(v: PageVersionRow): PageVersionLite {
  return {
    id: v.id,
    workspace: v.workspaceId,
    project: v.projectId,
    page: v.pageId,
    owned_by: v.ownedById,
    last_saved_at: iso(v.lastSavedAt),
    created_at: iso(v.createdAt),
    updated_at: iso(v.updatedAt),
    created_by: v.createdById,
    updated_by: v.updatedById,
  };
}

export function presentPageVersion(v: PageVersionRow): PageVersion {
  return {
    ...presentPageVersionLite(v),
    description_html: v.descriptionHtml,
    description_json: v.descriptionJson as Record<string, unknown>,
    description_binary: v.descriptionBinary ? v.descriptionBinary.toString("base64") : null,
    description_stripped: v.descriptionStripped,
  };
}
