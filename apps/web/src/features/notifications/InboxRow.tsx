import { useState } from "react";
import { Archive, ArchiveRestore, Check, Clock, Mail } from "lucide-react";
import { SNOOZE_OPTIONS, SNOOZE_TIME_SLOTS, snoozeUntil } from "@stride/shared";
import type { Notification, useInboxAction } from "../../api/notifications.ts";
import { Button, Input, Menu, Modal, Select, cx } from "../../components/ui/index.ts";
import { BotBadge } from "../../components/work-item/ActorName.tsx";
import { useDateTimeFormat } from "../../lib/datetime.ts";
import { useDialogForm } from "../../lib/settings-form.ts";
import { describeNotification, notificationAction, notificationActor, notificationSubject } from "./inbox.ts";
import { checkCustomSnooze, PAST_TIME, SNOOZE_START, snoozeTill } from "./snooze-form.ts";

/** One notification: what happened, when, and its read, snooze and archive actions. */
export function InboxRow({
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
  const { form, error, onSubmit } = useDialogForm(SNOOZE_START, checkCustomSnooze);
  const till = snoozeTill(form.watch());
  const past = till !== null && till.getTime() <= Date.now();
  const submit = onSubmit((v) => onSnooze(snoozeTill(v)!.toISOString()));
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
          <Button type="submit" form="custom-snooze" disabled={!till || past}>
            Snooze
          </Button>
        </>
      }
    >
      <form id="custom-snooze" className="space-y-3" onSubmit={(e) => void submit(e)}>
        <Input label="Day" type="date" error={past ? PAST_TIME : error("day")} {...form.register("day")} />
        <div className="flex gap-2">
          <Select label="Time" {...form.register("slot")}>
            {SNOOZE_TIME_SLOTS.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Select>
          <Select label="AM / PM" {...form.register("period")}>
            <option value="AM">AM</option>
            <option value="PM">PM</option>
          </Select>
        </div>
      </form>
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
