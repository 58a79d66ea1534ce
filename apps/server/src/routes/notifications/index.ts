import { notificationEndpoints } from "@stride/shared/endpoints";
import { NOTIFICATIONS_PAGE_SIZE } from "@stride/shared";
import type { RouteModule } from "../../http/route.ts";
import { route } from "../../http/route.ts";
import { PERMISSIONS } from "../../http/policies.ts";
import { slugParams } from "../../http/fields.ts";
import { envelope, parsePage } from "../../http/pagination.ts";
import { schema } from "../../db/client.ts";
import { eq } from "drizzle-orm";
import { markAllReadBody, notificationListQuery, notificationParams, updateNotificationBody } from "./schemas.ts";
import { presentNotification } from "./presenters.ts";
import {
  inboxWhere,
  listInbox,
  loadOwnNotification,
  markAllRead,
  setNotification,
  unreadCounts,
  type InboxRow,
} from "./commands.ts";

const present = (r: InboxRow) => presentNotification(r.n, r.by, r.behalf);

/**
 * The inbox (wire-facts §9, platform.md §7): a person's own notifications in a workspace — list with filters
 * (array, or the envelope when `per_page` and `cursor` are sent), unread counts, read / unread, archive /
 * unarchive, snooze, mark all read. Notifications are made by the job in ./jobs.ts from work-item activity.
 */
export const notificationRoutes: RouteModule = (fastify, app) => {
  const notificationRules = PERMISSIONS.notification;
  const loadOwn = ({
    workspace,
    user,
    params,
  }: {
    workspace: { id: string };
    user: { id: string };
    params: { notificationId: string };
  }) => loadOwnNotification(app.db, workspace.id, user.id, params.notificationId);

  route(fastify, app, {
    endpoint: notificationEndpoints.list,
    params: slugParams,
    query: notificationListQuery,
    scope: "workspace",
    policy: notificationRules.view,
    handler: async ({ workspace, user, query }) => {
      const where = inboxWhere(workspace.id, user.id, query);
      if (query.per_page && query.cursor) {
        const page = parsePage(query, NOTIFICATIONS_PAGE_SIZE);
        const { rows, total } = await listInbox(app.db, where, page.perPage, page.offset);
        return envelope(page, total, rows.map(present), rows.length);
      }
      return (await listInbox(app.db, where, 1000, 0)).rows.map(present);
    },
  });

  route(fastify, app, {
    endpoint: notificationEndpoints.unread,
    params: slugParams,
    scope: "workspace",
    policy: notificationRules.view,
    handler: ({ workspace, user }) => unreadCounts(app.db, workspace.id, user.id),
  });

  route(fastify, app, {
    endpoint: notificationEndpoints.markAllRead,
    params: slugParams,
    body: markAllReadBody,
    scope: "workspace",
    policy: notificationRules.edit,
    handler: async ({ workspace, user, body }) => {
      await markAllRead(app.db, workspace.id, user.id, body ?? {});
      return { message: "Successful" };
    },
  });

  route(fastify, app, {
    endpoint: notificationEndpoints.get,
    params: notificationParams,
    scope: "workspace",
    load: loadOwn,
    policy: notificationRules.view,
    handler: async ({ loaded }) => present(loaded),
  });

  route(fastify, app, {
    endpoint: notificationEndpoints.update,
    params: notificationParams,
    body: updateNotificationBody,
    scope: "workspace",
    load: loadOwn,
    policy: notificationRules.edit,
    handler: async ({ loaded, body, user }) => {
      if (body.snoozed_till === undefined) return present(loaded);
      return present(
        await setNotification(
          app.db,
          loaded,
          { snoozedTill: body.snoozed_till === null ? null : new Date(body.snoozed_till) },
          user.id,
        ),
      );
    },
  });

  route(fastify, app, {
    endpoint: notificationEndpoints.remove,
    params: notificationParams,
    scope: "workspace",
    load: loadOwn,
    policy: notificationRules.edit,
    status: 204,
    handler: async ({ loaded }) => {
      await app.db.delete(schema.notifications).where(eq(schema.notifications.id, loaded.n.id));
    },
  });

  for (const [set, clear, column] of [
    [notificationEndpoints.read, notificationEndpoints.markUnread, "readAt"],
    [notificationEndpoints.archive, notificationEndpoints.unarchive, "archivedAt"],
  ] as const) {
    route(fastify, app, {
      endpoint: set,
      params: notificationParams,
      scope: "workspace",
      load: loadOwn,
      policy: notificationRules.edit,
      handler: async ({ loaded, user }) =>
        present(await setNotification(app.db, loaded, { [column]: new Date() }, user.id)),
    });
    route(fastify, app, {
      endpoint: clear,
      params: notificationParams,
      scope: "workspace",
      load: loadOwn,
      policy: notificationRules.edit,
      handler: async ({ loaded, user }) => present(await setNotification(app.db, loaded, { [column]: null }, user.id)),
    });
  }
};
