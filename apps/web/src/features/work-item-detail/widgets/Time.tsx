import { useState } from "react";
import { Clock } from "lucide-react";
import { formatDuration, parseDuration, spentAgainstEstimate, WORKLOG_NOTE_MAX } from "@stride/shared";
import { fieldErrors } from "../../../api/client.ts";
import type { ItemKind } from "../../../api/work-items.ts";
import type { ProjectRefs } from "../../../api/work-items-refs.ts";
import { useItemWorklogs, useWorklogMutations, type Worklog } from "../../../api/time-tracking.ts";
import { ConfirmModal, Menu, cx } from "../../../components/ui/index.ts";
import { displayName } from "../../../components/work-item/properties.tsx";
import { Icon } from "../../../components/work-item/icons.tsx";
import { formatDate, localToday } from "../../../lib/dates.ts";
import type { Can } from "../../../lib/permissions.ts";
import { ADD_BTN, Widget } from "./Widget.tsx";

const FIELD = "w-full rounded-md border border-line-strong bg-surface px-2 py-1 text-sm";

interface Draft {
  id?: string;
  duration: string;
  day: string;
  note: string;
}

/** The item's time in its properties: the total with its sub-items, against the time estimate when there is one. */
export function TimeSpent({ slug, pid, id, kind }: { slug: string; pid: string; id: string; kind: ItemKind }) {
  const s = useItemWorklogs(slug, pid, kind === "epics" ? "epics" : "issues", id, true).summary.data;
  if (!s) return null;
  const over = !!s.estimate_minutes && s.total_duration > s.estimate_minutes;
  return (
    <span className="flex items-center gap-1.5 px-2 text-sm" data-time-spent>
      <Clock size={14} aria-hidden className="text-fg-faint" />
      {s.total_duration > 0 ? formatDuration(s.total_duration) : <span className="text-fg-faint">None logged</span>}
      {s.estimate_minutes ? (
        <span className={cx("text-xs", over ? "text-danger" : "text-fg-subtle")}>
          of {formatDuration(s.estimate_minutes)}
        </span>
      ) : null}
    </span>
  );
}

/**
 * Time logged on a work item (issue #29 point 3), while the project has time tracking on: the item's own time, its
 * sub-items' and the total, measured against a time estimate; the logs (day, person, time, note); log, change and
 * remove (the person who logged it or an admin). Asks nothing while time tracking is off.
 */
export function TimeWidget({
  slug,
  pid,
  id,
  kind,
  refs,
  can,
  archived,
  open,
  onToggle,
}: {
  slug: string;
  pid: string;
  id: string;
  kind: ItemKind;
  refs: ProjectRefs;
  can: Can;
  archived: boolean;
  open: boolean;
  onToggle: () => void;
}) {
  const k = kind === "epics" ? "epics" : "issues";
  const { list, summary } = useItemWorklogs(slug, pid, k, id, true);
  const m = useWorklogMutations(slug, pid, k, id);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [removing, setRemoving] = useState<Worklog | null>(null);
  const canLog = !archived && can("create", "worklog", { projectId: pid });
  const s = summary.data;
  const total = s?.total_duration ?? 0;
  const measured = s ? spentAgainstEstimate(total, s.estimate_minutes) : null;

  const edit = (next: Draft | null) => {
    setDraft(next);
    setErrors({});
  };
  const save = () => {
    if (!draft) return;
    const minutes = parseDuration(draft.duration);
    if (minutes === null) return setErrors({ duration: "Enter a time such as 1h 30m, 45m or 2h." });
    const body = { duration: minutes, logged_on: draft.day || undefined, description: draft.note.trim() };
    const opts = { onSuccess: () => edit(null), onError: (e: Error) => setErrors(fieldErrors(e)) };
    if (draft.id) m.update.mutate({ worklogId: draft.id, ...body }, opts);
    else m.add.mutate(body, opts);
  };
  const nameOf = (w: Worklog) => displayName(w.logged_by_detail ?? refs.userById.get(w.logged_by));

  return (
    <Widget
      id="time"
      title="Time"
      count={total > 0 ? formatDuration(total) : undefined}
      open={open}
      onToggle={onToggle}
      actions={
        canLog && (
          <button
            type="button"
            className={ADD_BTN}
            onClick={() => {
              edit({ duration: "", day: localToday(), note: "" });
              if (!open) onToggle();
            }}
          >
            <Icon name="plus" size={12} />
            Log time
          </button>
        )
      }
    >
      {s && (total > 0 || s.estimate_minutes) ? (
        <div className="mb-2 space-y-1.5 px-1" data-time-summary>
          <dl className="flex flex-wrap gap-x-5 gap-y-1 text-xs text-fg-subtle">
            <div>
              <dt className="inline">This item </dt>
              <dd className="inline font-medium text-fg-secondary">{formatDuration(s.duration)}</dd>
            </div>
            {s.sub_issues_duration > 0 && (
              <div>
                <dt className="inline">Sub-items </dt>
                <dd className="inline font-medium text-fg-secondary">{formatDuration(s.sub_issues_duration)}</dd>
              </div>
            )}
            <div>
              <dt className="inline">Total </dt>
              <dd className="inline font-medium text-fg-secondary" data-time-total>
                {formatDuration(total)}
              </dd>
            </div>
            {s.estimate_minutes ? (
              <div>
                <dt className="inline">Estimate </dt>
                <dd className="inline font-medium text-fg-secondary">{formatDuration(s.estimate_minutes)}</dd>
              </div>
            ) : null}
          </dl>
          {measured && (
            <div>
              <div
                className="h-1.5 overflow-hidden rounded-full bg-fill"
                role="meter"
                aria-label="Time spent against the estimate"
                aria-valuemin={0}
                aria-valuemax={s.estimate_minutes ?? 0}
                aria-valuenow={total}
                aria-valuetext={`${formatDuration(total)} of ${formatDuration(s.estimate_minutes)}`}
              >
                <div
                  className={cx("h-full rounded-full", measured.over ? "bg-red-500" : "bg-indigo-500")}
                  style={{ width: `${Math.min(100, Math.round(measured.ratio * 100))}%` }}
                />
              </div>
              <p className={cx("mt-1 text-xs", measured.over ? "text-danger" : "text-fg-subtle")} data-time-estimate>
                {measured.over
                  ? `${formatDuration(-measured.remaining)} over the estimate`
                  : `${formatDuration(measured.remaining)} left of the estimate`}
              </p>
            </div>
          )}
        </div>
      ) : null}
      {draft && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
          aria-label={draft.id ? "Change time log" : "Log time"}
          className="mb-2 space-y-2 rounded-md border border-line p-2"
        >
          <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)] gap-2">
            <label className="space-y-0.5 text-xs text-fg-subtle">
              <span>Time spent</span>
              <input
                autoFocus
                aria-label="Time spent"
                placeholder="1h 30m"
                value={draft.duration}
                aria-invalid={!!errors.duration}
                onChange={(e) => {
                  setDraft({ ...draft, duration: e.target.value });
                  setErrors({});
                }}
                className={cx(FIELD, errors.duration && "border-red-500")}
              />
            </label>
            <label className="space-y-0.5 text-xs text-fg-subtle">
              <span>Day</span>
              <input
                type="date"
                aria-label="Day"
                value={draft.day}
                max={localToday()}
                onChange={(e) => setDraft({ ...draft, day: e.target.value })}
                className={FIELD}
              />
            </label>
          </div>
          {errors.duration && (
            <p role="alert" className="text-xs text-danger">
              {errors.duration}
            </p>
          )}
          {errors.logged_on && (
            <p role="alert" className="text-xs text-danger">
              {errors.logged_on}
            </p>
          )}
          <input
            aria-label="Note"
            placeholder="What did you work on? (optional)"
            value={draft.note}
            maxLength={WORKLOG_NOTE_MAX}
            onChange={(e) => setDraft({ ...draft, note: e.target.value })}
            className={FIELD}
          />
          <div className="flex justify-end gap-2">
            <button type="button" onClick={() => edit(null)} className="rounded px-2 py-1 text-xs hover:bg-fill">
              Cancel
            </button>
            <button
              type="submit"
              disabled={!draft.duration.trim() || m.add.isPending || m.update.isPending}
              className="rounded bg-indigo-600 px-2 py-1 text-xs font-medium text-white disabled:opacity-50"
            >
              {draft.id ? "Save" : "Log time"}
            </button>
          </div>
        </form>
      )}
      {list.data && list.data.length === 0 && !draft && (
        <p className="px-1 text-xs text-fg-subtle">No time logged yet.</p>
      )}
      <ul className="space-y-0.5" aria-label="Time logs">
        {(list.data ?? []).map((w) => {
          const changeable = !archived && can("edit", "worklog", { projectId: pid, createdBy: w.logged_by });
          return (
            <li
              key={w.id}
              data-worklog={w.id}
              className="group flex items-center gap-2 rounded px-1 py-1 text-sm hover:bg-surface-muted"
            >
              <Clock size={14} aria-hidden className="shrink-0 text-fg-faint" />
              <span className="w-16 shrink-0 font-medium tabular-nums">{formatDuration(w.duration)}</span>
              <span className="min-w-0 flex-1 truncate text-fg-muted" title={w.description || undefined}>
                <span className="text-fg-secondary">{nameOf(w)}</span>
                {w.description ? ` · ${w.description}` : ""}
              </span>
              <span className="shrink-0 text-xs text-fg-faint">{formatDate(w.logged_on)}</span>
              {changeable && (
                <Menu
                  ariaLabel={`Actions for the time log of ${formatDuration(w.duration)}`}
                  align="right"
                  buttonClassName="rounded p-0.5 text-fg-faint opacity-0 hover:bg-fill-strong hover:text-fg-muted focus:opacity-100 group-hover:opacity-100"
                  label={<Icon name="dots" size={14} />}
                  items={[
                    {
                      label: "Edit",
                      onSelect: () =>
                        edit({ id: w.id, duration: formatDuration(w.duration), day: w.logged_on, note: w.description }),
                    },
                    { label: "Remove", danger: true, onSelect: () => setRemoving(w) },
                  ]}
                />
              )}
            </li>
          );
        })}
      </ul>
      <ConfirmModal
        open={!!removing}
        onClose={() => setRemoving(null)}
        title="Remove time log"
        confirmLabel="Remove"
        message={
          removing ? (
            <>
              Remove the {formatDuration(removing.duration)} logged by {nameOf(removing)} on{" "}
              {formatDate(removing.logged_on)}?
            </>
          ) : null
        }
        onConfirm={() => {
          if (removing) m.remove.mutate(removing.id);
          setRemoving(null);
        }}
      />
    </Widget>
  );
}
