import { sql } from "drizzle-orm";
import { index, integer, pgTable, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { audit, pk } from "./common.ts";
import { workspaces } from "./workspaces.ts";
import { projects, states } from "./projects.ts";

/**
 * Workflows (`projects.is_workflow_enabled`; the rule is `workflowMove` in @stride/shared): a row here makes its state
 * governed, its items moving only to the states of its transitions. A state without a row is free.
 */
export const workflowStates = pgTable(
  "workflow_states",
  {
    id: pk(),
    workspaceId: uuid("workspace")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    projectId: uuid("project")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    stateId: uuid("state")
      .notNull()
      .references(() => states.id, { onDelete: "cascade" }),
    ...audit(),
  },
  (t) => [uniqueIndex("workflow_states_state_uq").on(t.stateId), index("workflow_states_project_idx").on(t.projectId)],
);

/** A move a governed state allows, and who may make it (no roles and no people: everyone who may edit the item). */
export const workflowTransitions = pgTable(
  "workflow_transitions",
  {
    id: pk(),
    workspaceId: uuid("workspace")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    projectId: uuid("project")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    workflowStateId: uuid("workflow_state")
      .notNull()
      .references(() => workflowStates.id, { onDelete: "cascade" }),
    transitionStateId: uuid("transition_state")
      .notNull()
      .references(() => states.id, { onDelete: "cascade" }),
    /** Project roles (5, 15, 20) that may make the move. */
    roles: integer("roles")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** People who may make the move whatever their role. */
    memberIds: uuid("member_ids")
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    ...audit(),
  },
  (t) => [
    uniqueIndex("workflow_transitions_uq").on(t.workflowStateId, t.transitionStateId),
    index("workflow_transitions_project_idx").on(t.projectId),
  ],
);
