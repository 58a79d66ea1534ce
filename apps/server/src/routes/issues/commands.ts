import crypto from "node:crypto";
import { and, eq, inArray, isNull, sql, asc } from "drizzle-orm";
import { schema, type Db, type DbOrTx, type Tx } from "../../db/client.ts";
import { errors } from "../../http/errors.ts";
import { ARCHIVE_VALUES, recordActivity, setChanges, type ActivityInput } from "../../domain/activity.ts";
import type { ProjectRow } from "../../http/route.ts";
import type { IssueRow, IssueView } from "./queries.ts";
import { extractMentionIds } from "../../domain/text.ts";
import { deleteDescriptionVersions, keepDescriptionVersion } from "./versions.ts";
import { changeItemModules, setItemModules } from "./modules.ts";
import { dropFavoritesOf } from "../../domain/favorites.ts";
import { createStatementInput, runCreateStatement } from "./create-statement.ts";
import { rawOf, rowOf } from "../../db/raw.ts";
import { issueVersion } from "./access.ts";
import { requireReadable, requireReadableMentions } from "../../http/readable.ts";
import { keptValues, resolveCreateTyping, writeValues } from "../../domain/item-properties.ts";
import {
  checkDates,
  decodeBinary,
  INVALID_ESTIMATE_POINT,
  INVALID_PARENT,
  INVALID_STATE,
  nonField,
  parentChange,
  type IssueFields,
} from "./item-checks.ts";
import {
  linkChanges,
  planningChanges,
  stateChange,
  textChanges,
  typeChanges,
  type Change,
  type Update,
  type UpdateOptions,
} from "./update-fields.ts";

const I = schema.issues;

export {
  nonField,
  START_AFTER_TARGET,
  INVALID_ESTIMATE_POINT,
  defaultState,
  projectLabelIds,
  assignableIds,
  issueKey,
  type IssueFields,
} from "./item-checks.ts";
export type { UpdateOptions } from "./update-fields.ts";

export interface CreateOptions {
  isEpic?: boolean;
  /** Intake places new items in the triage state. */
  allowTriage?: boolean;
  /**
   * Intake: required properties that may stay empty until the request is accepted (docs/decisions.md): `people`
   * (no intake path asks for a person), `all` (the published space's request panel asks for no property).
   */
  requiredLater?: "people" | "all";
  /** Draft conversion carries the draft's cycle and modules. */
  cycleId?: string | null;
  moduleIds?: string[];
  /**
   * The caller's transaction ends with this create: a plain create (see `createIssueWithView`) then sends its COMMIT
   * with its statements (db/raw.ts `commitAhead`): BEGIN, the create, its activity and COMMIT in one round trip. Its
   * writes are all conditional on its checks, so a refused create commits nothing.
   */
  commitAhead?: boolean;
}

/** Subscribe users to an item (idempotent). */
export async function subscribe(
  tx: DbOrTx,
  issue: Pick<IssueRow, "id" | "projectId" | "workspaceId">,
  userIds: readonly string[],
  actorId: string | null,
) {
  const ids = [...new Set(userIds.filter(Boolean))];
  if (ids.length === 0) return;
  await tx
    .insert(schema.issueSubscribers)
    .values(
      ids.map((u) => ({
        issueId: issue.id,
        projectId: issue.projectId,
        workspaceId: issue.workspaceId,
        subscriberId: u,
        createdById: actorId,
        updatedById: actorId,
      })),
    )
    .onConflictDoNothing();
}

/** Record the workspace members mentioned in `html` on the item (issue_mentions). */
export async function recordMentions(
  tx: DbOrTx,
  issue: Pick<IssueRow, "id" | "projectId" | "workspaceId">,
  html: string | null | undefined,
  actorId: string | null,
): Promise<string[]> {
  const ids = extractMentionIds(html);
  if (ids.length === 0) return [];
  const members = await tx
    .select({ id: schema.workspaceMembers.memberId })
    .from(schema.workspaceMembers)
    .where(
      and(
        eq(schema.workspaceMembers.workspaceId, issue.workspaceId),
        eq(schema.workspaceMembers.isActive, true),
        inArray(schema.workspaceMembers.memberId, ids),
      ),
    );
  const valid = members.map((m) => m.id);
  if (valid.length === 0) return [];
  await tx
    .insert(schema.issueMentions)
    .values(
      valid.map((m) => ({
        issueId: issue.id,
        projectId: issue.projectId,
        workspaceId: issue.workspaceId,
        mentionId: m,
        createdById: actorId,
        updatedById: actorId,
      })),
    )
    .onConflictDoNothing();
  return valid;
}

/** Put a new item in a cycle of its project (none when the cycle is not one): the cycle added. */
async function addToCycle(
  tx: DbOrTx,
  project: ProjectRow,
  issueId: string,
  actorId: string | null,
  cycleId: string,
): Promise<{ id: string; name: string } | null> {
  const [c] = await tx
    .select()
    .from(schema.cycles)
    .where(and(eq(schema.cycles.id, cycleId), eq(schema.cycles.projectId, project.id)))
    .limit(1);
  if (!c) return null;
  await tx.insert(schema.cycleIssues).values({
    issueId,
    cycleId: c.id,
    projectId: project.id,
    workspaceId: project.workspaceId,
    createdById: actorId,
    updatedById: actorId,
  });
  return c;
}

/** The description's binary (Yjs) state; a bad one is thrown only after the statement's own checks. */
function decodeLater(sent: IssueFields["description_binary"]): { binary: Buffer | null; badBinary: unknown } {
  try {
    return { binary: decodeBinary(sent) ?? null, badBinary: null };
  } catch (e) {
    return { binary: null, badBinary: e };
  }
}

/**
 * The parent and the items the text embeds or mentions: ones the actor may read (core/readable.ts), checked before
 * the create statement (which may send its COMMIT with it).
 */
async function requireReadableRefs(
  tx: DbOrTx,
  project: ProjectRow,
  actorId: string | null,
  parentId: string | null | undefined,
  html: string,
): Promise<void> {
  const reader = { userId: actorId, workspaceId: project.workspaceId };
  if (parentId)
    await requireReadable(tx, reader, "issue", [parentId], {
      projectId: project.id,
      error: () => nonField(INVALID_PARENT),
    });
  await requireReadableMentions(tx, reader, html);
}

/**
 * A new item's modules, joined after its "created" row so the history reads in order: the ones asked for, then a
 * converted draft's (leniently). An anonymous request, from the public intake form, never carries modules.
 */
async function joinModules(
  tx: DbOrTx,
  project: ProjectRow,
  actorId: string,
  issue: IssueRow,
  asked: string[] | null | undefined,
  fromDraft: string[] | null | undefined,
): Promise<string[]> {
  const moduleIds: string[] = [];
  if (asked?.length) moduleIds.push(...(await changeItemModules(tx, project, actorId, [issue], { add: asked })));
  if (fromDraft?.length)
    moduleIds.push(...(await changeItemModules(tx, project, actorId, [issue], { add: fromDraft }, { lenient: true })));
  return [...new Set(moduleIds)];
}

/**
 * Create a work item (wire-facts §6.2, §15) inside the caller's transaction; returns its row.
 * Intake, drafts conversion and bulk tools call this too, so every item gets the same defaults.
 */
export async function createIssueWithView(
  tx: DbOrTx,
  project: ProjectRow,
  actorId: string | null,
  input: IssueFields & { name: string },
  opts: CreateOptions = {},
): Promise<{ issue: IssueRow; view: IssueView }> {
  checkDates(input.start_date, input.target_date);
  const { binary, badBinary } = decodeLater(input.description_binary);
  const html = input.description_html ?? "<p></p>";
  await requireReadableRefs(tx, project, actorId, input.parent_id, html);
  const id = crypto.randomUUID();
  const base = { issueId: id, projectId: project.id, workspaceId: project.workspaceId, actorId };
  const createdRow: ActivityInput = { ...base, verb: "created", field: null, comment: "created the work item" };
  // A plain create (no parent, cycle, assignee or mention: its history is the one "created" row) sends that row with
  // the create statement, pipelined on the transaction's connection: one round trip fewer. The row and its jobs are
  // written only if the item was (its checks passed); otherwise the 400 below rolls the transaction back anyway.
  // Assignees (asked for, or the project's default) are recorded as Plane's server records them on a create: an
  // "added assignee" row each after "created", written with it once the statement has said who they are.
  const mayAssign = !!input.assignee_ids?.length || !!project.defaultAssigneeId;
  // the item's type and custom property values, checked before anything is written (every create path comes here)
  const typing = await resolveCreateTyping(tx, project, input, !!opts.isEpic, { later: opts.requiredLater });
  const hasValues = !!typing && Object.keys(typing.values).length > 0;
  const plain = !input.parent_id && !opts.cycleId && !mayAssign && !hasValues && extractMentionIds(html).length === 0;
  // checks, sequence number, sort order, the item, its labels, assignees and subscribers: one statement
  const creating = runCreateStatement(
    tx,
    createStatementInput(project, actorId, input, {
      id,
      html,
      binary,
      typeId: typing ? typing.typeId : (input.type_id ?? null),
      write: !badBinary,
      allowTriage: !!opts.allowTriage,
      isEpic: !!opts.isEpic,
    }),
  );
  const last = plain && !!opts.commitAhead && !input.module_ids?.length && !opts.moduleIds?.length;
  const [made] = plain
    ? await Promise.all([creating, recordActivity(tx, [createdRow], { ifIssueExists: id, commitAfter: last })])
    : [await creating];
  // the 400s in the order the checks were always made
  if (!made.stateOk) throw nonField(INVALID_STATE);
  if (!made.parentOk) throw nonField(INVALID_PARENT);
  if (!made.estimateOk) throw nonField(INVALID_ESTIMATE_POINT);
  if (badBinary) throw badBinary;
  const issue = made.issue;
  if (!issue) throw errors.notFound(); // the project is gone
  const { labelIds, assigneeIds } = made;

  let cycleId: string | null = null;
  const acts: ActivityInput[] = plain ? [] : [createdRow];
  const assigneeName = new Map(assigneeIds.map((id, i) => [id, made.assigneeNames[i] ?? ""]));
  acts.push(...setChanges(base, "assignees", [], assigneeIds, (u) => assigneeName.get(u) ?? ""));
  // a draft stays out of its parent's history until it is published
  if (issue.parentId && !issue.isDraft) acts.push(await parentChange(tx, base, null, issue.parentId));

  if (opts.cycleId) {
    const added = await addToCycle(tx, project, issue.id, actorId, opts.cycleId);
    if (added) {
      acts.push({ ...base, field: "cycles", oldValue: "", newValue: added.name, newIdentifier: added.id });
      cycleId = added.id;
    }
  }
  if (hasValues) {
    // the new row is this transaction's own: no other writer can reach it before commit
    await writeValues(tx, issue, typing!.props, typing!.values, actorId);
    issue.propertyValues = typing!.values;
  }
  if (!plain) {
    await recordMentions(tx, issue, html, actorId);
    await recordActivity(tx, acts);
  }
  // modules join after the "created" row, so the history reads in order
  const moduleIds = actorId ? await joinModules(tx, project, actorId, issue, input.module_ids, opts.moduleIds) : [];
  const view: IssueView = {
    issue,
    stateGroup: made.stateGroup,
    cycleId,
    moduleIds,
    labelIds,
    assigneeIds,
    subIssuesCount: 0,
    linkCount: 0,
    attachmentCount: 0,
    taskCount: 0,
  };
  return { issue, view };
}

/** Create a work item (see `createIssueWithView`); returns its row. */
export async function createIssue(
  tx: DbOrTx,
  project: ProjectRow,
  actorId: string | null,
  input: IssueFields & { name: string },
  opts: CreateOptions = {},
): Promise<IssueRow> {
  return (await createIssueWithView(tx, project, actorId, input, opts)).issue;
}

/** Lock and read an item for an update. */
/**
 * Lock a work item for a change (`FOR NO KEY UPDATE`) and read it; 404 when it is gone. The lock waits for other
 * writers of the item but not for rows that merely point at it (a comment, a link, an activity row take the foreign
 * key's share lock, which `FOR UPDATE` would wait for: issue #24 point 14).
 */
export async function lockIssue(tx: DbOrTx, issueId: string): Promise<IssueRow> {
  const [row] = await rawOf(tx).unsafe(LOCK_ISSUE, [issueId], { prepare: true });
  if (!row) throw errors.notFound();
  return rowOf(I, row);
}
const LOCK_ISSUE = "SELECT * FROM issues WHERE id = $1 AND deleted_at IS NULL LIMIT 1 FOR NO KEY UPDATE";

/**
 * Lock several work items at once, in id order (the one order every command takes item locks in, so two commands
 * that need the same items never wait for each other crosswise: issue #24 point 14), and read them. Ids may repeat
 * or be null; deleted and missing items are left out of the answer.
 */
export async function lockIssues(tx: DbOrTx, ids: readonly (string | null | undefined)[]): Promise<IssueRow[]> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))].sort();
  if (!wanted.length) return [];
  const rows = await rawOf(tx).unsafe(LOCK_ISSUES, [wanted], { prepare: true });
  return rows.map((r) => rowOf(I, r));
}
const LOCK_ISSUES =
  "SELECT * FROM issues WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL ORDER BY id FOR NO KEY UPDATE";

function lockedOne(rows: IssueRow[], id: string): IssueRow {
  const row = rows.find((r) => r.id === id);
  if (!row) throw errors.notFound();
  return row;
}

/** A row locked in the wrong order would be needed: the transaction runs again (db/client.ts retries 40001). */
export class LockOrderRetry extends Error {
  readonly code = "40001";
  constructor() {
    super("a work item's parent changed while its family was being locked");
  }
}

/**
 * Lock the items `ids` with their parents and the items `also` (a new parent), all in id order, and read them (a
 * parent change moves the sub-item counts kept on both parents, which commit locks). The parents are read before they
 * are locked: when an item got a parent in between that is not locked yet, the transaction is run again rather than
 * lock it out of order.
 */
export async function lockFamily(
  tx: DbOrTx,
  ids: readonly string[],
  also: readonly (string | null | undefined)[] = [],
): Promise<IssueRow[]> {
  const known = await tx
    .select({ id: I.id, parent: I.parentId })
    .from(I)
    .where(inArray(I.id, [...ids]));
  const rows = await lockIssues(tx, [...ids, ...known.map((k) => k.parent), ...also]);
  const locked = new Set(rows.map((r) => r.id));
  if (rows.some((r) => ids.includes(r.id) && r.parentId && !locked.has(r.parentId))) throw new LockOrderRetry();
  return rows;
}

/** The row changed after the route read it (see `UpdateOptions.current`): nothing may be written from it. */
export class StaleIssueError extends Error {
  constructor() {
    super("the work item changed since it was read");
  }
}

/**
 * PATCH P/issues/{id}/ in one transaction: from the row the route read when it has its version (no second read, no
 * lock statement: BEGIN, the update and its activity go out together), again with the row locked and read afresh
 * if it changed meanwhile. `also` runs in the same transaction after the update (the cycle).
 */
export async function patchIssue(
  db: Db,
  project: ProjectRow,
  actorId: string,
  loaded: IssueRow,
  patch: IssueFields,
  opts: UpdateOptions = {},
  also?: (tx: Tx, row: IssueRow) => Promise<unknown>,
): Promise<IssueRow> {
  const version = issueVersion(loaded);
  const run = (current: UpdateOptions["current"]) =>
    db.transaction(async (tx) => {
      const row = await updateIssue(tx, project, actorId, loaded.id, patch, { ...opts, current });
      if (also) await also(tx, row);
      return row;
    });
  if (!version) return run(undefined);
  try {
    return await run({ row: loaded, version });
  } catch (e) {
    if (!(e instanceof StaleIssueError)) throw e;
    return run(undefined);
  }
}

/**
 * Apply a partial update (PATCH P/issues/{id}/, bulk operations, issue-dates, drafts): label and
 * assignee lists replace; one activity row per changed field and a description version, in the same transaction.
 */
export async function updateIssue(
  tx: DbOrTx,
  project: ProjectRow,
  actorId: string,
  issueId: string,
  patch: IssueFields,
  opts: UpdateOptions = {},
): Promise<IssueRow> {
  const { cur, version } = await readForUpdate(tx, issueId, patch, opts);
  if (cur.projectId !== project.id || cur.deletedAt) throw errors.notFound();
  const base = { issueId: cur.id, projectId: cur.projectId, workspaceId: cur.workspaceId, actorId };
  const has = (k: keyof IssueFields) => Object.prototype.hasOwnProperty.call(patch, k) && patch[k] !== undefined;
  const start = has("start_date") ? patch.start_date : cur.startDate;
  const target = has("target_date") ? patch.target_date : cur.targetDate;
  checkDates(start, target);

  const u: Update = { tx, project, actorId, cur, patch, opts, base, has };
  const ch: Change = { set: {}, acts: [] };
  await textChanges(u, ch);
  await stateChange(u, ch);
  await planningChanges(u, ch);
  const typed = await typeChanges(u, ch);
  const { linkWrites, newAssignees } = await linkChanges(u, ch, typed);
  const { set, acts } = ch;

  const touched = Object.keys(set).length > 0 || acts.length > 0;
  // from the route's row: only if the row is still that version (else nothing is kept: StaleIssueError rolls back)
  const update = async () => {
    const [row] = await tx
      .update(I)
      .set({ ...set, updatedAt: new Date(), updatedById: actorId })
      .where(version ? and(eq(I.id, cur.id), sql`xmin = ${version}::text::xid`) : eq(I.id, cur.id))
      .returning();
    if (!row) throw version ? new StaleIssueError() : errors.notFound();
    return row;
  };
  if (
    touched &&
    !linkWrites.length &&
    !newAssignees.length &&
    !Array.isArray(patch.module_ids) &&
    set.descriptionHtml === undefined
  ) {
    // nothing else to write: the update and the activity go out together (pipelined on the transaction's connection)
    const [row] = await Promise.all([update(), recordActivity(tx, acts)]);
    return row;
  }
  let row = cur;
  if (touched) row = await update();
  for (const write of linkWrites) await write();
  if (newAssignees.length) await subscribe(tx, cur, newAssignees, actorId);
  if (Array.isArray(patch.module_ids)) await setItemModules(tx, project, actorId, cur, patch.module_ids);
  if (set.descriptionHtml !== undefined) {
    await recordMentions(tx, cur, set.descriptionHtml, actorId);
    if (!opts.skipActivity) await keepDescriptionVersion(tx, cur, row, actorId);
  }
  await recordActivity(tx, acts);
  if (typed.typing) row = { ...row, propertyValues: await keptValues(tx, cur.id) };
  return row;
}

/**
 * The item to update and the version to write it at. A new parent changes the sub-item counts kept on the old and
 * new parents (locked at commit): the three are locked first, in id order. Otherwise the row the route read is
 * written if it is still that version (`version`), else it is locked and read afresh.
 */
async function readForUpdate(
  tx: DbOrTx,
  issueId: string,
  patch: IssueFields,
  opts: UpdateOptions,
): Promise<{ cur: IssueRow; version: string | undefined }> {
  const read = opts.current?.row.id === issueId ? opts.current.row : null;
  const parentTouched =
    Object.prototype.hasOwnProperty.call(patch, "parent_id") && (!read || (patch.parent_id ?? null) !== read.parentId);
  const version = read && !parentTouched ? opts.current!.version : undefined;
  const cur = version
    ? read!
    : parentTouched
      ? lockedOne(await lockFamily(tx, [issueId], [patch.parent_id]), issueId)
      : await lockIssue(tx, issueId);
  return { cur, version };
}

/**
 * Soft-delete an item and, one by one, its sub-items (work-tracking.md §4). Each child is deleted in
 * its own savepoint: a failing child is logged ("Failed to delete child issue") and left in place,
 * never failing the parent's deletion.
 */
export async function deleteIssue(
  tx: DbOrTx,
  issue: IssueRow,
  actorId: string,
  log: (msg: string, err: unknown, childId: string) => void,
  depth = 0,
): Promise<void> {
  const now = new Date();
  await tx.update(I).set({ deletedAt: now, updatedAt: now, updatedById: actorId }).where(eq(I.id, issue.id));
  await tx.delete(schema.cycleIssues).where(eq(schema.cycleIssues.issueId, issue.id));
  await tx.delete(schema.moduleIssues).where(eq(schema.moduleIssues.issueId, issue.id));
  await deleteDescriptionVersions(tx, issue.id);
  await dropFavoritesOf(tx, "issue", [issue.id]);
  await recordActivity(tx, {
    issueId: issue.id,
    projectId: issue.projectId,
    workspaceId: issue.workspaceId,
    actorId,
    verb: "deleted",
    field: "issue",
    oldValue: issue.name,
    comment: "deleted the work item",
  });
  if (depth > 50) return;
  const children = await tx
    .select()
    .from(I)
    .where(and(eq(I.parentId, issue.id), isNull(I.deletedAt)))
    .orderBy(asc(I.sequenceId));
  for (const child of children) {
    try {
      await tx.transaction(async (sp) => deleteIssue(sp, child, actorId, log, depth + 1));
    } catch (err) {
      log("Failed to delete child issue", err, child.id);
    }
  }
}

/** Today's date (UTC) as yyyy-MM-dd: the value of `archived_at`. */
export const todayDate = () => new Date().toISOString().slice(0, 10);

export const ARCHIVABLE_GROUPS = ["completed", "cancelled"];
export const invalidArchiveState = () => errors.domain(4091, "INVALID_ARCHIVE_STATE_GROUP");

/** Archive items; every one must be in a completed or cancelled state (else 4091, nothing archived). */
export async function archiveIssues(tx: DbOrTx, issues: IssueRow[], actorId: string): Promise<string> {
  const stateIds = [...new Set(issues.map((i) => i.stateId).filter((x): x is string => !!x))];
  const groups = new Map<string, string>();
  if (stateIds.length)
    for (const s of await tx.select().from(schema.states).where(inArray(schema.states.id, stateIds)))
      groups.set(s.id, s.group);
  for (const it of issues) {
    if (!it.stateId || !ARCHIVABLE_GROUPS.includes(groups.get(it.stateId) ?? "")) throw invalidArchiveState();
  }
  const day = todayDate();
  const acts: ActivityInput[] = [];
  for (const it of issues) {
    if (it.archivedAt) continue;
    await tx.update(I).set({ archivedAt: day, updatedAt: new Date(), updatedById: actorId }).where(eq(I.id, it.id));
    acts.push({
      issueId: it.id,
      projectId: it.projectId,
      workspaceId: it.workspaceId,
      actorId,
      field: "archived_at",
      oldValue: null,
      newValue: ARCHIVE_VALUES.manual,
      comment: "archived the work item",
    });
  }
  await dropFavoritesOf(
    tx,
    "issue",
    acts.map((a) => a.issueId),
  );
  await recordActivity(tx, acts);
  return day;
}

export async function restoreIssue(tx: DbOrTx, issue: IssueRow, actorId: string) {
  if (!issue.archivedAt) return;
  await tx.update(I).set({ archivedAt: null, updatedAt: new Date(), updatedById: actorId }).where(eq(I.id, issue.id));
  await recordActivity(tx, {
    issueId: issue.id,
    projectId: issue.projectId,
    workspaceId: issue.workspaceId,
    actorId,
    field: "archived_at",
    oldValue: ARCHIVE_VALUES.automatic,
    newValue: ARCHIVE_VALUES.restore,
    comment: "restored the work item",
  });
}
