import type { Teamspace, TeamspaceProject } from "@stride/shared/contract";
import { auditFields } from "../../http/present.ts";
import type { ProjectRow } from "../../http/route.ts";
import type { TeamspaceWithPeople } from "./queries.ts";

/** A teamspace (Plane's fields, with `lead_id`, `member_ids` and `project_ids` as Plane's web client reads them). */
export function presentTeamspace({ row: t, memberIds, projectIds, isMember }: TeamspaceWithPeople): Teamspace {
  return {
    id: t.id,
    workspace: t.workspaceId,
    name: t.name,
    description_html: t.descriptionHtml,
    description_stripped: t.descriptionStripped,
    description_json: t.descriptionJson as Record<string, unknown>,
    logo_props: t.logoProps as Record<string, unknown>,
    lead: t.leadId,
    lead_id: t.leadId,
    member_ids: memberIds,
    project_ids: projectIds,
    is_member: isMember,
    ...auditFields(t),
  };
}

/** A project of a teamspace, as its project list names it. */
export function presentTeamspaceProject(p: ProjectRow): TeamspaceProject {
  return {
    id: p.id,
    name: p.name,
    identifier: p.identifier,
    logo_props: p.logoProps as Record<string, unknown>,
    network: p.network,
  };
}
