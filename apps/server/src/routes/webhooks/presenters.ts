import type { Webhook, WebhookLog } from "@stride/shared/contract";
import type { schema } from "../../db/client.ts";
import { auditFields, iso } from "../../http/present.ts";

export type WebhookRow = typeof schema.webhooks.$inferSelect;
export type WebhookLogRow = typeof schema.webhookLogs.$inferSelect;

/** Webhook (wire-facts §9); `secret` (plain) only for the answers of create and regenerate. */
export function presentWebhook(w: WebhookRow, secret?: string): Webhook {
  return {
    id: w.id,
    url: w.url,
    is_active: w.isActive,
    ...(secret !== undefined ? { secret_key: secret } : {}),
    project: w.project,
    issue: w.issue,
    module: w.module,
    cycle: w.cycle,
    issue_comment: w.issueComment,
    is_internal: w.isInternal,
    version: w.version,
    workspace: w.workspaceId,
    ...auditFields(w),
  };
}

const strings = (v: unknown): Record<string, string> | null =>
  v && typeof v === "object" && !Array.isArray(v)
    ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, String(x)]))
    : null;

export function presentWebhookLog(l: WebhookLogRow): WebhookLog {
  return {
    id: l.id,
    workspace: l.workspaceId,
    webhook: l.webhookId,
    delivery_id: l.deliveryId,
    event_type: l.eventType,
    action: l.action,
    request_method: l.requestMethod,
    request_headers: strings(l.requestHeaders) ?? {},
    request_body: l.requestBody,
    response_status: l.responseStatus,
    response_headers: strings(l.responseHeaders),
    response_body: l.responseBody,
    error: l.error,
    duration_ms: l.durationMs,
    retry_count: l.retryCount,
    next_retry_at: iso(l.nextRetryAt),
    ...auditFields(l),
  };
}
