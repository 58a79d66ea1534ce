import type { ReactNode } from "react";
import { Link } from "react-router";
import { Banner, Button } from "../../../components/ui/index.ts";
import { useItemReaction } from "../../../api/work-items-detail.ts";
import { Icon } from "../../../components/work-item/icons.tsx";
import { itemUrl, PENDING_HINT } from "../../../components/work-item/item.ts";
import { ReactionBar } from "../../../components/work-item/Reactions.tsx";
import { formatDate } from "../../../lib/dates.ts";
import { ActivityFeed } from "../Activity.tsx";
import { Attachments } from "../widgets/Attachments.tsx";
import { Links } from "../widgets/Links.tsx";
import { Relations } from "../widgets/Relations.tsx";
import { SubItems } from "../widgets/SubItems.tsx";
import { Tasks } from "../widgets/Tasks.tsx";
import { TimeWidget } from "../widgets/Time.tsx";
import { useWidgets } from "../widgets/Widget.tsx";
import { DescriptionEditor } from "./DescriptionEditor.tsx";
import { TitleEditor } from "./TitleEditor.tsx";
import type { DetailActions, DetailScope } from "./useDetailActions.ts";

/**
 * The item's main column: archived notice, parent, title, description, reactions, (in the peek) the properties, the
 * widgets and the activity feed.
 */
export function DetailMain({
  scope,
  d,
  me,
  properties,
}: {
  scope: DetailScope;
  d: DetailActions;
  me: string | null;
  /** shown under the reactions (the peek; the page shows them beside) */
  properties?: ReactNode;
}) {
  const { slug, pid, item, kind, refs } = scope;
  const react = useItemReaction(slug, pid, item.id, kind);
  const ident = refs.project?.identifier;
  return (
    <div className="space-y-4">
      {d.archived && (
        <Banner kind="info">
          <span className="flex items-center justify-between gap-2">
            This work item was archived on {formatDate(item.archived_at!.slice(0, 10))}.
            {d.can("restore", "workItem", d.subject) && (
              <Button size="sm" variant="secondary" onClick={d.doRestore}>
                Restore
              </Button>
            )}
          </span>
        </Banner>
      )}
      {d.pending && (
        <Banner kind="info">
          <span data-pending-notice>
            Saved on this device and sent when the server can be reached. {PENDING_HINT}: sub-items, relations, links,
            attachments, reactions, subscribing, archiving and deleting.
          </span>
        </Banner>
      )}
      {item.parent && (
        <Link
          to={itemUrl(slug, ident, item.parent.sequence_id)}
          className="inline-flex items-center gap-1 text-xs text-fg-subtle hover:underline"
        >
          <Icon name="parent" size={12} /> {ident}-{item.parent.sequence_id} {item.parent.name ?? ""}
        </Link>
      )}
      <TitleEditor name={item.name} editable={d.editable} onSave={(name) => d.set({ name })} />
      <DescriptionEditor
        key={item.id}
        scope={scope}
        editable={d.editable}
        onSave={(description_html) => d.set({ description_html })}
      />
      <ReactionBar
        label="Reactions"
        reactions={item.issue_reactions ?? []}
        me={me}
        disabled={d.archived || d.pending}
        nameOf={(uid) => refs.userById.get(uid)?.display_name}
        onToggle={(code, remove) => me && react.mutate({ reaction: code, remove, me })}
      />
      {properties}
      <DetailWidgets scope={scope} d={d} />
      <ActivityFeed
        slug={slug}
        pid={pid}
        id={item.id}
        kind={kind}
        refs={refs}
        me={me}
        canComment={!d.archived && d.can("create", "comment", d.subject)}
        canSeeRuns={d.can("view", "agentExecution", d.subject)}
      />
    </div>
  );
}

/** Sub-items, relations, links, attachments, tasks and (with time tracking on) time: each opens and closes. */
function DetailWidgets({ scope: { slug, pid, item, kind, refs }, d }: { scope: DetailScope; d: DetailActions }) {
  const widgets = useWidgets();
  const at = { slug, pid, id: item.id };
  return (
    <>
      <SubItems
        {...at}
        kind={kind}
        refs={refs}
        editable={d.canLink}
        open={widgets.isOpen("sub-items")}
        onToggle={() => widgets.toggle("sub-items")}
      />
      <Relations
        {...at}
        kind={kind}
        refs={refs}
        editable={d.canLink}
        open={widgets.isOpen("relations")}
        onToggle={() => widgets.toggle("relations")}
      />
      <Links
        {...at}
        kind={kind}
        links={item.issue_link ?? []}
        editable={d.canLink}
        open={widgets.isOpen("links")}
        onToggle={() => widgets.toggle("links")}
      />
      <Attachments
        {...at}
        refs={refs}
        editable={d.editable && !d.pending}
        open={widgets.isOpen("attachments")}
        onToggle={() => widgets.toggle("attachments")}
      />
      <Tasks
        {...at}
        kind={kind}
        tasks={item.tasks ?? []}
        editable={d.canLink}
        open={widgets.isOpen("tasks")}
        onToggle={() => widgets.toggle("tasks")}
      />
      {/* time logged on the item (issue #29 point 3): only while the project has time tracking on */}
      {!!refs.project?.is_time_tracking_enabled && (
        <TimeWidget
          {...at}
          kind={kind}
          refs={refs}
          can={d.can}
          archived={d.archived || d.pending}
          open={widgets.isOpen("time")}
          onToggle={() => widgets.toggle("time")}
        />
      )}
    </>
  );
}
