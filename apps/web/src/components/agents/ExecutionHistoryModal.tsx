import { useState } from "react";
import { History } from "lucide-react";
import { useExecutionSearch } from "../../api/agents.ts";
import { Button, Modal } from "../../components/ui/index.ts";
import { useCan } from "../../lib/permissions.ts";
import { relativeTime } from "../../lib/dates.ts";
import { ExecutionPanel, StatusBadge, formatDuration } from "./ExecutionPanel.tsx";

/** The execution-history modal (platform.md §2): the project's executions, newest first, paged by `older_than`; one opens live. */
export function ExecutionHistoryModal({
  slug,
  pid,
  open,
  onClose,
  tags,
}: {
  slug: string;
  pid: string;
  open: boolean;
  onClose: () => void;
  tags?: string;
}) {
  const [pages, setPages] = useState<(string | undefined)[]>([undefined]);
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <Modal open={open} onClose={onClose} title="Execution history" wide>
      {chosen ? (
        <div className="space-y-2">
          <Button size="sm" variant="secondary" onClick={() => setChosen(null)}>
            Back to the list
          </Button>
          <ExecutionPanel slug={slug} pid={pid} executionId={chosen} />
        </div>
      ) : (
        <ul className="max-h-[60vh] divide-y divide-line-subtle overflow-auto" aria-label="Executions">
          {pages.map((older, i) => (
            <HistoryPage
              key={older ?? "first"}
              slug={slug}
              pid={pid}
              olderThan={older}
              tags={tags}
              enabled={open}
              last={i === pages.length - 1}
              onMore={(next) => setPages((p) => [...p, next])}
              onOpen={setChosen}
            />
          ))}
        </ul>
      )}
    </Modal>
  );
}

function HistoryPage({
  slug,
  pid,
  olderThan,
  tags,
  enabled,
  last,
  onMore,
  onOpen,
}: {
  slug: string;
  pid: string;
  olderThan?: string;
  tags?: string;
  enabled: boolean;
  last: boolean;
  onMore: (next: string) => void;
  onOpen: (id: string) => void;
}) {
  const q = useExecutionSearch(
    slug,
    pid,
    { page_size: 20, ...(olderThan ? { older_than: olderThan } : {}), ...(tags ? { tags } : {}) },
    enabled,
  );
  if (q.isLoading) return <li className="px-2 py-2 text-xs text-fg-subtle">Loading…</li>;
  const rows = q.data?.executions ?? [];
  return (
    <>
      {!olderThan && rows.length === 0 && <li className="px-2 py-2 text-sm text-fg-subtle">No executions yet.</li>}
      {rows.map((e) => (
        <li key={e.id}>
          <button
            type="button"
            onClick={() => onOpen(e.id)}
            className="flex w-full items-center gap-2 px-2 py-2 text-left text-sm hover:bg-surface-muted"
          >
            <span className="min-w-0 flex-1 truncate font-medium">{e.agent.name}</span>
            <StatusBadge status={e.status} />
            <span className="text-xs text-fg-subtle">{formatDuration(e.duration_ms)}</span>
            <span className="text-xs text-fg-subtle">
              {(e.usage.input_tokens + e.usage.output_tokens).toLocaleString()} tokens
            </span>
            <span className="w-20 text-right text-xs text-fg-subtle">{relativeTime(e.created_at)}</span>
          </button>
        </li>
      ))}
      {last && q.data?.next_older_than && (
        <li className="px-2 py-2">
          <Button size="sm" variant="secondary" onClick={() => onMore(q.data!.next_older_than!)}>
            Load older
          </Button>
        </li>
      )}
    </>
  );
}

/** Opens the execution-history modal (for those who may read executions). */
export function ExecutionHistoryButton({ slug, pid, allowed }: { slug: string; pid: string; allowed?: boolean }) {
  const [open, setOpen] = useState(false);
  const inProject = useCan("view", "agentExecution");
  const canView = allowed ?? inProject;
  if (!canView) return null;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <History size={14} aria-hidden focusable="false" /> Execution history
      </Button>
      {open && <ExecutionHistoryModal slug={slug} pid={pid} open={open} onClose={() => setOpen(false)} />}
    </>
  );
}
