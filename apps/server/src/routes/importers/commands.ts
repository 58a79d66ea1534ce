import { and, asc, eq, isNull } from "drizzle-orm";
import type { CreateImportBody, ImportMapping, StartImportBody } from "@stride/shared/contract";
import { schema, type DbOrTx } from "../../db/client.ts";
import type { AppContext } from "../../core/context.ts";
import type { ProjectRow } from "../../http/route.ts";
import { errors } from "../../http/errors.ts";
import { seal } from "../../core/crypto-box.ts";
import { discover, type SourceItem } from "./source.ts";
import { JiraCsvError, parseJiraCsv } from "./jira.ts";
import { suggestMapping } from "./mapping.ts";
import { projectTypes, typeProperties } from "../../domain/item-properties.ts";
import { requireReadable } from "../../http/readable.ts";

const T = schema.importers;
export type ImporterRow = typeof T.$inferSelect;

export const ANALYZE_TASK = "importers:analyze";
export const RUN_TASK = "importers:run";
export const MAX_ATTEMPTS = 3;

export async function loadImporter(db: DbOrTx, workspaceId: string, id: string): Promise<ImporterRow> {
  const [row] = await db
    .select()
    .from(T)
    .where(and(eq(T.id, id), eq(T.workspaceId, workspaceId)))
    .limit(1);
  if (!row) throw errors.notFound();
  return row;
}

export async function projectOf(db: DbOrTx, workspaceId: string, projectId: string): Promise<ProjectRow | null> {
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

export async function mappingTargets(db: DbOrTx, projectId: string) {
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
export async function toMapping(
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

/** The custom properties an import may fill (issue #29): the active ones of the project's default type. */
export async function importableProperties(db: DbOrTx, project: ProjectRow) {
  if (!project.isIssueTypeEnabled) return [];
  const def = (await projectTypes(db, project)).find((t) => t.isDefault && t.isActive);
  return def ? typeProperties(db, [def.id], { activeOnly: true }) : [];
}
