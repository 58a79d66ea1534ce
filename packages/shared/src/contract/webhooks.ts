import { z } from "zod";
import { bool, MSG, requiredText } from "./fields.ts";
import type { AuditFields, Timestamp } from "./common.ts";

// ---------------------------------------------------------------- request bodies

export const WEBHOOK_URL_MAX = 1024;
export type { WebhookEvent } from "../webhooks.ts";

/** An absolute http(s) URL (where it may point is the server's SSRF check). */
export const webhookUrl = () =>
  requiredText(WEBHOOK_URL_MAX).refine((s) => {
    try {
      const u = new URL(s);
      return (u.protocol === "http:" || u.protocol === "https:") && !!u.hostname;
    } catch {
      return false;
    }
  }, MSG.url);

const flags = {
  is_active: bool().optional(),
  project: bool().optional(),
  issue: bool().optional(),
  module: bool().optional(),
  cycle: bool().optional(),
  issue_comment: bool().optional(),
};

/** POST W/webhooks/. */
export const createWebhookBody = z.object({ url: webhookUrl(), ...flags });
export type CreateWebhookBody = z.infer<typeof createWebhookBody>;

/** PATCH W/webhooks/{id}/. */
export const updateWebhookBody = z.object({ url: webhookUrl().optional(), ...flags });
export type UpdateWebhookBody = z.infer<typeof updateWebhookBody>;

// ---------------------------------------------------------------- responses

/** Webhook (wire-facts §9). `secret_key` only in the answers of create and regenerate. */
export interface Webhook extends AuditFields {
  id: string;
  url: string;
  is_active: boolean;
  secret_key?: string;
  project: boolean;
  issue: boolean;
  module: boolean;
  cycle: boolean;
  issue_comment: boolean;
  is_internal: boolean;
  version: string;
  workspace: string;
}

/** One delivery attempt (GET W/webhook-logs/{id}/), newest first. */
export interface WebhookLog extends AuditFields {
  id: string;
  workspace: string;
  webhook: string;
  delivery_id: string;
  event_type: string;
  action: string;
  request_method: string;
  request_headers: Record<string, string>;
  request_body: string;
  response_status: number | null;
  response_headers: Record<string, string> | null;
  response_body: string | null;
  error: string | null;
  duration_ms: number;
  retry_count: number;
  next_retry_at: Timestamp | null;
}

/** POST W/webhooks/{id}/test/: the delivery queued. */
export interface WebhookTestQueued {
  message: string;
  delivery_id: string;
}
