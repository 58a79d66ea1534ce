import { inArray, sql } from "drizzle-orm";
import { workflowMove, type WorkflowMove, type WorkflowStateRule, type WorkflowStateRef } from "@stride/shared";
import { schema, type DbOrTx } from "../db/client.ts";
import { onBehalfOfIn } from "./activity.ts";
import { errors } from "../http/errors.ts";

/**
 * The server's side of workflows (`workflowMove` in @stride/shared is the rule): asked by `updateIssue` before it
 * changes a work item's state, so every path that moves an item (the app's PATCH, bulk changes, API v1, intake accept,
 * agents, importers) obeys the project's workflow. Refused: 400 `{<field>: [reason]}` (DRF's field error, on the
 * field the caller sent: `state_id`, or v1's `state`), the reason being the same sentence the web shows.
 */

interface Found {
  enabled: boolean;
  role: number | null;
  rule: string | null;
  transitions: WorkflowStateRule["transitions"];
}

/**
 * The project's switch, the from-state's rule and the mover's project role, in one statement. The mover is the person
 * the transaction acts for (an agent's run: who started it, core/activity.ts `actOnBehalfOf`), else the actor.
 */
async function find(tx: DbOrTx, projectId: string, fromStateId: string, mover: string): Promise<Found> {
  const rows = (await tx.execute(sql`
    SELECT p.is_workflow_enabled AS enabled,
      (SELECT pm.role FROM project_members pm WHERE pm.project = p.id AND pm.member = ${mover} AND pm.is_active) AS role,
      ws.id AS rule,
      coalesce((SELECT json_agg(json_build_object('transition_state_id', t.transition_state, 'roles', t.roles, 'member_ids', t.member_ids) ORDER BY t.created_at, t.id)
        FROM workflow_transitions t WHERE t.workflow_state = ws.id), '[]'::json) AS transitions
    FROM projects p LEFT JOIN workflow_states ws ON ws.project = p.id AND ws.state = ${fromStateId}
    WHERE p.id = ${projectId}`)) as unknown as {
    enabled: boolean;
    role: number | null;
    rule: string | null;
    transitions: Found["transitions"];
  }[];
  const r = rows[0];
  return { enabled: !!r?.enabled, role: r?.role ?? null, rule: r?.rule ?? null, transitions: r?.transitions ?? [] };
}

/** Names of the states and people a refusal mentions. */
async function namesFor(tx: DbOrTx, transitions: WorkflowStateRule["transitions"]) {
  const stateIds = [...new Set(transitions.map((t) => t.transition_state_id))];
  const userIds = [...new Set(transitions.flatMap((t) => t.member_ids))];
  const states = stateIds.length
    ? await tx
        .select({ id: schema.states.id, name: schema.states.name })
        .from(schema.states)
        .where(inArray(schema.states.id, stateIds))
    : [];
  const U = schema.users;
  const users = userIds.length
    ? await tx
        .select({ id: U.id, first: U.firstName, last: U.lastName, display: U.displayName })
        .from(U)
        .where(inArray(U.id, userIds))
    : [];
  // as the web names people (full name, else display name)
  const name = (u: (typeof users)[number]) => [u.first, u.last].filter(Boolean).join(" ") || u.display;
  return { states: new Map(states.map((s) => [s.id, s.name])), users: new Map(users.map((u) => [u.id, name(u)])) };
}

/**
 * Refuse the move of a work item from `from` to `to` when the project's workflow does not allow it to the mover
 * (`actorId`, or whom the transaction acts for). `field` names the body field of the refusal; `label` (an item's key)
 * starts the message where a call moves several items.
 */
export async function assertWorkflowMove(
  tx: DbOrTx,
  projectId: string,
  actorId: string,
  from: WorkflowStateRef | null,
  to: WorkflowStateRef,
  opts: { field?: string; label?: string } = {},
): Promise<void> {
  if (!from || from.id === to.id) return;
  const mover = onBehalfOfIn(tx) ?? actorId;
  const f = await find(tx, projectId, from.id, mover);
  if (!f.enabled || !f.rule) return;
  const move: WorkflowMove = {
    enabled: true,
    rules: [{ state_id: from.id, transitions: f.transitions }],
    from,
    to,
    actor: { userId: mover, role: f.role },
  };
  if (workflowMove(move).ok) return;
  const names = await namesFor(tx, f.transitions);
  const verdict = workflowMove({
    ...move,
    stateName: (id) => names.states.get(id),
    memberName: (id) => names.users.get(id),
  });
  if (verdict.ok) return;
  throw errors.workflowRefused(
    opts.label ? `${opts.label}: ${verdict.message}` : verdict.message,
    opts.field ?? "state_id",
  );
}
