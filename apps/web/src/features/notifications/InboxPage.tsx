import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { Archive, ArchiveRestore, Check, CheckCheck, Clock, Mail } from "lucide-react";
import {
  isProjectUpdateNotification,
  NOTIFICATION_TYPES,
  SNOOZE_OPTIONS,
  SNOOZE_TIME_SLOTS,
  customSnooze,
  snoozeUntil,
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
import { Button, EmptyState, Input, Menu, Modal, PageSpinner, Select, cx } from "../../components/ui/index.ts";
import { Lazy } from "../../components/lazy.tsx";
import { workItemDetailChunk } from "../work-item-detail/lazy.ts";
import { useDateTimeFormat } from "../../lib/datetime.ts";
import { useCurrentWorkspace } from "../workspace/current-workspace.ts";
import {
  DEFAULT_INBOX,
  describeNotification,
  notificationAction,
  notificationActor,
  notificationSubject,
} from "./inbox.ts";
import { BotBadge } from "../../components/work-item/ActorName.tsx";

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
  const close = () =>
    setParams((p) => {
      p.delete("open");
      return p;
    });

  const tabCount = (t: NotificationTab) =>
    (t === "all" ? counts?.total_unread_notifications_count : counts?.mention_unread_notifications_count) ?? 0;

  return (
    <div className="flex h-full min-h-0 flex-col">
      <PageHeader
        title="Inbox"
        actions={
          <div className="flex items-center gap-2">
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
                    set({
                      types: filters.types.includes(t) ? filters.types.filter((x) => x !== t) : [...filters.types, t],
                    }),
                })),
                {
                  label: "Unread only",
                  kind: "checkbox" as const,
                  checked: filters.unread,
                  onSelect: () => set({ unread: !filters.unread }),
                },
                {
                  label: "Archived",
                  kind: "checkbox" as const,
                  checked: filters.archived,
                  onSelect: () => set({ archived: !filters.archived }),
                },
                {
                  label: "Snoozed",
                  kind: "checkbox" as const,
                  checked: filters.snoozed,
                  onSelect: () => set({ snoozed: !filters.snoozed }),
                },
              ]}
            />
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
          <div role="tablist" aria-label="Inbox tabs" className="flex gap-1 border-b border-line px-3">
            {(["all", "mentions"] as const).map((t) => (
              <button
                key={t}
                type="button"
                role="tab"
                aria-selected={filters.tab === t}
                onClick={() => set({ tab: t })}
                className={cx(
                  "flex items-center gap-1.5 border-b-2 px-2 py-2 text-sm",
                  filters.tab === t ? "border-indigo-600 font-medium" : "border-transparent text-fg-subtle",
                )}
              >
                {t === "all" ? "All" : "Mentions"}
                {tabCount(t) > 0 && (
                  <span data-testid={`unread-${t}`} className="rounded-full bg-indigo-600 px-1.5 text-xs text-white">
                    {tabCount(t)}
                  </span>
                )}
              </button>
            ))}
          </div>
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
          <section aria-label="Work item" className="min-w-0 flex-1 overflow-y-auto">
            <Lazy>
              <WorkItemDetail
                key={openRow.entity_identifier}
                slug={slug}
                pid={openRow.project}
                id={openRow.entity_identifier}
                variant="peek"
                onClose={close}
              />
            </Lazy>
          </section>
        )}
      </div>
    </div>
  );
}

function InboxRow({
  n,
  active,
  onOpen,
  act,
}: {
  n: Notification;
  active: boolean;
  onOpen: () => void;
  act: ReturnType<typeof useInboxAction>["mutate"];
}) {
  const when = useDateTimeFormat();
  const [custom, setCustom] = useState(false);
  const unread = !n.read_at;
  const { key, title } = notificationSubject(n);
  return (
    <li
      className={cx("group flex items-start gap-2 border-b border-line-subtle px-3 py-2", active && "bg-accent-soft")}
      data-notification={n.id}
      data-unread={unread || undefined}
    >
      <span
        aria-hidden
        className={cx("mt-2 h-2 w-2 shrink-0 rounded-full", unread ? "bg-indigo-600" : "bg-transparent")}
      />
      <button type="button" onClick={onOpen} className="min-w-0 flex-1 text-left">
        <div className="flex items-center gap-2 text-xs text-fg-subtle">
          <span>{key}</span>
          <span>{when.dateTime(n.created_at)}</span>
        </div>
        <div className={cx("truncate text-sm", unread && "font-semibold")}>{title}</div>
        <NotificationLine n={n} />
        {n.snoozed_till && new Date(n.snoozed_till) > new Date() && (
          <div className="text-xs text-amber-600">Snoozed till {when.dateTime(n.snoozed_till)}</div>
        )}
      </button>
      <div className="flex shrink-0 items-center gap-1">
        <IconButton
          label={unread ? "Mark as read" : "Mark as unread"}
          onClick={() => act({ kind: unread ? "read" : "unread", n })}
        >
          {unread ? <Check size={14} /> : <Mail size={14} />}
        </IconButton>
        <Menu
          label={<Clock size={14} aria-hidden />}
          ariaLabel="Snooze"
          align="right"
          buttonClassName="rounded p-1 hover:bg-fill-strong"
          items={[
            ...SNOOZE_OPTIONS.map((o) => ({
              label: o.label,
              onSelect: () => act({ kind: "snooze", n, till: snoozeUntil(o.days).toISOString() }),
            })),
            { label: "Custom", onSelect: () => setCustom(true) },
            ...(n.snoozed_till
              ? [{ label: "Unsnooze", onSelect: () => act({ kind: "snooze" as const, n, till: null }) }]
              : []),
          ]}
        />
        <IconButton
          label={n.archived_at ? "Unarchive" : "Archive"}
          onClick={() => act({ kind: n.archived_at ? "unarchive" : "archive", n })}
        >
          {n.archived_at ? <ArchiveRestore size={14} /> : <Archive size={14} />}
        </IconButton>
      </div>
      {custom && (
        <CustomSnooze
          onClose={() => setCustom(false)}
          onSnooze={(till) => {
            act({ kind: "snooze", n, till });
            setCustom(false);
          }}
        />
      )}
    </li>
  );
}

function IconButton({ label, onClick, children }: { label: string; onClick: () => void; children: React.ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className="rounded p-1 text-fg-subtle hover:bg-fill-strong"
    >
      {children}
    </button>
  );
}

/** The custom snooze: a day, a 30-minute slot from 12:00 to 11:30 and AM / PM. */
function CustomSnooze({ onClose, onSnooze }: { onClose: () => void; onSnooze: (till: string) => void }) {
  const [day, setDay] = useState("");
  const [slot, setSlot] = useState("9:00");
  const [period, setPeriod] = useState<"AM" | "PM">("AM");
  const till = customSnooze(day, slot, period);
  const past = till !== null && till.getTime() <= Date.now();
  return (
    <Modal
      open
      onClose={onClose}
      title="Custom snooze"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={!till || past} onClick={() => till && onSnooze(till.toISOString())}>
            Snooze
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        <Input
          label="Day"
          type="date"
          value={day}
          onChange={(e) => setDay(e.target.value)}
          error={past ? "Pick a time in the future." : undefined}
        />
        <div className="flex gap-2">
          <Select label="Time" value={slot} onChange={(e) => setSlot(e.target.value)}>
            {SNOOZE_TIME_SLOTS.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Select>
          <Select label="AM / PM" value={period} onChange={(e) => setPeriod(e.target.value as "AM" | "PM")}>
            <option value="AM">AM</option>
            <option value="PM">PM</option>
          </Select>
        </div>
      </div>
    </Modal>
  );
}

/** Who did what: "Ada commented"; an agent's change shows its bot badge, and beneath, the person it acted for. */
function NotificationLine({ n }: { n: Notification }) {
  const who = notificationActor(n);
  return (
    <>
      <div className="truncate text-sm text-fg-muted" title={describeNotification(n)}>
        {who.name}
        {who.isBot && (
          <>
            {" "}
            <BotBadge />
          </>
        )}{" "}
        {notificationAction(n)}
      </div>
      {who.onBehalfOf && (
        <div className="truncate text-xs text-fg-subtle" data-on-behalf-of>
          on behalf of <span className="font-medium text-fg-muted">{who.onBehalfOf}</span>
        </div>
      )}
    </>
  );
}
