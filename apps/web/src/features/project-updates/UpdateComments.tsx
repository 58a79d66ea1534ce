import { useRef, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { updateCommentsQuery, type ProjectUpdate, type useProjectUpdateMutations } from "../../api/time-tracking.ts";
import type { ProjectRefs } from "../../api/work-items-refs.ts";
import { Button } from "../../components/ui/index.ts";
import { ActorAvatar, ActorName } from "../../components/work-item/ActorName.tsx";
import { Icon } from "../../components/work-item/icons.tsx";
import { RichEditor, RichText, type RichEditorHandle } from "../../components/work-item/RichEditor.tsx";
import { relativeTime } from "../../lib/dates.ts";
import { isEmptyHtml } from "../../lib/html.ts";
import type { Can } from "../../lib/permissions.ts";
import { useDialogForm } from "../../lib/settings-form.ts";
import { checkUpdateComment } from "./update-forms.ts";
import { FieldMessage } from "./UpdateComposer.tsx";

type Mutations = ReturnType<typeof useProjectUpdateMutations>;
interface Props {
  u: ProjectUpdate;
  slug: string;
  pid: string;
  refs: ProjectRefs;
  can: Can;
  m: Mutations;
}

/** An update's comments, and a new one's editor for who may comment. */
export function Comments({ u, slug, pid, refs, can, m }: Props) {
  const comments = useQuery(updateCommentsQuery(slug, pid, u.id));
  const refetch = () => void comments.refetch();
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
                    onClick={() => m.removeComment.mutate({ id: u.id, commentId: c.id }, { onSuccess: refetch })}
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
        <CommentForm u={u} slug={slug} pid={pid} refs={refs} m={m} onSent={refetch} />
      )}
    </div>
  );
}

/** A new comment: the editor's HTML, checked as the server checks a comment, sent with Enter or the button. */
function CommentForm({ u, slug, pid, refs, m, onSent }: Omit<Props, "can"> & { onSent: () => void }) {
  const editor = useRef<RichEditorHandle>(null);
  const [empty, setEmpty] = useState(true);
  const { form, error, onSubmit } = useDialogForm({ html: "" }, checkUpdateComment);
  const send = onSubmit((v, onError) =>
    m.comment.mutate(
      { id: u.id, html: v.html },
      {
        onSuccess: () => {
          editor.current?.clear();
          setEmpty(true);
          onSent();
        },
        onError,
      },
    ),
  );
  const submit = () => {
    const html = editor.current?.getHtml() ?? "";
    if (isEmptyHtml(html) || m.comment.isPending) return;
    form.setValue("html", html);
    void send();
  };
  return (
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
      <FieldMessage id={`update-${u.id}-comment-error`} error={error("html") ?? error("comment_html")} />
      <div className="flex justify-end">
        <Button size="sm" disabled={empty} loading={m.comment.isPending} onClick={submit}>
          Comment
        </Button>
      </div>
    </div>
  );
}
