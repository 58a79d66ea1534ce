import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { keepPreviousData, useQueries, useQuery } from "@tanstack/react-query";
import { Check, Clock, Copy, Plus, Trash2, X } from "lucide-react";
import {
  INTAKE_SNOOZE_OPTIONS,
  INTAKE_STATUS,
  INTAKE_STATUS_LABEL,
  INTAKE_TABS,
  PRIORITIES,
  intakeSnoozeUntil,
  intakeTabParam,
  type IntakeStatus,
  type IntakeTab,
} from "@stride/shared";
import type { Priority } from "@stride/shared/contract";
import {
  DEFAULT_INTAKE_FILTERS,
  duplicateSearchQuery,
  intakeItemQuery,
  intakePageQuery,
  tabAfter,
  useCreateIntakeItem,
  useDeleteIntakeItem,
  useTriage,
  type IntakeFilters,
  type IntakeItem,
  type IntakeItemDetail,
  type TriageChange,
} from "../../api/intake.ts";
import { fieldErrors } from "../../api/client.ts";
import { PageHeader } from "../../components/layout/PageHeader.tsx";
import {
  Banner,
  Button,
  ConfirmModal,
  EmptyState,
  Input,
  Menu,
  Modal,
  PageSpinner,
  Select,
  Textarea,
  cx,
} from "../../components/ui/index.ts";
import { escapeHtml, sanitizeHtml } from "../../lib/html.ts";
import { useDateTimeFormat } from "../../lib/datetime.ts";
import { useCan } from "../../lib/permissions.ts";
import { useCurrentProject } from "../projects/current-project.ts";
import { intakeKeyAction, nextSelection } from "./keys.ts";

export const LOAD_ERROR = "Error fetching the intake work items please try again later.";
export const PAGE_ERROR = "Error fetching the paginated intake work items please try again later.";

const STATUS_CLASS: Record<IntakeStatus, string> = {
  [-2]: "bg-warning-soft text-warning-strong",
  [-1]: "bg-danger-soft text-danger-strong",
  0: "bg-fill-selected text-fg-muted",
  1: "bg-success-soft text-success-strong",
  2: "bg-accent-soft text-accent-strong",
};

const TAB_LABEL: Record<IntakeTab, string> = { open: "Open", snoozed: "Snoozed", closed: "Closed" };
const TAB_EMPTY: Record<IntakeTab, { title: string; description: string }> = {
  open: {
    title: "No open requests",
    description: "New requests from the app or the public form wait here for triage.",
  },
  snoozed: {
    title: "No snoozed requests",
    description: "A snoozed request waits here until its date, then returns to Open.",
  },
  closed: { title: "No closed requests", description: "Accepted, declined and duplicate requests show here." },
};

function StatusBadge({ status, snoozedTill }: { status: IntakeStatus; snoozedTill: string | null }) {
  const shown =
    status === INTAKE_STATUS.snoozed && snoozedTill && Date.parse(snoozedTill) <= Date.now()
      ? INTAKE_STATUS.pending
      : status;
  return (
    <span data-intake-status={shown} className={cx("rounded px-1.5 py-0.5 text-xs font-medium", STATUS_CLASS[shown])}>
      {INTAKE_STATUS_LABEL[shown]}
    </span>
  );
}

/**
 * The intake (work-tracking.md §2, §4): Open, Snoozed and Closed tabs, the requests on the left and the selected one
 * beside them, triage from buttons or keys (1 accept, 2 duplicate, 3 decline, H snooze, J/K move), filters,
 * and filing a request from the app.
 */
export function IntakePage() {
  const { slug, projectId: pid, project } = useCurrentProject();
  const [params, setParams] = useSearchParams();
  const tab = intakeTabParam(params.get("tab"));
  const selected = params.get("inboxId");
  const [filters, setFilters] = useState<IntakeFilters>(DEFAULT_INTAKE_FILTERS);
  const [pageCount, setPageCount] = useState(1);
  const [dialog, setDialog] = useState<null | "create" | "duplicate" | "snooze" | "delete">(null);
  const canTriage = useCan("triage", "intake");
  const canCreate = useCan("create", "intake");
  const canSettings = useCan("settingsView", "intake");

  const pages = useQueries({
    queries: Array.from({ length: pageCount }, (_, n) => ({
      ...intakePageQuery(slug, pid, tab, filters, n),
      enabled: project.intake_view,
    })),
  });
  const items = useMemo(() => {
    const seen = new Set<string>();
    return pages
      .flatMap((p) => p.data?.results ?? [])
      .filter((r) => (seen.has(r.issue.id) ? false : (seen.add(r.issue.id), true)));
  }, [pages]);
  const last = pages[pages.length - 1];
  const detail = useQuery({
    ...intakeItemQuery(slug, pid, selected ?? ""),
    enabled: !!selected && project.intake_view,
  });
  const triage = useTriage(slug, pid);

  const select = (issueId: string | null) =>
    setParams(
      (p) => {
        if (issueId) p.set("inboxId", issueId);
        else p.delete("inboxId");
        return p;
      },
      { replace: true },
    );
  const setTab = (t: IntakeTab) => {
    setPageCount(1);
    setParams((p) => {
      p.set("tab", t);
      p.delete("inboxId");
      return p;
    });
  };
  const setFilter = (f: Partial<IntakeFilters>) => {
    setPageCount(1);
    setFilters((x) => ({ ...x, ...f }));
  };

  // the first request is selected when nothing is (or the selected one left the list)
  const firstId = items[0]?.issue.id ?? null;
  const selectedListed = items.some((r) => r.issue.id === selected);
  useEffect(() => {
    if (!selected && firstId) select(firstId);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selected, firstId]);

  const act = (change: Omit<TriageChange, "issueId">) => {
    if (!selected) return;
    // the next request takes the place of one that leaves this tab
    const next = nextSelection(
      items.map((r) => r.issue.id),
      selected,
    );
    triage.mutate({ issueId: selected, ...change });
    const to = tabAfter(change);
    if (to !== null && to !== tab && selectedListed) select(next);
  };

  // keys: 1 accept, 2 duplicate, 3 decline, H snooze, J/K move (not while typing or with a dialog open)
  const keyState = useRef({ items, selected, canTriage, dialog, act, select });
  keyState.current = { items, selected, canTriage, dialog, act, select };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const s = keyState.current;
      if (s.dialog || document.querySelector("dialog[open]")) return;
      const action = intakeKeyAction(e);
      if (!action) return;
      const ids = s.items.map((r) => r.issue.id);
      if (action === "next" || action === "prev") {
        const i = s.selected ? ids.indexOf(s.selected) : -1;
        const to = action === "next" ? Math.min(ids.length - 1, i + 1) : Math.max(0, i - 1);
        if (ids[to]) s.select(ids[to]);
      } else if (s.selected && s.canTriage) {
        if (action === "accept") s.act({ status: INTAKE_STATUS.accepted });
        else if (action === "decline") s.act({ status: INTAKE_STATUS.declined });
        else if (action === "duplicate") setDialog("duplicate");
        else if (action === "snooze") setDialog("snooze");
      } else return;
      e.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  // the selected row stays in view while moving with J/K
  useEffect(() => {
    if (selected)
      document.querySelector(`[data-intake-row="${CSS.escape(selected)}"]`)?.scrollIntoView({ block: "nearest" });
  }, [selected]);

  if (!project.intake_view) {
    return (
      <>
        <PageHeader title="Intake" />
        <EmptyState
          title="Intake is turned off"
          description="A project admin can turn on intake in the project's feature settings."
        />
      </>
    );
  }

  const firstError = pages[0]?.isError;
  const pageError = pages.slice(1).some((p) => p.isError);
  const item = detail.data && detail.data.issue.id === selected ? detail.data : null;

  return (
    <div className="flex h-full min-h-0 flex-col">
      <PageHeader
        title="Intake"
        actions={
          <div className="flex items-center gap-2">
            <Menu
              label="Filters"
              ariaLabel="Intake filters"
              align="right"
              buttonClassName="rounded-md border border-line-strong px-2 py-1 text-sm"
              items={[
                ...PRIORITIES.map((p) => ({
                  label: `Priority: ${p}`,
                  kind: "checkbox" as const,
                  checked: filters.priority.includes(p),
                  onSelect: () =>
                    setFilter({
                      priority: filters.priority.includes(p)
                        ? filters.priority.filter((x) => x !== p)
                        : [...filters.priority, p as Priority],
                    }),
                })),
                ...(tab === "closed"
                  ? ([INTAKE_STATUS.accepted, INTAKE_STATUS.declined, INTAKE_STATUS.duplicate] as const).map((s) => ({
                      label: `Status: ${INTAKE_STATUS_LABEL[s]}`,
                      kind: "checkbox" as const,
                      checked: filters.statuses.includes(s),
                      onSelect: () =>
                        setFilter({
                          statuses: filters.statuses.includes(s)
                            ? filters.statuses.filter((x) => x !== s)
                            : [...filters.statuses, s],
                        }),
                    }))
                  : []),
                {
                  label: "Newest first",
                  kind: "radio" as const,
                  checked: filters.order === "-issue__created_at",
                  onSelect: () => setFilter({ order: "-issue__created_at" }),
                },
                {
                  label: "Oldest first",
                  kind: "radio" as const,
                  checked: filters.order === "issue__created_at",
                  onSelect: () => setFilter({ order: "issue__created_at" }),
                },
                {
                  label: "Priority",
                  kind: "radio" as const,
                  checked: filters.order === "-priority",
                  onSelect: () => setFilter({ order: "-priority" }),
                },
              ]}
            />
            {canSettings && (
              <Link
                to={`/${slug}/projects/${pid}/intake/settings/`}
                className="rounded-md border border-line-strong px-2 py-1 text-sm"
              >
                Intake settings
              </Link>
            )}
            {canCreate && (
              <Button onClick={() => setDialog("create")}>
                <Plus size={14} aria-hidden /> New request
              </Button>
            )}
          </div>
        }
      />
      <div className="flex min-h-0 flex-1">
        <section aria-label="Intake work items" className="flex w-96 min-h-0 shrink-0 flex-col border-r border-line">
          <div role="tablist" aria-label="Intake tabs" className="flex gap-1 border-b border-line px-3">
            {INTAKE_TABS.map((t) => (
              <button
                key={t}
                type="button"
                role="tab"
                aria-selected={tab === t}
                onClick={() => setTab(t)}
                className={cx(
                  "flex items-center gap-1.5 border-b-2 px-2 py-2 text-sm",
                  tab === t ? "border-indigo-600 font-medium" : "border-transparent text-fg-subtle",
                )}
              >
                {TAB_LABEL[t]}
                {tab === t && pages[0]?.data && (
                  <span className="rounded-full bg-fill-strong px-1.5 text-xs">{pages[0].data.total_results}</span>
                )}
              </button>
            ))}
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto">
            {firstError ? (
              <div className="p-3">
                <Banner>{LOAD_ERROR}</Banner>
              </div>
            ) : pages[0]?.isLoading ? (
              <PageSpinner />
            ) : items.length === 0 ? (
              <EmptyState title={TAB_EMPTY[tab].title} description={TAB_EMPTY[tab].description} />
            ) : (
              <ul role="listbox" aria-label="Requests">
                {items.map((r) => (
                  <IntakeRow
                    key={r.issue.id}
                    r={r}
                    identifier={project.identifier}
                    active={r.issue.id === selected}
                    onOpen={() => select(r.issue.id)}
                  />
                ))}
              </ul>
            )}
            {pageError && (
              <div className="p-3">
                <Banner>{PAGE_ERROR}</Banner>
              </div>
            )}
            {last?.data?.next_page_results && (
              <div className="p-3">
                <Button
                  variant="secondary"
                  className="w-full"
                  loading={last.isFetching}
                  onClick={() => setPageCount((n) => n + 1)}
                >
                  Load more
                </Button>
              </div>
            )}
          </div>
        </section>
        <section aria-label="Intake work item" className="min-w-0 flex-1 overflow-y-auto">
          {item ? (
            <IntakeDetail
              item={item}
              identifier={project.identifier}
              slug={slug}
              canTriage={canTriage}
              onAct={act}
              onDuplicate={() => setDialog("duplicate")}
              onSnooze={() => setDialog("snooze")}
              onDelete={() => setDialog("delete")}
            />
          ) : selected && detail.isLoading ? (
            <PageSpinner />
          ) : (
            <EmptyState title="No request selected" description="Pick a request on the left, or move with J and K." />
          )}
        </section>
      </div>
      {dialog === "create" && (
        <CreateRequestModal
          slug={slug}
          pid={pid}
          onClose={() => setDialog(null)}
          onCreated={(id) => {
            setTab("open");
            select(id);
          }}
        />
      )}
      {dialog === "duplicate" && item && (
        <DuplicatePicker
          slug={slug}
          pid={pid}
          selfId={item.issue.id}
          onClose={() => setDialog(null)}
          onPick={(id) => {
            setDialog(null);
            act({ status: INTAKE_STATUS.duplicate, duplicate_to: id });
          }}
        />
      )}
      {dialog === "snooze" && item && (
        <SnoozeModal
          onClose={() => setDialog(null)}
          onSnooze={(till) => {
            setDialog(null);
            act({ snoozed_till: till });
          }}
        />
      )}
      {dialog === "delete" && item && (
        <DeleteRequest
          slug={slug}
          pid={pid}
          item={item}
          onClose={() => setDialog(null)}
          onDeleted={() =>
            select(
              nextSelection(
                items.map((r) => r.issue.id),
                item.issue.id,
              ),
            )
          }
        />
      )}
    </div>
  );
}

function IntakeRow({
  r,
  identifier,
  active,
  onOpen,
}: {
  r: IntakeItem;
  identifier: string;
  active: boolean;
  onOpen: () => void;
}) {
  const when = useDateTimeFormat();
  const snoozed = r.status === INTAKE_STATUS.snoozed && r.snoozed_till && Date.parse(r.snoozed_till) > Date.now();
  return (
    <li
      role="option"
      aria-selected={active}
      data-intake-row={r.issue.id}
      onClick={onOpen}
      className={cx(
        "cursor-pointer border-b border-line-subtle px-3 py-2",
        active ? "bg-accent-soft" : "hover:bg-surface-muted",
      )}
    >
      <div className="flex items-center gap-2 text-xs text-fg-subtle">
        <span>
          {identifier}-{r.issue.sequence_id}
        </span>
        <StatusBadge status={r.status} snoozedTill={r.snoozed_till} />
        <span className="ml-auto">{when.dateTime(r.issue.created_at)}</span>
      </div>
      <div className="truncate text-sm font-medium">{r.issue.name}</div>
      {r.source_email && <div className="truncate text-xs text-fg-subtle">{r.source_email}</div>}
      {snoozed && (
        <div className="flex items-center gap-1 text-xs text-fg-subtle" data-snoozed-till>
          <Clock size={12} aria-hidden /> Back {when.dateTime(r.snoozed_till!)}
        </div>
      )}
    </li>
  );
}

function IntakeDetail({
  item,
  identifier,
  slug,
  canTriage,
  onAct,
  onDuplicate,
  onSnooze,
  onDelete,
}: {
  item: IntakeItemDetail;
  identifier: string;
  slug: string;
  canTriage: boolean;
  onAct: (c: Omit<TriageChange, "issueId">) => void;
  onDuplicate: () => void;
  onSnooze: () => void;
  onDelete: () => void;
}) {
  const when = useDateTimeFormat();
  const canDelete = useCan("delete", "intake", { projectId: item.issue.project_id, createdBy: item.created_by });
  const key = `${identifier}-${item.issue.sequence_id}`;
  const snoozed =
    item.status === INTAKE_STATUS.snoozed && item.snoozed_till && Date.parse(item.snoozed_till) > Date.now();
  const dup = item.duplicate_issue_detail;
  return (
    <article aria-label={item.issue.name} className="space-y-4 p-6">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm text-fg-subtle">{key}</span>
        <StatusBadge status={item.status} snoozedTill={item.snoozed_till} />
        <div className="ml-auto flex flex-wrap items-center gap-2">
          {canTriage && (
            <>
              <Button
                size="sm"
                onClick={() => onAct({ status: INTAKE_STATUS.accepted })}
                disabled={item.status === INTAKE_STATUS.accepted}
                title="Accept (1)"
              >
                <Check size={14} aria-hidden /> Accept
              </Button>
              <Button size="sm" variant="secondary" onClick={onDuplicate} title="Mark as duplicate (2)">
                <Copy size={14} aria-hidden /> Duplicate
              </Button>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => onAct({ status: INTAKE_STATUS.declined })}
                disabled={item.status === INTAKE_STATUS.declined}
                title="Decline (3)"
              >
                <X size={14} aria-hidden /> Decline
              </Button>
              {snoozed ? (
                <Button size="sm" variant="secondary" onClick={() => onAct({ snoozed_till: null })}>
                  <Clock size={14} aria-hidden /> Unsnooze
                </Button>
              ) : (
                <Button size="sm" variant="secondary" onClick={onSnooze} title="Snooze (H)">
                  <Clock size={14} aria-hidden /> Snooze
                </Button>
              )}
              {item.status !== INTAKE_STATUS.pending && !snoozed && (
                <Button size="sm" variant="ghost" onClick={() => onAct({ status: INTAKE_STATUS.pending })}>
                  Move to pending
                </Button>
              )}
            </>
          )}
          {canDelete && (
            <Button size="sm" variant="ghost" aria-label="Delete request" title="Delete request" onClick={onDelete}>
              <Trash2 size={14} aria-hidden />
            </Button>
          )}
        </div>
      </div>
      <h2 className="text-xl font-semibold">{item.issue.name}</h2>
      <dl className="grid grid-cols-[8rem_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-fg-subtle">Filed</dt>
        <dd>
          {when.dateTime(item.created_at)}
          {item.source === "FORMS" ? " through the public form" : " in the app"}
        </dd>
        {item.source_email && (
          <>
            <dt className="text-fg-subtle">From</dt>
            <dd>{item.source_email}</dd>
          </>
        )}
        <dt className="text-fg-subtle">Priority</dt>
        <dd className="capitalize">{item.issue.priority}</dd>
        {snoozed && (
          <>
            <dt className="text-fg-subtle">Snoozed till</dt>
            <dd>{when.dateTime(item.snoozed_till!)}</dd>
          </>
        )}
        {dup && (
          <>
            <dt className="text-fg-subtle">Duplicate of</dt>
            <dd>
              <Link
                className="text-indigo-600 hover:underline"
                to={`/${slug}/browse/${identifier}-${dup.sequence_id}/`}
              >
                {identifier}-{dup.sequence_id} {dup.name}
              </Link>
            </dd>
          </>
        )}
        {item.status === INTAKE_STATUS.accepted && (
          <>
            <dt className="text-fg-subtle">Work item</dt>
            <dd>
              <Link className="text-indigo-600 hover:underline" to={`/${slug}/browse/${key}/`}>
                Open {key}
              </Link>
            </dd>
          </>
        )}
      </dl>
      <div
        className="editor-content rounded-md border border-line p-3 text-sm"
        data-rich-text
        dangerouslySetInnerHTML={{ __html: sanitizeHtml(item.issue.description_html || "<p></p>") }}
      />
      {canTriage && (
        <p className="text-xs text-fg-subtle">
          Keys: 1 accept · 2 duplicate · 3 decline · H snooze · J / K next and previous
        </p>
      )}
    </article>
  );
}

function CreateRequestModal({
  slug,
  pid,
  onClose,
  onCreated,
}: {
  slug: string;
  pid: string;
  onClose: () => void;
  onCreated: (issueId: string) => void;
}) {
  const create = useCreateIntakeItem(slug, pid);
  const [name, setName] = useState("");
  const [text, setText] = useState("");
  const [priority, setPriority] = useState<Priority>("none");
  const errs = fieldErrors(create.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const html = text.trim()
      ? text
          .split(/\n+/)
          .map((l) => `<p>${escapeHtml(l)}</p>`)
          .join("")
      : undefined;
    create.mutate(
      { name: name.trim(), description_html: html, priority },
      {
        onSuccess: (d) => {
          onClose();
          onCreated(d.issue.id);
        },
      },
    );
  };
  return (
    <Modal
      open
      onClose={onClose}
      title="New intake request"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="intake-create" loading={create.isPending} disabled={!name.trim()}>
            Create
          </Button>
        </>
      }
    >
      <form id="intake-create" className="space-y-3" onSubmit={submit}>
        <Input
          label="Title"
          autoFocus
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errs["issue.name"]}
          maxLength={255}
          required
        />
        <Textarea label="Description" value={text} onChange={(e) => setText(e.target.value)} />
        <Select label="Priority" value={priority} onChange={(e) => setPriority(e.target.value as Priority)}>
          {PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </Select>
      </form>
    </Modal>
  );
}

/** Mark as duplicate: search the project's work items, pick one (arrows and Enter, or a click). */
function DuplicatePicker({
  slug,
  pid,
  selfId,
  onClose,
  onPick,
}: {
  slug: string;
  pid: string;
  selfId: string;
  onClose: () => void;
  onPick: (id: string) => void;
}) {
  const [text, setText] = useState("");
  const [active, setActive] = useState(0);
  const found = useQuery({ ...duplicateSearchQuery(slug, pid, text), placeholderData: keepPreviousData });
  const hits = (found.data ?? []).filter((h) => h.id !== selfId).slice(0, 20);
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === "ArrowDown") {
      e.preventDefault();
      setActive((i) => Math.min(hits.length - 1, i + 1));
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      setActive((i) => Math.max(0, i - 1));
    } else if (e.key === "Enter" && hits[active]) {
      e.preventDefault();
      onPick(hits[active].id);
    }
  };
  return (
    <Modal open onClose={onClose} title="Mark as duplicate of">
      <div className="space-y-2">
        <Input
          label="Search work items"
          autoFocus
          role="combobox"
          aria-expanded
          aria-controls="intake-dup-results"
          aria-activedescendant={hits[active] ? `dup-${hits[active].id}` : undefined}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
        />
        <ul id="intake-dup-results" role="listbox" aria-label="Work items" className="max-h-72 overflow-y-auto">
          {hits.map((h, i) => (
            <li
              key={h.id}
              id={`dup-${h.id}`}
              role="option"
              aria-selected={i === active}
              onClick={() => onPick(h.id)}
              onMouseEnter={() => setActive(i)}
              className={cx("cursor-pointer rounded px-2 py-1.5 text-sm", i === active && "bg-accent-soft")}
            >
              <span className="mr-2 text-fg-subtle">
                {h.project__identifier}-{h.sequence_id}
              </span>
              {h.name}
            </li>
          ))}
          {found.isSuccess && hits.length === 0 && (
            <li className="px-2 py-1.5 text-sm text-fg-subtle">No work items match.</li>
          )}
        </ul>
      </div>
    </Modal>
  );
}

/** Snooze choices (1 day … 2 weeks, or a day of one's own). */
function SnoozeModal({ onClose, onSnooze }: { onClose: () => void; onSnooze: (till: string) => void }) {
  const [day, setDay] = useState("");
  const custom = day ? new Date(`${day}T00:00:00`) : null;
  const past = custom !== null && custom.getTime() <= Date.now();
  return (
    <Modal
      open
      onClose={onClose}
      title="Snooze until"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      }
    >
      <div className="space-y-3">
        <div className="grid grid-cols-2 gap-2">
          {INTAKE_SNOOZE_OPTIONS.map((o, i) => (
            <Button
              key={o.key}
              variant="secondary"
              autoFocus={i === 0}
              onClick={() => onSnooze(intakeSnoozeUntil(o.days, new Date()).toISOString())}
            >
              {o.label}
            </Button>
          ))}
        </div>
        <form
          className="flex items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (custom && !past) onSnooze(custom.toISOString());
          }}
        >
          <Input
            label="Another day"
            type="date"
            value={day}
            onChange={(e) => setDay(e.target.value)}
            error={past ? "Pick a day in the future." : undefined}
          />
          <Button type="submit" disabled={!custom || past}>
            Snooze
          </Button>
        </form>
      </div>
    </Modal>
  );
}

function DeleteRequest({
  slug,
  pid,
  item,
  onClose,
  onDeleted,
}: {
  slug: string;
  pid: string;
  item: IntakeItemDetail;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const del = useDeleteIntakeItem(slug, pid);
  return (
    <ConfirmModal
      open
      title="Delete this request?"
      message={
        item.status === INTAKE_STATUS.accepted
          ? "The request leaves the intake; its accepted work item stays."
          : "The request and its work item are deleted."
      }
      confirmLabel="Delete"
      loading={del.isPending}
      onClose={onClose}
      onConfirm={() =>
        del.mutate(item.issue.id, {
          onSuccess: () => {
            onClose();
            onDeleted();
          },
        })
      }
    />
  );
}
