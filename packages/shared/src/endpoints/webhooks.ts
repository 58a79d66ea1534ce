import type * as C from "../contract/index.ts";
import { endpoint, type In, WORKSPACE_API } from "./endpoint.ts";

/** Webhooks of a workspace (wire-facts §9): the secret comes only in the answers of create and regenerate. */
export const webhookEndpoints = {
  list: endpoint("GET", `${WORKSPACE_API}/webhooks/`).answers<C.Webhook[]>(),
  create: endpoint("POST", `${WORKSPACE_API}/webhooks/`).sends<In<typeof C.createWebhookBody>>().answers<C.Webhook>(),
  get: endpoint("GET", `${WORKSPACE_API}/webhooks/:webhookId/`).answers<C.Webhook>(),
  update: endpoint("PATCH", `${WORKSPACE_API}/webhooks/:webhookId/`)
    .sends<In<typeof C.updateWebhookBody>>()
    .answers<C.Webhook>(),
  remove: endpoint("DELETE", `${WORKSPACE_API}/webhooks/:webhookId/`).answers<void>(),
  regenerate: endpoint("POST", `${WORKSPACE_API}/webhooks/:webhookId/regenerate/`).answers<C.Webhook>(),
  test: endpoint("POST", `${WORKSPACE_API}/webhooks/:webhookId/test/`).answers<C.WebhookTestQueued>(),
  logs: endpoint("GET", `${WORKSPACE_API}/webhook-logs/:webhookId/`).answers<C.WebhookLog[]>(),
};
