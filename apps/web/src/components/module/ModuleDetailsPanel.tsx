import { Suspense, lazy, useState } from "react";
import { MODULE_STATUSES, moduleProgress, type ModuleStatus } from "@stride/shared";
import { Avatar, Button, Input, cx } from "../ui/index.ts";
import { Dropdown } from "../work-item/Dropdown.tsx";
import { Icon } from "../work-item/icons.tsx";
import { AvatarStack, DateProperty, displayName } from "../work-item/properties.tsx";
import { ApiError, errorMessage, fieldErrors } from "../../api/client.ts";
import { useProjectRefs } from "../../api/work-items-refs.ts";
import { useModuleLinks, useUpdateModule, type ModuleDetail } from "../../api/modules.ts";
import { useCan } from "../../lib/permissions.ts";
import { STATUS_LABEL, StatusBadge } from "./ModuleBits.tsx";

/** The chart library (recharts) is a chunk of its own, loaded when the panel shows its chart, not with every screen. */
const CustomChart = lazy(() => import("../charts/CustomChart.tsx").then((m) => ({ default: m.CustomChart })));

const FIELD = "flex min-h-8 w-full items-center gap-2 rounded px-2 py-1 text-left text-sm hover:bg-zinc-100 disabled:hover:bg-transparent dark:hover:bg-zinc-800";

/**
 * A module's details beside its work items: status, dates, lead and members (editable by members), progress by
 * state group with the burndown from start to target date, the breakdown by assignee and label, and its links.
 */
export function ModuleDetailsPanel({ slug, pid, module: m }: { slug: string; pid: string; module: ModuleDetail }) {
  const refs = useProjectRefs(slug, pid);
  const update = useUpdateModule(slug, pid);
  const canEdit = useCan("edit", "module", { projectId: pid }) && !m.archived_at;
  const mayAnalyse = useCan("project", "analytics", { projectId: pid });
  const patch = (p: Parameters<typeof update.mutate>[0]["patch"]) => update.mutate({ id: m.id, patch: p });
  const lead = m.lead_id ? refs.memberById.get(m.lead_id) ?? refs.userById.get(m.lead_id) : undefined;
  const memberOptions = () => refs.members.map((u) => ({ value: u.id, label: displayName(u), keywords: u.display_name, icon: <Avatar name={u.display_name || u.first_name} url={u.avatar_url} size="sm" /> }));
  const pct = moduleProgress(m);
  const groups: [string, number][] = [
    ["Backlog", m.backlog_issues], ["Unstarted", m.unstarted_issues], ["Started", m.started_issues], ["Completed", m.completed_issues], ["Cancelled", m.cancelled_issues],
  ];
  return (
    <aside aria-label="Module details" className="w-80 shrink-0 overflow-y-auto border-l border-zinc-200 p-4 text-sm dark:border-zinc-800">
      {m.description && <p className="mb-3 whitespace-pre-wrap text-zinc-600 dark:text-zinc-300">{m.description}</p>}
      <dl className="grid grid-cols-[6rem_1fr] items-center gap-y-1">
        <dt className="text-zinc-500">Status</dt>
        <dd>
          <Dropdown
            label="Status"
            title={`Status: ${STATUS_LABEL[m.status]}`}
            options={MODULE_STATUSES.map((s) => ({ value: s, label: STATUS_LABEL[s] }))}
            value={m.status}
            disabled={!canEdit}
            onChange={(v) => typeof v === "string" && v !== m.status && patch({ status: v as ModuleStatus })}
            buttonClassName={FIELD}
            button={<StatusBadge status={m.status} />}
          />
        </dd>
        <dt className="text-zinc-500">Start date</dt>
        <dd><DateProperty label="Start date" variant="field" value={m.start_date} max={m.target_date ?? undefined} disabled={!canEdit} onChange={(start_date) => patch({ start_date })} /></dd>
        <dt className="text-zinc-500">Target date</dt>
        <dd><DateProperty label="Due date" variant="field" value={m.target_date} min={m.start_date ?? undefined} disabled={!canEdit} onChange={(target_date) => patch({ target_date })} /></dd>
        <dt className="text-zinc-500">Lead</dt>
        <dd>
          <Dropdown
            label="Lead"
            title={lead ? `Lead: ${displayName(lead)}` : "Lead"}
            options={memberOptions}
            value={m.lead_id}
            disabled={!canEdit}
            onChange={(v) => patch({ lead_id: typeof v === "string" && v !== m.lead_id ? v : null })}
            buttonClassName={FIELD}
            emptyText="No members"
            button={lead ? <><Avatar name={lead.display_name || lead.first_name} url={lead.avatar_url} size="sm" /><span className="truncate">{displayName(lead)}</span></> : <span className="text-zinc-400">No lead</span>}
          />
        </dd>
        <dt className="text-zinc-500">Members</dt>
        <dd>
          <Dropdown
            label="Members"
            multiple
            options={memberOptions}
            value={m.member_ids}
            disabled={!canEdit}
            onChange={(v) => patch({ member_ids: (v as string[]) ?? [] })}
            buttonClassName={FIELD}
            emptyText="No members"
            button={m.member_ids.length ? <AvatarStack users={m.member_ids.map((id) => refs.memberById.get(id) ?? refs.userById.get(id))} /> : <span className="text-zinc-400">No members</span>}
          />
        </dd>
      </dl>

      <section aria-label="Progress" className="mt-5">
        <h3 className="mb-2 flex items-center justify-between font-medium">
          Progress
          <span className="text-xs font-normal text-zinc-500">{m.completed_issues + m.cancelled_issues}/{m.total_issues} done · {pct}%</span>
        </h3>
        <div role="progressbar" aria-label="Module progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct} className="h-2 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-700">
          <div className="h-full bg-emerald-500" style={{ width: `${pct}%` }} />
        </div>
        <ul className="mt-2 grid grid-cols-2 gap-x-3 text-xs text-zinc-600 dark:text-zinc-300">
          {groups.map(([g, n]) => <li key={g} className="flex justify-between"><span>{g}</span><span className="tabular-nums">{n}</span></li>)}
        </ul>
        <Burndown chart={m.distribution.completion_chart} total={m.total_issues} />
      </section>

      {m.distribution.assignees.length > 0 && (
        <section aria-label="Assignees" className="mt-5">
          <h3 className="mb-1 font-medium">Assignees</h3>
          <ul className="space-y-1 text-xs">
            {m.distribution.assignees.map((a) => (
              <li key={a.assignee_id ?? "none"} className="flex items-center gap-2">
                {a.assignee_id ? <Avatar name={a.display_name ?? "?"} url={a.avatar_url} size="sm" /> : <Icon name="user" size={14} className="text-zinc-400" />}
                <span className="flex-1 truncate">{a.assignee_id ? a.display_name : "No assignee"}</span>
                <span className="tabular-nums text-zinc-500">{a.completed_issues}/{a.total_issues}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {m.distribution.labels.length > 0 && (
        <section aria-label="Labels" className="mt-5">
          <h3 className="mb-1 font-medium">Labels</h3>
          <ul className="space-y-1 text-xs">
            {m.distribution.labels.map((l) => (
              <li key={l.label_id ?? "none"} className="flex items-center gap-2">
                <span className="h-2 w-2 rounded-full" style={{ background: l.color ?? "#a1a1aa" }} />
                <span className="flex-1 truncate">{l.label_id ? l.label_name : "No label"}</span>
                <span className="tabular-nums text-zinc-500">{l.completed_issues}/{l.total_issues}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {/* the module's work items by any property (project analytics with the module scope) */}
      {mayAnalyse && (
        <section aria-label="Module analytics" className="mt-5">
          <Suspense fallback={null}>
            <CustomChart slug={slug} scope={{ kind: "project", pid, moduleId: m.id }} compact />
          </Suspense>
        </section>
      )}
      <ModuleLinks slug={slug} pid={pid} module={m} canEdit={canEdit} />
    </aside>
  );
}

/** Remaining items per day from start to target date (past days only; the ideal line runs from total to zero). */
function Burndown({ chart, total }: { chart: Record<string, number | null>; total: number }) {
  const days = Object.keys(chart).sort();
  if (days.length < 2 || total === 0) return null;
  const W = 280;
  const H = 90;
  const x = (i: number) => (i / (days.length - 1)) * W;
  const y = (v: number) => H - (v / total) * H;
  const pts = days.map((d, i) => (chart[d] === null ? null : `${x(i).toFixed(1)},${y(chart[d]!).toFixed(1)}`)).filter(Boolean).join(" ");
  const last = days.filter((d) => chart[d] !== null).at(-1);
  return (
    <figure className="mt-3">
      <svg viewBox={`0 0 ${W} ${H}`} className="h-24 w-full" role="img" aria-label={`Burndown: ${last ? `${chart[last]} of ${total} remaining on ${last}` : "not started"}`}>
        <line x1={0} y1={0} x2={W} y2={H} stroke="currentColor" className="text-zinc-300 dark:text-zinc-700" strokeDasharray="4 3" />
        {pts && <polyline points={pts} fill="none" stroke="currentColor" strokeWidth={2} className="text-indigo-500" />}
      </svg>
      <figcaption className="flex justify-between text-[10px] text-zinc-500"><span>{days[0]}</span><span>{days.at(-1)}</span></figcaption>
    </figure>
  );
}

function ModuleLinks({ slug, pid, module: m, canEdit }: { slug: string; pid: string; module: ModuleDetail; canEdit: boolean }) {
  const { add, remove } = useModuleLinks(slug, pid, m.id);
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState("");
  const [title, setTitle] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    if (!url.trim()) return setError("Enter a URL.");
    setError(null);
    add.mutate(
      { url: url.trim(), title: title.trim() || null },
      {
        onSuccess: () => { setUrl(""); setTitle(""); setOpen(false); },
        onError: (e) => setError(fieldErrors(e).url ?? (e instanceof ApiError ? errorMessage(e.body) : null) ?? e.message),
      },
    );
  };
  return (
    <section aria-label="Links" className="mt-5">
      <h3 className="mb-1 flex items-center justify-between font-medium">
        Links
        {canEdit && !open && <button type="button" onClick={() => setOpen(true)} className="rounded px-1.5 text-xs text-indigo-600 hover:bg-zinc-100 dark:hover:bg-zinc-800">Add link</button>}
      </h3>
      {open && (
        <form className="mb-2 space-y-2" onSubmit={(e) => { e.preventDefault(); submit(); }}>
          <Input label="URL" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://…" error={error ?? undefined} autoFocus />
          <Input label="Title" value={title} onChange={(e) => setTitle(e.target.value)} placeholder="Optional" />
          <div className="flex justify-end gap-2">
            <Button size="sm" variant="secondary" onClick={() => { setOpen(false); setError(null); }}>Cancel</Button>
            <Button size="sm" type="submit" disabled={add.isPending}>Add link</Button>
          </div>
        </form>
      )}
      {m.link_module.length === 0 && !open ? (
        <p className="text-xs text-zinc-500">No links yet.</p>
      ) : (
        <ul className="space-y-1">
          {m.link_module.map((l) => (
            <li key={l.id} className="group flex items-center gap-2">
              <Icon name="link" size={14} className="shrink-0 text-zinc-400" />
              <a href={l.url} target="_blank" rel="noopener noreferrer" className="min-w-0 flex-1 truncate text-indigo-600 hover:underline">{l.title || l.url}</a>
              {canEdit && (
                <button type="button" aria-label={`Remove link ${l.title || l.url}`} onClick={() => remove.mutate(l.id)} className={cx("rounded p-0.5 text-zinc-400 hover:text-red-600")}>
                  <Icon name="trash" size={14} />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
