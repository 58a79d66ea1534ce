import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { PUBLISH_LAYOUTS, type PublishLayout, type PublishViewProps } from "@stride/shared";
import { deployBoardQuery, isPublished, spaceLink, usePublishProject, useUnpublishProject, useUpdateBoard } from "../../api/publish.ts";
import { copyText } from "../../lib/clipboard.ts";
import { Button, Modal, PageSpinner, Toggle, useToast } from "../../components/ui/index.ts";

const LAYOUT_NAMES: Record<PublishLayout, string> = { list: "List", kanban: "Board", calendar: "Calendar", gantt: "Timeline", spreadsheet: "Spreadsheet" };
const ALL: PublishViewProps = { list: true, kanban: true, calendar: true, gantt: true, spreadsheet: true };

type Options = { is_comments_enabled: boolean; is_reactions_enabled: boolean; is_votes_enabled: boolean; view_props: PublishViewProps };

/**
 * Publish a project to the public space (wire-facts-2 §2): the view options, then the public link; a published
 * project's options save as they change, and it can be unpublished.
 */
export function PublishModal({ slug, projectId, open, onClose, canEdit }: { slug: string; projectId: string; open: boolean; onClose: () => void; canEdit: boolean }) {
  const board = useQuery({ ...deployBoardQuery(slug, projectId), enabled: open });
  const publish = usePublishProject(slug, projectId);
  const update = useUpdateBoard(slug, projectId);
  const unpublish = useUnpublishProject(slug, projectId);
  const toast = useToast();
  const [draft, setDraft] = useState<Options | null>(null);
  const published = isPublished(board.data) ? board.data : null;
  const current: Options | null = board.data
    ? { is_comments_enabled: board.data.is_comments_enabled, is_reactions_enabled: board.data.is_reactions_enabled, is_votes_enabled: board.data.is_votes_enabled, view_props: { ...ALL, ...board.data.view_props } }
    : null;
  const shown = published ? current : (draft ?? current);

  const change = (patch: Partial<Options>) => {
    if (!shown) return;
    if (published) update.mutate({ id: published.id, ...patch });
    else setDraft({ ...shown, ...patch });
  };
  const link = published ? spaceLink(published.anchor) : null;

  return (
    <Modal open={open} onClose={onClose} title={published ? "Published project" : "Publish project"}
      footer={
        <>
          {published && canEdit && <Button variant="danger" loading={unpublish.isPending} onClick={() => unpublish.mutate(published.id, { onSuccess: () => { setDraft(null); toast.show("success", "Project unpublished"); } })}>Unpublish</Button>}
          {!published && canEdit && shown && (
            <Button loading={publish.isPending} onClick={() => publish.mutate({ is_comments_enabled: shown.is_comments_enabled, is_reactions_enabled: shown.is_reactions_enabled, is_votes_enabled: shown.is_votes_enabled, views: shown.view_props }, { onSuccess: () => toast.show("success", "Project published") })}>
              Publish
            </Button>
          )}
          <Button variant="secondary" onClick={onClose}>Close</Button>
        </>
      }>
      {!shown ? <PageSpinner /> : (
        <div className="space-y-4">
          {link ? (
            <div className="space-y-1">
              <p className="text-sm">Anyone with this link can see the project's work items:</p>
              <div className="flex items-center gap-2">
                <a href={link} target="_blank" rel="noreferrer" className="min-w-0 flex-1 truncate text-sm text-blue-600 hover:underline" aria-label="Public link">{link}</a>
                <Button variant="secondary" onClick={() => void copyText(link).then((ok) => toast.show(ok ? "success" : "warning", ok ? "Link copied" : "Could not copy the link"))}>Copy link</Button>
              </div>
            </div>
          ) : (
            <p className="text-sm text-zinc-500">Publishing makes this project's work items readable by anyone with the link, signed in or not.</p>
          )}
          <fieldset className="space-y-2" disabled={!canEdit}>
            <legend className="mb-1 text-sm font-medium">Signed-in visitors may</legend>
            <Toggle label="Comment" checked={shown.is_comments_enabled} onChange={(v) => change({ is_comments_enabled: v })} disabled={!canEdit} />
            <Toggle label="React" checked={shown.is_reactions_enabled} onChange={(v) => change({ is_reactions_enabled: v })} disabled={!canEdit} />
            <Toggle label="Vote" checked={shown.is_votes_enabled} onChange={(v) => change({ is_votes_enabled: v })} disabled={!canEdit} />
          </fieldset>
          <fieldset className="space-y-2" disabled={!canEdit}>
            <legend className="mb-1 text-sm font-medium">Layouts</legend>
            {PUBLISH_LAYOUTS.map((l) => (
              <Toggle key={l} label={LAYOUT_NAMES[l]} checked={shown.view_props[l]} disabled={!canEdit}
                onChange={(v) => change({ view_props: { ...shown.view_props, [l]: v } })} />
            ))}
          </fieldset>
        </div>
      )}
    </Modal>
  );
}
