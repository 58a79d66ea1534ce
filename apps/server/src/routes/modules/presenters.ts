import type { Module, ModuleDetail, ModuleLink, ModuleStatus } from "@stride/shared/contract";
import type { schema } from "../../db/client.ts";
import { iso } from "../../http/present.ts";
import type { ModuleStatsRow } from "./queries.ts";

type LinkRow = typeof schema.moduleLinks.$inferSelect;

const asObject = (v: unknown): Record<string, unknown> =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const num = (v: unknown) => Number(v ?? 0);

/** A module in the list shape (wire-facts §7). */
export function presentModule(m: ModuleStatsRow): Module {
  return {
    id: m.id,
    workspace_id: m.workspace,
    project_id: m.project,
    name: m.name,
    description: m.description,
    description_text: m.description_text ?? null,
    description_html: m.description_html,
    start_date: m.start_date,
    target_date: m.target_date,
    status: m.status as ModuleStatus,
    lead_id: m.lead,
    member_ids: m.member_ids ?? [],
    view_props: asObject(m.view_props),
    sort_order: num(m.sort_order),
    external_source: m.external_source,
    external_id: m.external_id,
    logo_props: asObject(m.logo_props),
    archived_at: iso(m.archived_at ? new Date(m.archived_at) : null),
    is_favorite: m.is_favorite,
    total_issues: num(m.total_issues),
    completed_issues: num(m.completed_issues),
    cancelled_issues: num(m.cancelled_issues),
    started_issues: num(m.started_issues),
    unstarted_issues: num(m.unstarted_issues),
    backlog_issues: num(m.backlog_issues),
    total_estimate_points: num(m.total_estimate_points),
    completed_estimate_points: num(m.completed_estimate_points),
    created_at: iso(new Date(m.created_at)),
    updated_at: iso(new Date(m.updated_at)),
    created_by: m.created_by,
  };
}

/** A module detail: the list shape, its links, estimate sums by state group and distributions. */
export function presentModuleDetail(
  m: ModuleStatsRow,
  links: LinkRow[],
  dist: Pick<ModuleDetail, "distribution" | "estimate_distribution">,
): ModuleDetail {
  return {
    ...presentModule(m),
    link_module: links.map(presentModuleLink),
    sub_issues: num(m.sub_issues),
    backlog_estimate_points: num(m.backlog_estimate_points),
    unstarted_estimate_points: num(m.unstarted_estimate_points),
    started_estimate_points: num(m.started_estimate_points),
    cancelled_estimate_points: num(m.cancelled_estimate_points),
    ...dist,
  };
}

export function presentModuleLink(l: LinkRow): ModuleLink {
  return {
    id: l.id,
    title: l.title,
    url: l.url,
    metadata: asObject(l.metadata),
    module: l.moduleId,
    module_id: l.moduleId,
    project: l.projectId,
    workspace: l.workspaceId,
    created_at: iso(l.createdAt),
    updated_at: iso(l.updatedAt),
    created_by: l.createdById,
    updated_by: l.updatedById,
  };
}
