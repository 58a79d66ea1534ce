import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { CheckCheck } from "lucide-react";
import {
  isProjectUpdateNotification,
  NOTIFICATION_TYPES,
  type NotificationTab,
  type NotificationType,
} from "@stride/shared";
import {
  useInbox,
  useInboxAction,
  useMarkAllRead,
  useUnreadCounts,
  type InboxFilters,
  type Notification,
} from "../../api/notifications.ts";
import { PageHeader } from "../../components/layout/PageHeader.tsx";
import { Button, EmptyState, Menu, PageSpinner, cx } from "../../components/ui/index.ts";
import { Lazy } from "../../components/lazy.tsx";
import { workItemDetailChunk } from "../work-item-detail/lazy.ts";
import { useCurrentWorkspace } from "../workspace/current-workspace.ts";
import { DEFAULT_INBOX } from "./inbox.ts";
import { InboxRow } from "./InboxRow.tsx";

/** The work item beside the list: the detail chunk, loaded when a notification is opened. */
const WorkItemDetail = workItemDetailChunk.component("WorkItemDetail");

const TYPE_LABEL: Record<NotificationType, string> = {
  assigned: "Assigned to me",
  created: "Created by me",
  subscribed: "Subscribed by me",
};

/**
 * The inbox (platform.md §2, §4): All and Mentions tabs with their unread counts, filters (assigned, created,
 * subscribed; unread, archived, snoozed), each notification's read / snooze / archive actions, mark all read,
 * and the work item opening beside the list.
 */
export function InboxPage() {
  const { slug } = useCurrentWorkspace();
  const [params, setParams] = useSearchParams();
  const [filters, setFilters] = useState<InboxFilters>(DEFAULT_INBOX);
  const list = useInbox(slug, filters);
  const counts = useUnreadCounts(slug).data;
  const markAll = useMarkAllRead(slug);
  const act = useInboxAction(slug);
  const open = params.get("open");
  const openRow = (list.data ?? []).find((n) => n.id === open) ?? null;
  const set = (p: Partial<InboxFilters>) => setFilters((f) => ({ ...f, ...p }));

  const nav = useNavigate();
  const openItem = (n: Notification) => {
    if (!n.read_at) act.mutate({ kind: "read", n });
    // a project update opens the project's updates
    if (isProjectUpdateNotification(n.data))
      return void nav(`/${slug}/projects/${n.data.project_update.project_id}/updates/`);
    setParams((p) => {
      p.set("open", n.id);
      return p;
    });
  };

  const tabCount = (t: NotificationTab) =>
    (t === "all" ? counts?.total_unread_notifications_count : counts?.mention_unread_notifications_count) ?? 0;

  return (
    <div className="flex h-full min-h-0 flex-col">
      <PageHeader
        title="Inbox"
        actions={
          <div className="flex items-center gap-2">
            <InboxFilterMenu filters={filters} set={set} />
            <Button variant="secondary" onClick={() => markAll.mutate(filters)} disabled={tabCount(filters.tab) === 0}>
              <CheckCheck size={14} aria-hidden /> Mark all as read
            </Button>
          </div>
        }
      />
      <div className="flex min-h-0 flex-1">
        <section
          aria-label="Notifications"
          className={cx("flex min-h-0 flex-col border-r border-line", openRow ? "w-96 shrink-0" : "flex-1")}
        >
          <InboxTabs tab={filters.tab} count={tabCount} onPick={(t) => set({ tab: t })} />
          <div className="min-h-0 flex-1 overflow-y-auto">
            {list.isLoading ? (
              <PageSpinner />
            ) : (list.data ?? []).length === 0 ? (
              <EmptyState
                title={filters.tab === "mentions" ? "No mentions" : "No notifications"}
                description="Updates on work items you follow, are assigned or are mentioned in show here."
              />
            ) : (
              <ul>
                {(list.data ?? []).map((n) => (
                  <InboxRow key={n.id} n={n} active={n.id === open} onOpen={() => openItem(n)} act={act.mutate} />
                ))}
              </ul>
            )}
          </div>
        </section>
        {openRow?.project && openRow.entity_identifier && (
          <OpenItem
            slug={slug}
            pid={openRow.project}
            id={openRow.entity_identifier}
            onClose={() =>
              setParams((p) => {
                p.delete("open");
                return p;
              })
            }
          />
        )}
      </div>
    </div>
  );
}

/** The inbox's filters: the notification types, unread only, archived, snoozed. */
function InboxFilterMenu({ filters, set }: { filters: InboxFilters; set: (p: Partial<InboxFilters>) => void }) {
  const flag = (label: string, key: "unread" | "archived" | "snoozed") => ({
    label,
    kind: "checkbox" as const,
    checked: filters[key],
    onSelect: () => set({ [key]: !filters[key] }),
  });
  return (
    <Menu
      label="Filters"
      ariaLabel="Inbox filters"
      align="right"
      buttonClassName="rounded-md border border-line-strong px-2 py-1 text-sm"
      items={[
        ...NOTIFICATION_TYPES.map((t) => ({
          label: TYPE_LABEL[t],
          kind: "checkbox" as const,
          checked: filters.types.includes(t),
          onSelect: () =>
            set({ types: filters.types.includes(t) ? filters.types.filter((x) => x !== t) : [...filters.types, t] }),
        })),
        flag("Unread only", "unread"),
        flag("Archived", "archived"),
        flag("Snoozed", "snoozed"),
      ]}
    />
  );
}

/** The All and Mentions tabs with their unread counts. */
function InboxTabs({
  tab,
  count,
  onPick,
}: {
  tab: NotificationTab;
  count: (t: NotificationTab) => number;
  onPick: (t: NotificationTab) => void;
}) {
  return (
    <div role="tablist" aria-label="Inbox tabs" className="flex gap-1 border-b border-line px-3">
      {(["all", "mentions"] as const).map((t) => (
        <button
          key={t}
          type="button"
          role="tab"
          aria-selected={tab === t}
          onClick={() => onPick(t)}
          className={cx(
            "flex items-center gap-1.5 border-b-2 px-2 py-2 text-sm",
            tab === t ? "border-indigo-600 font-medium" : "border-transparent text-fg-subtle",
          )}
        >
          {t === "all" ? "All" : "Mentions"}
          {count(t) > 0 && (
            <span data-testid={`unread-${t}`} className="rounded-full bg-indigo-600 px-1.5 text-xs text-white">
              {count(t)}
            </span>
          )}
        </button>
      ))}
    </div>
  );
}

/** The opened notification's work item, beside the list. */
function OpenItem({ slug, pid, id, onClose }: { slug: string; pid: string; id: string; onClose: () => void }) {
  return (
    <section aria-label="Work item" className="min-w-0 flex-1 overflow-y-auto">
      <Lazy>
        <WorkItemDetail key={id} slug={slug} pid={pid} id={id} variant="peek" onClose={onClose} />
      </Lazy>
    </section>
  );
}
