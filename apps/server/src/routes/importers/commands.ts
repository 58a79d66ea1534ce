import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { CreateImportBody, ImportMapping, ImportSummary, StartImportBody } from "@stride/shared/contract";
import { schema, type DbOrTx } from "../../db/client.ts";
import type { AppContext } from "../../core/context.ts";
import type { ProjectRow } from "../../http/route.ts";
import { errors, HttpError } from "../../http/errors.ts";
import { open, seal } from "../../core/crypto-box.ts";
import { sanitizeHtml } from "../../core/sanitize.ts";
import type { JobInfo } from "../../core/jobs.ts";
import { createIssue, updateIssue, type IssueFields } from "../issues/commands.ts";
import { createComment } from "../issue-comments/commands.ts";
import { createLabel } from "../labels/commands.ts";
import { discover, type SourceItem } from "./source.ts";
import { JiraCsvError, parseJiraCsv } from "./jira.ts";
import { GithubError, readGithub } from "./github.ts";
import { sourcePropertyValue, suggestMapping, type MappingMember, type PropertyTarget } from "./mapping.ts";
import { keptValues, projectTypes, typeProperties } from "../../domain/item-properties.ts";
import type { PropertyKind } from "@stride/shared";
import { requireReadable } from "../../http/readable.ts";

const T = schema.importers;
export type ImporterRow = typeof T.$inferSelect;

export const ANALYZE_TASK = "importers:analyze";
export const RUN_TASK = "importers:run";
const MAX_ATTEMPTS = 3;

export async function loadImporter(db: DbOrTx, workspaceId: string, id: string): Promise<ImporterRow> {
  const [row] = await db
    .select()
    .from(T)
    .where(and(eq(T.id, id), eq(T.workspaceId, workspaceId)))
    .limit(1);
  if (!row) throw errors.notFound();
  return row;
}

async function projectOf(db: DbOrTx, workspaceId: string, projectId: string): Promise<ProjectRow | null> {
  const [p] = await db
    .select()
    .from(schema.projects)
    .where(
      and(
        eq(schema.projects.id, projectId),
        eq(schema.projects.workspaceId, workspaceId),
        isNull(schema.projects.archivedAt),
      ),
    )
    .limit(1);
  return p ?? null;
}

async function mappingTargets(db: DbOrTx, projectId: string) {
  const states = await db
    .select()
    .from(schema.states)
    .where(eq(schema.states.projectId, projectId))
    .orderBy(asc(schema.states.sequence));
  const members = await db
    .select({ id: schema.users.id, email: schema.users.email, displayName: schema.users.displayName })
    .from(schema.projectMembers)
    .innerJoin(schema.users, eq(schema.users.id, schema.projectMembers.memberId))
    .where(
      and(
        eq(schema.projectMembers.projectId, projectId),
        eq(schema.projectMembers.isActive, true),
        eq(schema.users.isBot, false),
      ),
    );
  return { states: states.map((s) => ({ id: s.id, name: s.name, group: s.group, isDefault: s.default })), members };
}

/** Store the items and what they use, with the suggested mapping: the import waits for the admin's mapping. */
async function toMapping(
  db: DbOrTx,
  row: Pick<ImporterRow, "id" | "projectId">,
  parsed: { items: SourceItem[]; users: Parameters<typeof discover>[1] },
) {
  const found = discover(parsed.items, parsed.users);
  const targets = await mappingTargets(db, row.projectId);
  await db
    .update(T)
    .set({
      status: "mapping",
      items: parsed.items,
      discovered: found,
      mapping: suggestMapping(found, targets.states, targets.members),
      total: parsed.items.length,
      done: 0,
      error: null,
      updatedAt: new Date(),
    })
    .where(eq(T.id, row.id));
}

/**
 * POST W/importers/: a Jira file is read at once (a file that is not a Jira export is a 400 on `csv`) and waits
 * for its mapping; a GitHub repository is read by the analyze job.
 */
export async function createImport(
  app: AppContext,
  workspaceId: string,
  actorId: string,
  body: CreateImportBody,
): Promise<ImporterRow> {
  const missing = () => errors.field("project_id", "Project not found in this workspace.");
  // a project the importing admin is in (core/readable.ts): outside it, a workspace admin adds no work items to it
  await requireReadable(app.db, { userId: actorId, workspaceId }, "project", [body.project_id], { error: missing });
  const project = await projectOf(app.db, workspaceId, body.project_id);
  if (!project) throw missing();
  if (body.service === "jira") {
    let parsed;
    try {
      parsed = parseJiraCsv(body.csv);
    } catch (e) {
      if (e instanceof JiraCsvError) throw errors.field("csv", e.message);
      throw e;
    }
    return app.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(T)
        .values({
          workspaceId,
          projectId: project.id,
          service: "jira",
          status: "analyzing",
          sourceLabel: body.file_name,
          createdById: actorId,
          updatedById: actorId,
        })
        .returning();
      await toMapping(tx, row, parsed);
      return loadImporter(tx, workspaceId, row.id);
    });
  }
  return app.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(T)
      .values({
        workspaceId,
        projectId: project.id,
        service: "github",
        status: "analyzing",
        sourceLabel: `${body.owner}/${body.repo}`,
        config: { owner: body.owner, repo: body.repo },
        tokenSealed: seal(app.secretKey, "importer-token", body.token),
        createdById: actorId,
        updatedById: actorId,
      })
      .returning();
    await app.jobs.enqueue(
      tx,
      ANALYZE_TASK,
      { importerId: row.id },
      { jobKey: `importer:${row.id}`, maxAttempts: MAX_ATTEMPTS },
    );
    return row;
  });
}

/** POST W/importers/{id}/start/: check the mapping against the project, keep it and queue the run. */
export async function startImport(
  app: AppContext,
  row: ImporterRow,
  actorId: string,
  body: StartImportBody,
): Promise<ImporterRow> {
  if (row.status !== "mapping") throw errors.badRequest("This import is not waiting for its mapping.");
  const targets = await mappingTargets(app.db, row.projectId);
  const found = row.discovered as { states: { key: string }[]; users: { key: string }[] };
  const stateIds = new Set(targets.states.filter((s) => s.group !== "triage").map((s) => s.id));
  const memberIds = new Set(targets.members.map((m) => m.id));
  const mapping: ImportMapping = { states: {}, users: {} };
  for (const s of found.states) {
    const id = body.mapping.states[s.key];
    if (!id) throw errors.field("mapping", `Choose a state for "${s.key}".`);
    if (!stateIds.has(id))
      throw errors.field("mapping", `The state chosen for "${s.key}" is not a state of the project.`);
    mapping.states[s.key] = id;
  }
  for (const u of found.users) {
    const id = body.mapping.users[u.key] ?? null;
    if (id && !memberIds.has(id))
      throw errors.field("mapping", `The person chosen for "${u.key}" is not a member of the project.`);
    mapping.users[u.key] = id;
  }
  // source fields → custom properties of the project's default type (issue #29), each property taken once
  const wanted = Object.entries(body.mapping.properties ?? {});
  if (wanted.length) {
    const project = await projectOf(app.db, row.workspaceId, row.projectId);
    const offered = project ? await importableProperties(app.db, project) : [];
    if (!project?.isIssueTypeEnabled) throw errors.field("mapping", "Work item types are not enabled in this project.");
    const fields = new Set((found as { fields?: { key: string }[] }).fields?.map((f) => f.key) ?? []);
    const taken = new Set<string>();
    mapping.properties = {};
    for (const [field, pid] of wanted) {
      if (!fields.has(field)) throw errors.field("mapping", `"${field}" is not a field of the source.`);
      const p = offered.find((x) => x.id === pid.toLowerCase());
      if (!p)
        throw errors.field(
          "mapping",
          `The property chosen for "${field}" is not a property of the project's default work item type.`,
        );
      if (taken.has(p.id)) throw errors.field("mapping", `"${p.displayName}" is chosen for more than one field.`);
      taken.add(p.id);
      mapping.properties[field] = p.id;
    }
  }
  return app.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(T)
      .set({ status: "queued", mapping, done: 0, updatedById: actorId, updatedAt: new Date() })
      .where(and(eq(T.id, row.id), eq(T.status, "mapping")))
      .returning();
    if (!updated) throw errors.badRequest("This import is not waiting for its mapping.");
    await app.jobs.enqueue(
      tx,
      RUN_TASK,
      { importerId: row.id },
      { jobKey: `importer:${row.id}`, maxAttempts: MAX_ATTEMPTS },
    );
    return updated;
  });
}

/** DELETE W/importers/{id}/: forget an import that is not running (its work items stay). */
export async function deleteImport(app: AppContext, row: ImporterRow): Promise<void> {
  if (row.status === "queued" || row.status === "running" || row.status === "analyzing")
    throw errors.badRequest("This import is still running.");
  await app.db.delete(T).where(eq(T.id, row.id));
}

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

/** The custom properties an import may fill (issue #29): the active ones of the project's default type. */
async function importableProperties(db: DbOrTx, project: ProjectRow) {
  if (!project.isIssueTypeEnabled) return [];
  const def = (await projectTypes(db, project)).find((t) => t.isDefault && t.isActive);
  return def ? typeProperties(db, [def.id], { activeOnly: true }) : [];
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
    let comments = 0;
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
    if (it.comments.length > 0) {
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
    }
    return { id: issueRow.id, outcome, comments };
  });
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
    const mapped = new Set(Object.values(mapping.properties ?? {}));
    const plan: PropertyPlan = {
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
    const withParent = items.filter((it) => it.parent && ids.has(it.external_id) && ids.has(it.parent));
    if (withParent.length > 0) {
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
