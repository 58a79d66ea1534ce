/** People's profiles in a workspace (platform.md §7): `user-stats/`, `user-profile/`, `user-activity/`. */
import { z } from "zod";
import type { Activity } from "./work-items.ts";
import type { Paginated } from "./common.ts";

export interface ProfileCycleRef {
  cycle__name: string;
  cycle__id: string;
  cycle__project_id: string;
}

/** `W/user-stats/{userId}/`: the person's work the caller may see. */
export interface UserProfileStats {
  state_distribution: { state_group: string; state_count: number }[];
  priority_distribution: { priority: string; priority_count: number }[];
  created_issues: number;
  assigned_issues: number;
  completed_issues: number;
  pending_issues: number;
  subscribed_issues: number;
  present_cycles: ProfileCycleRef[];
  upcoming_cycles: ProfileCycleRef[];
}

export interface UserProfileProject {
  id: string;
  name: string;
  identifier: string;
  logo_props: unknown;
  created_issues: number;
  assigned_issues: number;
  completed_issues: number;
  pending_issues: number;
}

/** `W/user-profile/{userId}/`. */
export interface UserProfileSummary {
  project_data: UserProfileProject[];
  user_data: {
    id: string;
    email: string | null;
    first_name: string;
    last_name: string;
    avatar_url: string | null;
    cover_image_url: string | null;
    date_joined: string;
    user_timezone: string;
    display_name: string;
    role: number;
  };
}

/** `W/user-activity/{userId}/`: the person's work-item activity across the workspace, newest first. */
export type UserActivityPage = Paginated<Activity>;

/** POST W/user-activity/{userId}/export/: optionally one day ("YYYY-MM-DD", UTC) of activity; answers a CSV file. */
export const activityExportBody = z.object({ date: z.iso.date().optional().nullable() }).strict();
