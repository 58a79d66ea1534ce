import { Suspense, lazy, useState } from "react";
import { MODULE_STATUSES, progressIn, type ModuleStatus } from "@stride/shared";
import { Avatar, Button, Input, cx } from "../ui/index.ts";
import { Dropdown } from "../work-item/Dropdown.tsx";
import { Icon } from "../work-item/icons.tsx";
import { AvatarStack, DateProperty, displayName } from "../work-item/properties.tsx";
import { ApiError, errorMessage, fieldErrors } from "../../api/client.ts";
import { useProjectRefs } from "../../api/work-items-refs.ts";
import { useModuleLinks, useUpdateModule, type ModuleDetail } from "../../api/modules.ts";
import { useCan } from "../../lib/permissions.ts";
import { STATUS_LABEL, StatusBadge } from "./ModuleBits.tsx";
import { Breakdown, StateGroupProgress, UnitToggle, breakdownRows, useProgressUnit } from "../charts/PlanProgress.tsx";

/** The chart library (recharts) is a chunk of its own, loaded when the panel shows its charts, not with every screen. */
const CustomChart = lazy(() => import("../charts/CustomChart.tsx").then((m) => ({ default: m.CustomChart })));
const PlanBurndown = lazy(() => import("../charts/PlanBurndown.tsx").then((m) => ({ default: m.PlanBurndown })));

const FIELD =
  "flex min-h-8 w-full items-center gap-2 rounded px-2 py-1 text-left text-sm hover:bg-fill disabled:hover:bg-transparent";

/**
 * A module's details beside its work items: status, dates, lead and members (editable by members), progress by
 * state group with the burndown from start to target date, the breakdown by assignee and label (in estimate points
 * when the project estimates in points, with a toggle; cancelled items out of the scope), and its links.
 */
export function ModuleDetailsPanel({ slug, pid, module: m }: { slug: string; pid: string; module: ModuleDetail }) {
  const refs = useProjectRefs(slug, pid);
  const update = useUpdateModule(slug, pid);
  const canEdit = useCan("edit", "module", { projectId: pid }) && !m.archived_at;
  const mayAnalyse = useCan("project", "analytics", { projectId: pid });
  const patch = (p: Parameters<typeof update.mutate>[0]["patch"]) => update.mutate({ id: m.id, patch: p });
  const lead = m.lead_id ? (refs.memberById.get(m.lead_id) ?? refs.userById.get(m.lead_id)) : undefined;
  const memberOptions = () =>
    refs.members.map((u) => ({
      value: u.id,
      label: displayName(u),
      keywords: u.display_name,
      icon: <Avatar name={u.display_name || u.first_name} url={u.avatar_url} size="sm" />,
    }));
  const { units, unit, setUnit } = useProgressUnit(refs.estimateType);
  // the points version is empty until the project estimates in points
  const points = m.estimate_distribution;
  const dist =
    unit === "points"
      ? "assignees" in points
        ? (points as Exclude<typeof points, Record<string, never>>)
        : null
      : m.distribution;
  return (
    <aside
      aria-label="Module details"
      className="w-72 shrink-0 2xl:w-80 overflow-y-auto border-l border-line p-4 text-sm"
    >
      {m.description && <p className="mb-3 whitespace-pre-wrap text-fg-muted">{m.description}</p>}
      <dl className="grid grid-cols-[6rem_1fr] items-center gap-y-1">
        <dt className="text-fg-subtle">Status</dt>
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
        <dt className="text-fg-subtle">Start date</dt>
        <dd>
          <DateProperty
            label="Start date"
            variant="field"
            value={m.start_date}
            max={m.target_date ?? undefined}
            disabled={!canEdit}
            onChange={(start_date) => patch({ start_date })}
          />
        </dd>
        <dt className="text-fg-subtle">Target date</dt>
        <dd>
          <DateProperty
            label="Due date"
            variant="field"
            value={m.target_date}
            min={m.start_date ?? undefined}
            disabled={!canEdit}
            onChange={(target_date) => patch({ target_date })}
          />
        </dd>
        <dt className="text-fg-subtle">Lead</dt>
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
            button={
              lead ? (
                <>
                  <Avatar name={lead.display_name || lead.first_name} url={lead.avatar_url} size="sm" />
                  <span className="truncate">{displayName(lead)}</span>
                </>
              ) : (
                <span className="text-fg-faint">No lead</span>
              )
            }
          />
        </dd>
        <dt className="text-fg-subtle">Members</dt>
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
            button={
              m.member_ids.length ? (
                <AvatarStack users={m.member_ids.map((id) => refs.memberById.get(id) ?? refs.userById.get(id))} />
              ) : (
                <span className="text-fg-faint">No members</span>
              )
            }
          />
        </dd>
      </dl>

      <section aria-label="Progress" className="mt-5 space-y-4">
        <StateGroupProgress
          fields={m}
          unit={unit}
          testPrefix="module"
          action={<UnitToggle units={units} unit={unit} onChange={setUnit} />}
        />
        {dist?.completion_chart && Object.keys(dist.completion_chart).length > 0 && (
          <Suspense fallback={<div className="h-48" />}>
            <PlanBurndown chart={dist.completion_chart} total={progressIn(m, unit).scope} unit={unit} />
          </Suspense>
        )}
        {dist && <Breakdown {...breakdownRows(dist, unit)} />}
      </section>
      {/* the module's work items by any property (project analytics with the module scope) */}
      {mayAnalyse && (
        <section aria-label="Module analytics" className="mt-5">
          <Suspense fallback={null}>
            <CustomChart slug={slug} scope={{ kind: "project", pid, moduleId: m.id }} compact metric={unit} />
          </Suspense>
        </section>
      )}
      <ModuleLinks slug={slug} pid={pid} module={m} canEdit={canEdit} />
    </aside>
  );
}

function ModuleLinks({
  slug,
  pid,
  module: m,
  canEdit,
}: {
  slug: string;
  pid: string;
  module: ModuleDetail;
  canEdit: boolean;
}) {
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
        onSuccess: () => {
          setUrl("");
          setTitle("");
          setOpen(false);
        },
        onError: (e) =>
          setError(fieldErrors(e).url ?? (e instanceof ApiError ? errorMessage(e.body) : null) ?? e.message),
      },
    );
  };
  return (
    <section aria-label="Links" className="mt-5">
      <h3 className="mb-1 flex items-center justify-between font-medium">
        Links
        {canEdit && !open && (
          <button
            type="button"
            onClick={() => setOpen(true)}
            className="rounded px-1.5 text-xs text-indigo-600 hover:bg-fill"
          >
            Add link
          </button>
        )}
      </h3>
      {open && (
        <form
          className="mb-2 space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Input
            label="URL"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            placeholder="https://…"
            error={error ?? undefined}
            autoFocus
          />
          <Input label="Title" value={title} onChange={(e) => setTitle(e.target.value)} placeholder="Optional" />
          <div className="flex justify-end gap-2">
            <Button
              size="sm"
              variant="secondary"
              onClick={() => {
                setOpen(false);
                setError(null);
              }}
            >
              Cancel
            </Button>
            <Button size="sm" type="submit" disabled={add.isPending}>
              Add link
            </Button>
          </div>
        </form>
      )}
      {m.link_module.length === 0 && !open ? (
        <p className="text-xs text-fg-subtle">No links yet.</p>
      ) : (
        <ul className="space-y-1">
          {m.link_module.map((l) => (
            <li key={l.id} className="group flex items-center gap-2">
              <Icon name="link" size={14} className="shrink-0 text-fg-faint" />
              <a
                href={l.url}
                target="_blank"
                rel="noopener noreferrer"
                className="min-w-0 flex-1 truncate text-indigo-600 hover:underline"
              >
                {l.title || l.url}
              </a>
              {canEdit && (
                <button
                  type="button"
                  aria-label={`Remove link ${l.title || l.url}`}
                  onClick={() => remove.mutate(l.id)}
                  className={cx("rounded p-0.5 text-fg-faint hover:text-red-600")}
                >
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
