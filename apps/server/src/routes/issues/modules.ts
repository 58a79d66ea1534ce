import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { schema, type DbOrTx } from "../../db/client.ts";
import { errors } from "../../http/errors.ts";
import { recordActivity, type ActivityInput } from "../../domain/activity.ts";
import { touchItems } from "../../domain/item-touch.ts";
import type { ProjectRow } from "../../http/route.ts";

const MI = schema.moduleIssues;
const M = schema.modules;

type Item = { id: string; projectId: string; workspaceId: string };

export interface ModuleChange {
  /** Modules the items join (a work item belongs to many modules; joining one it is in does nothing). */
  add?: readonly string[];
  /** Modules the items leave. */
  remove?: readonly string[];
}

export interface ModuleChangeOptions {
  /** The body field named in the 400 for a module that is not one of the project's live modules. */
  field?: string;
  /** Drop unknown modules instead of refusing (a draft's modules may have gone since it was saved). */
  lenient?: boolean;
}

/**
 * The one command that puts work items in modules and takes them out (P/modules/{id}/issues/, P/issues/{id}/modules/,
 * work-item create, patch and bulk `module_ids`): one insert and one delete for every (item, module) pair, and one
 * activity row (field "modules") for each pair that actually joined or left, in the caller's transaction. Items may
 * only join live (not archived) modules of the project; an item that joined or left one is marked updated
 * (`touchItems`). Returns the ids of the modules joined.
 */
export async function changeItemModules(
  tx: DbOrTx,
  project: ProjectRow,
  actorId: string,
  items: readonly Item[],
  change: ModuleChange,
  opts: ModuleChangeOptions = {},
): Promise<string[]> {
  const add = [...new Set(change.add ?? [])];
  const remove = [...new Set(change.remove ?? [])].filter((id) => !add.includes(id));
  if (add.length + remove.length === 0) return [];
  const mods = await tx
    .select({ id: M.id, name: M.name, archivedAt: M.archivedAt })
    .from(M)
    .where(and(eq(M.projectId, project.id), inArray(M.id, [...add, ...remove])));
  const byId = new Map(mods.map((m) => [m.id, m]));
  const live = (id: string) => !!byId.get(id) && !byId.get(id)!.archivedAt;
  const joining = add.filter(live);
  if (!opts.lenient && (joining.length !== add.length || remove.some((id) => !byId.has(id))))
    throw errors.field(opts.field ?? "module_ids", "Invalid module");
  if (items.length === 0) return joining;
  const ids = items.map((it) => it.id);
  const inserted = joining.length
    ? await tx
        .insert(MI)
        .values(
          items.flatMap((it) =>
            joining.map((moduleId) => ({
              issueId: it.id,
              moduleId,
              projectId: project.id,
              workspaceId: project.workspaceId,
              createdById: actorId,
              updatedById: actorId,
            })),
          ),
        )
        .onConflictDoNothing()
        .returning({ issueId: MI.issueId, moduleId: MI.moduleId })
    : [];
  const leaving = remove.filter((id) => byId.has(id));
  const deleted = leaving.length
    ? await tx
        .delete(MI)
        .where(and(inArray(MI.issueId, ids), inArray(MI.moduleId, leaving)))
        .returning({ issueId: MI.issueId, moduleId: MI.moduleId })
    : [];
  const itemBy = new Map(items.map((it) => [it.id, it]));
  const base = (issueId: string) => ({
    issueId,
    projectId: itemBy.get(issueId)!.projectId,
    workspaceId: itemBy.get(issueId)!.workspaceId,
    actorId,
  });
  const name = (id: string) => byId.get(id)!.name;
  await touchItems(
    tx,
    [...inserted, ...deleted].map((r) => r.issueId),
    actorId,
  );
  await recordActivity(tx, [
    ...inserted.map((r): ActivityInput => ({
      ...base(r.issueId),
      verb: "updated",
      field: "modules",
      oldValue: "",
      newValue: name(r.moduleId),
      newIdentifier: r.moduleId,
    })),
    ...deleted.map((r): ActivityInput => ({
      ...base(r.issueId),
      verb: "updated",
      field: "modules",
      oldValue: name(r.moduleId),
      newValue: "",
      oldIdentifier: r.moduleId,
    })),
  ]);
  return joining;
}

/** The live modules an item is in (what its `module_ids` shows). */
export async function itemModuleIds(tx: DbOrTx, issueId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: MI.moduleId })
    .from(MI)
    .innerJoin(M, eq(M.id, MI.moduleId))
    .where(and(eq(MI.issueId, issueId), isNull(M.archivedAt)))
    .orderBy(MI.createdAt);
  return rows.map((r) => r.id);
}

/** Replace an item's live modules with `next` (work-item PATCH `module_ids`); archived modules keep their items. */
export async function setItemModules(
  tx: DbOrTx,
  project: ProjectRow,
  actorId: string,
  item: Item,
  next: readonly string[],
  opts: ModuleChangeOptions = {},
): Promise<void> {
  const current = await itemModuleIds(tx, item.id);
  const want = new Set(next);
  await changeItemModules(
    tx,
    project,
    actorId,
    [item],
    { add: [...want].filter((id) => !current.includes(id)), remove: current.filter((id) => !want.has(id)) },
    opts,
  );
}

/** The project's live work items among `ids` (the items a module call names), else a 400 naming `field`. */
export async function projectItemsFor(
  tx: DbOrTx,
  projectId: string,
  ids: readonly string[],
  field = "issues",
): Promise<Item[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await tx
    .select({ id: schema.issues.id, projectId: schema.issues.projectId, workspaceId: schema.issues.workspaceId })
    .from(schema.issues)
    .where(
      and(
        eq(schema.issues.projectId, projectId),
        inArray(schema.issues.id, unique),
        isNull(schema.issues.deletedAt),
        sql`${schema.issues.isDraft} = false`,
      ),
    );
  if (rows.length !== unique.length) throw errors.field(field, "Invalid issue");
  return rows;
}
