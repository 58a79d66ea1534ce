/** The checks and lookups a work item's create and update share (commands.ts, update-fields.ts): the fields' rules and their activity values. */
import { and, eq, inArray, isNull, ne, sql, asc, gte } from "drizzle-orm";
import { schema, type DbOrTx } from "../../db/client.ts";
import { errors } from "../../http/errors.ts";
import type { ActivityInput } from "../../domain/activity.ts";
import type { ProjectRow } from "../../http/route.ts";
import type { IssueRow } from "./queries.ts";
import { activeEstimatePoint } from "../../domain/estimates.ts";
import { requireReadable } from "../../http/readable.ts";
import type { RawPropertyValue } from "@stride/shared";

const I = schema.issues;

export const nonField = (msg: string) => errors.body(400, { non_field_errors: [msg] });
export const START_AFTER_TARGET = "Start date cannot exceed target date";
export const INVALID_STATE = "State is not valid please pass a valid state_id";
export const INVALID_PARENT = "Parent is not valid issue_id please pass a valid issue_id";

/** Fields a create or update may carry (wire names). */
export interface IssueFields {
  name?: string;
  description_html?: string | null;
  description_binary?: string | null;
  description_json?: unknown;
  state_id?: string | null;
  parent_id?: string | null;
  label_ids?: string[];
  assignee_ids?: string[];
  priority?: string;
  start_date?: string | null;
  target_date?: string | null;
  estimate_point?: string | null;
  sort_order?: number;
  is_draft?: boolean;
  type_id?: string | null;
  /** Custom property values (issue #29), checked against the item's type (routes/issue-types/commands.ts). */
  property_values?: Record<string, RawPropertyValue>;
  external_source?: string | null;
  external_id?: string | null;
  /** Replaces the item's live modules (routes/issues/modules.ts); null changes nothing. */
  module_ids?: string[] | null;
}

export type StateRow = typeof schema.states.$inferSelect;

export async function defaultState(tx: DbOrTx, projectId: string): Promise<StateRow | null> {
  const rows = await tx
    .select()
    .from(schema.states)
    .where(and(eq(schema.states.projectId, projectId), ne(schema.states.group, "triage")))
    .orderBy(asc(schema.states.sequence));
  return rows.find((s) => s.default) ?? rows[0] ?? null;
}

/** A parent: an item of the project that the actor may read (core/readable.ts), and not below the item itself. */
export async function checkParent(
  tx: DbOrTx,
  project: ProjectRow,
  actorId: string | null,
  parentId: string,
  selfId?: string,
): Promise<IssueRow> {
  await requireReadable(tx, { userId: actorId, workspaceId: project.workspaceId }, "issue", [parentId], {
    projectId: project.id,
    error: () => nonField(INVALID_PARENT),
  });
  const [p] = await tx
    .select()
    .from(I)
    .where(and(eq(I.id, parentId), eq(I.projectId, project.id), isNull(I.deletedAt)))
    .limit(1);
  if (!p) throw nonField(INVALID_PARENT);
  if (selfId) {
    // the new parent may be neither the item itself nor one of its descendants
    const rows = await tx.execute<{ id: string }>(sql`
      WITH RECURSIVE up(id, parent, depth) AS (
        SELECT id, parent, 0 FROM issues WHERE id = ${parentId}
        UNION ALL SELECT i.id, i.parent, up.depth + 1 FROM issues i JOIN up ON i.id = up.parent WHERE up.depth < 1000
      ) SELECT id FROM up WHERE id = ${selfId} LIMIT 1`);
    if (rows.length > 0) throw nonField("A work item cannot be its own parent or a parent of its parent");
  }
  return p;
}

export const INVALID_ESTIMATE_POINT = "Estimate point is not valid please pass a valid estimate_point_id";

/** The point must belong to the project's active estimate. */
export async function checkEstimatePoint(tx: DbOrTx, projectId: string, id: string) {
  const p = await activeEstimatePoint(tx, projectId, id);
  if (!p) throw nonField(INVALID_ESTIMATE_POINT);
  return p;
}

/** Labels of the project among `ids` (others are dropped, as the wire facts say). */
export async function projectLabelIds(tx: DbOrTx, projectId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: schema.labels.id })
    .from(schema.labels)
    .where(and(eq(schema.labels.projectId, projectId), inArray(schema.labels.id, [...ids])));
  const ok = new Set(rows.map((r) => r.id));
  return [...new Set(ids)].filter((id) => ok.has(id));
}

/** Active project members with role ≥ member among `ids` (others are dropped). */
export async function assignableIds(tx: DbOrTx, projectId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: schema.projectMembers.memberId })
    .from(schema.projectMembers)
    .where(
      and(
        eq(schema.projectMembers.projectId, projectId),
        eq(schema.projectMembers.isActive, true),
        gte(schema.projectMembers.role, 15),
        inArray(schema.projectMembers.memberId, [...ids]),
      ),
    );
  const ok = new Set(rows.map((r) => r.id));
  return [...new Set(ids)].filter((id) => ok.has(id));
}

export function checkDates(start: string | null | undefined, target: string | null | undefined) {
  if (start && target && start > target) throw nonField(START_AFTER_TARGET);
}

export function decodeBinary(b64: string | null | undefined): Buffer | null | undefined {
  if (b64 === undefined) return undefined;
  if (b64 === null || b64 === "") return null;
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(b64)) throw errors.field("description_binary", "Invalid binary data");
  return Buffer.from(b64, "base64");
}

/** "IDENT-12" of an item, for activity values. */
export async function issueKey(tx: DbOrTx, issueId: string | null | undefined): Promise<string | null> {
  if (!issueId) return null;
  const [r] = await tx
    .select({ seq: I.sequenceId, ident: schema.projects.identifier })
    .from(I)
    .innerJoin(schema.projects, eq(schema.projects.id, I.projectId))
    .where(eq(I.id, issueId))
    .limit(1);
  return r ? `${r.ident}-${r.seq}` : null;
}

/** Plane's `parent` row: "IDENT-seq" of the old and new parent ("" for none), their ids as identifiers. */
export async function parentChange(
  tx: DbOrTx,
  base: Pick<ActivityInput, "issueId" | "projectId" | "workspaceId" | "actorId">,
  oldId: string | null,
  newId: string | null,
): Promise<ActivityInput> {
  return {
    ...base,
    verb: "updated",
    field: "parent",
    oldValue: (await issueKey(tx, oldId)) ?? "",
    newValue: (await issueKey(tx, newId)) ?? "",
    oldIdentifier: oldId,
    newIdentifier: newId,
    comment: newId ? "updated the parent issue to" : "removed the parent issue",
  };
}
