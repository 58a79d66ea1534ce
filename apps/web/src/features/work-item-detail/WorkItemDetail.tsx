import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { Bot } from "lucide-react";
import { CLOSED_STATE_GROUPS } from "@stride/shared";
import { Banner, Button, ConfirmModal, EmptyState, PageSpinner, cx, useToast } from "../../components/ui/index.ts";
import { ApiError } from "../../api/client.ts";
import { useMe } from "../../api/users.ts";
import {
  useArchiveWorkItem,
  useDeleteWorkItem,
  useRestoreWorkItem,
  useUpdateWorkItem,
  type ItemKind,
} from "../../api/work-items.ts";
import { useItemReaction, useRefreshHistory, useSubscription, useWorkItemDetail } from "../../api/work-items-detail.ts";
import { useProjectRefs, type ProjectRefs } from "../../api/work-items-refs.ts";
import type { WorkItem, WorkItemDetail as Detail } from "../../api/work-items-types.ts";
import { itemSubject, usePermissions, usePermissionsLoading } from "../../lib/permissions.ts";
import {
  AssigneesProperty,
  CycleProperty,
  DateProperty,
  EstimateProperty,
  LabelsProperty,
  ModulesProperty,
  PriorityProperty,
  StateProperty,
  displayName,
} from "../../components/work-item/properties.tsx";
import { Icon } from "../../components/work-item/icons.tsx";
import { RichEditor, type RichEditorHandle } from "../../components/work-item/RichEditor.tsx";
import { ParentPicker } from "../../components/work-item/ParentPicker.tsx";
import { PropertyValueField, useItemTyping } from "../../components/work-item/custom-properties.tsx";
import { UNTITLED, itemKey, itemUrl } from "../../components/work-item/item.ts";
import { copyText } from "../../lib/clipboard.ts";
import { useRegisterWorkItemTarget, type WorkItemTarget } from "../../lib/command-target.ts";
import { formatDate, isOverdue } from "../../lib/dates.ts";
import { useDateTimeFormat } from "../../lib/datetime.ts";
import { ActivityFeed } from "./Activity.tsx";
import { useLiveTopic } from "../../api/live.ts";
import { useCluster, useRunAgent } from "../../components/agents/useRunAgent.ts";
import { ReactionBar } from "../../components/work-item/Reactions.tsx";
import { VersionHistory } from "./VersionHistory.tsx";
import { Attachments } from "./widgets/Attachments.tsx";
import { Links } from "./widgets/Links.tsx";
import { Relations } from "./widgets/Relations.tsx";
import { SubItems } from "./widgets/SubItems.tsx";
import { Tasks } from "./widgets/Tasks.tsx";
import { TimeSpent, TimeWidget } from "./widgets/Time.tsx";
import { useWidgets } from "./widgets/Widget.tsx";
import { usePageTitle } from "../../lib/page-title.ts";

/**
 * A work item in full: title, rich description, properties, sub-items, relations, links, attachments,
 * tasks, reactions, subscription and the activity feed with comments. Shown as the peek panel over a list
 * (`variant="peek"`) or as a page.
 */
export function WorkItemDetail({
  slug,
  pid,
  id,
  kind = "issues",
  variant,
  onClose,
}: {
  slug: string;
  pid: string;
  id: string;
  kind?: ItemKind;
  variant: "peek" | "page";
  onClose?: () => void;
}) {
  const refs = useProjectRefs(slug, pid);
  const q = useWorkItemDetail(slug, pid, id, kind);
  // live on every screen that shows the item, also outside its project's routes (browse/IDENT-n/): its own events
  useLiveTopic(`issue:${id}`, slug, pid);
  // the caller's roles load beside the item: what they may change shows at once
  const rolesLoading = usePermissionsLoading({ projects: true });
  if (q.isLoading || rolesLoading || (refs.isLoading && !q.data)) return <PageSpinner />;
  if (!q.data) {
    const st = q.error instanceof ApiError ? q.error.status : 0;
    // not a refusal: the server or the network failed, and asking again may work
    if (q.error && (st === 0 || st >= 500)) {
      return (
        <EmptyState
          title="Could not load this work item"
          description="The server did not answer. Check your connection and try again."
          action={
            <Button variant="secondary" loading={q.isFetching} onClick={() => void q.refetch()}>
              Try again
            </Button>
          }
        />
      );
    }
    return (
      <EmptyState
        title={st === 403 ? "You can't see this work item" : "Work item not found"}
        description={
          st === 403
            ? "Your role in this project does not let you open it."
            : "It may have been deleted, or the link is wrong."
        }
        action={
          onClose ? (
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
          ) : (
            <Link className="text-indigo-600 hover:underline" to={`/${slug}/projects/${pid}/issues/`}>
              Back to work items
            </Link>
          )
        }
      />
    );
  }
  return <DetailBody slug={slug} pid={pid} item={q.data} kind={kind} refs={refs} variant={variant} onClose={onClose} />;
}

function DetailBody({
  slug,
  pid,
  item,
  kind,
  refs,
  variant,
  onClose,
}: {
  slug: string;
  pid: string;
  item: Detail;
  kind: ItemKind;
  refs: ProjectRefs;
  variant: "peek" | "page";
  onClose?: () => void;
}) {
  const me = useMe().data?.id ?? null;
  const can = usePermissions({ projects: true });
  const nav = useNavigate();
  const toast = useToast();
  const update = useUpdateWorkItem(slug, pid);
  const archive = useArchiveWorkItem(slug, pid, kind);
  const restore = useRestoreWorkItem(slug, pid);
  const del = useDeleteWorkItem(slug, pid, kind);
  const refreshHistory = useRefreshHistory(slug, pid, item.id);
  const sub = useSubscription(slug, pid, item.id, kind);
  const react = useItemReaction(slug, pid, item.id, kind);
  const widgets = useWidgets();
  const when = useDateTimeFormat();
  const [confirmDelete, setConfirmDelete] = useState(false);

  const archived = !!item.archived_at;
  // time logged on the item (issue #29 point 3): only while the project has time tracking on
  const timeTracking = !!refs.project?.is_time_tracking_enabled;
  // the server's rules (the shared permission table): members edit, creators edit their own; admins and creators delete
  const subject = itemSubject(item);
  const editable = !archived && can("edit", "workItem", subject);
  const canDelete = can("delete", "workItem", subject);
  const canLink = !archived && can("link", "workItem", subject);
  const group = refs.stateById.get(item.state_id ?? "")?.group ?? item.state__group ?? null;
  const ident = refs.project?.identifier;
  const key = itemKey(ident, item.sequence_id);
  // the item's own page is titled with its key and name (the peek leaves the list's title)
  usePageTitle(variant === "page" ? `${key} ${item.name}` : null);
  const url = itemUrl(slug, ident, item.sequence_id);
  const set = (patch: Partial<WorkItem> & { description_html?: string }) => update.mutate({ id: item.id, patch, kind });
  // work item types and custom properties (issue #29), when the project has them on
  const typing = useItemTyping(slug, pid, refs);

  const doArchive = () =>
    archive.mutate(
      { id: item.id, label: key },
      {
        onSuccess: () => {
          if (onClose) onClose();
          else refreshHistory();
        },
      },
    );
  const doRestore = () => restore.mutate({ id: item.id, label: key });

  // a run on this item (platform.md §4): the cluster says when one starts, ends or moves a task, and the item reloads
  const agent = useRunAgent(slug, pid, can("run", "agentExecution", subject));
  const canRunAgent = agent.canRun && !archived && kind === "issues";
  useCluster(slug, pid, canRunAgent);
  const runAgent = () => void agent.run(item.id);

  // the command palette acts on the item on screen with this screen's own actions
  const actions = useRef({ set, doArchive, runAgent });
  useEffect(() => {
    actions.current = { set, doArchive, runAgent };
  });
  const target = useMemo<WorkItemTarget>(
    () => ({
      slug,
      pid,
      id: item.id,
      key,
      name: item.name,
      url,
      item: {
        state_id: item.state_id,
        priority: item.priority,
        assignee_ids: item.assignee_ids,
        label_ids: item.label_ids,
        cycle_id: item.cycle_id,
        module_ids: item.module_ids,
      },
      editable,
      canDelete,
      archived,
      set: (patch) => actions.current.set(patch),
      archive: () => actions.current.doArchive(),
      requestDelete: () => setConfirmDelete(true),
      ...(canRunAgent ? { runAgent: () => actions.current.runAgent() } : {}),
    }),
    [
      slug,
      pid,
      item.id,
      key,
      item.name,
      url,
      item.state_id,
      item.priority,
      item.assignee_ids,
      item.label_ids,
      item.cycle_id,
      item.module_ids,
      editable,
      canDelete,
      archived,
      canRunAgent,
    ],
  );
  useRegisterWorkItemTarget(target);

  const header = (
    <div
      className={cx(
        "flex items-center gap-1.5 border-b border-line px-4 py-2",
        variant === "peek" && "sticky top-0 z-10 bg-canvas",
      )}
    >
      {variant === "peek" && onClose && (
        <IconButton label="Close peek view" onClick={onClose}>
          <Icon name="close" size={14} />
        </IconButton>
      )}
      <Link
        to={`/${slug}/projects/${pid}/${kind === "epics" ? "epics" : "issues"}/`}
        className="text-xs text-fg-subtle hover:underline"
      >
        {refs.project?.name ?? "Project"}
      </Link>
      <span className="text-xs text-fg-subtle">/</span>
      <span className="text-xs font-medium text-fg-muted" data-testid="item-key">
        {key}
      </span>
      <div className="ml-auto flex items-center gap-1">
        <Button
          size="sm"
          variant="secondary"
          aria-pressed={item.is_subscribed}
          onClick={() => (me ? sub.mutate(!item.is_subscribed) : toast.show("error", "user id not available"))}
        >
          <Icon name={item.is_subscribed ? "bell-off" : "bell"} size={14} />
          {item.is_subscribed ? "Unsubscribe" : "Subscribe"}
        </Button>
        {canRunAgent && (
          <Button size="sm" variant="secondary" loading={agent.starting} onClick={runAgent}>
            <Bot size={14} aria-hidden focusable="false" /> Run agent
          </Button>
        )}
        <IconButton
          label="Copy link"
          onClick={async () => {
            await copyText(window.location.origin + url);
            toast.show("success", "Link copied", key);
          }}
        >
          <Icon name="link" size={14} />
        </IconButton>
        {variant === "peek" && (
          <IconButton
            label="Open full page"
            onClick={() => nav(archived ? `/${slug}/projects/${pid}/archives/issues/${item.id}/` : url)}
          >
            <Icon name="expand" size={14} />
          </IconButton>
        )}
        {archived
          ? can("restore", "workItem", subject) && (
              <IconButton label="Restore" onClick={doRestore}>
                <Icon name="restore" size={14} />
              </IconButton>
            )
          : can("archive", "workItem", subject) && (
              <IconButton
                label={
                  CLOSED_STATE_GROUPS.includes(group ?? "")
                    ? "Archive"
                    : "Archive (only completed or cancelled work items)"
                }
                disabled={!CLOSED_STATE_GROUPS.includes(group ?? "")}
                onClick={doArchive}
              >
                <Icon name="archive" size={14} />
              </IconButton>
            )}
        {canDelete && (
          <IconButton label="Delete" onClick={() => setConfirmDelete(true)}>
            <Icon name="trash" size={14} />
          </IconButton>
        )}
      </div>
    </div>
  );

  const properties = (
    <PropertyList readOnlyReason={!editable && !archived ? GUEST_READ_ONLY : null}>
      <Prop label="State">
        <StateProperty
          refs={refs}
          variant="field"
          asMove
          value={item.state_id}
          disabled={!editable}
          onChange={(state_id) => set({ state_id })}
        />
      </Prop>
      <Prop label="Priority">
        <PriorityProperty
          variant="field"
          value={item.priority}
          disabled={!editable}
          onChange={(p) => set({ priority: p as WorkItem["priority"] })}
        />
      </Prop>
      <Prop label="Assignees">
        <AssigneesProperty
          refs={refs}
          variant="field"
          value={item.assignee_ids ?? []}
          disabled={!editable}
          onChange={(assignee_ids) => set({ assignee_ids })}
        />
      </Prop>
      <Prop label="Labels">
        <LabelsProperty
          refs={refs}
          variant="field"
          value={item.label_ids ?? []}
          disabled={!editable}
          onChange={(label_ids) => set({ label_ids })}
        />
      </Prop>
      <Prop label="Start date">
        <DateProperty
          label="Start date"
          variant="field"
          value={item.start_date}
          max={item.target_date}
          disabled={!editable}
          onChange={(start_date) => set({ start_date })}
          placeholder="Add start date"
        />
      </Prop>
      <Prop label="Due date">
        <span className="min-w-0 flex-1">
          <DateProperty
            label="Due date"
            variant="field"
            value={item.target_date}
            min={item.start_date}
            overdueGroup={group}
            disabled={!editable}
            onChange={(target_date) => set({ target_date })}
            placeholder="Add due date"
          />
        </span>
        {isOverdue(item.target_date, group) && (
          <span className="ml-1 shrink-0 rounded bg-danger-soft px-1.5 py-0.5 text-[10px] font-semibold uppercase text-danger">
            Overdue
          </span>
        )}
      </Prop>
      {timeTracking && (
        <Prop label="Time spent">
          <TimeSpent slug={slug} pid={pid} id={item.id} kind={kind} />
        </Prop>
      )}
      {refs.estimatePoints.length > 0 && (
        <Prop label="Estimate">
          <EstimateProperty
            refs={refs}
            variant="field"
            value={item.estimate_point}
            disabled={!editable}
            onChange={(estimate_point) => set({ estimate_point })}
          />
        </Prop>
      )}
      <Prop label="Parent">
        {editable ? (
          <ParentPicker
            slug={slug}
            pid={pid}
            value={item.parent_id}
            known={item.parent}
            onChange={(parent_id) => set({ parent_id })}
          />
        ) : item.parent ? (
          <span className="px-2 text-sm">
            {ident}-{item.parent.sequence_id}
          </span>
        ) : (
          <span className="px-2 text-sm text-fg-subtle">None</span>
        )}
      </Prop>
      {refs.cyclesEnabled && (
        <Prop label="Cycle">
          <CycleProperty
            refs={refs}
            variant="field"
            value={item.cycle_id}
            disabled={!editable}
            onChange={(cycle_id) => set({ cycle_id })}
          />
        </Prop>
      )}
      {refs.modulesEnabled && (
        <Prop label="Modules">
          <ModulesProperty
            refs={refs}
            variant="field"
            value={item.module_ids ?? []}
            disabled={!editable}
            onChange={(module_ids) => set({ module_ids })}
          />
        </Prop>
      )}
      {typing.enabled && (
        <Prop label="Type">
          <select
            aria-label="Type"
            className="w-full min-w-0 rounded border border-transparent bg-transparent px-2 py-1 text-sm hover:border-line-strong focus:border-indigo-500 focus:outline-none disabled:opacity-60"
            disabled={!editable || kind === "epics"}
            value={item.type_id ?? typing.defaultType(kind === "epics")?.id ?? ""}
            onChange={(e) => set({ type_id: e.target.value })}
          >
            {typing.types
              .filter((t) => t.is_active && t.is_epic === (kind === "epics"))
              .map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
          </select>
        </Prop>
      )}
      {typing.of(item.type_id, kind === "epics").map((p) => (
        <Prop key={p.id} label={p.display_name}>
          <PropertyValueField
            property={p}
            refs={refs}
            value={item.property_values?.[p.id]}
            disabled={!editable}
            onChange={(values) => set({ property_values: { ...(item.property_values ?? {}), [p.id]: values } })}
          />
        </Prop>
      ))}
      <Prop label="Created by">
        <span className="px-2 text-sm">{displayName(refs.userById.get(item.created_by ?? ""))}</span>
      </Prop>
      <Prop label="Created">
        <span className="px-2 text-sm text-fg-muted">{when.date(item.created_at)}</span>
      </Prop>
      <Prop label="Updated">
        <span className="px-2 text-sm text-fg-muted">{when.date(item.updated_at)}</span>
      </Prop>
    </PropertyList>
  );

  const main = (
    <div className="space-y-4">
      {archived && (
        <Banner kind="info">
          <span className="flex items-center justify-between gap-2">
            This work item was archived on {formatDate(item.archived_at!.slice(0, 10))}.
            {can("restore", "workItem", subject) && (
              <Button size="sm" variant="secondary" onClick={doRestore}>
                Restore
              </Button>
            )}
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
      <TitleEditor name={item.name} editable={editable} onSave={(name) => set({ name })} />
      <DescriptionEditor
        key={item.id}
        slug={slug}
        pid={pid}
        kind={kind}
        item={item}
        refs={refs}
        editable={editable}
        onSave={(description_html) => set({ description_html })}
      />
      <ReactionBar
        label="Reactions"
        reactions={item.issue_reactions ?? []}
        me={me}
        disabled={archived}
        nameOf={(uid) => refs.userById.get(uid)?.display_name}
        onToggle={(code, remove) => me && react.mutate({ reaction: code, remove, me })}
      />
      {variant === "peek" && properties}
      <SubItems
        slug={slug}
        pid={pid}
        id={item.id}
        kind={kind}
        refs={refs}
        editable={canLink}
        open={widgets.isOpen("sub-items")}
        onToggle={() => widgets.toggle("sub-items")}
      />
      <Relations
        slug={slug}
        pid={pid}
        id={item.id}
        kind={kind}
        refs={refs}
        editable={canLink}
        open={widgets.isOpen("relations")}
        onToggle={() => widgets.toggle("relations")}
      />
      <Links
        slug={slug}
        pid={pid}
        id={item.id}
        kind={kind}
        links={item.issue_link ?? []}
        editable={canLink}
        open={widgets.isOpen("links")}
        onToggle={() => widgets.toggle("links")}
      />
      <Attachments
        slug={slug}
        pid={pid}
        id={item.id}
        refs={refs}
        editable={editable}
        open={widgets.isOpen("attachments")}
        onToggle={() => widgets.toggle("attachments")}
      />
      <Tasks
        slug={slug}
        pid={pid}
        id={item.id}
        kind={kind}
        tasks={item.tasks ?? []}
        editable={canLink}
        open={widgets.isOpen("tasks")}
        onToggle={() => widgets.toggle("tasks")}
      />
      {timeTracking && (
        <TimeWidget
          slug={slug}
          pid={pid}
          id={item.id}
          kind={kind}
          refs={refs}
          can={can}
          archived={archived}
          open={widgets.isOpen("time")}
          onToggle={() => widgets.toggle("time")}
        />
      )}
      <ActivityFeed
        slug={slug}
        pid={pid}
        id={item.id}
        kind={kind}
        refs={refs}
        me={me}
        canComment={!archived && can("create", "comment", subject)}
        canSeeRuns={can("view", "agentExecution", subject)}
      />
    </div>
  );

  return (
    <article aria-label={`Work item ${key}`} data-item-detail={key} className="flex min-h-0 flex-1 flex-col">
      {header}
      {variant === "peek" ? (
        <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{main}</div>
      ) : (
        <div className="min-h-0 flex-1 overflow-y-auto">
          <div className="mx-auto grid max-w-6xl gap-8 px-6 py-6 lg:grid-cols-[minmax(0,1fr)_330px]">
            <div className="min-w-0">{main}</div>
            <aside aria-label="Properties" className="lg:sticky lg:top-4 lg:self-start">
              {properties}
            </aside>
          </div>
        </div>
      )}
      <ConfirmModal
        open={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title="Delete work item"
        confirmLabel="Delete"
        loading={del.isPending}
        message={
          <>
            Delete <strong>{key}</strong>? Its sub-work items are deleted too. This cannot be undone.
          </>
        }
        onConfirm={() =>
          del.mutate(
            { id: item.id, label: key },
            {
              onSuccess: () => {
                setConfirmDelete(false);
                if (onClose) onClose();
                else nav(`/${slug}/projects/${pid}/issues/`);
              },
              onError: () => setConfirmDelete(false),
            },
          )
        }
      />
    </article>
  );
}

function IconButton({
  label,
  onClick,
  children,
  disabled,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className="rounded-md p-1.5 text-fg-subtle hover:bg-fill hover:text-fg-secondary disabled:opacity-40 disabled:hover:bg-transparent"
    >
      {children}
    </button>
  );
}

/** The property panel; when the caller may not change them, it says why (visibly and as the tooltip). */
/** Why a member of the project may not change an item: only guests are refused, on items they did not create. */
const GUEST_READ_ONLY = "Guests can view this work item but change only the work items they created.";

function PropertyList({ children, readOnlyReason }: { children: ReactNode; readOnlyReason?: string | null }) {
  return (
    <div>
      {readOnlyReason && (
        <p className="mb-1 px-1 text-xs text-fg-subtle" data-read-only>
          {readOnlyReason}
        </p>
      )}
      <dl
        title={readOnlyReason ?? undefined}
        className="grid grid-cols-[92px_minmax(0,1fr)] items-center gap-x-2 gap-y-0.5 rounded-lg border border-line p-2"
      >
        {children}
      </dl>
    </div>
  );
}

function Prop({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="px-1 text-xs text-fg-subtle">{label}</dt>
      <dd className="flex min-w-0 items-center">{children}</dd>
    </>
  );
}

const FIELD_SIZING = typeof CSS !== "undefined" && CSS.supports("field-sizing", "content");

/** The title: edits in place; an empty name shows "Untitled" and is not saved. */
function TitleEditor({ name, editable, onSave }: { name: string; editable: boolean; onSave: (name: string) => void }) {
  const [value, setValue] = useState(name);
  const focused = useRef(false);
  const ta = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (!focused.current) setValue(name);
  }, [name]);
  useEffect(() => {
    const el = ta.current;
    // where CSS sizes the field to its text (`field-sizing: content`), no measuring: reading scrollHeight forces a
    // layout of the whole page in the middle of the screen's first render (20–80 ms on the work-item screens)
    if (el && !FIELD_SIZING) {
      el.style.height = "auto";
      el.style.height = `${el.scrollHeight}px`;
    }
  }, [value]);
  const save = () => {
    focused.current = false;
    const n = value.trim();
    if (!n) {
      setValue(name);
      return;
    }
    if (n !== name) onSave(n);
  };
  return (
    <textarea
      ref={ta}
      aria-label="Title"
      rows={1}
      value={value}
      readOnly={!editable}
      maxLength={255}
      placeholder={UNTITLED}
      onFocus={() => {
        focused.current = true;
      }}
      onChange={(e) => setValue(e.target.value.replace(/\n/g, ""))}
      onBlur={save}
      onKeyDown={(e) => {
        if (e.key === "Enter") {
          e.preventDefault();
          (e.target as HTMLTextAreaElement).blur();
        }
        if (e.key === "Escape") {
          setValue(name);
          (e.target as HTMLTextAreaElement).blur();
        }
      }}
      className="w-full resize-none overflow-hidden rounded-md [field-sizing:content] border border-transparent bg-transparent px-1 py-0.5 text-xl font-semibold text-fg outline-none hover:border-line-raised focus:border-indigo-400"
    />
  );
}

/**
 * The description: a rich editor that saves a moment after typing stops and when it loses focus, and its
 * version history (restoring a version is an edit, allowed to whoever may edit the description).
 */
function DescriptionEditor({
  slug,
  pid,
  kind,
  item,
  refs,
  editable,
  onSave,
}: {
  slug: string;
  pid: string;
  kind: ItemKind;
  item: Detail;
  refs: ProjectRefs;
  editable: boolean;
  onSave: (html: string) => void;
}) {
  const editor = useRef<RichEditorHandle>(null);
  const [history, setHistory] = useState(false);
  const toast = useToast();
  const last = useRef(item.description_html ?? "");
  const pending = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const flush = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const html = pending.current;
    pending.current = null;
    if (html !== null && html !== last.current) {
      last.current = html;
      onSave(html || "<p></p>");
    }
  };
  useEffect(() => () => flush(), []); // eslint-disable-line react-hooks/exhaustive-deps
  const restore = (html: string) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    pending.current = null;
    last.current = html;
    editor.current?.setHtml(html);
    onSave(html);
    setHistory(false);
    toast.show("success", "Description restored");
  };
  return (
    <div aria-label="Description" role="group">
      <RichEditor
        ref={editor}
        label="Description"
        bare={!editable}
        disabled={!editable}
        initialHtml={item.description_html}
        placeholder={editable ? "Add a description… type @ to mention, / for blocks" : "No description"}
        slug={slug}
        pid={pid}
        refs={refs}
        asset={{ type: "ISSUE_DESCRIPTION", id: item.id }}
        minHeight={editable ? 90 : 24}
        onChange={(html) => {
          pending.current = html;
          if (timer.current) clearTimeout(timer.current);
          timer.current = setTimeout(flush, 1200);
        }}
        onBlur={flush}
      />
      <div className="mt-1 flex justify-end">
        <button
          type="button"
          onClick={() => {
            flush();
            setHistory(true);
          }}
          className="inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-xs text-fg-subtle hover:bg-fill hover:text-fg-secondary"
        >
          <Icon name="restore" size={12} /> Version history
        </button>
      </div>
      <VersionHistory
        open={history}
        onClose={() => setHistory(false)}
        slug={slug}
        pid={pid}
        id={item.id}
        kind={kind}
        refs={refs}
        currentHtml={item.description_html}
        canRestore={editable}
        onRestore={restore}
      />
    </div>
  );
}
