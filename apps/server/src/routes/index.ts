import type { RouteModule } from "../core/route.ts";
import { analyticsRoutes } from "./analytics/index.ts";
import { assetRoutes } from "./assets/index.ts";
import { authRoutes } from "./auth/index.ts";
import { cycleRoutes } from "./cycles/index.ts";
import { estimateRoutes } from "./estimates/index.ts";
import { healthRoutes } from "./health/index.ts";
import { instanceRoutes } from "./instances/index.ts";
import { issueCommentRoutes } from "./issue-comments/index.ts";
import { issueDraftRoutes } from "./issue-drafts/index.ts";
import { issueTaskRoutes } from "./issue-tasks/index.ts";
import { issueListRoutes } from "./issue-lists/index.ts";
import { issueRoutes } from "./issues/index.ts";
import { labelRoutes } from "./labels/index.ts";
import { moduleRoutes } from "./modules/index.ts";
import { notificationRoutes } from "./notifications/index.ts";
import { profileRoutes } from "./profiles/index.ts";
import { projectMemberRoutes } from "./project-members/index.ts";
import { projectRoutes } from "./projects/index.ts";
import { searchRoutes } from "./search/index.ts";
import { stateRoutes } from "./states/index.ts";
import { userFavoritesRoutes } from "./user-favorites/index.ts";
import { userPropertiesRoutes } from "./user-properties/index.ts";
import { usersRoutes } from "./users/index.ts";
import { viewRoutes } from "./views/index.ts";
import { workspaceInvitationsRoutes } from "./workspace-invitations/index.ts";
import { workspaceMembersRoutes } from "./workspace-members/index.ts";
import { workspacesRoutes } from "./workspaces/index.ts";

/**
 * Every resource folder exports one RouteModule from its index.ts; list it here.
 * Keep this list alphabetical so parallel additions do not collide.
 */
export const routeModules: RouteModule[] = [
  analyticsRoutes,
  assetRoutes,
  authRoutes,
  cycleRoutes,
  estimateRoutes,
  healthRoutes,
  instanceRoutes,
  issueCommentRoutes,
  issueDraftRoutes,
  issueTaskRoutes,
  issueListRoutes,
  issueRoutes,
  labelRoutes,
  moduleRoutes,
  notificationRoutes,
  profileRoutes,
  projectMemberRoutes,
  projectRoutes,
  searchRoutes,
  stateRoutes,
  userFavoritesRoutes,
  userPropertiesRoutes,
  usersRoutes,
  viewRoutes,
  workspaceInvitationsRoutes,
  workspaceMembersRoutes,
  workspacesRoutes,
];
