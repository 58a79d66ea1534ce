import crypto from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { schema, type DbOrTx } from "../../db/client.ts";
import { errors, uniqueViolation } from "../../http/errors.ts";
import type { AppContext } from "../../core/context.ts";
import { encryptValue } from "../../core/instance-config.ts";
import { assertFetchable, OutboundError } from "../../core/safe-fetch.ts";
import { addJob } from "../../core/jobs.ts";
import { newWebhookSecret } from "./payload.ts";
import type { WebhookLogRow, WebhookRow } from "./presenters.ts";
import type { CreateWebhookBody, UpdateWebhookBody } from "./schemas.ts";

const { webhooks, webhookLogs } = schema;

/** The delivery task (jobs.ts): one attempt to send one body to one webhook. */
export const WEBHOOK_DELIVER_TASK = "webhooks:deliver";
export interface DeliverJob {
  webhook_id: string;
  delivery_id: string;
  event: string;
  action: string;
  /** The exact bytes sent (and signed), the same on every retry. */
  body: string;
  /** 0 for the first attempt. */
  retry: number;
}

/** Logs kept per webhook in the answer of the log endpoint. */
export const WEBHOOK_LOG_PAGE = 100;

export const DUPLICATE_URL = "URL already exists for the workspace";

export async function loadWebhook(db: DbOrTx, workspaceId: string, id: string): Promise<WebhookRow> {
  const [w] = await db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.id, id), eq(webhooks.workspaceId, workspaceId)))
    .limit(1);
  if (!w) throw errors.notFound();
  return w;
}

/** Where a webhook may point (Plane's messages): resolvable, and not internal unless the instance allows it. */
async function checkUrl(app: AppContext, url: string): Promise<void> {
  try {
    await assertFetchable(url, { allowPrivate: app.config.outboundAllowPrivate });
  } catch (e) {
    if (!(e instanceof OutboundError)) throw e;
    if (e.code === "dns") throw errors.field("url", "Invalid URL: Hostname could not be resolved.");
    if (e.code === "address") throw errors.field("url", "URL resolves to a blocked IP address.");
    throw errors.field("url", "Enter a valid URL.");
  }
}

function conflictOnDuplicate(err: unknown): unknown {
  return uniqueViolation(err) === "webhooks_workspace_url_uq" ? errors.conflict({ error: DUPLICATE_URL }) : err;
}

export async function createWebhook(
  app: AppContext,
  workspaceId: string,
  actorId: string,
  b: CreateWebhookBody,
): Promise<{ row: WebhookRow; secret: string }> {
  await checkUrl(app, b.url);
  const secret = newWebhookSecret();
  try {
    const [row] = await app.db
      .insert(webhooks)
      .values({
        workspaceId,
        url: b.url,
        isActive: b.is_active ?? true,
        secretKey: encryptValue(app.secretKey, secret),
        project: b.project ?? false,
        issue: b.issue ?? false,
        module: b.module ?? false,
        cycle: b.cycle ?? false,
        issueComment: b.issue_comment ?? false,
        createdById: actorId,
        updatedById: actorId,
      })
      .returning();
    return { row, secret };
  } catch (err) {
    throw conflictOnDuplicate(err);
  }
}

export async function updateWebhook(
  app: AppContext,
  w: WebhookRow,
  actorId: string,
  b: UpdateWebhookBody,
): Promise<WebhookRow> {
  if (b.url !== undefined && b.url !== w.url) await checkUrl(app, b.url);
  try {
    const [row] = await app.db
      .update(webhooks)
      .set({
        url: b.url,
        isActive: b.is_active,
        project: b.project,
        issue: b.issue,
        module: b.module,
        cycle: b.cycle,
        issueComment: b.issue_comment,
        updatedAt: new Date(),
        updatedById: actorId,
      })
      .where(eq(webhooks.id, w.id))
      .returning();
    return row;
  } catch (err) {
    throw conflictOnDuplicate(err);
  }
}

/** A new secret replaces the old one at once: deliveries from now on are signed with it. */
export async function regenerateSecret(
  app: AppContext,
  w: WebhookRow,
  actorId: string,
): Promise<{ row: WebhookRow; secret: string }> {
  const secret = newWebhookSecret();
  const [row] = await app.db
    .update(webhooks)
    .set({ secretKey: encryptValue(app.secretKey, secret), updatedAt: new Date(), updatedById: actorId })
    .where(eq(webhooks.id, w.id))
    .returning();
  return { row, secret };
}

export async function deleteWebhook(app: AppContext, w: WebhookRow): Promise<void> {
  await app.db.delete(webhooks).where(eq(webhooks.id, w.id));
}

export async function webhookLogsOf(db: DbOrTx, w: WebhookRow): Promise<WebhookLogRow[]> {
  return db
    .select()
    .from(webhookLogs)
    .where(eq(webhookLogs.webhookId, w.id))
    .orderBy(desc(webhookLogs.createdAt))
    .limit(WEBHOOK_LOG_PAGE);
}

/** Queue a delivery of `body` (a JSON text built for this webhook) as a durable job. */
export async function queueDelivery(
  tx: DbOrTx,
  w: Pick<WebhookRow, "id">,
  event: string,
  action: string,
  body: string,
  deliveryId = crypto.randomUUID(),
): Promise<string> {
  await addJob(
    tx,
    WEBHOOK_DELIVER_TASK,
    { webhook_id: w.id, delivery_id: deliveryId, event, action, body, retry: 0 } satisfies DeliverJob,
    { maxAttempts: 3 },
  );
  return deliveryId;
}
