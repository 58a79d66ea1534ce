import { ROLE, type Role } from "./roles.ts";
import { roleBucket } from "./navigation.ts";

/**
 * Workflows (the project feature `is_workflow_enabled`, work-tracking.md §3): per state, the states a work item in it
 * may move to, and per move who may make it. The ONE rule, asked by the server before every state change (the app's
 * PATCH, bulk changes, API v1, intake accept, agents, importers: `routes/issues/commands.ts` updateIssue) and by the
 * web before it offers a move (state pickers grey out refused states, a board refuses a drop before it lands).
 *
 * - Workflows off: every move is allowed.
 * - A state without a rule (no `WorkflowStateRule` for it) is free: its items move anywhere.
 * - A state with a rule: its items move only to the states its transitions list (none listed: they stay put).
 * - A transition without roles and members is open to everyone who may edit the item; otherwise the mover's
 *   project role must be one of `roles`, or the mover one of `member_ids`.
 * Moving an item to the state it is in, or out of no state at all, is not a move.
 */
export interface WorkflowTransitionRule {
  transition_state_id: string;
  /** Project roles (5 guest, 15 member, 20 admin) that may make the move. */
  roles: readonly number[];
  /** People who may make the move whatever their role. */
  member_ids: readonly string[];
}

export interface WorkflowStateRule {
  state_id: string;
  transitions: readonly WorkflowTransitionRule[];
}

export interface WorkflowStateRef {
  id: string;
  name: string;
}

export interface WorkflowMove {
  /** The project's `is_workflow_enabled`. */
  enabled: boolean;
  rules: readonly WorkflowStateRule[];
  from: WorkflowStateRef | null;
  to: WorkflowStateRef;
  /** Who makes the move: the person (for an agent, the person it acts for) and their project role. */
  actor: { userId: string | null; role: number | null | undefined };
  /** A state's name by id (to list where an item may go); unknown states are left out. */
  stateName?: (id: string) => string | null | undefined;
  /** A person's name by id (to say who may make a move). */
  memberName?: (id: string) => string | null | undefined;
}

export type WorkflowVerdict =
  | { ok: true }
  /** `transition`: the workflow has no such move; `actor`: it has, for other people. */
  | { ok: false; reason: "transition" | "actor"; message: string };

const ROLE_PLURAL: Record<Role, string> = { [ROLE.GUEST]: "guests", [ROLE.MEMBER]: "members", [ROLE.ADMIN]: "admins" };

/** "a", "a and b", "a, b and c". */
function listWords(words: readonly string[]): string {
  if (words.length <= 1) return words[0] ?? "";
  return `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

/** Who a transition lets move ("admins and Ana Lee"), highest role first, then people by name. */
export function workflowMovers(
  t: Pick<WorkflowTransitionRule, "roles" | "member_ids">,
  memberName?: (id: string) => string | null | undefined,
): string {
  const roles = [ROLE.ADMIN, ROLE.MEMBER, ROLE.GUEST].filter((r) => t.roles.includes(r)).map((r) => ROLE_PLURAL[r]);
  const people = t.member_ids.map((id) => memberName?.(id)).filter((n): n is string => !!n);
  const unnamed = t.member_ids.length - people.length;
  if (unnamed > 0) people.push(unnamed === 1 ? "1 other person" : `${unnamed} other people`);
  return listWords([...roles, ...people]);
}

/** The rule of a state (undefined: the state is free). */
export function workflowRuleOf(rules: readonly WorkflowStateRule[], stateId: string): WorkflowStateRule | undefined {
  return rules.find((r) => r.state_id === stateId);
}

/** May `actor` move a work item from `from` to `to`? With the reason, in words, when not. */
export function workflowMove(m: WorkflowMove): WorkflowVerdict {
  if (!m.enabled || !m.from || m.from.id === m.to.id) return { ok: true };
  const rule = workflowRuleOf(m.rules, m.from.id);
  if (!rule) return { ok: true };
  const t = rule.transitions.find((x) => x.transition_state_id === m.to.id);
  if (!t) {
    const names = rule.transitions
      .map((x) => m.stateName?.(x.transition_state_id))
      .filter((n): n is string => !!n)
      .map((n) => `"${n}"`);
    const where = names.length
      ? `Work items in "${m.from.name}" can move to ${listWords(names)}.`
      : `Work items in "${m.from.name}" can't move to another state.`;
    return {
      ok: false,
      reason: "transition",
      message: `This project's workflow doesn't allow moving work items from "${m.from.name}" to "${m.to.name}". ${where}`,
    };
  }
  if (t.roles.length === 0 && t.member_ids.length === 0) return { ok: true };
  const role = roleBucket(m.actor.role);
  if ((role !== null && t.roles.includes(role)) || (!!m.actor.userId && t.member_ids.includes(m.actor.userId)))
    return { ok: true };
  const who = workflowMovers(t, m.memberName) || "nobody";
  return {
    ok: false,
    reason: "actor",
    message: `Only ${who} can move work items from "${m.from.name}" to "${m.to.name}" in this project's workflow.`,
  };
}
