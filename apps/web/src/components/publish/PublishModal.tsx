import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { PUBLISH_LAYOUTS, type PublishLayout, type PublishViewProps } from "@stride/shared";
import type { DeployBoard } from "@stride/shared/contract";
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
  const intake = useQuery({ ...intakeSettingsQuery(slug, projectId), enabled: open && intakeOn });
  const { published, shown, change, publish, unpublish } = usePublishState(slug, projectId, viewId, open);
  const what = viewId ? "view" : "project";
  const link = published ? spaceLink(published.anchor, what) : null;

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={published ? `Published ${what}` : `Publish ${what}`}
      footer={
        <PublishFooter
          canEdit={canEdit}
          published={published}
          shown={shown}
          unpublishing={unpublish.pending}
          publishing={publish.pending}
          onUnpublish={unpublish.run}
          onPublish={publish.run}
          onClose={onClose}
        />
      }
    >
      {!shown ? (
        <PageSpinner />
      ) : (
        <div className="space-y-4">
          {link ? (
            <PublicLink link={link} what={what} />
          ) : (
            <p className="text-sm text-fg-subtle">
              Publishing makes this {what}'s work items readable by anyone with the link, signed in or not.
            </p>
          )}
          <PublishOptions
            shown={shown}
            canEdit={canEdit}
            intake={intakeOn ? (intake.data?.intake ?? null) : null}
            change={change}
          />
        </div>
      )}
    </Modal>
  );
}

/**
 * The board and its options as shown: a published board's own (each change saved at once), else a draft of the
 * options to publish with (starting from the defaults the server answers).
 */
function usePublishState(slug: string, projectId: string, viewId: string | undefined, open: boolean) {
  const board = useQuery({ ...deployBoardQuery(slug, projectId, viewId), enabled: open });
  const publish = usePublishProject(slug, projectId, viewId);
  const update = useUpdateBoard(slug, projectId, viewId);
  const unpublish = useUnpublishProject(slug, projectId, viewId);
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
  const publishWith = (o: Options) =>
    publish.mutate(
      {
        is_comments_enabled: o.is_comments_enabled,
        is_reactions_enabled: o.is_reactions_enabled,
        is_votes_enabled: o.is_votes_enabled,
        intake: o.intake,
        views: o.view_props,
      },
      { onSuccess: () => toast.show("success", viewId ? "View published" : "Project published") },
    );
  const unpublishIt = (id: string) =>
    unpublish.mutate(id, {
      onSuccess: () => {
        setDraft(null);
        toast.show("success", viewId ? "View unpublished" : "Project unpublished");
      },
    });
  return {
    published,
    shown,
    change,
    publish: { run: publishWith, pending: publish.isPending },
    unpublish: { run: unpublishIt, pending: unpublish.isPending },
  };
}

/** Unpublish (a published board), Publish (with the options chosen), Close. */
function PublishFooter({
  canEdit,
  published,
  shown,
  unpublishing,
  publishing,
  onUnpublish,
  onPublish,
  onClose,
}: {
  canEdit: boolean;
  published: DeployBoard | null;
  shown: Options | null;
  unpublishing: boolean;
  publishing: boolean;
  onUnpublish: (id: string) => void;
  onPublish: (o: Options) => void;
  onClose: () => void;
}) {
  return (
    <>
      {published && canEdit && (
        <Button variant="danger" loading={unpublishing} onClick={() => onUnpublish(published.id)}>
          Unpublish
        </Button>
      )}
      {!published && canEdit && shown && (
        <Button loading={publishing} onClick={() => onPublish(shown)}>
          Publish
        </Button>
      )}
      <Button variant="secondary" onClick={onClose}>
        Close
      </Button>
    </>
  );
}

/** The public link, and copying it. */
function PublicLink({ link, what }: { link: string; what: string }) {
  const toast = useToast();
  return (
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
  );
}

/**
 * What signed-in visitors may do and which layouts are public; `intake` is the project's intake when requests can
 * be sent to it.
 */
function PublishOptions({
  shown,
  canEdit,
  intake,
  change,
}: {
  shown: Options;
  canEdit: boolean;
  intake: string | null;
  change: (patch: Partial<Options>) => void;
}) {
  return (
    <>
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
        {intake && (
          <Toggle
            label="Send requests to the intake"
            checked={!!shown.intake}
            disabled={!canEdit}
            onChange={(v) => change({ intake: v ? intake : null })}
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
    </>
  );
}
