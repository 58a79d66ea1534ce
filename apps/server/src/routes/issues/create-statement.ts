import { DEFAULT_SORT_ORDER, SORT_STEP } from "@stride/shared";
import { schema, type DbOrTx } from "../../db/client.ts";
import { rawOf, rowOf } from "../../db/raw.ts";
import type { IssueRow } from "./queries.ts";
import type { ProjectRow } from "../../http/route.ts";
import { stripHtml } from "../../domain/text.ts";
import type { IssueFields } from "./item-checks.ts";

const INS_LAB = `), ins_lab AS (
  INSERT INTO issue_labels (issue, project, workspace, label, created_by, updated_by, created_at, updated_at)
  SELECT ins.id, $1, $2, lab.id, $3::uuid, $3::uuid, ins.created_at, ins.created_at FROM ins, lab ORDER BY lab.n
`;
const INS_ASG = `), ins_asg AS (
  INSERT INTO issue_assignees (issue, project, workspace, assignee, created_by, updated_by, created_at, updated_at)
  SELECT ins.id, $1, $2, asg.id, $3::uuid, $3::uuid, ins.created_at, ins.created_at FROM ins, asg ORDER BY asg.n
`;

/**
 * A work item's create as ONE prepared statement (issue #13): the checks of its references (state or the project's
 * default state, parent, estimate point), the labels and assignees it may have (others dropped, the project's
 * default assignee when none), the next sequence number (the project's PostgreSQL sequence: never reused, even after deletes,
 * wire-facts §15; no lock on the project row), the sort order at the end of its state, the item, its
 * label, assignee and subscriber rows, all with the item's own time (the notification job tells the people "assigned
 * in its creation" by comparing the two; the transaction's now() may be later: BEGIN is pipelined). Nothing is written when a check fails; the caller turns the failed check
 * into its 400 (routes/issues/commands.ts `createIssueWithView`, which also records the activity).
 * The list bookkeeping (list_version, counts, kept columns) runs in the tables' deferred triggers, as for any write.
 * Its text comes without the label or assignee insert when the request can have none: an INSERT that writes no row
 * still runs its table's statement-level triggers (list bookkeeping: two statements each in the database).
 */
const createIssueText = (labels: boolean, assignees: boolean) => `
WITH st AS (
  SELECT s.id, s."group" FROM states s
  WHERE s.project = $1 AND CASE WHEN $4::uuid IS NULL THEN s."group" <> 'triage' ELSE s.id = $4::uuid END
  ORDER BY s."default" DESC, s.sequence LIMIT 1
), chk AS (
  SELECT
    $4::uuid IS NULL OR EXISTS (SELECT 1 FROM st WHERE $5::boolean OR st."group" <> 'triage') AS state_ok,
    $6::uuid IS NULL OR EXISTS (SELECT 1 FROM issues p WHERE p.id = $6::uuid AND p.project = $1 AND p.deleted_at IS NULL) AS parent_ok,
    $7::uuid IS NULL OR EXISTS (
      SELECT 1 FROM estimate_points e JOIN projects pr ON pr.id = e.project AND pr.estimate = e.estimate
      WHERE e.id = $7::uuid AND e.project = $1) AS estimate_ok,
    (SELECT id FROM st) AS state_id,
    (SELECT "group" FROM st) AS state_group
), ok AS (
  SELECT state_id, state_group FROM chk WHERE state_ok AND parent_ok AND estimate_ok AND $25::boolean
), lab AS (
  SELECT u.id, min(u.n) AS n FROM unnest($8::text[]::uuid[]) WITH ORDINALITY AS u(id, n)
  JOIN labels l ON l.id = u.id AND l.project = $1 GROUP BY u.id
), asg0 AS (
  SELECT u.id, min(u.n) AS n FROM unnest($9::text[]::uuid[]) WITH ORDINALITY AS u(id, n)
  JOIN project_members m ON m.member = u.id AND m.project = $1 AND m.is_active AND m.role >= 15 GROUP BY u.id
), asg AS (
  SELECT id, n FROM asg0
  UNION ALL
  SELECT m.member, 1 FROM project_members m
  WHERE $10::uuid IS NOT NULL AND NOT EXISTS (SELECT 1 FROM asg0)
    AND m.member = $10::uuid AND m.project = $1 AND m.is_active AND m.role >= 15
), seq AS (
  -- the project's own sequence (db/sql/issue-sequences.sql): no row lock held to COMMIT; taken only when the checks pass
  SELECT nextval(('issue_seq_' || replace($1::text, '-', ''))::regclass)::integer AS issue_sequence FROM ok
), ins AS (
  INSERT INTO issues (id, workspace, project, name, description_html, description_binary, description_json, description_stripped,
    priority, state, parent, estimate_point, start_date, target_date, sequence_id, sort_order, completed_at, is_draft, is_epic,
    type, external_source, external_id, created_at, updated_at, created_by, updated_by)
  SELECT $27::uuid, $2, $1, $11, $12, $13::bytea, $14::text::jsonb, $15, $16, ok.state_id, $6::uuid, $7::uuid, $17::text::date, $18::text::date,
    seq.issue_sequence,
    -- at the end of its state (two sub-queries, so each reads the (project, state, sort_order) index)
    COALESCE($19::double precision, CASE WHEN ok.state_id IS NULL
      THEN (SELECT max(i.sort_order) FROM issues i WHERE i.project = $1 AND i.deleted_at IS NULL AND i.state IS NULL)
      ELSE (SELECT max(i.sort_order) FROM issues i WHERE i.project = $1 AND i.deleted_at IS NULL AND i.state = ok.state_id)
    END + ${SORT_STEP}, ${DEFAULT_SORT_ORDER}),
    CASE WHEN ok.state_group = 'completed' THEN $24::text::timestamptz END, $20, $21, $22::uuid, $23, $26,
    $24::text::timestamptz, $24::text::timestamptz, $3::uuid, $3::uuid
  FROM ok, seq
  RETURNING *
${labels ? INS_LAB : ""}${assignees ? INS_ASG : ""}), ins_sub AS (
  INSERT INTO issue_subscribers (issue, project, workspace, subscriber, created_by, updated_by, created_at, updated_at)
  SELECT DISTINCT ins.id, $1::uuid, $2::uuid, s.id, $3::uuid, $3::uuid, ins.created_at, ins.created_at
  FROM ins, (SELECT $3::uuid AS id WHERE $3::uuid IS NOT NULL UNION SELECT id FROM asg) s
  ON CONFLICT DO NOTHING
)
SELECT chk.state_ok AS "#state_ok", chk.parent_ok AS "#parent_ok", chk.estimate_ok AS "#estimate_ok", chk.state_group AS "#state_group",
  (SELECT COALESCE(array_agg(id::text ORDER BY n), '{}') FROM lab) AS "#label_ids",
  (SELECT COALESCE(array_agg(id::text ORDER BY n), '{}') FROM asg) AS "#assignee_ids",
  (SELECT COALESCE(array_agg(u.display_name ORDER BY asg.n), '{}') FROM asg JOIN users u ON u.id = asg.id) AS "#assignee_names",
  ins.*
FROM chk LEFT JOIN ins ON true`;
const CREATE_ISSUE = [false, true].map((labels) =>
  [false, true].map((assignees) => createIssueText(labels, assignees)),
);

export interface CreateStatementInput {
  /** The new item's id, made by the caller (so its activity can be sent before the create answers). */
  id: string;
  projectId: string;
  workspaceId: string;
  actorId: string | null;
  stateId: string | null;
  allowTriage: boolean;
  parentId: string | null;
  estimatePointId: string | null;
  labelIds: readonly string[];
  assigneeIds: readonly string[];
  defaultAssigneeId: string | null;
  name: string;
  html: string;
  binary: Buffer | null;
  json: unknown;
  stripped: string;
  priority: string;
  startDate: string | null;
  targetDate: string | null;
  sortOrder: number | null;
  isDraft: boolean;
  isEpic: boolean;
  typeId: string | null;
  externalSource: string | null;
  externalId: string | null;
  now: Date;
  /** False: only check (another check of the caller failed); nothing is written. */
  write: boolean;
}

export interface CreateStatementResult {
  stateOk: boolean;
  parentOk: boolean;
  estimateOk: boolean;
  stateGroup: string | null;
  /** The labels and assignees kept, in the order asked (the default assignee when none was). */
  labelIds: string[];
  assigneeIds: string[];
  /** The display names of `assigneeIds`, in their order (for the "added assignee" history rows). */
  assigneeNames: string[];
  /** The new row; null when a check failed or `write` was false. */
  issue: IssueRow | null;
}

export async function runCreateStatement(tx: DbOrTx, x: CreateStatementInput): Promise<CreateStatementResult> {
  const labels = x.labelIds.length > 0;
  const assignees = x.assigneeIds.length > 0 || x.defaultAssigneeId !== null;
  const rows = await rawOf(tx)
    .unsafe(
      CREATE_ISSUE[Number(labels)][Number(assignees)],
      [
        x.projectId,
        x.workspaceId,
        x.actorId,
        x.stateId,
        x.allowTriage,
        x.parentId,
        x.estimatePointId,
        [...new Set(x.labelIds)],
        [...new Set(x.assigneeIds)],
        x.defaultAssigneeId,
        x.name,
        x.html,
        x.binary,
        JSON.stringify(x.json ?? {}),
        x.stripped,
        x.priority,
        x.startDate,
        x.targetDate,
        x.sortOrder,
        x.isDraft,
        x.isEpic,
        x.typeId,
        x.externalSource,
        x.now.toISOString(),
        x.write,
        x.externalId,
        x.id,
      ] as never[],
      { prepare: true },
    )
    .execute(); // sent now, ahead of the activity (and the COMMIT) the caller pipelines behind it
  const r = rows[0] as Record<string, unknown>;
  return {
    stateOk: r["#state_ok"] as boolean,
    parentOk: r["#parent_ok"] as boolean,
    estimateOk: r["#estimate_ok"] as boolean,
    stateGroup: (r["#state_group"] as string | null) ?? null,
    labelIds: r["#label_ids"] as string[],
    assigneeIds: r["#assignee_ids"] as string[],
    assigneeNames: r["#assignee_names"] as string[],
    issue: r.id ? rowOf(schema.issues, r) : null,
  };
}

/** The create statement's input: the item's fields with the project's defaults. */
export function createStatementInput(
  project: ProjectRow,
  actorId: string | null,
  input: IssueFields & { name: string },
  made: {
    id: string;
    html: string;
    binary: Buffer | null;
    typeId: string | null;
    write: boolean;
    allowTriage: boolean;
    isEpic: boolean;
  },
): CreateStatementInput {
  return {
    id: made.id,
    projectId: project.id,
    workspaceId: project.workspaceId,
    actorId,
    stateId: input.state_id ?? null,
    allowTriage: made.allowTriage,
    parentId: input.parent_id ?? null,
    estimatePointId: input.estimate_point ?? null,
    labelIds: input.label_ids ?? [],
    assigneeIds: input.assignee_ids ?? [],
    defaultAssigneeId: project.defaultAssigneeId ?? null,
    name: input.name,
    html: made.html,
    binary: made.binary,
    json: input.description_json ?? {},
    stripped: stripHtml(made.html),
    priority: input.priority ?? "none",
    startDate: input.start_date ?? null,
    targetDate: input.target_date ?? null,
    sortOrder: input.sort_order ?? null,
    isDraft: input.is_draft ?? false,
    isEpic: made.isEpic,
    typeId: made.typeId,
    externalSource: input.external_source ?? null,
    externalId: input.external_id ?? null,
    now: new Date(),
    write: made.write,
  };
}
