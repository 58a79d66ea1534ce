import { useMemo, useRef, useState, type ReactNode } from "react";
import { ConfirmModal, Menu, cx } from "../../components/ui/index.ts";
import type { ItemKind } from "../../api/work-items.ts";
import { useActivity, useCommentMutations, useComments } from "../../api/work-items-detail.ts";
import { waitsForServer } from "../../api/work-items-parts.ts";
import { OFFLINE_PART } from "./widgets/Widget.tsx";
import { useLocalDb } from "../../api/local-db/client.ts";
import type { ProjectRefs } from "../../api/work-items-refs.ts";
import type { Activity as ActivityItem, Comment } from "../../api/work-items-types.ts";
import { RichEditor, RichText, type RichEditorHandle } from "../../components/work-item/RichEditor.tsx";
import { linkEditorAssets } from "../../api/work-items-upload.ts";
import { ActorAvatar, ActorName, OnBehalfOf } from "../../components/work-item/ActorName.tsx";
import { Icon } from "../../components/work-item/icons.tsx";
import { formatDate, relativeTime } from "../../lib/dates.ts";
import { isEmptyHtml } from "../../lib/html.ts";
import { useDateTimeFormat } from "../../lib/datetime.ts";
import { describeActivity } from "../../components/work-item/activity-text.ts";
import { ReactionBar } from "../../components/work-item/Reactions.tsx";
import { AgentExecutionsTab } from "../../components/agents/AgentExecutionsTab.tsx";

type Tab = "all" | "updates" | "comments" | "agent executions";

/** The activity feed (property changes and comments, oldest first) with the comment box. */
type PartQuery = Parameters<typeof waitsForServer>[0] & { isLoading: boolean };

/** What an empty feed says: loading, nothing yet, or (offline, never read) that it loads when back online. */
const emptyFeed = (acts: PartQuery, comments: PartQuery) =>
  waitsForServer(acts) || waitsForServer(comments)
    ? OFFLINE_PART
    : acts.isLoading || comments.isLoading
      ? "Loading…"
      : "Nothing here yet.";

export function ActivityFeed({
  slug,
  pid,
  id,
  kind,
  refs,
  me,
  canComment,
  canSeeRuns: canSeeExecutions = false,
}: {
  slug: string;
  pid: string;
  id: string;
  kind: ItemKind;
  refs: ProjectRefs;
  me: string | null;
  canComment: boolean;
  canSeeRuns?: boolean;
}) {
  const [tab, setTab] = useState<Tab>("all");
  const acts = useActivity(slug, pid, id, kind);
  const comments = useComments(slug, pid, id, kind);
  const m = useCommentMutations(slug, pid, id, kind);
  const nameOf = (uid: string) => refs.userById.get(uid)?.display_name;
  // comments made offline, waiting in the local outbox for the server
  const waiting = useLocalDb().pending.filter((w) => w.op === "comment" && w.issue_id === id);
  const canSeeRuns = canSeeExecutions && kind === "issues";
  // images of a new comment are linked to it once it exists
  const addComment = (html: string, done: () => void) =>
    m.create.mutate(html, {
      onSuccess: (c) => {
        if (c) void linkEditorAssets(slug, pid, c.id, html).catch(() => undefined);
        done();
      },
    });

  const entries = useFeedEntries(acts.data, comments.data, tab);

  return (
    <section aria-label="Activity" className="border-t border-line pt-4">
      <div className="mb-3 flex items-center gap-3">
        <h2 className="text-sm font-semibold">Activity</h2>
        <FeedTabs tab={tab} onTab={setTab} canSeeRuns={canSeeRuns} />
      </div>
      {tab === "agent executions" ? (
        <AgentExecutionsTab slug={slug} pid={pid} issueId={id} canAct={canSeeRuns} />
      ) : (
        <ol className="space-y-3" aria-label="Activity feed">
          {entries.map((e) =>
            e.kind === "activity" ? (
              <ActivityLine key={`a-${e.a.id}`} a={e.a} refs={refs} />
            ) : (
              <CommentItem
                key={`c-${e.c.id}`}
                c={e.c}
                slug={slug}
                pid={pid}
                refs={refs}
                me={me}
                nameOf={nameOf}
                onSave={(html) => m.update.mutate({ commentId: e.c.id, html })}
                onDelete={() => m.remove.mutate(e.c.id)}
                onReact={(code, remove) => me && m.react.mutate({ commentId: e.c.id, reaction: code, remove, me })}
                canReact={canComment}
              />
            ),
          )}
          {tab !== "updates" &&
            waiting.map((w) => (
              <PendingComment key={`p-${w.seq}`} html={w.text} slug={slug} pid={pid} refs={refs} me={me} />
            ))}
          {entries.length === 0 && (tab === "updates" || !waiting.length) && (
            <li className="text-xs text-fg-subtle">{emptyFeed(acts, comments)}</li>
          )}
        </ol>
      )}
      {canComment && (
        <CommentBox slug={slug} pid={pid} refs={refs} pending={m.create.isPending} onSubmit={addComment} />
      )}
    </section>
  );
}

/** Property changes and comments, oldest first; a tab shows one kind only. */
function useFeedEntries(acts: ActivityItem[] | undefined, comments: Comment[] | undefined, tab: Tab) {
  return useMemo(() => {
    const a = (acts ?? [])
      .filter((x) => x.field !== "comment" && x.field !== "comment_reaction" && x.field !== "sort_order")
      .map((x) => ({ kind: "activity" as const, at: x.created_at, a: x }));
    const c = (comments ?? []).map((x) => ({ kind: "comment" as const, at: x.created_at, c: x }));
    const all = tab === "updates" ? a : tab === "comments" ? c : [...a, ...c];
    return all.sort((x, y) => (x.at < y.at ? -1 : x.at > y.at ? 1 : 0));
  }, [acts, comments, tab]);
}

/** The feed's filter: all, updates, comments, and the agent executions for those who may see them. */
function FeedTabs({ tab, onTab, canSeeRuns }: { tab: Tab; onTab: (t: Tab) => void; canSeeRuns: boolean }) {
  return (
    <div
      role="tablist"
      aria-label="Activity filter"
      className="ml-auto flex rounded-md border border-line-raised p-0.5 text-xs"
    >
      {(["all", "updates", "comments", ...(canSeeRuns ? ["agent executions"] : [])] as Tab[]).map((t) => (
        <button
          key={t}
          type="button"
          role="tab"
          aria-selected={tab === t}
          onClick={() => onTab(t)}
          className={cx(
            "rounded px-2 py-0.5 capitalize",
            tab === t ? "bg-fill-strong" : "text-fg-subtle hover:text-fg-secondary",
          )}
        >
          {t}
        </button>
      ))}
    </div>
  );
}

function ActivityLine({ a, refs }: { a: ActivityItem; refs: ProjectRefs }) {
  const who = a.actor_detail ?? (a.actor ? refs.userById.get(a.actor) : null);
  const when = useDateTimeFormat();
  return (
    <li className="flex items-start gap-2 text-xs text-fg-muted" data-activity={a.field ?? a.verb}>
      <span className="mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded-full bg-fill">
        <Icon name="restore" size={11} />
      </span>
      <span className="min-w-0 flex-1">
        <ActorName actor={who} /> {describeActivity(a, formatDate)}
        {a.on_behalf_of_detail && (
          <>
            {" "}
            <OnBehalfOf person={a.on_behalf_of_detail} />
          </>
        )}
        <time className="ml-1.5 text-fg-subtle" dateTime={a.created_at} title={when.dateTime(a.created_at)}>
          {relativeTime(a.created_at)}
        </time>
      </span>
    </li>
  );
}

function CommentItem({
  c,
  slug,
  pid,
  refs,
  me,
  nameOf,
  onSave,
  onDelete,
  onReact,
  canReact,
}: {
  c: Comment;
  slug: string;
  pid: string;
  refs: ProjectRefs;
  me: string | null;
  nameOf: (id: string) => string | undefined;
  onSave: (html: string) => void;
  onDelete: () => void;
  onReact: (code: string, remove: boolean) => void;
  canReact: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const author = c.actor_detail ?? refs.userById.get(c.actor ?? "");
  const mine = !!me && c.actor === me;
  return (
    <li className="flex gap-2" data-comment={c.id}>
      <ActorAvatar actor={author} />
      <div className="min-w-0 flex-1 rounded-lg border border-line bg-surface px-3 py-2">
        <CommentHeader c={c} author={author}>
          {mine && !editing && <CommentMenu onEdit={() => setEditing(true)} onDelete={() => setConfirm(true)} />}
        </CommentHeader>
        {editing ? (
          <CommentEditor
            c={c}
            slug={slug}
            pid={pid}
            refs={refs}
            onSave={(h) => {
              onSave(h);
              setEditing(false);
            }}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <RichText html={c.comment_html} slug={slug} pid={pid} refs={refs} />
        )}
        <div className="mt-2">
          <ReactionBar
            label="Comment reactions"
            reactions={c.comment_reactions ?? []}
            me={me}
            onToggle={onReact}
            nameOf={nameOf}
            disabled={!canReact}
          />
        </div>
      </div>
      <ConfirmModal
        open={confirm}
        onClose={() => setConfirm(false)}
        title="Delete comment"
        confirmLabel="Delete"
        message="Delete this comment? This cannot be undone."
        onConfirm={() => {
          setConfirm(false);
          onDelete();
        }}
      />
    </li>
  );
}

/** The author's actions on a comment. */
function CommentMenu({ onEdit, onDelete }: { onEdit: () => void; onDelete: () => void }) {
  return (
    <span className="ml-auto">
      <Menu
        ariaLabel="Comment actions"
        align="right"
        buttonClassName="rounded p-0.5 text-fg-faint hover:bg-fill hover:text-fg-muted"
        label={<Icon name="dots" size={14} />}
        items={[
          { label: "Edit", onSelect: onEdit },
          { label: "Delete", danger: true, onSelect: onDelete },
        ]}
      />
    </span>
  );
}

/** A comment's author, time and "(edited)"; `children` at the end (its actions). */
function CommentHeader({
  c,
  author,
  children,
}: {
  c: Comment;
  author: Comment["actor_detail"] | undefined;
  children: ReactNode;
}) {
  const when = useDateTimeFormat();
  return (
    <div className="mb-1 flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs">
      <ActorName actor={author} />
      <OnBehalfOf person={c.on_behalf_of_detail} />
      <time className="text-fg-subtle" dateTime={c.created_at} title={when.dateTime(c.created_at)}>
        {relativeTime(c.created_at)}
      </time>
      {c.edited_at && <span className="text-fg-subtle">(edited)</span>}
      {children}
    </div>
  );
}

/** A comment being edited: Save (or the editor's submit key) keeps a non-empty text; Cancel leaves it as it was. */
function CommentEditor({
  c,
  slug,
  pid,
  refs,
  onSave,
  onCancel,
}: {
  c: Comment;
  slug: string;
  pid: string;
  refs: ProjectRefs;
  onSave: (html: string) => void;
  onCancel: () => void;
}) {
  const editor = useRef<RichEditorHandle>(null);
  const save = () => {
    const h = editor.current?.getHtml() ?? "";
    if (!isEmptyHtml(h)) onSave(h);
  };
  return (
    <div className="space-y-2">
      <RichEditor
        ref={editor}
        label="Edit comment"
        initialHtml={c.comment_html}
        slug={slug}
        pid={pid}
        refs={refs}
        asset={{ type: "COMMENT_DESCRIPTION", id: c.id }}
        autoFocus
        minHeight={60}
        onSubmit={save}
      />
      <div className="flex justify-end gap-2">
        <button type="button" onClick={onCancel} className="rounded px-2 py-1 text-xs hover:bg-fill">
          Cancel
        </button>
        <button type="button" onClick={save} className="rounded bg-indigo-600 px-2 py-1 text-xs font-medium text-white">
          Save
        </button>
      </div>
    </div>
  );
}

function CommentBox({
  slug,
  pid,
  refs,
  onSubmit,
  pending,
}: {
  slug: string;
  pid: string;
  refs: ProjectRefs;
  onSubmit: (html: string, done: () => void) => void;
  pending: boolean;
}) {
  const editor = useRef<RichEditorHandle>(null);
  const [empty, setEmpty] = useState(true);
  const [uploads, setUploads] = useState(0);
  const submit = () => {
    const html = editor.current?.getHtml() ?? "";
    if (isEmptyHtml(html) || uploads > 0 || pending) return;
    onSubmit(html, () => {
      editor.current?.clear();
      setEmpty(true);
    });
  };
  return (
    <div className="mt-4 space-y-2">
      <RichEditor
        ref={editor}
        label="Comment"
        placeholder="Add a comment… type @ to mention, / for blocks"
        slug={slug}
        pid={pid}
        refs={refs}
        asset={{ type: "COMMENT_DESCRIPTION" }}
        onChange={(h) => setEmpty(isEmptyHtml(h))}
        onUploadsChange={setUploads}
        onSubmit={submit}
        minHeight={60}
      />
      <div className="flex justify-end">
        <button
          type="button"
          disabled={empty || pending || uploads > 0}
          onClick={submit}
          className="rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-500 disabled:opacity-50"
        >
          Comment
        </button>
      </div>
    </div>
  );
}

/** A comment kept in the local outbox: shown as the person wrote it, marked as waiting for the server. */
function PendingComment({
  html,
  slug,
  pid,
  refs,
  me,
}: {
  html: string;
  slug: string;
  pid: string;
  refs: ProjectRefs;
  me: string | null;
}) {
  const author = refs.userById.get(me ?? "");
  return (
    <li className="flex gap-2" data-comment-pending>
      <ActorAvatar actor={author} />
      <div className="min-w-0 flex-1 rounded-lg border border-dashed border-line-raised bg-surface px-3 py-2 opacity-80">
        <div className="mb-1 flex flex-wrap items-center gap-x-2 text-xs">
          <ActorName actor={author} />
          <span className="text-fg-subtle">Pending · sent when the server can be reached</span>
        </div>
        <RichText html={html} slug={slug} pid={pid} refs={refs} />
      </div>
    </li>
  );
}
