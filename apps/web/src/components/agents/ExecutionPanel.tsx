import { Fragment, useEffect, useMemo, useState, type FormEvent, type ReactNode } from "react";
import { Bot, ChevronRight, Square } from "lucide-react";
import type { ExecutionDocument, ExecutionRecord, ExecutionStatus } from "@stride/shared/contract";
import { ApiError, errorMessage } from "../../api/client.ts";
import { useArtifact, useCancelExecution, useExecute, useItemExecutions } from "../../api/agents.ts";
import { useLiveDoc } from "../../api/live.ts";
import { lowlight } from "@stride/shared/editor/lowlight";
import { Button, Textarea, cx, useToast } from "../../components/ui/index.ts";
import { useCan } from "../../lib/permissions.ts";
import { relativeTime } from "../../lib/dates.ts";
import { FINAL_STATUSES, isWatched, refusalToast } from "./run-rules.ts";
import { ExecutionHistoryButton } from "./ExecutionHistoryModal.tsx";

/** The work item's "agent executions" activity tab: its runs, newest first, each live (agents.md §1). */
export function AgentExecutionsTab({ slug, pid, issueId, canAct }: { slug: string; pid: string; issueId: string; canAct?: boolean }) {
  const list = useItemExecutions(slug, pid, issueId);
  const rows = [...(list.data ?? [])].sort((a, b) => (a.created_at < b.created_at ? 1 : -1));
  if (list.isLoading) return <p className="text-xs text-zinc-500">Loading…</p>;
  return (
    <div className="space-y-2">
      <div className="flex justify-end"><ExecutionHistoryButton slug={slug} pid={pid} allowed={canAct} /></div>
      {!rows.length && <p className="text-xs text-zinc-500">No agent has run on this work item yet.</p>}
      <ol className="space-y-3" aria-label="Agent executions">
        {rows.map((r, i) => <li key={r.execution_id}><ExecutionPanel slug={slug} pid={pid} executionId={r.execution_id} defaultOpen={i === 0} canAct={canAct} /></li>)}
      </ol>
    </div>
  );
}

const STATUS_STYLE: Record<ExecutionStatus, string> = {
  pending: "bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300",
  running: "bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200",
  completed: "bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200",
  failed: "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200",
  cancelled: "bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-200",
  timed_out: "bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-200",
};
const STATUS_LABEL: Record<ExecutionStatus, string> = {
  pending: "Pending", running: "Running", completed: "Completed", failed: "Failed", cancelled: "Cancelled", timed_out: "Timed out",
};

export function StatusBadge({ status }: { status: ExecutionStatus }) {
  return <span data-execution-status={status} className={cx("rounded px-1.5 py-0.5 text-[11px] font-medium", STATUS_STYLE[status])}>{STATUS_LABEL[status]}</span>;
}

export function formatDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  return m < 60 ? `${m}m ${s % 60}s` : `${Math.floor(m / 60)}h ${m % 60}m`;
}

/** One execution: status, duration, tokens, its records live, cancel while it runs, a follow-up once it stopped. */
/** `canAct`: may cancel and follow up (members); screens outside the project's routes pass their own check. */
export function ExecutionPanel({ slug, pid, executionId, defaultOpen = true, canAct }: { slug: string; pid: string; executionId: string; defaultOpen?: boolean; canAct?: boolean }) {
  const [watch, setWatch] = useState(true);
  const doc = useLiveDoc<ExecutionDocument>(`executions/${executionId}`, slug, pid, watch);
  const [open, setOpen] = useState(defaultOpen);
  const cancel = useCancelExecution(slug, pid);
  const inProject = useCan("cancel", "agentExecution");
  const canCancel = canAct ?? inProject;
  const e = doc?.execution;
  // the client stops watching an execution in a final state, or one not updated for over 10 minutes (platform.md §4)
  useEffect(() => {
    if (!e) return;
    if (!isWatched(e, Date.now())) return setWatch(false);
    setWatch(true);
    const t = setTimeout(() => setWatch(isWatched(e, Date.now())), Math.max(1000, Date.parse(e.updated_at) + 10 * 60_000 - Date.now() + 50));
    return () => clearTimeout(t);
  }, [e]);
  if (!doc || !e) return <div className="rounded-lg border border-zinc-200 p-3 text-xs text-zinc-500 dark:border-zinc-800">Loading execution…</div>;
  const active = !FINAL_STATUSES.includes(e.status);
  return (
    <section aria-label={`Execution ${e.agent.name}`} data-execution-id={e.id} className="rounded-lg border border-zinc-200 dark:border-zinc-800">
      <header className="flex flex-wrap items-center gap-2 px-3 py-2 text-xs">
        <button type="button" aria-expanded={open} onClick={() => setOpen(!open)} className="flex items-center gap-1.5 font-medium">
          <ChevronRight size={14} aria-hidden focusable="false" className={cx("transition-transform", open && "rotate-90")} />
          <Bot size={14} aria-hidden focusable="false" />
          {e.agent.name}
        </button>
        <StatusBadge status={e.status} />
        <span className="text-zinc-500">{relativeTime(e.created_at)}</span>
        <span className="text-zinc-500" data-testid="execution-duration">{formatDuration(e.duration_ms)}</span>
        <span className="text-zinc-500" data-testid="execution-tokens">{(e.usage.input_tokens + e.usage.output_tokens).toLocaleString()} tokens</span>
        {active && canCancel && (
          <Button size="sm" variant="secondary" className="ml-auto" loading={cancel.isPending} onClick={() => cancel.mutate(e.id)}>
            <Square size={12} aria-hidden focusable="false" /> Cancel
          </Button>
        )}
      </header>
      {open && (
        <div className="space-y-2 border-t border-zinc-200 px-3 py-2 dark:border-zinc-800">
          <Records records={doc.records} />
          {active && <p className="text-xs italic text-zinc-500" aria-live="polite">{e.status === "pending" ? "Starting…" : "Pi is generating response"}</p>}
          {e.status_reason && !active && e.status !== "completed" && <p className="text-xs text-red-600 dark:text-red-400">{e.status_reason}</p>}
          {e.artifact_ids.map((id) => <ArtifactView key={id} slug={slug} pid={pid} id={id} />)}
          {!active && canCancel && <FollowUp slug={slug} pid={pid} executionId={e.id} issueId={e.issue_id} onSent={() => setWatch(true)} />}
        </div>
      )}
    </section>
  );
}

/** The records in order: a tool call is shown with its output; reasoning and tool outputs are collapsible. */
export function Records({ records }: { records: ExecutionRecord[] }) {
  const outputs = useMemo(() => new Map(records.filter((r) => r.type === "tool_call_output" && r.tool_call_id).map((r) => [r.tool_call_id!, r])), [records]);
  return (
    <ol className="space-y-2" aria-label="Execution records">
      {records.map((r) => {
        if (r.type === "tool_call_output" && r.tool_call_id && records.some((c) => c.type === "tool_call" && c.tool_call_id === r.tool_call_id)) return null;
        return <li key={r.seq} data-record-type={r.type}><RecordView r={r} output={r.tool_call_id ? outputs.get(r.tool_call_id) : undefined} /></li>;
      })}
    </ol>
  );
}

function RecordView({ r, output }: { r: ExecutionRecord; output?: ExecutionRecord }) {
  switch (r.type) {
    case "user_input":
      return <div className="rounded-md bg-zinc-100 px-2 py-1.5 text-sm dark:bg-zinc-800"><span className="mr-1 text-xs font-medium text-zinc-500">You</span><Content r={r} /></div>;
    case "reasoning":
      return (
        <details className="text-xs text-zinc-500">
          <summary className="cursor-pointer select-none">Reasoning</summary>
          <div className="mt-1 border-l-2 border-zinc-200 pl-2 dark:border-zinc-700"><Content r={r} /></div>
        </details>
      );
    case "tool_call":
      return (
        <div className="rounded-md border border-zinc-200 text-xs dark:border-zinc-700">
          <div className="border-b border-zinc-200 px-2 py-1 font-mono font-medium dark:border-zinc-700">{r.tool_name ?? "tool"}</div>
          <div className="px-2 py-1"><span className="text-zinc-500">Input</span><CodeBlock code={prettyJson(r.content)} /></div>
          {output && (
            <details className="px-2 py-1" open={output.format === "diff"}>
              <summary className="cursor-pointer select-none text-zinc-500">Output</summary>
              <Content r={output} />
            </details>
          )}
        </div>
      );
    case "tool_call_output":
      return <details className="text-xs"><summary className="cursor-pointer text-zinc-500">{r.tool_name ?? "Tool"} output</summary><Content r={r} /></details>;
    case "error":
      return <div role="note" className="rounded-md bg-red-50 px-2 py-1.5 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"><Content r={r} /></div>;
    default:
      return <div className="text-sm"><Content r={r} /></div>;
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

interface HastNode {
  type: string;
  value?: string;
  tagName?: string;
  properties?: { className?: string[] };
  children?: HastNode[];
}

function renderHast(nodes: HastNode[] | undefined): ReactNode {
  return (nodes ?? []).map((n, i) => {
    if (n.type === "text") return <Fragment key={i}>{n.value}</Fragment>;
    if (n.type === "element") return <span key={i} className={(n.properties?.className ?? []).join(" ")}>{renderHast(n.children)}</span>;
    return null;
  });
}

/** Code, highlighted (highlight.js grammars of the editor, language guessed). */
export function CodeBlock({ code, language }: { code: string; language?: string }) {
  const tree = useMemo(() => {
    if (code.length > 100_000) return null;
    try {
      return (language && lowlight.registered(language) ? lowlight.highlight(language, code) : lowlight.highlightAuto(code)) as unknown as HastNode;
    } catch {
      return null;
    }
  }, [code, language]);
  return (
    <div className="editor-content">
      <pre className="mt-1 max-h-96 overflow-auto rounded bg-zinc-50 p-2 font-mono text-xs dark:bg-zinc-900"><code className="hljs">{tree ? renderHast(tree.children) : code}</code></pre>
    </div>
  );
}

interface DiffLine {
  kind: "add" | "del" | "ctx" | "hunk" | "file";
  text: string;
}

export function parseDiff(diff: string): DiffLine[] {
  return diff.split("\n").map((l) => {
    if (l.startsWith("diff --git") || l.startsWith("+++") || l.startsWith("---") || l.startsWith("index ")) return { kind: "file", text: l };
    if (l.startsWith("@@")) return { kind: "hunk", text: l };
    if (l.startsWith("+")) return { kind: "add", text: l.slice(1) };
    if (l.startsWith("-")) return { kind: "del", text: l.slice(1) };
    return { kind: "ctx", text: l.startsWith(" ") ? l.slice(1) : l };
  });
}

/** Side-by-side rows of a diff: deletions paired with the additions that follow them. */
export function splitRows(lines: DiffLine[]): Array<{ left: DiffLine | null; right: DiffLine | null }> {
  const rows: Array<{ left: DiffLine | null; right: DiffLine | null }> = [];
  for (let i = 0; i < lines.length; ) {
    const l = lines[i];
    if (l.kind === "del") {
      const dels: DiffLine[] = [];
      const adds: DiffLine[] = [];
      while (lines[i]?.kind === "del") dels.push(lines[i++]);
      while (lines[i]?.kind === "add") adds.push(lines[i++]);
      for (let k = 0; k < Math.max(dels.length, adds.length); k++) rows.push({ left: dels[k] ?? null, right: adds[k] ?? null });
    } else if (l.kind === "add") {
      rows.push({ left: null, right: l });
      i++;
    } else {
      rows.push({ left: l, right: l });
      i++;
    }
  }
  return rows;
}

const LINE_STYLE: Record<DiffLine["kind"], string> = {
  add: "bg-green-50 text-green-900 dark:bg-green-950 dark:text-green-100",
  del: "bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100",
  ctx: "",
  hunk: "bg-blue-50 text-blue-800 dark:bg-blue-950 dark:text-blue-200",
  file: "font-semibold text-zinc-600 dark:text-zinc-300",
};
const SIGN: Record<DiffLine["kind"], string> = { add: "+", del: "-", ctx: " ", hunk: "", file: "" };

/** A unified diff, rendered unified or side by side. */
export function DiffView({ diff }: { diff: string }) {
  const [split, setSplit] = useState(false);
  const lines = useMemo(() => parseDiff(diff), [diff]);
  return (
    <div className="mt-1 rounded border border-zinc-200 text-xs dark:border-zinc-700" data-testid="diff">
      <div className="flex justify-end gap-1 border-b border-zinc-200 px-2 py-1 dark:border-zinc-700" role="group" aria-label="Diff layout">
        <button type="button" aria-pressed={!split} onClick={() => setSplit(false)} className={cx("rounded px-1.5", !split && "bg-zinc-200 dark:bg-zinc-700")}>Unified</button>
        <button type="button" aria-pressed={split} onClick={() => setSplit(true)} className={cx("rounded px-1.5", split && "bg-zinc-200 dark:bg-zinc-700")}>Side by side</button>
      </div>
      <div className="max-h-[32rem] overflow-auto font-mono">
        {split ? (
          <table className="w-full table-fixed border-collapse">
            <tbody>
              {splitRows(lines).map((row, i) => (
                <tr key={i}>
                  <td className={cx("w-1/2 whitespace-pre-wrap break-all px-2 align-top", row.left && LINE_STYLE[row.left.kind])}>{row.left?.text}</td>
                  <td className={cx("w-1/2 whitespace-pre-wrap break-all border-l border-zinc-200 px-2 align-top dark:border-zinc-700", row.right && LINE_STYLE[row.right.kind])}>{row.right?.text}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          lines.map((l, i) => <div key={i} data-diff-line={l.kind} className={cx("whitespace-pre-wrap break-all px-2", LINE_STYLE[l.kind])}>{SIGN[l.kind]}{l.text}</div>)
        )}
      </div>
    </div>
  );
}

function ArtifactView({ slug, pid, id }: { slug: string; pid: string; id: string }) {
  const a = useArtifact(slug, pid, id);
  if (!a.data || a.data.content === undefined) return null;
  return (
    <div aria-label={`Artifact ${a.data.name}`}>
      <div className="text-xs font-medium text-zinc-600 dark:text-zinc-300">{a.data.name}</div>
      {a.data.kind === "diff" ? <DiffView diff={a.data.content} /> : <CodeBlock code={a.data.content} />}
    </div>
  );
}

/** The follow-up box: a message to the same execution, which runs again (agents.md §2). */
function FollowUp({ slug, pid, executionId, issueId, onSent }: { slug: string; pid: string; executionId: string; issueId: string | null; onSent: () => void }) {
  const [text, setText] = useState("");
  const execute = useExecute(slug, pid);
  const toast = useToast();
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    if (!text.trim()) return;
    execute.mutate({ execution_config: {}, content: text.trim(), execution_id: executionId, ...(issueId ? { issue_id: issueId } : {}), tags: [] }, {
      onSuccess: () => { setText(""); onSent(); },
      onError: (err) => {
        const t = refusalToast(err instanceof ApiError ? err.status : undefined, err instanceof ApiError ? errorMessage(err.body) ?? null : null);
        toast.show(t.kind, t.title, t.message);
      },
    });
  };
  return (
    <form onSubmit={submit} className="flex items-end gap-2 pt-1" aria-label="Follow-up">
      <div className="flex-1"><Textarea aria-label="Follow-up message" rows={2} placeholder="Ask the agent to change or continue…" value={text} onChange={(e) => setText(e.target.value)} /></div>
      <Button type="submit" size="sm" loading={execute.isPending} disabled={!text.trim()}>Send</Button>
    </form>
  );
}
