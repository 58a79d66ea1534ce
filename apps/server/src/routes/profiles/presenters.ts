import type { Activity, UserProfileProject, UserProfileStats, UserProfileSummary } from "@stride/shared/contract";
import { assetUrl, iso } from "../../http/present.ts";
import type { ProjectRow, UserRow, WorkspaceRow } from "../../http/route.ts";
import { presentActivity } from "../issues/presenters.ts";
import type { ActivityRow, ProjectDataRow, StatsRow } from "./queries.ts";

type IssueRow = Parameters<typeof presentActivity>[1]["issue"];

export function presentStats(r: StatsRow): UserProfileStats {
  return {
    state_distribution: r.state_distribution,
    priority_distribution: r.priority_distribution,
    created_issues: r.created_issues,
    assigned_issues: r.assigned_issues,
    completed_issues: r.completed_issues,
    pending_issues: r.pending_issues,
    subscribed_issues: r.subscribed_issues,
    present_cycles: r.present_cycles,
    upcoming_cycles: r.upcoming_cycles,
  };
}

export function presentProfile(
  user: UserRow,
  role: number,
  projects: ProjectDataRow[],
  callerRole: number,
): UserProfileSummary {
  return {
    project_data: projects.map((p): UserProfileProject => ({
      id: p.id,
      name: p.name,
      identifier: p.identifier,
      logo_props: p.logo_props,
      created_issues: p.created_issues,
      assigned_issues: p.assigned_issues,
      completed_issues: p.completed_issues,
      pending_issues: p.pending_issues,
    })),
    user_data: {
      id: user.id,
      // guests see user-lite only (as in the members list)
      email: callerRole > 5 ? user.email : null,
      first_name: user.firstName,
      last_name: user.lastName,
      avatar_url: assetUrl(user.avatarAssetId, user.avatar),
      cover_image_url: assetUrl(user.coverImageAssetId, user.coverImage),
      date_joined: iso(user.dateJoined)!,
      user_timezone: user.userTimezone,
      display_name: user.displayName,
      role,
    },
  };
}

export function presentActivities(
  rows: ActivityRow[],
  rel: {
    actor: UserRow;
    issues: Map<string, NonNullable<IssueRow>>;
    projects: Map<string, ProjectRow>;
    people: Map<string, UserRow>;
    workspace: WorkspaceRow;
  },
): Activity[] {
  return rows.map((a) =>
    presentActivity(a, {
      actor: rel.actor,
      onBehalfOf: a.onBehalfOfId ? rel.people.get(a.onBehalfOfId) : null,
      issue: a.issueId ? rel.issues.get(a.issueId) : null,
      project: rel.projects.get(a.projectId),
      workspace: rel.workspace,
    }),
  );
}
