import { and, eq, isNull, max, ne, sql } from "drizzle-orm";
import { STATE_SEQUENCE_STEP } from "@stride/shared";
import { schema, type DbOrTx } from "../../db/client.ts";
import { errors, uniqueViolation } from "../../http/errors.ts";
import type { AppContext } from "../../core/context.ts";
import type { ProjectRow } from "../../http/route.ts";
import type { CreateStateBody, UpdateStateBody } from "./schemas.ts";
import type { StateRow } from "./presenters.ts";

const { states, issues, projects } = schema;

const NAME_TAKEN = "The state name is already taken";

/** Any state of the project (triage included) already using the name, case-insensitively. */
async function nameTaken(db: DbOrTx, projectId: string, name: string, exceptId: string | null): Promise<boolean> {
  const rows = await db
    .select({ id: states.id })
    .from(states)
    .where(
      and(
        eq(states.projectId, projectId),
        sql`lower(${states.name}) = lower(${name})`,
        exceptId ? ne(states.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

function isNameConflict(err: unknown): boolean {
  return uniqueViolation(err) === "states_name_uq";
}

/** A state of this project that users may edit (the hidden triage state is not one). */
export async function loadEditableState(db: DbOrTx, projectId: string, stateId: string): Promise<StateRow> {
  const [s] = await db
    .select()
    .from(states)
    .where(and(eq(states.id, stateId), eq(states.projectId, projectId), eq(states.isTriage, false)))
    .limit(1);
  if (!s) throw errors.notFound();
  return s;
}

/** Create a state; without an explicit sequence it goes last (max + 15000). */
export async function createState(
  app: AppContext,
  project: ProjectRow,
  actorId: string,
  input: CreateStateBody,
): Promise<StateRow> {
  if (await nameTaken(app.db, project.id, input.name, null)) throw errors.body(400, { name: NAME_TAKEN });
  try {
    return await app.db.transaction(async (tx) => {
      let sequence = input.sequence;
      if (sequence === undefined) {
        // Serialise concurrent creates in one project so two new states never share a sequence.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${"states:" + project.id}))`);
        const [{ m }] = await tx
          .select({ m: max(states.sequence) })
          .from(states)
          .where(and(eq(states.projectId, project.id), eq(states.isTriage, false)));
        sequence = m === null ? STATE_SEQUENCE_STEP : Number(m) + STATE_SEQUENCE_STEP;
      }
      const [row] = await tx
        .insert(states)
        .values({
          workspaceId: project.workspaceId,
          projectId: project.id,
          name: input.name,
          color: input.color,
          group: input.group ?? "backlog",
          description: input.description ?? "",
          sequence,
          createdById: actorId,
          updatedById: actorId,
        })
        .returning();
      return row;
    });
  } catch (err) {
    if (isNameConflict(err)) throw errors.body(400, { name: NAME_TAKEN });
    throw err;
  }
}

export async function updateState(
  app: AppContext,
  state: StateRow,
  actorId: string,
  input: UpdateStateBody,
): Promise<StateRow> {
  if (input.name !== undefined && (await nameTaken(app.db, state.projectId, input.name, state.id)))
    throw errors.body(400, { name: NAME_TAKEN });
  const set: Partial<typeof states.$inferInsert> = { updatedAt: new Date(), updatedById: actorId };
  if (input.name !== undefined) set.name = input.name;
  if (input.color !== undefined) set.color = input.color;
  if (input.group !== undefined) set.group = input.group;
  if (input.description !== undefined) set.description = input.description;
  if (input.sequence !== undefined) set.sequence = input.sequence;
  try {
    const [row] = await app.db.update(states).set(set).where(eq(states.id, state.id)).returning();
    return row;
  } catch (err) {
    if (isNameConflict(err)) throw errors.body(400, { name: NAME_TAKEN });
    throw err;
  }
}

/**
 * Delete a state: refused for the default state and for a state any work item still uses.
 * The state row is locked first so no work item can start using it while it is being removed.
 */
export async function deleteState(app: AppContext, state: StateRow): Promise<void> {
  await app.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(states).where(eq(states.id, state.id)).for("update");
    if (!locked) throw errors.notFound();
    if (locked.default) throw errors.badRequest("Default state cannot be deleted");
    const used = await tx
      .select({ id: issues.id })
      .from(issues)
      .where(and(eq(issues.stateId, state.id), isNull(issues.deletedAt)))
      .limit(1);
    if (used.length) throw errors.badRequest("The state is not empty, only empty states can be deleted");
    await tx.delete(states).where(eq(states.id, state.id));
  });
}

/** Mark a state default: the previous default is cleared and the project's default_state follows, in one transaction. */
export async function markDefaultState(app: AppContext, state: StateRow, actorId: string): Promise<void> {
  await app.db.transaction(async (tx) => {
    await tx
      .update(states)
      .set({ default: false, updatedAt: new Date(), updatedById: actorId })
      .where(and(eq(states.projectId, state.projectId), eq(states.default, true), ne(states.id, state.id)));
    await tx
      .update(states)
      .set({ default: true, updatedAt: new Date(), updatedById: actorId })
      .where(eq(states.id, state.id));
    await tx.update(projects).set({ defaultStateId: state.id }).where(eq(projects.id, state.projectId));
  });
}
