import { and, asc, eq, inArray } from "drizzle-orm";
import { schema, type DbOrTx } from "../../db/client.ts";
import { errors } from "../../http/errors.ts";
import type { ProjectRow } from "../../http/route.ts";
import { presentWorkflowState, type WorkflowTransitionRow } from "./presenters.ts";
import type { PutWorkflowStateBody } from "./schemas.ts";

const WS = schema.workflowStates;
const WT = schema.workflowTransitions;

export type StateRow = typeof schema.states.$inferSelect;

/**
 * A state of the project whose rule may be set: any of its states, the hidden triage state included (its rule governs
 * accepting intake items, which moves them out of triage).
 */
export async function loadWorkflowSubject(db: DbOrTx, projectId: string, stateId: string): Promise<StateRow> {
  const [s] = await db
    .select()
    .from(schema.states)
    .where(and(eq(schema.states.id, stateId), eq(schema.states.projectId, projectId)))
    .limit(1);
  if (!s) throw errors.notFound();
  return s;
}

/** The project's rules, one per governed state, each with its transitions. */
export async function workflowStatesOf(db: DbOrTx, projectId: string) {
  const rules = await db.select().from(WS).where(eq(WS.projectId, projectId)).orderBy(asc(WS.createdAt), asc(WS.id));
  const transitions = rules.length
    ? await db.select().from(WT).where(eq(WT.projectId, projectId)).orderBy(asc(WT.createdAt), asc(WT.id))
    : [];
  const by = new Map<string, WorkflowTransitionRow[]>();
  for (const t of transitions) by.set(t.workflowStateId, [...(by.get(t.workflowStateId) ?? []), t]);
  return rules.map((r) => presentWorkflowState(r, by.get(r.id) ?? []));
}

/** The states a rule may list as targets: the project's visible states other than `state` itself. */
async function checkTargets(tx: DbOrTx, project: ProjectRow, state: StateRow, body: PutWorkflowStateBody) {
  const ids = body.transitions.map((t) => t.transition_state_id);
  if (new Set(ids).size !== ids.length) throw errors.field("transitions", "A state is listed more than once.");
  if (ids.includes(state.id))
    throw errors.field("transitions", "A state cannot list itself: staying in a state is not a move.");
  if (!ids.length) return;
  const found = await tx
    .select({ id: schema.states.id, group: schema.states.group })
    .from(schema.states)
    .where(and(eq(schema.states.projectId, project.id), inArray(schema.states.id, ids)));
  const ok = new Set(found.filter((s) => s.group !== "triage").map((s) => s.id));
  const bad = ids.find((id) => !ok.has(id));
  if (bad) throw errors.field("transitions", `Invalid pk "${bad}" - object does not exist.`);
}

/** The people a rule names: active members of the project. */
async function checkMembers(tx: DbOrTx, project: ProjectRow, body: PutWorkflowStateBody) {
  const ids = [...new Set(body.transitions.flatMap((t) => t.member_ids))];
  if (!ids.length) return;
  const PM = schema.projectMembers;
  const found = await tx
    .select({ id: PM.memberId })
    .from(PM)
    .where(and(eq(PM.projectId, project.id), eq(PM.isActive, true), inArray(PM.memberId, ids)));
  const ok = new Set(found.map((r) => r.id));
  const bad = ids.find((id) => !ok.has(id));
  if (bad) throw errors.field("member_ids", `Invalid pk "${bad}" - not a member of the project.`);
}

/**
 * PUT P/workflow-states/{state}/: the state's rule becomes `body` (its transitions replaced), in one transaction; the
 * rule's row is locked by its upsert, so two saves of the same state follow each other.
 */
export async function putWorkflowState(
  db: DbOrTx,
  project: ProjectRow,
  actorId: string,
  state: StateRow,
  body: PutWorkflowStateBody,
) {
  return db.transaction(async (tx) => {
    await checkTargets(tx, project, state, body);
    await checkMembers(tx, project, body);
    const now = new Date();
    const [rule] = await tx
      .insert(WS)
      .values({
        workspaceId: project.workspaceId,
        projectId: project.id,
        stateId: state.id,
        createdById: actorId,
        updatedById: actorId,
      })
      .onConflictDoUpdate({ target: WS.stateId, set: { updatedAt: now, updatedById: actorId } })
      .returning();
    await tx.delete(WT).where(eq(WT.workflowStateId, rule.id));
    const rows = body.transitions.length
      ? await tx
          .insert(WT)
          .values(
            body.transitions.map((t, i) => ({
              workspaceId: project.workspaceId,
              projectId: project.id,
              workflowStateId: rule.id,
              transitionStateId: t.transition_state_id,
              roles: [...new Set(t.roles)].sort((a, b) => b - a),
              memberIds: [...new Set(t.member_ids)],
              // the order they were given (one statement stamps them all alike)
              createdAt: new Date(now.getTime() + i),
              updatedAt: now,
              createdById: actorId,
              updatedById: actorId,
            })),
          )
          .returning()
      : [];
    rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    return presentWorkflowState(rule, rows);
  });
}

/** DELETE P/workflow-states/{state}/: the state is free again (its items move anywhere). */
export async function deleteWorkflowState(db: DbOrTx, state: StateRow): Promise<void> {
  const [gone] = await db.delete(WS).where(eq(WS.stateId, state.id)).returning({ id: WS.id });
  if (!gone) throw errors.notFound();
}
