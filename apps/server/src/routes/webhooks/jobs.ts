import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { WebhookEvent } from "@stride/shared/contract";
import { schema, type DbOrTx } from "../../db/client.ts";
import type { AppContext } from "../../core/context.ts";
import { activityJobPlanners, type ActivityJobPlanner } from "../../domain/activity.ts";
import { decryptValue } from "../../core/instance-config.ts";
import { presentUserLite } from "../../http/present.ts";
import { OutboundError, safeFetch } from "../../core/safe-fetch.ts";
import { addJob } from "../../core/jobs.ts";
import {
  eventsOfActivity,
  plannedWebhookJobs,
  WEBHOOK_EVENT_TASK,
  type WebhookChange,
  type WebhookEventJob,
} from "../../domain/webhook-events.ts";
import { loadIssueView } from "../issues/queries.ts";
import { presentIssue } from "../issues/presenters.ts";
import { presentProjectColumns } from "../projects/presenters.ts";
import { cycleCounts } from "../cycles/queries.ts";
import { presentCycle } from "../cycles/presenters.ts";
import { selectModules } from "../modules/queries.ts";
import { presentModule } from "../modules/presenters.ts";
import { presentComments } from "../issue-comments/presenters.ts";
import {
  planeJson,
  RESPONSE_EXCERPT_BYTES,
  retryDelayMs,
  signBody,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_TIMEOUT_MS,
} from "./payload.ts";
import { queueDelivery, WEBHOOK_DELIVER_TASK, type DeliverJob } from "./commands.ts";
import type { WebhookRow } from "./presenters.ts";

const { webhooks, webhookLogs } = schema;

/** Work-item and comment activity → `webhooks:event` jobs in the writing transaction (like notifications). */
const planWebhookEvents: ActivityJobPlanner = (rows) => plannedWebhookJobs(eventsOfActivity(rows));

export function registerWebhookJobs(app: AppContext): void {
  if (!activityJobPlanners.includes(planWebhookEvents)) activityJobPlanners.push(planWebhookEvents);
  app.jobs.register<WebhookEventJob>(WEBHOOK_EVENT_TASK, (job) => fanOut(app, job), { maxAttempts: 5 });
  app.jobs.register<DeliverJob>(WEBHOOK_DELIVER_TASK, (job) => deliver(app, job), { maxAttempts: 3 });
}

const NIL = "00000000-0000-0000-0000-000000000000";

/** The entity as the body's `data` (the app's own presenters), or null when it is gone. */
async function entityData(db: DbOrTx, event: WebhookEvent, id: string): Promise<object | null> {
  switch (event) {
    case "issue": {
      const v = await loadIssueView(db, id);
      return v ? presentIssue(v) : null;
    }
    case "project": {
      const [p] = await db.select().from(schema.projects).where(eq(schema.projects.id, id));
      return p ? presentProjectColumns(p) : null;
    }
    case "cycle": {
      const [row] = await db
        .select({ c: schema.cycles, tz: schema.projects.timezone })
        .from(schema.cycles)
        .innerJoin(schema.projects, eq(schema.projects.id, schema.cycles.projectId))
        .where(eq(schema.cycles.id, id));
      if (!row) return null;
      const counts = await cycleCounts(db, [id]);
      return presentCycle(row.c, { counts: counts.get(id)!, isFavorite: false, timeZone: row.tz, now: new Date() });
    }
    case "module": {
      const [m] = await selectModules(db, sql`m.id = ${id}`, NIL, "all");
      return m ? presentModule(m) : null;
    }
    case "issue_comment": {
      const [row] = await db
        .select({ c: schema.issueComments, p: schema.projects, w: schema.workspaces })
        .from(schema.issueComments)
        .innerJoin(schema.projects, eq(schema.projects.id, schema.issueComments.projectId))
        .innerJoin(schema.workspaces, eq(schema.workspaces.id, schema.issueComments.workspaceId))
        .where(eq(schema.issueComments.id, id));
      if (!row) return null;
      const [c] = await presentComments(db, [row.c], row.p, row.w);
      return c ?? null;
    }
  }
}

/** The body of one delivery, keys in wire-facts §13's order, written as Plane writes JSON. */
export function webhookBody(p: {
  event: string;
  action: string;
  webhookId: string;
  workspaceId: string;
  data: unknown;
  activity: Record<string, unknown>;
}): string {
  return planeJson({
    event: p.event,
    action: p.action,
    webhook_id: p.webhookId,
    workspace_id: p.workspaceId,
    data: p.data,
    activity: p.activity,
  });
}

const NO_CHANGE: WebhookChange = {
  field: null,
  new_value: null,
  old_value: null,
  old_identifier: null,
  new_identifier: null,
};

async function actorLite(db: DbOrTx, actorId: string | null) {
  if (!actorId) return null;
  const [u] = await db.select().from(schema.users).where(eq(schema.users.id, actorId));
  return u ? presentUserLite(u) : null;
}

/** One event → one delivery job per active webhook listening for it and per changed field, in one transaction. */
async function fanOut(app: AppContext, job: WebhookEventJob): Promise<void> {
  await app.db.transaction(async (tx) => {
    const flag = {
      project: webhooks.project,
      issue: webhooks.issue,
      module: webhooks.module,
      cycle: webhooks.cycle,
      issue_comment: webhooks.issueComment,
    }[job.event];
    const targets = await tx
      .select({ id: webhooks.id })
      .from(webhooks)
      .where(and(eq(webhooks.workspaceId, job.workspace_id), eq(webhooks.isActive, true), eq(flag, true)));
    if (targets.length === 0) return;
    const data = job.action === "deleted" ? { id: job.entity_id } : await entityData(tx, job.event, job.entity_id);
    if (!data) return; // gone before the event was sent: its deletion (if any) is its own event
    const actor = await actorLite(tx, job.actor_id);
    // an agent's change: its bot is the actor, and the activity names the person it acted for
    const behalf = await actorLite(tx, job.on_behalf_of_id ?? null);
    const changes = job.changes.length ? job.changes : [NO_CHANGE];
    for (const w of targets) {
      for (const change of changes) {
        const activity = {
          field: change.field,
          new_value: change.new_value,
          old_value: change.old_value,
          actor,
          ...(behalf ? { on_behalf_of: behalf } : {}),
          old_identifier: change.old_identifier,
          new_identifier: change.new_identifier,
        };
        await queueDelivery(
          tx,
          w,
          job.event,
          job.action,
          webhookBody({
            event: job.event,
            action: job.action,
            webhookId: w.id,
            workspaceId: job.workspace_id,
            data,
            activity,
          }),
        );
      }
    }
  });
}

/** The test event of the "Send test event" button: a delivery like any other, with event and action `test`. */
export async function queueTestEvent(app: AppContext, w: WebhookRow, actorId: string): Promise<string> {
  const actor = await actorLite(app.db, actorId);
  const deliveryId = crypto.randomUUID();
  const data = { message: "This is a test event from Stride.", sent_at: new Date().toISOString() };
  const body = webhookBody({
    event: "test",
    action: "test",
    webhookId: w.id,
    workspaceId: w.workspaceId,
    data,
    activity: { ...NO_CHANGE, actor },
  });
  await queueDelivery(app.db, w, "test", "test", body, deliveryId);
  return deliveryId;
}

const headerRecord = (h: Record<string, string | string[] | undefined>) =>
  Object.fromEntries(
    Object.entries(h)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : String(v)]),
  );

/**
 * One attempt: sign the stored body with the webhook's current secret, POST it through the SSRF guard, log the
 * attempt, and on failure queue the next one after the backoff (up to WEBHOOK_MAX_ATTEMPTS). A webhook deleted
 * or turned off meanwhile gets nothing. A refused target is not retried: it would be refused again.
 */
async function deliver(app: AppContext, job: DeliverJob): Promise<void> {
  const [w] = await app.db.select().from(webhooks).where(eq(webhooks.id, job.webhook_id));
  if (!w || !w.isActive) return;
  const secret = decryptValue(app.secretKey, w.secretKey);
  const headers = {
    "Content-Type": "application/json",
    "User-Agent": "Autopilot",
    "X-Plane-Delivery": job.delivery_id,
    "X-Plane-Event": job.event,
    "X-Plane-Signature": signBody(secret, job.body),
  };
  const started = performance.now();
  let status: number | null = null;
  let responseHeaders: Record<string, string> | null = null;
  let responseBody: string | null = null;
  let error: string | null = null;
  let retryable = true;
  try {
    const res = await safeFetch(w.url, {
      method: "POST",
      headers,
      body: job.body,
      timeoutMs: WEBHOOK_TIMEOUT_MS,
      maxRedirects: 0,
      maxBytes: RESPONSE_EXCERPT_BYTES,
      truncate: true,
      allowPrivate: app.config.outboundAllowPrivate,
    });
    status = res.status;
    responseHeaders = headerRecord(res.headers);
    responseBody = res.text();
  } catch (e) {
    if (!(e instanceof OutboundError)) throw e;
    error = e.message;
    retryable = e.code === "timeout" || e.code === "network" || e.code === "dns";
  }
  const durationMs = Math.round(performance.now() - started);
  const ok = status !== null && status >= 200 && status < 300;
  const attempt = job.retry + 1;
  const next = !ok && retryable && attempt < WEBHOOK_MAX_ATTEMPTS ? new Date(Date.now() + retryDelayMs(attempt)) : null;
  await app.db.transaction(async (tx) => {
    await tx.insert(webhookLogs).values({
      workspaceId: w.workspaceId,
      webhookId: w.id,
      deliveryId: job.delivery_id,
      eventType: job.event,
      action: job.action,
      requestHeaders: headers,
      requestBody: job.body,
      responseStatus: status,
      responseHeaders,
      responseBody,
      error,
      durationMs,
      retryCount: job.retry,
      nextRetryAt: next,
    });
    if (next)
      await addJob(tx, WEBHOOK_DELIVER_TASK, { ...job, retry: attempt } satisfies DeliverJob, {
        runAt: next,
        maxAttempts: 3,
      });
  });
}
