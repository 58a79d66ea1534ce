import { profileEndpoints } from "@stride/shared/endpoints";
import { and, eq } from "drizzle-orm";
import { route, type RouteModule, type ScopeCtx } from "../../http/route.ts";
import { PERMISSIONS } from "../../http/policies.ts";
import { errors } from "../../http/errors.ts";
import { envelope, parsePage } from "../../http/pagination.ts";
import { safeTimeZone } from "../../domain/work-item-list/index.ts";
import { schema } from "../../db/client.ts";
import { activityExportBody, activityQuery, userParams } from "./schemas.ts";
import { activityRelations, profileActivity, profileProjects, profileStats } from "./queries.ts";
import { presentActivities, presentProfile, presentStats } from "./presenters.ts";
import { activityCsv } from "./csv.ts";

/** Activity rows one export holds at most. */
const EXPORT_LIMIT = 10_000;
const ACTIVITY_PAGE = 50;

/** The person `:userId` must belong to the workspace (any role; a departed member's profile stays readable). */
async function loadPerson(ctx: ScopeCtx<{ userId: string }>) {
  const WM = schema.workspaceMembers;
  const [row] = await ctx.app.db
    .select({ user: schema.users, role: WM.role })
    .from(WM)
    .innerJoin(schema.users, eq(schema.users.id, WM.memberId))
    .where(and(eq(WM.workspaceId, ctx.workspace.id), eq(WM.memberId, ctx.params.userId)))
    .limit(1);
  if (!row) throw errors.notFound("User not found");
  return row;
}

/**
 * People's profiles in a workspace (platform.md §7): their stats, summary per project and activity, counted
 * over what the caller may see. Their work-item tabs are `W/user-issues/{userId}/` on the list engine.
 */
export const profileRoutes: RouteModule = (fastify, app) => {
  route(fastify, app, {
    endpoint: profileEndpoints.stats,
    scope: "workspace",
    params: userParams,
    policy: PERMISSIONS.profile.view,
    load: loadPerson,
    handler: async (ctx) => {
      const viewer = { userId: ctx.user.id, timezone: safeTimeZone(ctx.user.userTimezone) };
      return presentStats(await profileStats(ctx.app, ctx.workspace.id, ctx.loaded.user.id, viewer));
    },
  });

  route(fastify, app, {
    endpoint: profileEndpoints.summary,
    scope: "workspace",
    params: userParams,
    policy: PERMISSIONS.profile.view,
    load: loadPerson,
    handler: async (ctx) => {
      const projects = await profileProjects(ctx.app, ctx.workspace.id, ctx.loaded.user.id, ctx.user.id);
      return presentProfile(ctx.loaded.user, ctx.loaded.role, projects, ctx.workspaceMember?.role ?? 0);
    },
  });

  route(fastify, app, {
    endpoint: profileEndpoints.activity,
    scope: "workspace",
    params: userParams,
    query: activityQuery,
    policy: PERMISSIONS.profile.view,
    load: loadPerson,
    handler: async (ctx) => {
      const page = parsePage(ctx.query, ACTIVITY_PAGE);
      const { rows, total } = await profileActivity(ctx.app.db, ctx.workspace.id, ctx.loaded.user.id, ctx.user.id, {
        limit: page.perPage,
        offset: page.offset,
      });
      const rel = await activityRelations(ctx.app.db, rows);
      const results = presentActivities(rows, { actor: ctx.loaded.user, ...rel, workspace: ctx.workspace });
      return envelope(page, total, results, results.length);
    },
  });

  // The same activity as a CSV file (optionally one day of it), newest first.
  route(fastify, app, {
    endpoint: profileEndpoints.exportActivity,
    scope: "workspace",
    params: userParams,
    body: activityExportBody,
    policy: PERMISSIONS.profile.view,
    load: loadPerson,
    handler: async (ctx) => {
      const { rows } = await profileActivity(ctx.app.db, ctx.workspace.id, ctx.loaded.user.id, ctx.user.id, {
        limit: EXPORT_LIMIT,
        offset: 0,
        day: ctx.body.date ?? null,
      });
      const rel = await activityRelations(ctx.app.db, rows);
      const name =
        `${ctx.loaded.user.displayName || "user"}-activity${ctx.body.date ? `-${ctx.body.date}` : ""}.csv`.replace(
          /[^\w.-]+/g,
          "_",
        );
      return ctx.reply
        .code(200)
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${name}"`)
        .send(activityCsv(rows, rel));
    },
  });
};
