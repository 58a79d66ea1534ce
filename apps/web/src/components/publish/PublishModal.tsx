import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { PUBLISH_LAYOUTS, type PublishLayout, type PublishViewProps } from "@stride/shared";
import {
  deployBoardQuery,
  isPublished,
  spaceLink,
  usePublishProject,
  useUnpublishProject,
  useUpdateBoard,
} from "../../api/publish.ts";
import { intakeSettingsQuery } from "../../api/intake.ts";
import { copyText } from "../../lib/clipboard.ts";
import { Button, Modal, PageSpinner, Toggle, useToast } from "../ui/index.ts";

const LAYOUT_NAMES: Record<PublishLayout, string> = {
  list: "List",
  kanban: "Board",
  calendar: "Calendar",
  gantt: "Timeline",
  spreadsheet: "Spreadsheet",
};
const ALL: PublishViewProps = { list: true, kanban: true, calendar: true, gantt: true, spreadsheet: true };

type Options = {
  is_comments_enabled: boolean;
  is_reactions_enabled: boolean;
  is_votes_enabled: boolean;
  intake: string | null;
  view_props: PublishViewProps;
};

/**
 * Publish a project, or one of its saved views (`viewId`), to the public space (wire-facts-2 §2): the view options,
 * then the public link; a published board's options save as they change, and it can be unpublished. With the
 * project's intake on, the board can take requests into it (`intakeOn`).
 */
export function PublishModal({
  slug,
  projectId,
  viewId,
  open,
  onClose,
  canEdit,
  intakeOn = false,
}: {
  slug: string;
  projectId: string;
  viewId?: string;
  open: boolean;
  onClose: () => void;
  canEdit: boolean;
  intakeOn?: boolean;
}) {
  const board = useQuery({ ...deployBoardQuery(slug, projectId, viewId), enabled: open });
  const intake = useQuery({ ...intakeSettingsQuery(slug, projectId), enabled: open && intakeOn });
  const publish = usePublishProject(slug, projectId, viewId);
  const update = useUpdateBoard(slug, projectId, viewId);
  const unpublish = useUnpublishProject(slug, projectId, viewId);
  const what = viewId ? "view" : "project";
  const toast = useToast();
  const [draft, setDraft] = useState<Options | null>(null);
  const published = isPublished(board.data) ? board.data : null;
  const current: Options | null = board.data
    ? {
        is_comments_enabled: board.data.is_comments_enabled,
        is_reactions_enabled: board.data.is_reactions_enabled,
        is_votes_enabled: board.data.is_votes_enabled,
        intake: board.data.intake,
        view_props: { ...ALL, ...board.data.view_props },
      }
    : null;
  const shown = published ? current : (draft ?? current);

  const change = (patch: Partial<Options>) => {
    if (!shown) return;
    if (published) update.mutate({ id: published.id, ...patch });
    else setDraft({ ...shown, ...patch });
  };
  const link = published ? spaceLink(published.anchor, what) : null;

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={published ? `Published ${what}` : `Publish ${what}`}
      footer={
        <>
          {published && canEdit && (
            <Button
              variant="danger"
              loading={unpublish.isPending}
              onClick={() =>
                unpublish.mutate(published.id, {
                  onSuccess: () => {
                    setDraft(null);
                    toast.show("success", viewId ? "View unpublished" : "Project unpublished");
                  },
                })
              }
            >
              Unpublish
            </Button>
          )}
          {!published && canEdit && shown && (
            <Button
              loading={publish.isPending}
              onClick={() =>
                publish.mutate(
                  {
                    is_comments_enabled: shown.is_comments_enabled,
                    is_reactions_enabled: shown.is_reactions_enabled,
                    is_votes_enabled: shown.is_votes_enabled,
                    intake: shown.intake,
                    views: shown.view_props,
                  },
                  { onSuccess: () => toast.show("success", viewId ? "View published" : "Project published") },
                )
              }
            >
              Publish
            </Button>
          )}
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </>
      }
    >
      {!shown ? (
        <PageSpinner />
      ) : (
        <div className="space-y-4">
          {link ? (
            <div className="space-y-1">
              <p className="text-sm">Anyone with this link can see the {what}'s work items:</p>
              <div className="flex items-center gap-2">
                <a
                  href={link}
                  target="_blank"
                  rel="noreferrer"
                  className="min-w-0 flex-1 truncate text-sm text-blue-600 hover:underline"
                  aria-label="Public link"
                >
                  {link}
                </a>
                <Button
                  variant="secondary"
                  onClick={() =>
                    void copyText(link).then((ok) =>
                      toast.show(ok ? "success" : "warning", ok ? "Link copied" : "Could not copy the link"),
                    )
                  }
                >
                  Copy link
                </Button>
              </div>
            </div>
          ) : (
            <p className="text-sm text-fg-subtle">
              Publishing makes this {what}'s work items readable by anyone with the link, signed in or not.
            </p>
          )}
          <fieldset className="space-y-2" disabled={!canEdit}>
            <legend className="mb-1 text-sm font-medium">Signed-in visitors may</legend>
            <Toggle
              label="Comment"
              checked={shown.is_comments_enabled}
              onChange={(v) => change({ is_comments_enabled: v })}
              disabled={!canEdit}
            />
            <Toggle
              label="React"
              checked={shown.is_reactions_enabled}
              onChange={(v) => change({ is_reactions_enabled: v })}
              disabled={!canEdit}
            />
            <Toggle
              label="Vote"
              checked={shown.is_votes_enabled}
              onChange={(v) => change({ is_votes_enabled: v })}
              disabled={!canEdit}
            />
            {intakeOn && intake.data && (
              <Toggle
                label="Send requests to the intake"
                checked={!!shown.intake}
                disabled={!canEdit}
                onChange={(v) => change({ intake: v ? intake.data.intake : null })}
              />
            )}
          </fieldset>
          <fieldset className="space-y-2" disabled={!canEdit}>
            <legend className="mb-1 text-sm font-medium">Layouts</legend>
            {PUBLISH_LAYOUTS.map((l) => (
              <Toggle
                key={l}
                label={LAYOUT_NAMES[l]}
                checked={shown.view_props[l]}
                disabled={!canEdit}
                onChange={(v) => change({ view_props: { ...shown.view_props, [l]: v } })}
              />
            ))}
          </fieldset>
        </div>
      )}
    </Modal>
  );
}
