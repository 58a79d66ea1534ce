// The importers' background jobs: reading a GitHub repository (analyze) and the run that makes the work items.
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { ImportMapping, ImportSummary } from "@stride/shared/contract";
import type { PropertyKind } from "@stride/shared";
import { schema, type DbOrTx } from "../../db/client.ts";
import type { AppContext } from "../../core/context.ts";
import type { ProjectRow } from "../../http/route.ts";
import { HttpError } from "../../http/errors.ts";
import { open } from "../../core/crypto-box.ts";
import { sanitizeHtml } from "../../core/sanitize.ts";
import type { JobInfo } from "../../core/jobs.ts";
import { createIssue, updateIssue, type IssueFields } from "../issues/commands.ts";
import { createComment } from "../issue-comments/commands.ts";
import { createLabel } from "../labels/commands.ts";
import type { SourceItem } from "./source.ts";
import { GithubError, readGithub } from "./github.ts";
import { sourcePropertyValue, type MappingMember, type PropertyTarget } from "./mapping.ts";
import { keptValues } from "../../domain/item-properties.ts";
import {
  ANALYZE_TASK,
  importableProperties,
  mappingTargets,
  MAX_ATTEMPTS,
  projectOf,
  RUN_TASK,
  toMapping,
} from "./commands.ts";

const T = schema.importers;

async function fail(app: AppContext, id: string, message: string) {
  await app.db
    .update(T)
    .set({ status: "failed", error: message, tokenSealed: null, finishedAt: new Date(), updatedAt: new Date() })
    .where(eq(T.id, id));
}

const lastAttempt = (job: JobInfo) => job.attempts >= job.maxAttempts;

async function analyze(app: AppContext, importerId: string, job: JobInfo) {
  const [row] = await app.db.select().from(T).where(eq(T.id, importerId)).limit(1);
  if (!row || row.status !== "analyzing" || row.service !== "github") return;
  const cfg = row.config as { owner: string; repo: string };
  try {
    const parsed = await readGithub({
      apiBase: app.config.githubApiBase,
      token: open(app.secretKey, "importer-token", row.tokenSealed),
      owner: cfg.owner,
      repo: cfg.repo,
      allowPrivate: app.config.outboundAllowPrivate,
    });
    await toMapping(app.db, row, parsed);
  } catch (e) {
    if (e instanceof GithubError) return fail(app, row.id, e.message);
    if (lastAttempt(job)) await fail(app, row.id, "The repository could not be read.");
    throw e;
  }
}

// ---------------------------------------------------------------- the run

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** The project's labels by lower-case name, creating the missing ones through the label command. */
async function ensureLabels(
  app: AppContext,
  project: ProjectRow,
  actorId: string,
  items: readonly SourceItem[],
  summary: ImportSummary,
) {
  const byName = new Map<string, string>();
  const read = async () => {
    const rows = await app.db
      .select({ id: schema.labels.id, name: schema.labels.name })
      .from(schema.labels)
      .where(eq(schema.labels.projectId, project.id));
    for (const l of rows) byName.set(l.name.toLowerCase(), l.id);
  };
  await read();
  const wanted = new Map<string, { name: string; color: string }>();
  for (const it of items)
    for (const l of it.labels) if (!wanted.has(l.name.toLowerCase())) wanted.set(l.name.toLowerCase(), l);
  for (const [lower, l] of wanted) {
    if (byName.has(lower)) continue;
    try {
      const color = /^#[0-9a-fA-F]{6}$/.test(l.color) ? l.color : "";
      const row = await createLabel(app, project, actorId, { name: l.name.slice(0, 255), color });
      byName.set(lower, row.id);
      summary.labels_created++;
    } catch {
      await read(); // made meanwhile under another spelling of the name
    }
  }
  return byName;
}

async function existingItems(db: DbOrTx, projectId: string, source: string) {
  const rows = await db
    .select()
    .from(schema.issues)
    .where(
      and(
        eq(schema.issues.projectId, projectId),
        eq(schema.issues.externalSource, source),
        isNull(schema.issues.deletedAt),
      ),
    );
  return new Map(rows.filter((r) => r.externalId).map((r) => [r.externalId!, r]));
}

/** How the run turns mapped source fields into property values (issue #29). */
interface PropertyPlan {
  targets: Map<string, PropertyTarget>;
  members: MappingMember[];
}

/** An item's mapped fields as raw property values, checked by the work-item commands like any other value. */
function itemPropertyValues(
  it: SourceItem,
  mapping: ImportMapping,
  plan: PropertyPlan,
): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [field, pid] of Object.entries(mapping.properties ?? {})) {
    const raw = it.fields?.[field];
    const target = plan.targets.get(pid);
    if (raw && target) out[pid] = sourcePropertyValue(target, raw, plan.members);
  }
  return out;
}

async function importItem(
  app: AppContext,
  project: ProjectRow,
  actorId: string,
  source: string,
  it: SourceItem,
  mapping: ImportMapping,
  labels: Map<string, string>,
  existing: Map<string, typeof schema.issues.$inferSelect>,
  plan: PropertyPlan,
): Promise<{ id: string; outcome: "created" | "updated" | "unchanged"; comments: number }> {
  const html = sanitizeHtml(it.description_html);
  const values = itemPropertyValues(it, mapping, plan);
  const fields: IssueFields & { name: string } = {
    name: it.name,
    description_html: html,
    priority: it.priority,
    state_id: mapping.states[it.status] ?? null,
    label_ids: [...new Set(it.labels.map((l) => labels.get(l.name.toLowerCase())).filter((id): id is string => !!id))],
    assignee_ids: [...new Set(it.assignees.map((a) => mapping.users[a]).filter((id): id is string => !!id))],
    external_source: source,
    external_id: it.external_id,
  };
  return app.db.transaction(async (tx) => {
    const cur = existing.get(it.external_id);
    let issueRow;
    let outcome: "created" | "updated" | "unchanged" = "created";
    if (!cur) {
      issueRow = await createIssue(tx, project, actorId, {
        ...fields,
        ...(Object.keys(values).length ? { property_values: values } : {}),
      });
    } else {
      const patch: IssueFields = {};
      if (cur.name !== fields.name) patch.name = fields.name;
      if (cur.descriptionHtml !== html) patch.description_html = html;
      if (cur.priority !== fields.priority) patch.priority = fields.priority;
      if (fields.state_id && cur.stateId !== fields.state_id) patch.state_id = fields.state_id;
      if (!sameSet(cur.labelIds, fields.label_ids!)) patch.label_ids = fields.label_ids;
      if (!sameSet(cur.assigneeIds, fields.assignee_ids!)) patch.assignee_ids = fields.assignee_ids;
      if (Object.keys(values).length) {
        // only the values that differ from the kept ones (a re-run of the same file changes nothing)
        const kept = await keptValues(tx, cur.id);
        const changed = Object.fromEntries(
          Object.entries(values).filter(
            ([pid, v]) => JSON.stringify(kept[pid] ?? []) !== JSON.stringify(Array.isArray(v) ? v : [v]),
          ),
        );
        if (Object.keys(changed).length) patch.property_values = changed;
      }
      if (Object.keys(patch).length > 0) {
        issueRow = await updateIssue(tx, project, actorId, cur.id, patch);
        outcome = "updated";
      } else {
        issueRow = cur;
        outcome = "unchanged";
      }
    }
    const comments = await importComments(tx, issueRow, it, mapping, source, actorId);
    return { id: issueRow.id, outcome, comments };
  });
}

/** The item's comments not imported before (a re-run adds only new ones); how many were added. */
async function importComments(
  tx: DbOrTx,
  issueRow: typeof schema.issues.$inferSelect,
  it: SourceItem,
  mapping: ImportMapping,
  source: string,
  actorId: string,
): Promise<number> {
  if (it.comments.length === 0) return 0;
  let comments = 0;
  const have = new Set(
    (
      await tx
        .select({ e: schema.issueComments.externalId })
        .from(schema.issueComments)
        .where(and(eq(schema.issueComments.issueId, issueRow.id), eq(schema.issueComments.externalSource, source)))
    ).map((c) => c.e),
  );
  for (const c of it.comments) {
    if (have.has(c.external_id)) continue;
    const author = (c.author && mapping.users[c.author]) || actorId;
    await createComment(tx, issueRow, author, {
      comment_html: sanitizeHtml(c.html),
      external_source: source,
      external_id: c.external_id,
      access: "INTERNAL",
    });
    comments++;
  }
  return comments;
}

/** Why an item failed: a refusal's field messages ("property_values: Story points: …"), else the error's text. */
function failReason(e: unknown): string {
  if (e instanceof HttpError && e.body && typeof e.body === "object" && !("error" in e.body)) {
    const parts = Object.entries(e.body as Record<string, unknown>).map(
      ([k, v]) => `${k}: ${Array.isArray(v) ? v.join(" ") : String(v)}`,
    );
    if (parts.length) return parts.join("; ").slice(0, 300);
  }
  return e instanceof Error ? e.message.slice(0, 300) : "failed";
}

/** The properties the mapping fills, with their active options, and the members a person value may name. */
async function propertyPlan(app: AppContext, project: ProjectRow, mapping: ImportMapping): Promise<PropertyPlan> {
  const mapped = new Set(Object.values(mapping.properties ?? {}));
  return {
    targets: new Map(
      mapped.size
        ? (await importableProperties(app.db, project))
            .filter((p) => mapped.has(p.id))
            .map((p) => [
              p.id,
              { id: p.id, kind: p.kind as PropertyKind, options: p.options.filter((o) => o.isActive) },
            ])
        : [],
    ),
    members: mapped.size ? (await mappingTargets(app.db, project.id)).members : [],
  };
}

/** Set each item's parent (when the file names one and both were imported), unless it is already that one. */
async function linkParents(
  app: AppContext,
  project: ProjectRow,
  actorId: string,
  items: SourceItem[],
  ids: Map<string, string>,
  unchanged: Set<string>,
  summary: ImportSummary,
): Promise<void> {
  const withParent = items.filter((it) => it.parent && ids.has(it.external_id) && ids.has(it.parent));
  if (withParent.length === 0) return;
  const childIds = withParent.map((it) => ids.get(it.external_id)!);
  const cur = new Map(
    (
      await app.db
        .select({ id: schema.issues.id, parentId: schema.issues.parentId })
        .from(schema.issues)
        .where(inArray(schema.issues.id, childIds))
    ).map((r) => [r.id, r.parentId]),
  );
  for (const it of withParent) {
    const id = ids.get(it.external_id)!;
    const parentId = ids.get(it.parent!)!;
    if (cur.get(id) === parentId) continue;
    try {
      await app.db.transaction((tx) => updateIssue(tx, project, actorId, id, { parent_id: parentId }));
      if (unchanged.has(it.external_id)) {
        summary.unchanged--;
        summary.updated++;
      }
    } catch (e) {
      summary.failed.push({
        external_id: it.external_id,
        name: it.name,
        reason: `parent: ${e instanceof Error ? e.message.slice(0, 300) : "failed"}`,
      });
    }
  }
}

async function run(app: AppContext, importerId: string, job: JobInfo) {
  const [row] = await app.db.select().from(T).where(eq(T.id, importerId)).limit(1);
  if (!row || (row.status !== "queued" && row.status !== "running")) return;
  const project = await projectOf(app.db, row.workspaceId, row.projectId);
  if (!project) return fail(app, row.id, "The project is archived or gone.");
  const actorId = row.updatedById ?? row.createdById!;
  const items = (row.items ?? []) as SourceItem[];
  const mapping = row.mapping as ImportMapping;
  const source = row.service;
  const summary: ImportSummary = {
    created: 0,
    updated: 0,
    unchanged: 0,
    comments_created: 0,
    labels_created: 0,
    failed: [],
  };
  await app.db
    .update(T)
    .set({ status: "running", startedAt: new Date(), done: 0, total: items.length, updatedAt: new Date() })
    .where(eq(T.id, row.id));
  try {
    const labels = await ensureLabels(app, project, actorId, items, summary);
    const plan = await propertyPlan(app, project, mapping);
    const existing = await existingItems(app.db, project.id, source);
    const ids = new Map<string, string>();
    const unchanged = new Set<string>();
    let lastProgress = 0;
    for (let n = 0; n < items.length; n++) {
      const it = items[n];
      try {
        const r = await importItem(app, project, actorId, source, it, mapping, labels, existing, plan);
        ids.set(it.external_id, r.id);
        summary[r.outcome]++;
        summary.comments_created += r.comments;
        if (r.outcome === "unchanged") unchanged.add(it.external_id);
      } catch (e) {
        summary.failed.push({ external_id: it.external_id, name: it.name, reason: failReason(e) });
      }
      if (Date.now() - lastProgress > 250 || n === items.length - 1) {
        lastProgress = Date.now();
        await app.db
          .update(T)
          .set({ done: n + 1, updatedAt: new Date() })
          .where(eq(T.id, row.id));
      }
    }
    // Parents last: every item exists by now, whatever the file's order.
    await linkParents(app, project, actorId, items, ids, unchanged, summary);
    await app.db
      .update(T)
      .set({
        status: "completed",
        summary,
        done: items.length,
        tokenSealed: null,
        finishedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(T.id, row.id));
  } catch (e) {
    if (lastAttempt(job))
      await fail(app, row.id, "The import stopped on an error; running it again continues where it stopped.");
    throw e;
  }
}

export function registerImporterJobs(app: AppContext): void {
  app.jobs.register<{ importerId: string }>(ANALYZE_TASK, (p, job) => analyze(app, p.importerId, job), {
    maxAttempts: MAX_ATTEMPTS,
  });
  app.jobs.register<{ importerId: string }>(RUN_TASK, (p, job) => run(app, p.importerId, job), {
    maxAttempts: MAX_ATTEMPTS,
  });
}
