import { useState } from "react";
import { Clock } from "lucide-react";
import { formatDuration, parseDuration, spentAgainstEstimate, WORKLOG_NOTE_MAX } from "@stride/shared";
import type { ItemKind } from "../../../api/work-items.ts";
import type { ProjectRefs } from "../../../api/work-items-refs.ts";
import { useItemWorklogs, useWorklogMutations, type Worklog } from "../../../api/time-tracking.ts";
import type { WorklogItemSummary } from "@stride/shared/contract";
import { ConfirmModal, Menu, cx } from "../../../components/ui/index.ts";
import { displayName } from "../../../components/work-item/properties.tsx";
import { Icon } from "../../../components/work-item/icons.tsx";
import { formatDate, localToday } from "../../../lib/dates.ts";
import type { Can } from "../../../lib/permissions.ts";
import { schemaCheck } from "../../../lib/settings-form.ts";
import { AddButton, Widget } from "./Widget.tsx";
import { FIELD, FieldAlert, FormButtons, useWidgetForm } from "./form-bits.tsx";

/** The time log being added (no id) or changed. */
interface Draft {
  id?: string;
  duration: string;
  day: string;
  note: string;
}

const draftOf = (w: Worklog): Draft => ({
  id: w.id,
  duration: formatDuration(w.duration),
  day: w.logged_on,
  note: w.description,
});

const worklogBody = (v: Draft) => ({
  duration: parseDuration(v.duration) ?? 0,
  logged_on: v.day || undefined,
  description: v.note.trim(),
});
/** The form's own words for a time it cannot read (they win over the schema's). */
const readable = (v: Draft): Record<string, string> =>
  parseDuration(v.duration) === null ? { duration: "Enter a time such as 1h 30m, 45m or 2h." } : {};
const checkNew = schemaCheck((c) => c.worklogCreateBody, worklogBody, readable);
const checkEdit = schemaCheck((c) => c.worklogPatchBody, worklogBody, readable);

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
  const [removing, setRemoving] = useState<Worklog | null>(null);
  const canLog = !archived && can("create", "worklog", { projectId: pid });
  const s = summary.data;
  const total = s?.total_duration ?? 0;
  const measured = s ? spentAgainstEstimate(total, s.estimate_minutes) : null;

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
          <AddButton
            open={open}
            onToggle={onToggle}
            onClick={() => setDraft({ duration: "", day: localToday(), note: "" })}
          >
            Log time
          </AddButton>
        )
      }
    >
      {s && (total > 0 || s.estimate_minutes) ? <TimeSummary s={s} total={total} measured={measured} /> : null}
      {draft && <WorklogForm key={draft.id ?? "new"} draft={draft} m={m} onClose={() => setDraft(null)} />}
      {list.data?.length === 0 && !draft && <p className="px-1 text-xs text-fg-subtle">No time logged yet.</p>}
      <ul className="space-y-0.5" aria-label="Time logs">
        {(list.data ?? []).map((w) => (
          <WorklogRow
            key={w.id}
            log={w}
            name={nameOf(w)}
            changeable={!archived && can("edit", "worklog", { projectId: pid, createdBy: w.logged_by })}
            onEdit={() => setDraft(draftOf(w))}
            onRemove={() => setRemoving(w)}
          />
        ))}
      </ul>
      <RemoveWorklog
        log={removing}
        name={removing ? nameOf(removing) : ""}
        onClose={() => setRemoving(null)}
        onRemove={(w) => m.remove.mutate(w.id)}
      />
    </Widget>
  );
}

/** The item's own time, its sub-items', the total and the estimate, with a meter when there is an estimate. */
function TimeSummary({
  s,
  total,
  measured,
}: {
  s: WorklogItemSummary;
  total: number;
  measured: ReturnType<typeof spentAgainstEstimate>;
}) {
  return (
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
  );
}

/** Log time or change a log: the time in words ("1h 30m"), the day, a note; checked as the server checks the body. */
function WorklogForm({
  draft,
  m,
  onClose,
}: {
  draft: Draft;
  m: ReturnType<typeof useWorklogMutations>;
  onClose: () => void;
}) {
  const { form, shown, edit, handle } = useWidgetForm<Draft>(draft, draft.id ? checkEdit : checkNew, (v, onError) => {
    const opts = { onSuccess: onClose, onError };
    if (draft.id) m.update.mutate({ worklogId: draft.id, ...worklogBody(v) }, opts);
    else m.add.mutate(worklogBody(v), opts);
  });
  const durationError = shown("duration");
  return (
    <form
      onSubmit={handle}
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
            aria-invalid={!!durationError}
            // a new time: every message goes (the day's too, as before)
            {...form.register("duration", { onChange: () => edit("duration", "logged_on", "description") })}
            className={cx(FIELD, durationError && "border-red-500")}
          />
        </label>
        <label className="space-y-0.5 text-xs text-fg-subtle">
          <span>Day</span>
          <input type="date" aria-label="Day" max={localToday()} {...form.register("day")} className={FIELD} />
        </label>
      </div>
      <FieldAlert>{durationError}</FieldAlert>
      <FieldAlert>{shown("logged_on")}</FieldAlert>
      <input
        aria-label="Note"
        placeholder="What did you work on? (optional)"
        maxLength={WORKLOG_NOTE_MAX}
        {...form.register("note")}
        className={FIELD}
      />
      <FieldAlert>{shown("description")}</FieldAlert>
      <FormButtons
        onCancel={onClose}
        disabled={!form.watch("duration").trim() || m.add.isPending || m.update.isPending}
      >
        {draft.id ? "Save" : "Log time"}
      </FormButtons>
    </form>
  );
}

/** One log: time, who, note, day; its menu changes or removes it. */
function WorklogRow({
  log: w,
  name,
  changeable,
  onEdit,
  onRemove,
}: {
  log: Worklog;
  name: string;
  changeable: boolean;
  onEdit: () => void;
  onRemove: () => void;
}) {
  return (
    <li data-worklog={w.id} className="group flex items-center gap-2 rounded px-1 py-1 text-sm hover:bg-surface-muted">
      <Clock size={14} aria-hidden className="shrink-0 text-fg-faint" />
      <span className="w-16 shrink-0 font-medium tabular-nums">{formatDuration(w.duration)}</span>
      <span className="min-w-0 flex-1 truncate text-fg-muted" title={w.description || undefined}>
        <span className="text-fg-secondary">{name}</span>
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
              onSelect: onEdit,
            },
            { label: "Remove", danger: true, onSelect: onRemove },
          ]}
        />
      )}
    </li>
  );
}

/** Asks before a log is removed. */
function RemoveWorklog({
  log: removing,
  name,
  onClose,
  onRemove,
}: {
  log: Worklog | null;
  name: string;
  onClose: () => void;
  onRemove: (w: Worklog) => void;
}) {
  return (
    <ConfirmModal
      open={!!removing}
      onClose={onClose}
      title="Remove time log"
      confirmLabel="Remove"
      message={
        removing ? (
          <>
            Remove the {formatDuration(removing.duration)} logged by {name} on {formatDate(removing.logged_on)}?
          </>
        ) : null
      }
      onConfirm={() => {
        if (removing) onRemove(removing);
        onClose();
      }}
    />
  );
}
