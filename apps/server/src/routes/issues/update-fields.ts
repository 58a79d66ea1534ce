/**
 * The field-by-field part of a work item's update (commands.ts `updateIssue`): what each patched field changes on
 * the row (`set`) and the activity rows it records (`acts`), in the order they are recorded: name, description,
 * priority, state, parent, estimate, dates, order, draft, type and properties, labels, assignees.
 */
import { and, eq, inArray } from "drizzle-orm";
import { schema, type DbOrTx } from "../../db/client.ts";
import { scalarChange, setChanges, type ActivityInput } from "../../domain/activity.ts";
import type { ProjectRow } from "../../http/route.ts";
import type { IssueRow } from "./queries.ts";
import { stripHtml } from "../../domain/text.ts";
import { acceptIntakeOnLeavingTriage } from "./intake-accept.ts";
import { requireReadableMentions } from "../../http/readable.ts";
import { assertWorkflowMove } from "../../domain/workflow.ts";
import { applyUpdateTyping, resolveUpdateTyping } from "../../domain/item-properties.ts";
import {
  assignableIds,
  checkEstimatePoint,
  checkParent,
  decodeBinary,
  defaultState,
  INVALID_STATE,
  nonField,
  parentChange,
  projectLabelIds,
  type IssueFields,
  type StateRow,
} from "./item-checks.ts";

export interface UpdateOptions {
  allowTriage?: boolean;
  /** The body field a refused state change is reported on (v1 names it `state`; default `state_id`). */
  stateField?: string;
  /** Several items move in one call (bulk): a refusal names the item by its key. */
  label?: boolean;
  /**
   * The client's `skip_activity`: a description change is saved without an activity row or a
   * description version (Plane's editor re-saving the text it just opened); other fields still record theirs.
   */
  skipActivity?: boolean;
  /**
   * The item as the route read it, with its version (`issueVersion`): the update starts from this row instead of
   * locking and reading it again (one round trip fewer, issue #13), and writes only if the row is still this version;
   * otherwise it throws `StaleIssueError` (the caller's transaction rolls back; `patchIssue` then runs it again the
   * locking way).
   */
  current?: { row: IssueRow; version: string };
}

export async function currentIds(tx: DbOrTx, issueId: string) {
  const labels = await tx
    .select({ id: schema.issueLabels.labelId })
    .from(schema.issueLabels)
    .where(eq(schema.issueLabels.issueId, issueId));
  const assignees = await tx
    .select({ id: schema.issueAssignees.assigneeId })
    .from(schema.issueAssignees)
    .where(eq(schema.issueAssignees.issueId, issueId));
  return { labelIds: labels.map((r) => r.id), assigneeIds: assignees.map((r) => r.id) };
}

export async function replaceLinks(
  tx: DbOrTx,
  issue: IssueRow,
  table: "labels" | "assignees",
  ids: string[],
  actorId: string,
) {
  if (table === "labels") {
    await tx.delete(schema.issueLabels).where(eq(schema.issueLabels.issueId, issue.id));
    if (ids.length)
      await tx
        .insert(schema.issueLabels)
        .values(
          ids.map((labelId) => ({
            issueId: issue.id,
            projectId: issue.projectId,
            workspaceId: issue.workspaceId,
            labelId,
            createdById: actorId,
            updatedById: actorId,
          })),
        )
        .onConflictDoNothing();
  } else {
    await tx.delete(schema.issueAssignees).where(eq(schema.issueAssignees.issueId, issue.id));
    if (ids.length)
      await tx
        .insert(schema.issueAssignees)
        .values(
          ids.map((assigneeId) => ({
            issueId: issue.id,
            projectId: issue.projectId,
            workspaceId: issue.workspaceId,
            assigneeId,
            createdById: actorId,
            updatedById: actorId,
          })),
        )
        .onConflictDoNothing();
  }
}

export async function namesOf(
  tx: DbOrTx,
  kind: "labels" | "users" | "states",
  ids: string[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (ids.length === 0) return out;
  if (kind === "labels") {
    for (const r of await tx
      .select({ id: schema.labels.id, name: schema.labels.name })
      .from(schema.labels)
      .where(inArray(schema.labels.id, ids)))
      out.set(r.id, r.name);
  } else if (kind === "states") {
    for (const r of await tx
      .select({ id: schema.states.id, name: schema.states.name })
      .from(schema.states)
      .where(inArray(schema.states.id, ids)))
      out.set(r.id, r.name);
  } else {
    for (const r of await tx
      .select({ id: schema.users.id, name: schema.users.displayName })
      .from(schema.users)
      .where(inArray(schema.users.id, ids)))
      out.set(r.id, r.name);
  }
  return out;
}

export function sameSet(a: readonly string[], b: readonly string[]) {
  if (a.length !== b.length) return false;
  const s = new Set(a);
  return b.every((x) => s.has(x));
}
/** One update under way: the item as read (`cur`), the patch, and who makes it. */
export interface Update {
  tx: DbOrTx;
  project: ProjectRow;
  actorId: string;
  cur: IssueRow;
  patch: IssueFields;
  opts: UpdateOptions;
  base: Pick<ActivityInput, "issueId" | "projectId" | "workspaceId" | "actorId">;
  /** The patch carries field `k` with a value (not undefined). */
  has: (k: keyof IssueFields) => boolean;
}

/** What the update writes on the item's row and the activity rows it records, gathered field by field. */
export interface Change {
  set: Partial<typeof schema.issues.$inferInsert>;
  acts: ActivityInput[];
}

/** The name, the description (its mentions must be readable), the editor's binary and JSON forms, the priority. */
export async function textChanges({ tx, actorId, cur, patch, opts, base, has }: Update, { set, acts }: Change) {
  if (has("name") && patch.name !== cur.name) {
    set.name = patch.name!;
    acts.push(...scalarChange(base, "name", cur.name, patch.name));
  }
  if (has("description_html") || patch.description_html === null) {
    const html = patch.description_html ?? "<p></p>";
    if (html !== cur.descriptionHtml) {
      await requireReadableMentions(tx, { userId: actorId, workspaceId: cur.workspaceId }, html, cur.descriptionHtml);
      set.descriptionHtml = html;
      set.descriptionStripped = stripHtml(html);
      if (!opts.skipActivity) acts.push(...scalarChange(base, "description", cur.descriptionHtml, html));
    }
  }
  if (has("description_binary") || patch.description_binary === null)
    set.descriptionBinary = decodeBinary(patch.description_binary ?? null) ?? null;
  if (has("description_json")) set.descriptionJson = (patch.description_json ?? {}) as object;
  if (has("priority") && patch.priority !== cur.priority) {
    set.priority = patch.priority!;
    acts.push(...scalarChange(base, "priority", cur.priority, patch.priority));
  }
}

/** A new state (none: the project's default), allowed by the project's workflow; leaving triage accepts the intake request. */
export async function stateChange(
  { tx, project, actorId, cur, patch, opts, base, has }: Update,
  { set, acts }: Change,
) {
  if (!((has("state_id") || patch.state_id === null) && (patch.state_id ?? null) !== cur.stateId)) return;
  const pair = patch.state_id
    ? await tx
        .select()
        .from(schema.states)
        .where(
          and(
            eq(schema.states.projectId, cur.projectId),
            inArray(
              schema.states.id,
              [patch.state_id, cur.stateId].filter((x): x is string => !!x),
            ),
          ),
        )
    : [];
  let next: StateRow | null;
  if (patch.state_id) {
    next = pair.find((s) => s.id === patch.state_id) ?? null;
    if (!next || (!opts.allowTriage && next.group === "triage")) throw nonField(INVALID_STATE);
  } else next = await defaultState(tx, cur.projectId);
  if ((next?.id ?? null) === cur.stateId) return;
  // the project's workflow (core/workflow.ts): every path that moves an item comes through here; a move back into
  // triage is the intake's own (un-accepting), which workflows do not govern (docs/decisions.md)
  const from = cur.stateId
    ? (pair.find((s) => s.id === cur.stateId) ??
      (await tx.select().from(schema.states).where(eq(schema.states.id, cur.stateId)).limit(1))[0] ??
      null)
    : null;
  if (next && next.group !== "triage") {
    await assertWorkflowMove(tx, cur.projectId, actorId, from, next, {
      field: opts.stateField,
      label: opts.label ? `${project.identifier}-${cur.sequenceId}` : undefined,
    });
  }
  set.stateId = next?.id ?? null;
  set.completedAt = next?.group === "completed" ? new Date() : null;
  const oldName = from?.name ?? null;
  acts.push(
    ...scalarChange(base, "state", oldName ?? null, next?.name ?? null, { old: cur.stateId, new: next?.id ?? null }),
  );
  if (next && next.group !== "triage") acts.push(...(await acceptIntakeOnLeavingTriage(tx, base, cur.stateId)));
}

/** The parent (readable, in the project, not below the item), the estimate point, the dates, the order, the draft flag. */
export async function planningChanges({ tx, project, actorId, cur, patch, base, has }: Update, { set, acts }: Change) {
  if ((has("parent_id") || patch.parent_id === null) && (patch.parent_id ?? null) !== cur.parentId) {
    if (patch.parent_id) await checkParent(tx, project, actorId, patch.parent_id, cur.id);
    set.parentId = patch.parent_id ?? null;
    acts.push(await parentChange(tx, base, cur.parentId, patch.parent_id ?? null));
  }
  if (
    (has("estimate_point") || patch.estimate_point === null) &&
    (patch.estimate_point ?? null) !== cur.estimatePointId
  ) {
    const oldP = cur.estimatePointId
      ? (
          await tx
            .select()
            .from(schema.estimatePoints)
            .where(eq(schema.estimatePoints.id, cur.estimatePointId))
            .limit(1)
        )[0]
      : null;
    const newP = patch.estimate_point ? await checkEstimatePoint(tx, cur.projectId, patch.estimate_point) : null;
    set.estimatePointId = newP?.id ?? null;
    acts.push(
      ...scalarChange(base, "estimate_point", oldP?.value ?? null, newP?.value ?? null, {
        old: cur.estimatePointId,
        new: newP?.id ?? null,
      }),
    );
  }
  for (const [k, col] of [
    ["start_date", "startDate"],
    ["target_date", "targetDate"],
  ] as const) {
    if ((has(k) || patch[k] === null) && (patch[k] ?? null) !== cur[col]) {
      set[col] = patch[k] ?? null;
      acts.push(...scalarChange(base, k, cur[col], patch[k] ?? null));
    }
  }
  if (has("sort_order") && patch.sort_order !== cur.sortOrder) {
    set.sortOrder = patch.sort_order!;
    acts.push(...scalarChange(base, "sort_order", cur.sortOrder, patch.sort_order));
  }
  if (has("is_draft") && patch.is_draft !== cur.isDraft) {
    set.isDraft = patch.is_draft!;
    acts.push(...scalarChange(base, "draft", cur.isDraft, patch.is_draft));
  }
}

/** The type and the custom property values (issue #29), checked against the item's (new) type; the external ids. */
export async function typeChanges({ tx, project, cur, patch, base, has }: Update, { set, acts }: Change) {
  const typed = await resolveUpdateTyping(tx, project, cur, patch, base);
  const newType =
    typed.typeId !== undefined
      ? typed.typeId
      : (has("type_id") || patch.type_id === null) && !project.isIssueTypeEnabled
        ? (patch.type_id ?? null)
        : cur.typeId;
  if (newType !== cur.typeId) {
    set.typeId = newType;
    acts.push(...scalarChange(base, "type", cur.typeId, newType, { old: cur.typeId, new: newType }));
  }
  if (typed.typing) acts.push(...typed.typing.acts);
  if (has("external_source") || patch.external_source === null) set.externalSource = patch.external_source ?? null;
  if (has("external_id") || patch.external_id === null) set.externalId = patch.external_id ?? null;
  return typed;
}

/**
 * The label and assignee lists (replaced whole; ids outside the project dropped) and the property values: the
 * writes to run after the item's own row (which locks it, if the route's read did not), and who is newly assigned.
 */
export async function linkChanges(
  { tx, cur, patch, actorId, base, has }: Update,
  { acts }: Change,
  typed: Awaited<ReturnType<typeof typeChanges>>,
) {
  let newAssignees: string[] = [];
  const linkWrites: (() => Promise<void>)[] = [];
  if (typed.typing) linkWrites.push(() => applyUpdateTyping(tx, cur, typed.typing!, actorId));
  if (has("label_ids") || has("assignee_ids")) {
    const before = await currentIds(tx, cur.id);
    if (has("label_ids")) {
      const next = await projectLabelIds(tx, cur.projectId, patch.label_ids!);
      if (!sameSet(before.labelIds, next)) {
        linkWrites.push(() => replaceLinks(tx, cur, "labels", next, actorId));
        const names = await namesOf(tx, "labels", [...before.labelIds, ...next]);
        acts.push(...setChanges(base, "labels", before.labelIds, next, (id) => names.get(id) ?? ""));
      }
    }
    if (has("assignee_ids")) {
      const next = await assignableIds(tx, cur.projectId, patch.assignee_ids!);
      if (!sameSet(before.assigneeIds, next)) {
        linkWrites.push(() => replaceLinks(tx, cur, "assignees", next, actorId));
        const names = await namesOf(tx, "users", [...before.assigneeIds, ...next]);
        acts.push(...setChanges(base, "assignees", before.assigneeIds, next, (id) => names.get(id) ?? ""));
        newAssignees = next.filter((id) => !before.assigneeIds.includes(id));
      }
    }
  }
  return { linkWrites, newAssignees };
}
