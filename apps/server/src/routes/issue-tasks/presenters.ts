import type { AgentExecutions } from "@stride/shared/contract";
import type { schema } from "../../db/client.ts";
import { iso } from "../../http/present.ts";

/** Tasks are presented by `presentTask` of issues/presenters.ts, which the work-item detail's `tasks` expansion shares. */
export { presentTask } from "../issues/presenters.ts";

type AgentExecutionRow = typeof schema.issueAgentExecutions.$inferSelect;

/** GET …/agent-executions/ → `{agent_executions: [{id, execution_id, created_at}]}`. */
export function presentAgentExecutions(rows: AgentExecutionRow[]): AgentExecutions {
  return {
    agent_executions: rows.map((r) => ({ id: r.id, execution_id: r.executionId, created_at: iso(r.createdAt) })),
  };
}
