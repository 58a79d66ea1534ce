import { useState } from "react";
import { MessageSquare } from "lucide-react";
import type { ProjectUpdate, useProjectUpdateMutations } from "../../api/time-tracking.ts";
import type { ProjectRefs } from "../../api/work-items-refs.ts";
import { UpdateStatusChip } from "../../components/project/UpdateStatusChip.tsx";
import { ConfirmModal, Menu } from "../../components/ui/index.ts";
import { ActorAvatar, ActorName } from "../../components/work-item/ActorName.tsx";
import { Icon } from "../../components/work-item/icons.tsx";
import { ReactionBar } from "../../components/work-item/Reactions.tsx";
import { RichText } from "../../components/work-item/RichEditor.tsx";
import { relativeTime } from "../../lib/dates.ts";
import { useDateTimeFormat } from "../../lib/datetime.ts";
import { isEmptyHtml } from "../../lib/html.ts";
import type { Can } from "../../lib/permissions.ts";
import { Composer } from "./UpdateComposer.tsx";
import { Comments } from "./UpdateComments.tsx";

type Mutations = ReturnType<typeof useProjectUpdateMutations>;

interface CardProps {
  u: ProjectUpdate;
  slug: string;
  pid: string;
  refs: ProjectRefs;
  me: string | null;
  can: Can;
  m: Mutations;
}

/** One update: who posted it and when, its status, text, progress, reactions and comments. */
export function UpdateCard({ u, slug, pid, refs, me, can, m }: CardProps) {
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
          onSave={(v, onError) => m.edit.mutate({ id: u.id, ...v }, { onSuccess: () => setEditing(false), onError })}
        />
      </li>
    );
  }
  return (
    <li data-update={u.id} className="rounded-lg border border-line bg-canvas">
      <CardHeader
        u={u}
        onEdit={canEdit ? () => setEditing(true) : null}
        onDelete={canDelete ? () => setConfirm(true) : null}
      />
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

/** Who posted the update and when, its status, and its Edit / Delete menu for who may. */
function CardHeader({
  u,
  onEdit,
  onDelete,
}: {
  u: ProjectUpdate;
  onEdit: (() => void) | null;
  onDelete: (() => void) | null;
}) {
  const when = useDateTimeFormat();
  return (
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
        {(onEdit || onDelete) && (
          <Menu
            ariaLabel="Update actions"
            align="right"
            buttonClassName="rounded p-1 text-fg-faint hover:bg-fill hover:text-fg-muted"
            label={<Icon name="dots" size={14} />}
            items={[
              ...(onEdit ? [{ label: "Edit", onSelect: onEdit }] : []),
              ...(onDelete ? [{ label: "Delete", danger: true, onSelect: onDelete }] : []),
            ]}
          />
        )}
      </span>
    </div>
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
