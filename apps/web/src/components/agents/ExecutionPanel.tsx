import { useEffect, useMemo, useState } from "react";
import { Bot, ChevronRight, GitBranch, Square } from "lucide-react";
import type { ExecutionDocument, ExecutionRecord, ExecutionStatus } from "@stride/shared/contract";
import { useArtifact, useCancelExecution, useQueuePosition } from "../../api/agents.ts";
import { useLiveDoc } from "../../api/live.ts";
import { Button, cx } from "../../components/ui/index.ts";
import { useCan } from "../../lib/permissions.ts";
import { relativeTime } from "../../lib/dates.ts";
import { FINAL_STATUSES, isWatched } from "./run-rules.ts";
import { CommitModal } from "./CommitModal.tsx";
import { CodeBlock, DiffView } from "./Diff.tsx";
import { FollowUp } from "./FollowUp.tsx";

const STATUS_STYLE: Record<ExecutionStatus, string> = {
  pending: "bg-fill text-fg-muted",
  running: "bg-info-soft text-info-strong",
  completed: "bg-success-soft text-success-strong",
  failed: "bg-danger-soft text-danger-strong",
  cancelled: "bg-warning-soft text-warning-strong",
  timed_out: "bg-warning-soft text-warning-strong",
};
const STATUS_LABEL: Record<ExecutionStatus, string> = {
  pending: "Pending",
  running: "Running",
  completed: "Completed",
  failed: "Failed",
  cancelled: "Cancelled",
  timed_out: "Timed out",
};

export function StatusBadge({ status }: { status: ExecutionStatus }) {
  return (
    <span
      data-execution-status={status}
      className={cx("rounded px-1.5 py-0.5 text-[11px] font-medium", STATUS_STYLE[status])}
    >
      {STATUS_LABEL[status]}
    </span>
  );
}

export function formatDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  return m < 60 ? `${m}m ${s % 60}s` : `${Math.floor(m / 60)}h ${m % 60}m`;
}

/** One execution: status, duration, tokens, its records live, cancel while it runs, a follow-up once it stopped. */
/** `canAct`: may cancel and follow up (members); screens outside the project's routes pass their own check. */
export function ExecutionPanel({
  slug,
  pid,
  executionId,
  defaultOpen = true,
  canAct,
}: {
  slug: string;
  pid: string;
  executionId: string;
  defaultOpen?: boolean;
  canAct?: boolean;
}) {
  const { doc, watchAgain } = useExecutionDoc(slug, pid, executionId);
  const [open, setOpen] = useState(defaultOpen);
  const cancel = useCancelExecution(slug, pid);
  const inProject = useCan("cancel", "agentExecution");
  const canCancel = canAct ?? inProject;
  const mayRun = useCan("run", "agentExecution");
  const canCommit = canAct ?? mayRun;
  const e = doc?.execution;
  if (!doc || !e)
    return <div className="rounded-lg border border-line p-3 text-xs text-fg-subtle">Loading execution…</div>;
  const active = !FINAL_STATUSES.includes(e.status);
  return (
    <section
      aria-label={`Execution ${e.agent.name}`}
      data-execution-id={e.id}
      className="rounded-lg border border-line"
    >
      <ExecutionHeader
        e={e}
        open={open}
        onToggle={() => setOpen(!open)}
        cancel={active && canCancel ? { pending: cancel.isPending, run: () => cancel.mutate(e.id) } : null}
      />
      {open && (
        <div className="space-y-2 border-t border-line px-3 py-2">
          {/* the run's diff is shown once, as its artifact (with Commit…), not also as the message that announced it */}
          <Records records={doc.records} diffsShownApart={e.artifact_ids.length > 0} />
          {active && (
            <p className="text-xs italic text-fg-subtle" aria-live="polite" data-testid="execution-progress">
              {e.status === "pending" ? (
                <Waiting slug={slug} pid={pid} executionId={e.id} known={e.queue_position} />
              ) : (
                "Pi is generating response"
              )}
            </p>
          )}
          {e.status_reason && !active && e.status !== "completed" && (
            <p className="text-xs text-danger">{e.status_reason}</p>
          )}
          {e.artifact_ids.map((id) => (
            <ArtifactView
              key={id}
              slug={slug}
              pid={pid}
              id={id}
              commit={!active && canCommit && e.issue_id ? { executionId: e.id, issueId: e.issue_id } : null}
            />
          ))}
          {!active && canCancel && (
            <FollowUp slug={slug} pid={pid} executionId={e.id} issueId={e.issue_id} onSent={watchAgain} />
          )}
        </div>
      )}
    </section>
  );
}

/** The execution's line: open or close it, its agent, status, age, duration and tokens, and Cancel while it runs. */
function ExecutionHeader({
  e,
  open,
  onToggle,
  cancel,
}: {
  e: ExecutionDocument["execution"];
  open: boolean;
  onToggle: () => void;
  cancel: { pending: boolean; run: () => void } | null;
}) {
  return (
    <header className="flex flex-wrap items-center gap-2 px-3 py-2 text-xs">
      <button type="button" aria-expanded={open} onClick={onToggle} className="flex items-center gap-1.5 font-medium">
        <ChevronRight
          size={14}
          aria-hidden
          focusable="false"
          className={cx("transition-transform", open && "rotate-90")}
        />
        <Bot size={14} aria-hidden focusable="false" />
        {e.agent.name}
      </button>
      <StatusBadge status={e.status} />
      <span className="text-fg-subtle">{relativeTime(e.created_at)}</span>
      <span className="text-fg-subtle" data-testid="execution-duration">
        {formatDuration(e.duration_ms)}
      </span>
      <span className="text-fg-subtle" data-testid="execution-tokens">
        {(e.usage.input_tokens + e.usage.output_tokens).toLocaleString()} tokens
      </span>
      {cancel && (
        <Button size="sm" variant="secondary" className="ml-auto" loading={cancel.pending} onClick={cancel.run}>
          <Square size={12} aria-hidden focusable="false" /> Cancel
        </Button>
      )}
    </header>
  );
}

/**
 * The execution's live document, watched while it may still change: the client stops watching an execution in a
 * final state, or one not updated for over 10 minutes (platform.md §4); a follow-up watches it again.
 */
function useExecutionDoc(slug: string, pid: string, executionId: string) {
  const [watch, setWatch] = useState(true);
  const doc = useLiveDoc<ExecutionDocument>(`executions/${executionId}`, slug, pid, watch);
  const e = doc?.execution;
  useEffect(() => {
    if (!e) return;
    if (!isWatched(e, Date.now())) return setWatch(false);
    setWatch(true);
    const t = setTimeout(
      () => setWatch(isWatched(e, Date.now())),
      Math.max(1000, Date.parse(e.updated_at) + 10 * 60_000 - Date.now() + 50),
    );
    return () => clearTimeout(t);
  }, [e]);
  return { doc, watchAgain: () => setWatch(true) };
}

/** A pending run: its place in the queue of the agent workers while it waits for one, else starting. */
function Waiting({
  slug,
  pid,
  executionId,
  known,
}: {
  slug: string;
  pid: string;
  executionId: string;
  known: number | null;
}) {
  const polled = useQueuePosition(slug, pid, executionId, true);
  // the live document and the poll each may be the fresher: a waiting run only moves up
  const position = polled.data == null ? known : known == null ? polled.data : Math.min(known, polled.data);
  if (!position) return <>Starting…</>;
  return (
    <>Queued: {position === 1 ? "next to start" : `${ordinal(position)} in line`}, waiting for a free agent worker…</>
  );
}

function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
  return `${n}${suffix}`;
}

/**
 * The records in order: a tool call is shown with its output; reasoning and tool outputs are collapsible. With
 * `diffsShownApart`, the run's diff messages are left out (the panel shows the diff artifact itself).
 */
export function Records({
  records,
  diffsShownApart = false,
}: {
  records: ExecutionRecord[];
  diffsShownApart?: boolean;
}) {
  const outputs = useMemo(
    () =>
      new Map(records.filter((r) => r.type === "tool_call_output" && r.tool_call_id).map((r) => [r.tool_call_id!, r])),
    [records],
  );
  return (
    <ol className="space-y-2" aria-label="Execution records">
      {records.map((r) => {
        if (
          r.type === "tool_call_output" &&
          r.tool_call_id &&
          records.some((c) => c.type === "tool_call" && c.tool_call_id === r.tool_call_id)
        )
          return null;
        if (diffsShownApart && r.type === "message" && r.format === "diff") return null;
        return (
          <li key={r.seq} data-record-type={r.type}>
            <RecordView r={r} output={r.tool_call_id ? outputs.get(r.tool_call_id) : undefined} />
          </li>
        );
      })}
    </ol>
  );
}

function RecordView({ r, output }: { r: ExecutionRecord; output?: ExecutionRecord }) {
  switch (r.type) {
    case "user_input":
      return (
        <div className="rounded-md bg-fill px-2 py-1.5 text-sm">
          <span className="mr-1 text-xs font-medium text-fg-subtle">You</span>
          <Content r={r} />
        </div>
      );
    case "reasoning":
      return (
        <details className="text-xs text-fg-subtle">
          <summary className="cursor-pointer select-none">Reasoning</summary>
          <div className="mt-1 border-l-2 border-line-raised pl-2">
            <Content r={r} />
          </div>
        </details>
      );
    case "tool_call":
      return (
        <div className="rounded-md border border-line-raised text-xs">
          <div className="border-b border-line-raised px-2 py-1 font-mono font-medium">{r.tool_name ?? "tool"}</div>
          <div className="px-2 py-1">
            <span className="text-fg-subtle">Input</span>
            <CodeBlock code={prettyJson(r.content)} />
          </div>
          {output && (
            <details className="px-2 py-1" open={output.format === "diff"}>
              <summary className="cursor-pointer select-none text-fg-subtle">Output</summary>
              <Content r={output} />
            </details>
          )}
        </div>
      );
    case "tool_call_output":
      return (
        <details className="text-xs">
          <summary className="cursor-pointer text-fg-subtle">{r.tool_name ?? "Tool"} output</summary>
          <Content r={r} />
        </details>
      );
    case "error":
      return (
        <div role="note" className="rounded-md bg-danger-soft px-2 py-1.5 text-sm text-danger-strong">
          <Content r={r} />
        </div>
      );
    default:
      return (
        <div className="text-sm">
          <Content r={r} />
        </div>
      );
  }
}

function Content({ r }: { r: ExecutionRecord }) {
  if (r.format === "diff") return <DiffView diff={r.content} />;
  if (r.format === "code") return <CodeBlock code={r.content} />;
  return <p className="whitespace-pre-wrap break-words">{r.content}</p>;
}

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/**
 * An artifact; a diff of a finished run on a work item can be committed from the commit modal. The panel is given
 * the run's current artifacts: a run that changes the checkout makes a new one, so the newest diff is the one shown.
 */
function ArtifactView({
  slug,
  pid,
  id,
  commit,
}: {
  slug: string;
  pid: string;
  id: string;
  commit: { executionId: string; issueId: string } | null;
}) {
  const a = useArtifact(slug, pid, id);
  const [reviewing, setReviewing] = useState(false);
  const [committedNow, setBranch] = useState<string | null>(null);
  if (!a.data || a.data.content === undefined) return null;
  const artifact = { ...a.data, content: a.data.content };
  const branch = committedNow ?? artifact.committed?.branch ?? null;
  const committable = commit && artifact.kind === "diff" && artifact.content.trim() !== "";
  return (
    <div role="group" aria-label={`Artifact ${artifact.name}`}>
      <div className="flex items-center gap-2 text-xs font-medium text-fg-muted">
        <span>{artifact.name}</span>
        {branch && (
          <span role="status" className="text-success">
            Committed on {branch}
          </span>
        )}
        {committable && !branch && (
          <Button size="sm" variant="secondary" className="ml-auto" onClick={() => setReviewing(true)}>
            <GitBranch size={12} aria-hidden focusable="false" /> Commit…
          </Button>
        )}
      </div>
      {artifact.kind === "diff" ? <DiffView diff={artifact.content} /> : <CodeBlock code={artifact.content} />}
      {reviewing && commit && (
        <CommitModal
          slug={slug}
          pid={pid}
          executionId={commit.executionId}
          issueId={commit.issueId}
          artifact={artifact}
          onClose={() => setReviewing(false)}
          onCommitted={setBranch}
        />
      )}
    </div>
  );
}
