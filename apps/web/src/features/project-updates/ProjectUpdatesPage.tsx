import { useRef, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { MessageSquare } from "lucide-react";
import { PROJECT_UPDATE_STATUSES, type ProjectUpdateStatus } from "@stride/shared";
import {
  projectUpdatesQuery,
  updateCommentsQuery,
  useProjectUpdateMutations,
  type ProjectUpdate,
} from "../../api/time-tracking.ts";
import { useMe } from "../../api/users.ts";
import { useProjectRefs, type ProjectRefs } from "../../api/work-items-refs.ts";
import { PageHeader } from "../../components/layout/PageHeader.tsx";
import { FeatureOff } from "../../components/project/FeatureOff.tsx";
import { UpdateStatusChip } from "../../components/project/UpdateStatusChip.tsx";
import { Button, ConfirmModal, EmptyState, Menu, PageSpinner, cx } from "../../components/ui/index.ts";
import { ActorAvatar, ActorName } from "../../components/work-item/ActorName.tsx";
import { Icon } from "../../components/work-item/icons.tsx";
import { ReactionBar } from "../../components/work-item/Reactions.tsx";
import { RichEditor, RichText, type RichEditorHandle } from "../../components/work-item/RichEditor.tsx";
import { relativeTime } from "../../lib/dates.ts";
import { useDateTimeFormat } from "../../lib/datetime.ts";
import { isEmptyHtml } from "../../lib/html.ts";
import { usePermissions, type Can } from "../../lib/permissions.ts";
import { useCurrentProject } from "../projects/current-project.ts";

type Mutations = ReturnType<typeof useProjectUpdateMutations>;

/**
 * A project's status updates (issue #29 point 4), its overview of how things stand: the latest status on top, then
 * every update (status, what was written, the work items' progress then) with its reactions and comments. Members
 * post; the author or an admin edits or deletes; everyone in the project comments and reacts. A project tab while
 * project updates are on.
 */
export function ProjectUpdatesPage() {
  const { slug, projectId: pid, project } = useCurrentProject();
  if (!project.is_project_updates_enabled)
    return (
      <>
        <PageHeader title="Updates" />
        <FeatureOff feature="Project updates" plural />
      </>
    );
  return <Updates slug={slug} pid={pid} />;
}

function Updates({ slug, pid }: { slug: string; pid: string }) {
  const refs = useProjectRefs(slug, pid);
  const updates = useQuery(projectUpdatesQuery(slug, pid));
  const m = useProjectUpdateMutations(slug, pid);
  const can = usePermissions();
  const me = useMe().data?.id ?? null;
  const [composing, setComposing] = useState(false);
  const canPost = can("create", "projectUpdate");
  const latest = updates.data?.[0];
  return (
    <>
      <PageHeader
        title="Updates"
        actions={canPost && !composing && <Button onClick={() => setComposing(true)}>Post update</Button>}
      />
      <div className="min-h-0 flex-1 overflow-y-auto">
        <div className="mx-auto max-w-3xl space-y-4 px-4 py-5">
          {latest && (
            <section
              aria-label="Latest status"
              className="flex flex-wrap items-center gap-3 rounded-lg border border-line bg-surface-muted px-4 py-3"
            >
              <span className="text-sm text-fg-subtle">Latest status</span>
              <UpdateStatusChip status={latest.status} />
              <span className="text-sm text-fg-muted">
                {latest.progress.completed_issues} of {latest.progress.total_issues} work items done
              </span>
              <span className="ml-auto text-xs text-fg-subtle">
                {relativeTime(latest.created_at)} by {latest.created_by_detail?.display_name ?? "someone"}
              </span>
            </section>
          )}
          {composing && (
            <Composer
              slug={slug}
              pid={pid}
              refs={refs}
              pending={m.create.isPending}
              onCancel={() => setComposing(false)}
              onSave={(status, html) =>
                m.create.mutate({ status, description_html: html }, { onSuccess: () => setComposing(false) })
              }
            />
          )}
          {updates.isLoading ? (
            <PageSpinner />
          ) : (updates.data ?? []).length === 0 && !composing ? (
            <EmptyState
              icon={MessageSquare}
              title="No updates yet"
              description="Post how the project stands (on track, at risk or off track) and what changed. Everyone in the project is notified."
              action={canPost ? <Button onClick={() => setComposing(true)}>Post the first update</Button> : undefined}
            />
          ) : (
            <ol aria-label="Project updates" className="space-y-4">
              {(updates.data ?? []).map((u) => (
                <UpdateCard key={u.id} u={u} slug={slug} pid={pid} refs={refs} me={me} can={can} m={m} />
              ))}
            </ol>
          )}
        </div>
      </div>
    </>
  );
}

/** The status picker and the written update: a new update, or an edit of one. */
function Composer({
  slug,
  pid,
  refs,
  initial,
  pending,
  onSave,
  onCancel,
}: {
  slug: string;
  pid: string;
  refs: ProjectRefs;
  initial?: ProjectUpdate;
  pending: boolean;
  onSave: (status: ProjectUpdateStatus, html: string) => void;
  onCancel: () => void;
}) {
  const [status, setStatus] = useState<ProjectUpdateStatus>(initial?.status ?? "ON-TRACK");
  const editor = useRef<RichEditorHandle>(null);
  const save = () => onSave(status, editor.current?.getHtml() ?? "<p></p>");
  return (
    <form
      aria-label={initial ? "Edit update" : "New update"}
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
      className="space-y-3 rounded-lg border border-line p-4"
    >
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium">Status</legend>
        <div role="radiogroup" aria-label="Status" className="flex flex-wrap gap-2">
          {PROJECT_UPDATE_STATUSES.map((s) => (
            <button
              key={s}
              type="button"
              role="radio"
              aria-checked={status === s}
              onClick={() => setStatus(s)}
              className={cx(
                "rounded-full p-0.5 ring-2 ring-offset-1 ring-offset-canvas",
                status === s ? "ring-indigo-500" : "ring-transparent hover:ring-line-strong",
              )}
            >
              <UpdateStatusChip status={s} />
            </button>
          ))}
        </div>
      </fieldset>
      <RichEditor
        ref={editor}
        label="Update"
        initialHtml={initial?.description_html}
        placeholder="What changed, what is next, what is in the way…"
        slug={slug}
        pid={pid}
        refs={refs}
        minHeight={90}
        autoFocus
        onSubmit={save}
      />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={pending}>
          {initial ? "Save" : "Post update"}
        </Button>
      </div>
    </form>
  );
}

function UpdateCard({
  u,
  slug,
  pid,
  refs,
  me,
  can,
  m,
}: {
  u: ProjectUpdate;
  slug: string;
  pid: string;
  refs: ProjectRefs;
  me: string | null;
  can: Can;
  m: Mutations;
}) {
  const when = useDateTimeFormat();
  const [editing, setEditing] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const [showComments, setShowComments] = useState(false);
  const subject = { createdBy: u.created_by };
  const canEdit = can("edit", "projectUpdate", subject);
  const canDelete = can("delete", "projectUpdate", subject);
  if (editing) {
    return (
      <li>
        <Composer
          slug={slug}
          pid={pid}
          refs={refs}
          initial={u}
          pending={m.edit.isPending}
          onCancel={() => setEditing(false)}
          onSave={(status, html) =>
            m.edit.mutate({ id: u.id, status, description_html: html }, { onSuccess: () => setEditing(false) })
          }
        />
      </li>
    );
  }
  return (
    <li data-update={u.id} className="rounded-lg border border-line bg-canvas">
      <div className="flex items-center gap-2 border-b border-line-subtle px-4 py-2.5">
        <ActorAvatar actor={u.created_by_detail} />
        <span className="text-sm">
          <ActorName actor={u.created_by_detail} />
        </span>
        <time className="text-xs text-fg-faint" dateTime={u.created_at} title={when.dateTime(u.created_at)}>
          {relativeTime(u.created_at)}
        </time>
        <span className="ml-auto flex items-center gap-2">
          <UpdateStatusChip status={u.status} />
          {(canEdit || canDelete) && (
            <Menu
              ariaLabel="Update actions"
              align="right"
              buttonClassName="rounded p-1 text-fg-faint hover:bg-fill hover:text-fg-muted"
              label={<Icon name="dots" size={14} />}
              items={[
                ...(canEdit ? [{ label: "Edit", onSelect: () => setEditing(true) }] : []),
                ...(canDelete ? [{ label: "Delete", danger: true, onSelect: () => setConfirm(true) }] : []),
              ]}
            />
          )}
        </span>
      </div>
      <div className="space-y-3 px-4 py-3">
        {isEmptyHtml(u.description_html) ? (
          <p className="text-sm text-fg-subtle">No written update.</p>
        ) : (
          <RichText html={u.description_html} slug={slug} pid={pid} refs={refs} />
        )}
        <Progress done={u.progress.completed_issues} total={u.progress.total_issues} />
        <div className="flex flex-wrap items-center gap-3">
          <ReactionBar
            label="Update reactions"
            reactions={u.update_reactions}
            me={me}
            disabled={!can("react", "projectUpdate")}
            nameOf={(id) => u.update_reactions.find((r) => r.actor === id)?.actor_detail?.display_name}
            onToggle={(code, remove) => m.react.mutate({ id: u.id, reaction: code, remove })}
          />
          <button
            type="button"
            aria-expanded={showComments}
            onClick={() => setShowComments(!showComments)}
            className="ml-auto inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-xs text-fg-subtle hover:bg-fill hover:text-fg-secondary"
          >
            <MessageSquare size={13} aria-hidden />{" "}
            {u.comments_count === 1 ? "1 comment" : `${u.comments_count} comments`}
          </button>
        </div>
        {showComments && <Comments u={u} slug={slug} pid={pid} refs={refs} can={can} m={m} />}
      </div>
      <ConfirmModal
        open={confirm}
        onClose={() => setConfirm(false)}
        title="Delete update"
        confirmLabel="Delete"
        message="Delete this update with its comments and reactions? This cannot be undone."
        onConfirm={() => {
          setConfirm(false);
          m.remove.mutate(u.id);
        }}
      />
    </li>
  );
}

/** The work items' progress when the update was posted. */
function Progress({ done, total }: { done: number; total: number }) {
  const pct = total ? Math.round((done / total) * 100) : 0;
  return (
    <div className="flex items-center gap-3 text-xs text-fg-subtle" data-update-progress>
      <div className="h-1.5 w-40 overflow-hidden rounded-full bg-fill" aria-hidden>
        <div className="h-full rounded-full bg-emerald-500" style={{ width: `${pct}%` }} />
      </div>
      <span>
        {done} of {total} work items done ({pct}%)
      </span>
    </div>
  );
}

function Comments({
  u,
  slug,
  pid,
  refs,
  can,
  m,
}: {
  u: ProjectUpdate;
  slug: string;
  pid: string;
  refs: ProjectRefs;
  can: Can;
  m: Mutations;
}) {
  const comments = useQuery(updateCommentsQuery(slug, pid, u.id));
  const editor = useRef<RichEditorHandle>(null);
  const [empty, setEmpty] = useState(true);
  const submit = () => {
    const html = editor.current?.getHtml() ?? "";
    if (isEmptyHtml(html) || m.comment.isPending) return;
    m.comment.mutate(
      { id: u.id, html },
      {
        onSuccess: () => {
          editor.current?.clear();
          setEmpty(true);
          void comments.refetch();
        },
      },
    );
  };
  return (
    <div className="space-y-3 border-t border-line-subtle pt-3">
      <ul aria-label="Comments" className="space-y-2">
        {(comments.data ?? []).map((c) => (
          <li key={c.id} data-update-comment={c.id} className="flex gap-2">
            <ActorAvatar actor={c.actor_detail} />
            <div className="min-w-0 flex-1 rounded-lg bg-surface-muted px-3 py-2">
              <div className="mb-0.5 flex items-center gap-2 text-xs">
                <ActorName actor={c.actor_detail} />
                <span className="text-fg-faint">{relativeTime(c.created_at)}</span>
                {c.edited_at && <span className="text-fg-faint">(edited)</span>}
                {can("delete", "projectUpdate", { createdBy: c.actor }) && (
                  <button
                    type="button"
                    aria-label="Delete comment"
                    onClick={() =>
                      m.removeComment.mutate(
                        { id: u.id, commentId: c.id },
                        { onSuccess: () => void comments.refetch() },
                      )
                    }
                    className="ml-auto rounded p-0.5 text-fg-faint hover:bg-fill-strong hover:text-fg-muted"
                  >
                    <Icon name="trash" size={12} />
                  </button>
                )}
              </div>
              <RichText html={c.comment_html} slug={slug} pid={pid} refs={refs} />
            </div>
          </li>
        ))}
      </ul>
      {can("comment", "projectUpdate") && (
        <div className="space-y-2">
          <RichEditor
            ref={editor}
            label="Comment on the update"
            placeholder="Add a comment…"
            slug={slug}
            pid={pid}
            refs={refs}
            minHeight={50}
            onChange={(h) => setEmpty(isEmptyHtml(h))}
            onSubmit={submit}
          />
          <div className="flex justify-end">
            <Button size="sm" disabled={empty} loading={m.comment.isPending} onClick={submit}>
              Comment
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
