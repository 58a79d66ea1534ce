import { webhookEndpoints } from "@stride/shared/endpoints";
import { route, type RouteModule } from "../../http/route.ts";
import { PERMISSIONS } from "../../http/policies.ts";
import { schema } from "../../db/client.ts";
import { asc, eq } from "drizzle-orm";
import { slugParams } from "../../http/fields.ts";
import { errors } from "../../http/errors.ts";
import { createWebhookBody, updateWebhookBody, webhookParams } from "./schemas.ts";
import { presentWebhook, presentWebhookLog } from "./presenters.ts";
import {
  createWebhook,
  deleteWebhook,
  loadWebhook,
  regenerateSecret,
  updateWebhook,
  webhookLogsOf,
} from "./commands.ts";
import { queueTestEvent } from "./jobs.ts";

/**
 * Webhooks (wire-facts §9, platform.md §7): workspace admins only. The secret is shown in the answers of create
 * and regenerate only; deliveries are jobs (jobs.ts), each attempt logged (`W/webhook-logs/{id}/`).
 */
export const webhookRoutes: RouteModule = (fastify, app) => {
  const load = ({ workspace, params }: { workspace: { id: string }; params: { webhookId: string } }) =>
    loadWebhook(app.db, workspace.id, params.webhookId);

  route(fastify, app, {
    endpoint: webhookEndpoints.list,
    params: slugParams,
    scope: "workspace",
    policy: PERMISSIONS.webhook.view,
    handler: async ({ workspace }) => {
      const rows = await app.db
        .select()
        .from(schema.webhooks)
        .where(eq(schema.webhooks.workspaceId, workspace.id))
        .orderBy(asc(schema.webhooks.createdAt));
      return rows.map((w) => presentWebhook(w));
    },
  });

  route(fastify, app, {
    endpoint: webhookEndpoints.create,
    params: slugParams,
    body: createWebhookBody,
    scope: "workspace",
    policy: PERMISSIONS.webhook.create,
    status: 201,
    handler: async ({ workspace, user, body }) => {
      const { row, secret } = await createWebhook(app, workspace.id, user.id, body);
      return presentWebhook(row, secret);
    },
  });

  route(fastify, app, {
    endpoint: webhookEndpoints.get,
    params: webhookParams,
    scope: "workspace",
    load,
    policy: PERMISSIONS.webhook.view,
    handler: async ({ loaded }) => presentWebhook(loaded),
  });

  route(fastify, app, {
    endpoint: webhookEndpoints.update,
    params: webhookParams,
    body: updateWebhookBody,
    scope: "workspace",
    load,
    policy: PERMISSIONS.webhook.edit,
    handler: async ({ loaded, user, body }) => presentWebhook(await updateWebhook(app, loaded, user.id, body)),
  });

  route(fastify, app, {
    endpoint: webhookEndpoints.remove,
    params: webhookParams,
    scope: "workspace",
    load,
    policy: PERMISSIONS.webhook.delete,
    status: 204,
    handler: async ({ loaded }) => {
      await deleteWebhook(app, loaded);
    },
  });

  route(fastify, app, {
    endpoint: webhookEndpoints.regenerate,
    params: webhookParams,
    scope: "workspace",
    load,
    policy: PERMISSIONS.webhook.edit,
    handler: async ({ loaded, user }) => {
      const { row, secret } = await regenerateSecret(app, loaded, user.id);
      return presentWebhook(row, secret);
    },
  });

  route(fastify, app, {
    endpoint: webhookEndpoints.test,
    params: webhookParams,
    scope: "workspace",
    load,
    policy: PERMISSIONS.webhook.edit,
    handler: async ({ loaded, user }) => {
      if (!loaded.isActive) throw errors.badRequest("The webhook is not active. Activate it to send a test event.");
      return { message: "Test event queued", delivery_id: await queueTestEvent(app, loaded, user.id) };
    },
  });

  route(fastify, app, {
    endpoint: webhookEndpoints.logs,
    params: webhookParams,
    scope: "workspace",
    load,
    policy: PERMISSIONS.webhook.view,
    handler: async ({ loaded }) => (await webhookLogsOf(app.db, loaded)).map(presentWebhookLog),
  });
};
