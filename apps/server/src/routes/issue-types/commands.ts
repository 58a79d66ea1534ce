import { and, asc, eq, isNull, max, or, sql } from "drizzle-orm";
import {
  checkPropertyDefinition,
  isMemberKind,
  isOptionKind,
  resolveUpdateValues,
  DEFAULT_SORT_ORDER,
  SORT_STEP,
  type PropertyKind,
  type PropertyRule,
} from "@stride/shared";
import type {
  CreateIssuePropertyBody,
  CreateIssueTypeBody,
  CreatePropertyOptionBody,
  UpdateIssuePropertyBody,
  UpdateIssueTypeBody,
  UpdatePropertyOptionBody,
} from "@stride/shared/contract";
import { schema, type DbOrTx, type Tx } from "../../db/client.ts";
import { errors, uniqueViolation } from "../../http/errors.ts";
import type { AppContext } from "../../core/context.ts";
import type { ProjectRow } from "../../http/route.ts";
import {
  checkMembers,
  ruleOf,
  type IssuePropertyRow,
  type IssueTypeRow,
  type PropertyOptionRow,
  type PropertyWithOptions,
} from "../../domain/item-properties.ts";

export {
  projectTypes,
  TYPES_OFF,
  typeProperties,
  type IssuePropertyRow,
  type IssueTypeRow,
  type PropertyOptionRow,
  type PropertyWithOptions,
} from "../../domain/item-properties.ts";

const { issueTypes: T, issueProperties: PR, issuePropertyOptions: O } = schema;

const NAME_EXISTS = "A property with this name already exists in this type.";

/** The machine name of a property (Plane's `name`): its display name lower-cased, words joined by underscores. */
export function machineName(display: string): string {
  return (
    display
      .trim()
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "_")
      .replace(/^_+|_+$/g, "")
      .slice(0, 255) || "property"
  );
}

/** A type the project offers (its own or a shared one); 404 otherwise. */
export async function loadProjectType(
  db: DbOrTx,
  project: Pick<ProjectRow, "id" | "workspaceId">,
  typeId: string,
): Promise<IssueTypeRow> {
  const [t] = await db
    .select()
    .from(T)
    .where(
      and(
        eq(T.id, typeId),
        eq(T.workspaceId, project.workspaceId),
        or(eq(T.projectId, project.id), isNull(T.projectId)),
      ),
    )
    .limit(1);
  if (!t) throw errors.notFound();
  return t;
}

/** A type of the project itself (shared types are changed at the workspace's path). */
export async function loadOwnType(
  db: DbOrTx,
  project: Pick<ProjectRow, "id" | "workspaceId">,
  typeId: string,
): Promise<IssueTypeRow> {
  const t = await loadProjectType(db, project, typeId);
  if (!t.projectId)
    throw errors.badRequest("This type is shared across the workspace: change it in the workspace settings.");
  return t;
}

export async function loadWorkspaceType(db: DbOrTx, workspaceId: string, typeId: string): Promise<IssueTypeRow> {
  const [t] = await db
    .select()
    .from(T)
    .where(and(eq(T.id, typeId), eq(T.workspaceId, workspaceId), isNull(T.projectId)))
    .limit(1);
  if (!t) throw errors.notFound();
  return t;
}

export async function workspaceTypes(db: DbOrTx, workspaceId: string): Promise<IssueTypeRow[]> {
  return db
    .select()
    .from(T)
    .where(and(eq(T.workspaceId, workspaceId), isNull(T.projectId)))
    .orderBy(asc(T.sortOrder), asc(T.createdAt));
}

async function nextTypeOrder(db: DbOrTx, workspaceId: string, projectId: string | null): Promise<number> {
  const [{ m }] = await db
    .select({ m: max(T.sortOrder) })
    .from(T)
    .where(and(eq(T.workspaceId, workspaceId), projectId ? eq(T.projectId, projectId) : isNull(T.projectId)));
  return m === null ? DEFAULT_SORT_ORDER : Number(m) + SORT_STEP;
}

export async function createIssueType(
  app: AppContext,
  workspaceId: string,
  projectId: string | null,
  actorId: string,
  input: CreateIssueTypeBody,
): Promise<IssueTypeRow> {
  return app.db.transaction(async (tx) => {
    if (input.is_default && projectId)
      await tx
        .update(T)
        .set({ isDefault: false, updatedAt: new Date() })
        .where(and(eq(T.projectId, projectId), eq(T.isDefault, true)));
    const [row] = await tx
      .insert(T)
      .values({
        workspaceId,
        projectId,
        name: input.name,
        description: input.description ?? "",
        logoProps: input.logo_props ?? {},
        isActive: input.is_active ?? true,
        isDefault: !!(input.is_default && projectId),
        sortOrder: await nextTypeOrder(tx, workspaceId, projectId),
        createdById: actorId,
        updatedById: actorId,
      })
      .returning();
    return row;
  });
}

export async function updateIssueType(
  app: AppContext,
  type: IssueTypeRow,
  actorId: string,
  input: UpdateIssueTypeBody,
): Promise<IssueTypeRow> {
  return app.db.transaction(async (tx) => {
    const set: Partial<typeof T.$inferInsert> = { updatedAt: new Date(), updatedById: actorId };
    if (input.name !== undefined) set.name = input.name;
    if (input.description !== undefined) set.description = input.description;
    if (input.logo_props !== undefined) set.logoProps = input.logo_props;
    if (input.is_active !== undefined) {
      if (!input.is_active && (type.isDefault || type.isEpic))
        throw errors.badRequest("The default type and the epic type cannot be turned off.");
      set.isActive = input.is_active;
    }
    if (input.is_default === true && type.projectId && !type.isDefault) {
      if (type.isEpic) throw errors.badRequest("The epic type cannot be the default type.");
      await tx
        .update(T)
        .set({ isDefault: false, updatedAt: new Date() })
        .where(and(eq(T.projectId, type.projectId), eq(T.isDefault, true)));
      set.isDefault = true;
    } else if (input.is_default === false && type.isDefault) {
      throw errors.badRequest("Make another type the default instead.");
    }
    const [row] = await tx.update(T).set(set).where(eq(T.id, type.id)).returning();
    return row;
  });
}

/** Delete a type: never the default or the epic type; its items move to the project's default type (their values go). */
export async function deleteIssueType(app: AppContext, type: IssueTypeRow): Promise<void> {
  if (type.isDefault || type.isEpic) throw errors.badRequest("The default type and the epic type cannot be deleted.");
  await app.db.transaction(async (tx) => {
    await tx.execute(sql`
      UPDATE issues i SET type = d.id FROM issue_types d
      WHERE i.type = ${type.id} AND d.project = i.project AND d.is_default`);
    await tx.update(schema.issues).set({ typeId: null }).where(eq(schema.issues.typeId, type.id));
    await tx.delete(T).where(eq(T.id, type.id));
  });
}

// ---------------------------------------------------------------- properties and options

/** A property of a type the project offers (`typeId` given: of that type). */
export async function loadProperty(
  db: DbOrTx,
  project: Pick<ProjectRow, "id" | "workspaceId">,
  propertyId: string,
  typeId?: string,
): Promise<PropertyWithOptions> {
  const [p] = await db
    .select()
    .from(PR)
    .where(
      and(
        eq(PR.id, propertyId),
        eq(PR.workspaceId, project.workspaceId),
        or(eq(PR.projectId, project.id), isNull(PR.projectId)),
        typeId ? eq(PR.issueTypeId, typeId) : undefined,
      ),
    )
    .limit(1);
  if (!p) throw errors.notFound();
  const options = await db.select().from(O).where(eq(O.propertyId, p.id)).orderBy(asc(O.sortOrder), asc(O.createdAt));
  return { ...p, options };
}

function definitionError(rule: PropertyRule & { default_value?: string[] | null }) {
  const msg = checkPropertyDefinition(rule);
  if (msg) throw errors.badRequest(msg);
}

async function nextPropertyOrder(db: DbOrTx, typeId: string): Promise<number> {
  const [{ m }] = await db
    .select({ m: max(PR.sortOrder) })
    .from(PR)
    .where(eq(PR.issueTypeId, typeId));
  return m === null ? DEFAULT_SORT_ORDER : Number(m) + SORT_STEP;
}

async function nextOptionOrder(db: DbOrTx, propertyId: string): Promise<number> {
  const [{ m }] = await db
    .select({ m: max(O.sortOrder) })
    .from(O)
    .where(eq(O.propertyId, propertyId));
  return m === null ? DEFAULT_SORT_ORDER : Number(m) + SORT_STEP;
}

function nameConflict(err: unknown): boolean {
  return uniqueViolation(err) === "issue_properties_name_uq";
}

export async function createProperty(
  app: AppContext,
  type: IssueTypeRow,
  actorId: string,
  input: CreateIssuePropertyBody,
): Promise<PropertyWithOptions> {
  const kind = input.kind;
  if (input.options?.length && !isOptionKind(kind))
    throw errors.field("options", "Only option properties have options.");
  try {
    return await app.db.transaction(async (tx) => {
      const [p] = await tx
        .insert(PR)
        .values({
          workspaceId: type.workspaceId,
          projectId: type.projectId,
          issueTypeId: type.id,
          name: machineName(input.display_name),
          displayName: input.display_name,
          description: input.description ?? "",
          kind,
          isRequired: input.is_required ?? false,
          isActive: input.is_active ?? true,
          settings: kind === "number" ? { min: input.settings?.min ?? null, max: input.settings?.max ?? null } : {},
          logoProps: input.logo_props ?? {},
          sortOrder: input.sort_order ?? (await nextPropertyOrder(tx, type.id)),
          createdById: actorId,
          updatedById: actorId,
        })
        .returning();
      let options: PropertyOptionRow[] = [];
      if (input.options?.length) {
        let order = DEFAULT_SORT_ORDER;
        options = await tx
          .insert(O)
          .values(
            input.options.map((o) => ({
              workspaceId: type.workspaceId,
              projectId: type.projectId,
              propertyId: p.id,
              name: o.name,
              description: o.description ?? "",
              isDefault: o.is_default ?? false,
              logoProps: o.logo_props ?? {},
              sortOrder: o.sort_order ?? (order += SORT_STEP),
              createdById: actorId,
              updatedById: actorId,
            })),
          )
          .returning();
      }
      // an option's default comes from its options marked default; other kinds take `default_value` as sent
      const full = { ...p, options };
      const defaults = isOptionKind(kind)
        ? options.filter((o) => o.isDefault).map((o) => o.id)
        : (input.default_value ?? []);
      const rule = { ...ruleOf(full), settings: input.settings ?? null, default_value: defaults };
      definitionError(rule);
      if (isMemberKind(kind) && defaults.length)
        await checkMembers(tx, type.projectId, type.workspaceId, defaults, p.displayName);
      if (!defaults.length) return full;
      const [withDefault] = await tx.update(PR).set({ defaultValue: defaults }).where(eq(PR.id, p.id)).returning();
      return { ...withDefault, options };
    });
  } catch (err) {
    if (nameConflict(err)) throw errors.field("display_name", NAME_EXISTS);
    throw err;
  }
}

export async function updateProperty(
  app: AppContext,
  prop: PropertyWithOptions,
  actorId: string,
  input: UpdateIssuePropertyBody,
): Promise<PropertyWithOptions> {
  try {
    return await app.db.transaction(async (tx) => {
      const set: Partial<typeof PR.$inferInsert> = { updatedAt: new Date(), updatedById: actorId };
      if (input.display_name !== undefined) {
        set.displayName = input.display_name;
        set.name = machineName(input.display_name);
      }
      if (input.description !== undefined) set.description = input.description;
      if (input.is_required !== undefined) set.isRequired = input.is_required;
      if (input.is_active !== undefined) set.isActive = input.is_active;
      if (input.logo_props !== undefined) set.logoProps = input.logo_props;
      if (input.sort_order !== undefined) set.sortOrder = input.sort_order;
      if (input.settings !== undefined)
        set.settings =
          prop.kind === "number" ? { min: input.settings?.min ?? null, max: input.settings?.max ?? null } : {};
      if (input.default_value !== undefined) set.defaultValue = input.default_value;
      const rule = {
        ...ruleOf(prop),
        settings: input.settings !== undefined ? input.settings : ruleOf(prop).settings,
        default_value: set.defaultValue ?? prop.defaultValue,
      };
      definitionError(rule);
      if (input.default_value !== undefined) {
        const r = resolveUpdateValues([rule], { [prop.id]: rule.default_value });
        if (r.ok) set.defaultValue = r.values[prop.id];
        if (isMemberKind(prop.kind as PropertyKind) && set.defaultValue?.length)
          await checkMembers(tx, prop.projectId, prop.workspaceId, set.defaultValue, prop.displayName);
      }
      const [row] = await tx.update(PR).set(set).where(eq(PR.id, prop.id)).returning();
      return { ...row, options: prop.options };
    });
  } catch (err) {
    if (nameConflict(err)) throw errors.field("display_name", NAME_EXISTS);
    throw err;
  }
}

/** Delete a property; its values go with it (the items' kept values are recomputed by the trigger). */
export async function deleteProperty(app: AppContext, prop: IssuePropertyRow): Promise<void> {
  await app.db.transaction(async (tx) => {
    await lockValueItems(tx, sql`SELECT v.issue FROM issue_property_values v WHERE v.property = ${prop.id}`);
    await tx.delete(PR).where(eq(PR.id, prop.id));
  });
}

export async function createOption(
  app: AppContext,
  prop: PropertyWithOptions,
  actorId: string,
  input: CreatePropertyOptionBody,
): Promise<PropertyOptionRow> {
  if (!isOptionKind(prop.kind as PropertyKind)) throw errors.badRequest("Only option properties have options.");
  const [row] = await app.db
    .insert(O)
    .values({
      workspaceId: prop.workspaceId,
      projectId: prop.projectId,
      propertyId: prop.id,
      name: input.name,
      description: input.description ?? "",
      isDefault: input.is_default ?? false,
      logoProps: input.logo_props ?? {},
      sortOrder: input.sort_order ?? (await nextOptionOrder(app.db, prop.id)),
      createdById: actorId,
      updatedById: actorId,
    })
    .returning();
  if (row.isDefault) await syncOptionDefaults(app.db, prop.id);
  return row;
}

export async function loadOption(db: DbOrTx, prop: PropertyWithOptions, optionId: string): Promise<PropertyOptionRow> {
  const o = prop.options.find((x) => x.id === optionId);
  if (!o) throw errors.notFound();
  return o;
}

/** An option property's default is its options marked default (single option: the first). */
async function syncOptionDefaults(db: DbOrTx, propertyId: string) {
  await db.execute(sql`
    UPDATE issue_properties p SET default_value = coalesce((
      SELECT CASE WHEN p.kind = 'option' THEN (array_agg(o.id::text ORDER BY o.sort_order, o.created_at))[1:1] ELSE array_agg(o.id::text ORDER BY o.sort_order, o.created_at) END
      FROM issue_property_options o WHERE o.property = p.id AND o.is_default AND o.is_active), '{}')
    WHERE p.id = ${propertyId}`);
}

export async function updateOption(
  app: AppContext,
  option: PropertyOptionRow,
  actorId: string,
  input: UpdatePropertyOptionBody,
): Promise<PropertyOptionRow> {
  const set: Partial<typeof O.$inferInsert> = { updatedAt: new Date(), updatedById: actorId };
  if (input.name !== undefined) set.name = input.name;
  if (input.description !== undefined) set.description = input.description;
  if (input.is_default !== undefined) set.isDefault = input.is_default;
  if (input.sort_order !== undefined) set.sortOrder = input.sort_order;
  if (input.logo_props !== undefined) set.logoProps = input.logo_props;
  const [row] = await app.db.update(O).set(set).where(eq(O.id, option.id)).returning();
  if (input.is_default !== undefined) await syncOptionDefaults(app.db, option.propertyId);
  return row;
}

export async function deleteOption(app: AppContext, option: PropertyOptionRow): Promise<void> {
  await app.db.transaction(async (tx) => {
    await lockValueItems(tx, sql`SELECT v.issue FROM issue_property_values v WHERE v.option = ${option.id}`);
    await tx.delete(O).where(eq(O.id, option.id));
    await syncOptionDefaults(tx, option.propertyId);
  });
}

/** Lock the items whose values a delete will cascade to, in id order (the value trigger recomputes them). */
async function lockValueItems(tx: Tx, items: ReturnType<typeof sql>) {
  await tx.execute(sql`SELECT 1 FROM issues i WHERE i.id IN (${items}) ORDER BY i.id FOR NO KEY UPDATE OF i`);
}
