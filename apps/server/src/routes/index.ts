import type { RouteModule } from "../http/route.ts";
import { agentRealtimeRoutes } from "./agent-realtime/index.ts";
import { apiTokenRoutes } from "./api-tokens/index.ts";
import { analyticsRoutes } from "./analytics/index.ts";
import { assetRoutes } from "./assets/index.ts";
import { authRoutes } from "./auth/index.ts";
import { oauthRoutes } from "./oauth/index.ts";
import { cycleRoutes } from "./cycles/index.ts";
import { environmentRoutes } from "./environments/index.ts";
import { agentRoutes } from "./agents/index.ts";
import { dashboardRoutes } from "./dashboard/index.ts";
import { estimateRoutes } from "./estimates/index.ts";
import { healthRoutes } from "./health/index.ts";
import { metricsRoutes } from "./metrics/index.ts";
import { intakeRoutes } from "./intake/index.ts";
import { publishRoutes } from "./publish/index.ts";
import { instanceRoutes } from "./instances/index.ts";
import { timezoneRoutes } from "./timezones/index.ts";
import { issueCommentRoutes } from "./issue-comments/index.ts";
import { issueDraftRoutes } from "./issue-drafts/index.ts";
import { issueTaskRoutes } from "./issue-tasks/index.ts";
import { issueListRoutes } from "./issue-lists/index.ts";
import { issueRoutes } from "./issues/index.ts";
import { labelRoutes } from "./labels/index.ts";
import { issueTypeRoutes } from "./issue-types/index.ts";
import { modelConfigRoutes } from "./model-configs/index.ts";
import { moduleRoutes } from "./modules/index.ts";
import { notificationRoutes } from "./notifications/index.ts";
import { pageRoutes } from "./pages/index.ts";
import { preferenceRoutes } from "./preferences/index.ts";
import { profileRoutes } from "./profiles/index.ts";
import { projectMemberRoutes } from "./project-members/index.ts";
import { projectRoutes } from "./projects/index.ts";
import { projectUpdateRoutes } from "./project-updates/index.ts";
import { quickLinkRoutes } from "./quick-links/index.ts";
import { recentVisitRoutes } from "./recent-visits/index.ts";
import { searchRoutes } from "./search/index.ts";
import { stateRoutes } from "./states/index.ts";
import { stickyRoutes } from "./stickies/index.ts";
import { teamspaceRoutes } from "./teamspaces/index.ts";
import { userFavoritesRoutes } from "./user-favorites/index.ts";
import { userPropertiesRoutes } from "./user-properties/index.ts";
import { userSecretRoutes } from "./user-secrets/index.ts";
import { usersRoutes } from "./users/index.ts";
import { userSessionRoutes } from "./users/sessions.ts";
import { mcpRoutes } from "./mcp/index.ts";
import { exportRoutes } from "./exports/index.ts";
import { v1Routes } from "./v1/index.ts";
import { viewRoutes } from "./views/index.ts";
import { webhookRoutes } from "./webhooks/index.ts";
import { importerRoutes } from "./importers/index.ts";
import { workflowRoutes } from "./workflows/index.ts";
import { workspaceInvitationsRoutes } from "./workspace-invitations/index.ts";
import { workspaceMembersRoutes } from "./workspace-members/index.ts";
import { workspacesRoutes } from "./workspaces/index.ts";
import { worklogRoutes } from "./worklogs/index.ts";

/**
 * Every resource folder exports one RouteModule from its index.ts; list it here. The list is not in alphabetical order;
 * routing does not depend on it (the router ranks static path segments before parameters, whatever the order).
 */
export const routeModules: RouteModule[] = [
  agentRealtimeRoutes,
  apiTokenRoutes,
  analyticsRoutes,
  assetRoutes,
  authRoutes,
  oauthRoutes,
  cycleRoutes,
  environmentRoutes,
  agentRoutes,
  dashboardRoutes,
  estimateRoutes,
  exportRoutes,
  healthRoutes,
  metricsRoutes,
  intakeRoutes,
  instanceRoutes,
  issueCommentRoutes,
  issueDraftRoutes,
  issueTaskRoutes,
  issueListRoutes,
  issueRoutes,
  labelRoutes,
  issueTypeRoutes,
  mcpRoutes,
  modelConfigRoutes,
  moduleRoutes,
  notificationRoutes,
  pageRoutes,
  preferenceRoutes,
  profileRoutes,
  projectMemberRoutes,
  projectRoutes,
  projectUpdateRoutes,
  publishRoutes,
  quickLinkRoutes,
  recentVisitRoutes,
  searchRoutes,
  stateRoutes,
  stickyRoutes,
  teamspaceRoutes,
  timezoneRoutes,
  userFavoritesRoutes,
  userPropertiesRoutes,
  userSecretRoutes,
  usersRoutes,
  userSessionRoutes,
  v1Routes,
  viewRoutes,
  webhookRoutes,
  importerRoutes,
  workflowRoutes,
  workspaceInvitationsRoutes,
  workspaceMembersRoutes,
  workspacesRoutes,
  worklogRoutes,
];
