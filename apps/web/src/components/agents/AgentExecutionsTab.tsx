import { useItemExecutions } from "../../api/agents.ts";
import { ExecutionHistoryButton } from "./ExecutionHistoryModal.tsx";
import { ExecutionPanel } from "./ExecutionPanel.tsx";

/** The work item's "agent executions" activity tab: its runs, newest first, each live (agents.md §1). */
export function AgentExecutionsTab({
  slug,
  pid,
  issueId,
  canAct,
}: {
  slug: string;
  pid: string;
  issueId: string;
  canAct?: boolean;
}) {
  const list = useItemExecutions(slug, pid, issueId);
  const rows = [...(list.data ?? [])].sort((a, b) => (a.created_at < b.created_at ? 1 : -1));
  if (list.isLoading) return <p className="text-xs text-fg-subtle">Loading…</p>;
  return (
    <div className="space-y-2">
      <div className="flex justify-end">
        <ExecutionHistoryButton slug={slug} pid={pid} allowed={canAct} />
      </div>
      {!rows.length && <p className="text-xs text-fg-subtle">No agent has run on this work item yet.</p>}
      <ol className="space-y-3" aria-label="Agent executions">
        {rows.map((r, i) => (
          <li key={r.execution_id}>
            <ExecutionPanel slug={slug} pid={pid} executionId={r.execution_id} defaultOpen={i === 0} canAct={canAct} />
          </li>
        ))}
      </ol>
    </div>
  );
}
