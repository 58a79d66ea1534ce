import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, Bot, MessageSquarePlus, X } from "lucide-react";
import { PROJECT_ASSISTANT_TAG } from "@stride/shared";
import type { ExecutionDocument } from "@stride/shared/contract";
import { ApiError, errorMessage } from "../../api/client.ts";
import { useExecute, useExecutionSearch } from "../../api/agents.ts";
import { useLiveDoc } from "../../api/live.ts";
import { qk } from "../../api/query-keys.ts";
import { Button, Textarea } from "../../components/ui/index.ts";
import { relativeTime } from "../../lib/dates.ts";
import { Records, StatusBadge } from "./ExecutionPanel.tsx";
import { FINAL_STATUSES } from "./run-rules.ts";

/**
 * The project-agent panel (platform.md §2; agents.md §1 point 4): a chat with the project assistant. Each
 * conversation is an execution tagged `project-assistant` (POST agent/execute/ with the tag; a follow-up carries
 * its `execution_id`); its answer streams in through the execution's realtime document; the list of past
 * conversations is the search by the tag. The assistant acts with the asker's own permissions (the server's tools).
 */
export function AssistantPanel({ slug, pid, onClose }: { slug: string; pid: string; onClose: () => void }) {
  const [current, setCurrent] = useState<string | null>(null);
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    ref.current?.querySelector<HTMLTextAreaElement>("textarea")?.focus();
  }, [current]);
  const onKey = (e: KeyboardEvent) => {
    if (e.key === "Escape") onClose();
  };
  return (
    <aside
      ref={ref}
      aria-label="Project assistant"
      onKeyDown={onKey}
      className="fixed inset-y-0 right-0 z-40 flex w-full max-w-md flex-col border-l border-line bg-canvas shadow-xl"
    >
      <header className="flex items-center gap-2 border-b border-line px-3 py-2 text-sm">
        {current && (
          <button
            type="button"
            aria-label="All conversations"
            title="All conversations"
            onClick={() => setCurrent(null)}
            className="rounded p-1 hover:bg-fill"
          >
            <ArrowLeft size={16} aria-hidden focusable="false" />
          </button>
        )}
        <Bot size={16} aria-hidden focusable="false" />
        <h2 className="flex-1 font-medium">Project assistant</h2>
        {current && (
          <Button size="sm" variant="secondary" onClick={() => setCurrent(null)}>
            <MessageSquarePlus size={14} aria-hidden focusable="false" /> New conversation
          </Button>
        )}
        <button type="button" aria-label="Close the assistant" onClick={onClose} className="rounded p-1 hover:bg-fill">
          <X size={16} aria-hidden focusable="false" />
        </button>
      </header>
      {current ? (
        <Conversation slug={slug} pid={pid} id={current} />
      ) : (
        <History slug={slug} pid={pid} onOpen={setCurrent} />
      )}
      <Composer slug={slug} pid={pid} conversation={current} onStarted={setCurrent} />
    </aside>
  );
}

/** Past conversations, newest first (GET agent/executions/search/?tags=project-assistant): only the caller's own. */
function History({ slug, pid, onOpen }: { slug: string; pid: string; onOpen: (id: string) => void }) {
  const q = useExecutionSearch(slug, pid, { tags: PROJECT_ASSISTANT_TAG, page_size: 30 });
  const rows = q.data?.executions ?? [];
  return (
    <div className="min-h-0 flex-1 overflow-auto px-3 py-2">
      <p className="mb-2 text-xs text-fg-subtle">
        Ask about this project's work items, or ask the assistant to create, change or comment on them. It can do only
        what you may do.
      </p>
      {q.isLoading && <p className="text-xs text-fg-subtle">Loading…</p>}
      {!q.isLoading && !rows.length && <p className="text-sm text-fg-subtle">No conversations yet.</p>}
      {rows.length > 0 && (
        <ul aria-label="Conversations" className="divide-y divide-line-subtle">
          {rows.map((e) => (
            <li key={e.id}>
              <button
                type="button"
                onClick={() => onOpen(e.id)}
                className="flex w-full items-center gap-2 px-1 py-2 text-left text-sm hover:bg-surface-muted"
              >
                <span className="min-w-0 flex-1 truncate">{e.summary || e.status_reason || "Conversation"}</span>
                <StatusBadge status={e.status} />
                <span className="shrink-0 text-xs text-fg-subtle">{relativeTime(e.created_at)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** One conversation, live: its records (questions, answers as they stream, tool calls) from the realtime document. */
function Conversation({ slug, pid, id }: { slug: string; pid: string; id: string }) {
  const doc = useLiveDoc<ExecutionDocument>(`executions/${id}`, slug, pid);
  const qc = useQueryClient();
  const status = doc?.execution.status;
  const end = useRef<HTMLDivElement>(null);
  // a finished answer changes the conversation's line in the history
  useEffect(() => {
    if (status && FINAL_STATUSES.includes(status))
      void qc.invalidateQueries({ queryKey: qk.agentExecutionsAll(slug, pid) });
  }, [status, qc, slug, pid]);
  const count = doc?.records.length ?? 0;
  const lastLength = doc?.records.at(-1)?.content.length ?? 0;
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: "end" });
  }, [count, lastLength]);
  if (!doc) return <div className="flex-1 px-3 py-2 text-xs text-fg-subtle">Loading the conversation…</div>;
  const e = doc.execution;
  const active = !FINAL_STATUSES.includes(e.status);
  return (
    <div
      className="min-h-0 flex-1 space-y-2 overflow-auto px-3 py-2"
      data-execution-id={e.id}
      aria-label="Conversation"
    >
      <Records records={doc.records} />
      {active && (
        <p className="text-xs italic text-fg-subtle" aria-live="polite">
          {e.status === "pending" ? "Starting…" : "Pi is generating response"}
        </p>
      )}
      {!active && e.status !== "completed" && (
        <p className="text-xs text-danger">
          <StatusBadge status={e.status} /> {e.status_reason}
        </p>
      )}
      <div ref={end} />
    </div>
  );
}

/** The message box: a new conversation, or a follow-up to the open one once its answer is complete. */
function Composer({
  slug,
  pid,
  conversation,
  onStarted,
}: {
  slug: string;
  pid: string;
  conversation: string | null;
  onStarted: (id: string) => void;
}) {
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const execute = useExecute(slug, pid);
  const doc = useLiveDoc<ExecutionDocument>(conversation ? `executions/${conversation}` : null, slug, pid);
  const busy = !!conversation && (!doc || !FINAL_STATUSES.includes(doc.execution.status));
  const send = () => {
    const content = text.trim();
    if (!content || busy || execute.isPending) return;
    setError(null);
    execute.mutate(
      {
        execution_config: {},
        content,
        context: {},
        tags: [PROJECT_ASSISTANT_TAG],
        ...(conversation ? { execution_id: conversation } : {}),
      },
      {
        onSuccess: (r) => {
          setText("");
          onStarted(r.execution_id);
        },
        onError: (err) =>
          setError(
            (err instanceof ApiError ? errorMessage(err.body) : null) ??
              "The assistant could not be reached. Try again.",
          ),
      },
    );
  };
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    send();
  };
  return (
    <form onSubmit={submit} aria-label="Message the assistant" className="space-y-1 border-t border-line px-3 py-2">
      {error && (
        <p role="alert" className="text-xs text-danger">
          {error}
        </p>
      )}
      <div className="flex items-end gap-2">
        <div className="flex-1">
          <Textarea
            aria-label="Message"
            rows={2}
            value={text}
            placeholder={conversation ? "Reply…" : "Ask about this project…"}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                send();
              }
            }}
          />
        </div>
        <Button type="submit" size="sm" loading={execute.isPending} disabled={!text.trim() || busy}>
          Send
        </Button>
      </div>
    </form>
  );
}
