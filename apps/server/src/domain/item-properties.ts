import { and, eq, inArray, isNull, or, sql, asc } from "drizzle-orm";
import {
  formatPropertyValue,
  isMemberKind,
  isOptionKind,
  resolveCreateValues,
  resolveUpdateValues,
  type PropertyKind,
  type PropertyRule,
  type RawPropertyValue,
} from "@stride/shared";
import { schema, type DbOrTx } from "../db/client.ts";
import { errors } from "../http/errors.ts";
import type { ProjectRow } from "../http/route.ts";
import type { ActivityInput } from "./activity.ts";

/**
 * Work item types and custom property values (issue #29): what every write of a work item asks (its type, each value
 * checked by the shared `checkPropertyValue` and people by membership) and the reads it needs. The work-item commands
 * (routes/issues/) and the types' own routes (routes/issue-types/) both use it, so it lives here.
 */
const { issueTypes: T, issueProperties: PR, issuePropertyOptions: O, issuePropertyValues: V } = schema;

export type IssueTypeRow = typeof T.$inferSelect;
export type IssuePropertyRow = typeof PR.$inferSelect;
export type PropertyOptionRow = typeof O.$inferSelect;
export type PropertyWithOptions = IssuePropertyRow & { options: PropertyOptionRow[] };

export const TYPES_OFF = "Work item types are not enabled in this project.";

/** The project's default type and epic type exist, and its items without a type have theirs (db/sql/issue-property-values.sql). */
export async function ensureProjectTypes(tx: DbOrTx, projectId: string): Promise<void> {
  await tx.execute(sql`select issue_types_ensure(${projectId}::uuid)`);
}

/** Types a project offers: its own and the workspace's shared ones, in order. */
export async function projectTypes(
  db: DbOrTx,
  project: Pick<ProjectRow, "id" | "workspaceId">,
): Promise<IssueTypeRow[]> {
  return db
    .select()
    .from(T)
    .where(and(eq(T.workspaceId, project.workspaceId), or(eq(T.projectId, project.id), isNull(T.projectId))))
    .orderBy(asc(T.sortOrder), asc(T.createdAt));
}

export async function typeProperties(
  db: DbOrTx,
  typeIds: readonly string[],
  opts: { activeOnly?: boolean } = {},
): Promise<PropertyWithOptions[]> {
  if (!typeIds.length) return [];
  const props = await db
    .select()
    .from(PR)
    .where(and(inArray(PR.issueTypeId, [...typeIds]), opts.activeOnly ? eq(PR.isActive, true) : undefined))
    .orderBy(asc(PR.sortOrder), asc(PR.createdAt));
  const options = props.length
    ? await db
        .select()
        .from(O)
        .where(
          inArray(
            O.propertyId,
            props.map((p) => p.id),
          ),
        )
        .orderBy(asc(O.sortOrder), asc(O.createdAt))
    : [];
  return props.map((p) => ({ ...p, options: options.filter((o) => o.propertyId === p.id) }));
}

export function ruleOf(p: PropertyWithOptions): PropertyRule & { default_value: string[] } {
  const s = (p.settings ?? {}) as { min?: number | null; max?: number | null };
  return {
    id: p.id,
    name: p.displayName,
    kind: p.kind as PropertyKind,
    is_required: p.isRequired,
    settings: { min: s.min ?? null, max: s.max ?? null },
    option_ids: p.options.filter((o) => o.isActive).map((o) => o.id),
    default_value: p.defaultValue,
  };
}

// ---------------------------------------------------------------- an item's values

/** Member values must be people of the project (of the workspace, for a shared type's default). */
export async function checkMembers(
  tx: DbOrTx,
  projectId: string | null,
  workspaceId: string,
  ids: readonly string[],
  name: string,
) {
  if (!ids.length) return;
  const rows = projectId
    ? await tx
        .select({ id: schema.projectMembers.memberId })
        .from(schema.projectMembers)
        .where(
          and(
            eq(schema.projectMembers.projectId, projectId),
            eq(schema.projectMembers.isActive, true),
            inArray(schema.projectMembers.memberId, [...ids]),
          ),
        )
    : await tx
        .select({ id: schema.workspaceMembers.memberId })
        .from(schema.workspaceMembers)
        .where(
          and(
            eq(schema.workspaceMembers.workspaceId, workspaceId),
            eq(schema.workspaceMembers.isActive, true),
            inArray(schema.workspaceMembers.memberId, [...ids]),
          ),
        );
  const ok = new Set(rows.map((r) => r.id));
  const bad = ids.find((id) => !ok.has(id));
  if (bad) throw propertyError(`${name}: "${bad}" is not a member of this project.`);
}

export const propertyError = (message: string) => errors.field("property_values", message);

/** The values a new item of the project gets: its type, and each property's value checked (defaults, required). */
export interface CreateTyping {
  typeId: string;
  values: Record<string, string[]>;
  props: PropertyWithOptions[];
}

/**
 * Before a work item is created: with types off, a value is refused and the type stays as sent; with types on, the
 * item takes the sent type (one the project offers), else the epic type (epics) or the default type, and its values
 * are checked against that type's active properties (every write path creates through here).
 */
export async function resolveCreateTyping(
  tx: DbOrTx,
  project: ProjectRow,
  input: { type_id?: string | null; property_values?: Record<string, RawPropertyValue> },
  isEpic: boolean,
  opts: { later?: "people" | "all" } = {},
): Promise<CreateTyping | null> {
  const given = input.property_values;
  if (!project.isIssueTypeEnabled) {
    if (given && Object.keys(given).length) throw propertyError(TYPES_OFF);
    return null;
  }
  let type: IssueTypeRow | undefined;
  if (input.type_id) {
    type = (await projectTypes(tx, project)).find((t) => t.id === input.type_id && t.isActive);
    if (!type) throw errors.field("type_id", `Invalid pk "${input.type_id}" - object does not exist.`);
    if (type.isEpic !== isEpic)
      throw errors.field("type_id", isEpic ? "An epic takes the epic type." : "Only epics take the epic type.");
  } else {
    const [t] = await tx
      .select()
      .from(T)
      .where(and(eq(T.projectId, project.id), isEpic ? eq(T.isEpic, true) : eq(T.isDefault, true)))
      .limit(1);
    if (!t) {
      await ensureProjectTypes(tx, project.id);
      return resolveCreateTyping(tx, project, input, isEpic, opts);
    }
    type = t;
  }
  const props = await typeProperties(tx, [type.id], { activeOnly: true });
  // an intake request may leave a required person empty: the triager sets it, and accepting asks for it
  const rules = props
    .map(ruleOf)
    .map((p) =>
      opts.later === "all" || (opts.later === "people" && isMemberKind(p.kind)) ? { ...p, is_required: false } : p,
    );
  const r = resolveCreateValues(rules, given);
  if (!r.ok) throw propertyError(r.error);
  await checkMemberValues(tx, project, props, r.values);
  return { typeId: type.id, values: r.values, props };
}

/** Accepting an intake request: with types on, every required property of the item's type has a value (issue #29). */
const UNFILLED_ON_ACCEPT = (name: string) => `${name}: this property is required. Set it before accepting.`;
export async function requireFilledValues(tx: DbOrTx, project: ProjectRow, issueId: string): Promise<void> {
  if (!project.isIssueTypeEnabled) return;
  const [item] = await tx
    .select({ typeId: schema.issues.typeId, values: schema.issues.propertyValues })
    .from(schema.issues)
    .where(eq(schema.issues.id, issueId))
    .limit(1);
  if (!item?.typeId) return;
  const values = (item.values ?? {}) as Record<string, string[]>;
  const missing = (await typeProperties(tx, [item.typeId], { activeOnly: true })).find(
    (p) => p.isRequired && !values[p.id]?.length,
  );
  if (missing) throw propertyError(UNFILLED_ON_ACCEPT(missing.displayName));
}

/**
 * The values of a workspace draft (issue #29) aimed at `project`: each given value checked against the draft's type
 * (the sent one, else the default type) as an item's would be, except that a required property may still be empty
 * (a draft is unfinished; the conversion asks for it). Empty lists are dropped.
 */
export async function checkDraftValues(
  tx: DbOrTx,
  project: ProjectRow,
  typeId: string | null | undefined,
  given: Record<string, RawPropertyValue>,
): Promise<Record<string, string[]>> {
  if (!Object.keys(given).length) return {};
  if (!project.isIssueTypeEnabled) throw propertyError(TYPES_OFF);
  const types = await projectTypes(tx, project);
  const type = typeId ? types.find((t) => t.id === typeId && t.isActive) : types.find((t) => t.isDefault);
  if (!type)
    throw typeId
      ? errors.field("type_id", `Invalid pk "${typeId}" - object does not exist.`)
      : propertyError(`"${Object.keys(given)[0]}" is not a property of this work item type.`);
  const props = await typeProperties(tx, [type.id], { activeOnly: true });
  const r = resolveUpdateValues(
    props.map((p) => ({ ...ruleOf(p), is_required: false })),
    given,
  );
  if (!r.ok) throw propertyError(r.error);
  const values = Object.fromEntries(Object.entries(r.values).filter(([, v]) => v.length));
  await checkMemberValues(tx, project, props, values);
  return values;
}

/**
 * The properties the public intake form offers (issue #29): the default type's active ones without people (the form
 * is anonymous and does not show who is in the project); none when types are off.
 */
export async function publicFormProperties(db: DbOrTx, project: ProjectRow): Promise<PropertyWithOptions[]> {
  if (!project.isIssueTypeEnabled) return [];
  const def = (await projectTypes(db, project)).find((t) => t.isDefault && t.isActive);
  if (!def) return [];
  return (await typeProperties(db, [def.id], { activeOnly: true })).filter(
    (p) => !isMemberKind(p.kind as PropertyKind),
  );
}

async function checkMemberValues(
  tx: DbOrTx,
  project: ProjectRow,
  props: PropertyWithOptions[],
  values: Record<string, string[]>,
) {
  for (const p of props)
    if (isMemberKind(p.kind as PropertyKind) && values[p.id]?.length)
      await checkMembers(tx, project.id, project.workspaceId, values[p.id], p.displayName);
}

/** Write an item's values of the given properties (replacing them), the item row locked by the caller. */
export async function writeValues(
  tx: DbOrTx,
  item: { id: string; projectId: string; workspaceId: string },
  props: PropertyWithOptions[],
  values: Record<string, string[]>,
  actorId: string | null,
) {
  const ids = Object.keys(values);
  if (!ids.length) return;
  await tx.delete(V).where(and(eq(V.issueId, item.id), inArray(V.propertyId, ids)));
  const rows = ids.flatMap((pid) => {
    const p = props.find((x) => x.id === pid)!;
    const option = isOptionKind(p.kind as PropertyKind);
    return values[pid].map((value, position) => ({
      workspaceId: item.workspaceId,
      projectId: item.projectId,
      issueId: item.id,
      propertyId: pid,
      value,
      position,
      optionId: option ? value : null,
      createdById: actorId,
      updatedById: actorId,
    }));
  });
  if (rows.length) await tx.insert(V).values(rows);
}

/** The changes an update makes to an item's values (and the activity rows), or null when it changes none. */
export interface UpdateTyping {
  props: PropertyWithOptions[];
  values: Record<string, string[]>;
  /** Properties whose values go (not of the item's new type). */
  drop: string[];
  acts: ActivityInput[];
}

/**
 * An update's values: with types off a value is refused; otherwise each named property (of the item's type, the new
 * one when the type changes) is checked; a type change drops the values of the old type's properties and gives the
 * new type's their defaults (a required one without default must be sent).
 */
export async function resolveUpdateTyping(
  tx: DbOrTx,
  project: ProjectRow,
  cur: {
    id: string;
    typeId: string | null;
    isEpic: boolean;
    propertyValues: unknown;
    projectId: string;
    workspaceId: string;
  },
  patch: { type_id?: string | null; property_values?: Record<string, RawPropertyValue> },
  base: Omit<ActivityInput, "field">,
): Promise<{ typeId?: string; typing: UpdateTyping | null }> {
  const given = patch.property_values;
  const typeChange = patch.type_id !== undefined && (patch.type_id ?? null) !== cur.typeId;
  if (!project.isIssueTypeEnabled) {
    if (given && Object.keys(given).length) throw propertyError(TYPES_OFF);
    return { typing: null };
  }
  if (!typeChange && (!given || !Object.keys(given).length)) return { typing: null };
  const current = (cur.propertyValues ?? {}) as Record<string, string[]>;
  let typeId = cur.typeId;
  let values: Record<string, string[]>;
  let props: PropertyWithOptions[];
  let drop: string[] = [];
  if (typeChange) {
    // properties belong to one type: the old type's values go, the new type's take what is sent, else their defaults
    const created = (await resolveCreateTyping(
      tx,
      project,
      { type_id: patch.type_id, property_values: given ?? {} },
      cur.isEpic,
    ))!;
    typeId = created.typeId;
    props = created.props;
    values = created.values;
    drop = Object.keys(current);
  } else {
    if (!typeId) {
      const t = await resolveCreateTyping(tx, project, { property_values: {} }, cur.isEpic);
      typeId = t!.typeId;
    }
    props = await typeProperties(tx, [typeId], { activeOnly: true });
    const r = resolveUpdateValues(props.map(ruleOf), given ?? {});
    if (!r.ok) throw propertyError(r.error);
    values = r.values;
  }
  await checkMemberValues(tx, project, props, values);
  const changed: Record<string, string[]> = {};
  const acts: ActivityInput[] = [];
  const names = await optionAndMemberNames(tx, props, [
    ...Object.values(values).flat(),
    ...Object.values(current).flat(),
  ]);
  for (const [pid, next] of Object.entries(values)) {
    const before = drop.includes(pid) ? [] : (current[pid] ?? []);
    if (before.length === next.length && before.every((v, i) => v === next[i])) continue;
    changed[pid] = next;
    const p = props.find((x) => x.id === pid)!;
    const kind = p.kind as PropertyKind;
    acts.push({
      ...base,
      verb: "updated",
      field: "custom_property",
      oldIdentifier: null,
      newIdentifier: pid,
      oldValue: formatPropertyValue(kind, before, (id) => names.get(id)) || null,
      newValue: formatPropertyValue(kind, next, (id) => names.get(id)) || null,
      comment: `updated ${p.displayName}`,
    });
  }
  const typing = Object.keys(changed).length || drop.length ? { props, values: changed, drop, acts } : null;
  return { typeId: typeChange ? typeId! : undefined, typing };
}

/** Names of the options and people among `ids` (activity texts, exports). */
export async function optionAndMemberNames(
  db: DbOrTx,
  props: PropertyWithOptions[],
  ids: string[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const p of props) for (const o of p.options) out.set(o.id, o.name);
  const people = [...new Set(ids)].filter((id) => /^[0-9a-f-]{36}$/.test(id) && !out.has(id));
  if (people.length && props.some((p) => isMemberKind(p.kind as PropertyKind))) {
    const rows = await db
      .select({ id: schema.users.id, name: schema.users.displayName })
      .from(schema.users)
      .where(inArray(schema.users.id, people));
    for (const r of rows) out.set(r.id, r.name);
  }
  return out;
}

/** Apply an update's value changes; the caller holds the item's row lock. */
export async function applyUpdateTyping(
  tx: DbOrTx,
  item: { id: string; projectId: string; workspaceId: string },
  t: UpdateTyping,
  actorId: string,
) {
  if (t.drop.length) await tx.delete(V).where(and(eq(V.issueId, item.id), inArray(V.propertyId, t.drop)));
  await writeValues(tx, item, t.props, t.values, actorId);
}

/** The kept values of an item (after a write in this transaction). */
export async function keptValues(tx: DbOrTx, issueId: string): Promise<Record<string, string[]>> {
  const [r] = await tx
    .select({ v: schema.issues.propertyValues })
    .from(schema.issues)
    .where(eq(schema.issues.id, issueId))
    .limit(1);
  return (r?.v ?? {}) as Record<string, string[]>;
}
