import { useState, type FormEvent, type ReactNode } from "react";
import { Link } from "react-router";
import { ExternalLink, FileText, Link2, Pencil, Trash2 } from "lucide-react";
import { WIDGET_ISSUE_TABS, type WidgetIssueTab } from "@stride/shared";
import { fieldErrors } from "../../api/client.ts";
import {
  useAssignedWork,
  useCreateQuickLink,
  useDeleteQuickLink,
  useHomeDashboard,
  useQuickLinks,
  useRecentVisits,
  useStickies,
  useUpdateDashboardWidget,
  useUpdateQuickLink,
  type QuickLink,
  type RecentVisit,
} from "../../api/home.ts";
import { useProjects } from "../../api/projects.ts";
import { Button, Input, Spinner, cx } from "../../components/ui/index.ts";
import { ProjectLogo } from "../../components/project/ProjectLogo.tsx";
import { itemKey, itemUrl } from "../../components/work-item/item.ts";
import { useDateTimeFormat } from "../../lib/datetime.ts";
import { AllStickiesModal } from "./AllStickiesModal.tsx";
import { AddStickyButton } from "./StickiesGrid.tsx";
import { StickyCard } from "./StickyCard.tsx";

/** A widget's frame: its heading (named region) and actions. */
export function WidgetFrame({
  id,
  title,
  actions,
  children,
}: {
  id: string;
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`widget-${id}`} data-widget={id} className="rounded-lg border border-line p-4">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h3 id={`widget-${id}`} className="text-sm font-semibold uppercase tracking-wide text-fg-subtle">
          {title}
        </h3>
        {actions && <div className="flex items-center gap-2">{actions}</div>}
      </div>
      {children}
    </section>
  );
}

const muted = "rounded-md border border-dashed border-line-strong p-4 text-sm text-fg-subtle";

/**
 * Quick links: the caller's bookmarks (title as typed; the URL when there is none — the server then fetches the
 * page's title and the realtime channel brings it). Each can be edited in place or removed.
 */
export function QuickLinksWidget({ slug }: { slug: string }) {
  const links = useQuickLinks(slug);
  const remove = useDeleteQuickLink(slug);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <WidgetFrame
      id="quick_links"
      title="Quick links"
      actions={
        <Button size="sm" variant="ghost" onClick={() => setAdding((v) => !v)}>
          {adding ? "Cancel" : "Add quick link"}
        </Button>
      }
    >
      {adding && <QuickLinkForm slug={slug} onDone={() => setAdding(false)} />}
      {links.isPending ? (
        <Spinner />
      ) : !links.data?.length ? (
        !adding && <p className={muted}>Save the links you open often.</p>
      ) : (
        <ul aria-label="Quick links" className="grid gap-2 sm:grid-cols-2">
          {links.data.map((l) =>
            editing === l.id ? (
              <li key={l.id} data-quick-link={l.url} className="rounded-md border border-accent-line p-3 sm:col-span-2">
                <QuickLinkForm slug={slug} link={l} onDone={() => setEditing(null)} />
              </li>
            ) : (
              <li
                key={l.id}
                data-quick-link={l.url}
                className="group flex items-center gap-2 rounded-md border border-line px-3 py-2"
              >
                <Link2 size={14} aria-hidden focusable="false" className="shrink-0 text-fg-subtle" />
                <a
                  href={l.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="min-w-0 flex-1 truncate text-sm hover:underline"
                >
                  {l.title || l.url}
                </a>
                <ExternalLink size={12} aria-hidden focusable="false" className="shrink-0 text-fg-faint" />
                <button
                  type="button"
                  aria-label={`Edit quick link ${l.title || l.url}`}
                  onClick={() => setEditing(l.id)}
                  className="rounded p-0.5 text-fg-subtle opacity-0 hover:text-fg-secondary focus:opacity-100 group-hover:opacity-100"
                >
                  <Pencil size={14} aria-hidden focusable="false" />
                </button>
                <button
                  type="button"
                  aria-label={`Remove quick link ${l.title || l.url}`}
                  onClick={() => remove.mutate(l.id)}
                  className="rounded p-0.5 text-fg-subtle opacity-0 hover:text-red-600 focus:opacity-100 group-hover:opacity-100"
                >
                  <Trash2 size={14} aria-hidden focusable="false" />
                </button>
              </li>
            ),
          )}
        </ul>
      )}
    </WidgetFrame>
  );
}

/** Add a quick link, or edit `link` (its URL and title; a blank title lets the server fetch the page's title). */
function QuickLinkForm({ slug, link, onDone }: { slug: string; link?: QuickLink; onDone: () => void }) {
  const create = useCreateQuickLink(slug);
  const update = useUpdateQuickLink(slug);
  const saving = link ? update : create;
  const [url, setUrl] = useState(link?.url ?? "");
  const [title, setTitle] = useState(link?.title ?? "");
  const errors = fieldErrors(saving.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = { url, title: title.trim() || null };
    if (link) update.mutate({ id: link.id, ...body }, { onSuccess: onDone });
    else create.mutate(body, { onSuccess: onDone });
  };
  return (
    <form
      aria-label={link ? "Edit quick link" : "Add quick link"}
      onSubmit={submit}
      onKeyDown={(e) => {
        if (e.key === "Escape" && link) {
          e.stopPropagation();
          onDone();
        }
      }}
      className={cx(
        "grid gap-2 sm:items-end",
        link ? "sm:grid-cols-[1fr_1fr_auto_auto]" : "mb-3 sm:grid-cols-[1fr_1fr_auto]",
      )}
    >
      <Input
        label="URL"
        name="url"
        value={url}
        autoFocus
        required
        placeholder="https://…"
        onChange={(e) => setUrl(e.target.value)}
        error={errors.url}
      />
      <Input
        label="Title"
        name="title"
        value={title}
        placeholder="Shown instead of the URL"
        onChange={(e) => setTitle(e.target.value)}
        error={errors.title}
      />
      <Button type="submit" loading={saving.isPending}>
        {link ? "Save link" : "Add link"}
      </Button>
      {link && (
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      )}
    </form>
  );
}

function recentHref(slug: string, v: RecentVisit): string {
  if (v.entity_name === "issue") return itemUrl(slug, v.entity_data.project_identifier, v.entity_data.sequence_id);
  if (v.entity_name === "project") return `/${slug}/projects/${v.entity_identifier}/issues/`;
  return `/${slug}/projects/${v.entity_data.project_id ?? ""}/pages/${v.entity_identifier}`;
}

/** Recents: what the caller opened last (work items, projects, pages). */
export function RecentsWidget({ slug }: { slug: string }) {
  const recents = useRecentVisits(slug);
  const fmt = useDateTimeFormat();
  return (
    <WidgetFrame id="recents" title="Recents">
      {recents.isPending ? (
        <Spinner />
      ) : !recents.data?.length ? (
        <p className={muted}>Work items and projects you open show here.</p>
      ) : (
        <ul aria-label="Recent visits" className="divide-y divide-line-subtle">
          {recents.data.slice(0, 8).map((v) => (
            <li key={v.id} data-recent={v.entity_name} className="flex items-center gap-2 py-1.5 text-sm">
              {v.entity_name === "project" ? (
                <ProjectLogo project={{ name: v.entity_data.name, logo_props: v.entity_data.logo_props }} />
              ) : v.entity_name === "issue" ? (
                <span className="w-16 shrink-0 text-xs text-fg-subtle">
                  {itemKey(v.entity_data.project_identifier, v.entity_data.sequence_id)}
                </span>
              ) : (
                <FileText size={14} aria-hidden focusable="false" className="shrink-0 text-fg-subtle" />
              )}
              <Link to={recentHref(slug, v)} className="min-w-0 flex-1 truncate hover:underline">
                {v.entity_data.name}
              </Link>
              <span className="shrink-0 text-xs text-fg-subtle">{fmt.short(v.visited_at)}</span>
            </li>
          ))}
        </ul>
      )}
    </WidgetFrame>
  );
}

/** My stickies: the first few, add one, and the all-stickies modal. */
export function MyStickiesWidget({ slug }: { slug: string }) {
  const stickies = useStickies(slug);
  const [all, setAll] = useState(false);
  const [active, setActive] = useState<string | null>(null);
  const shown = (stickies.data ?? []).slice(0, 4);
  return (
    <WidgetFrame
      id="my_stickies"
      title="My stickies"
      actions={
        <>
          <AddStickyButton slug={slug} onCreated={setActive} />
          <Button size="sm" variant="ghost" onClick={() => setAll(true)}>
            All stickies
          </Button>
        </>
      }
    >
      {stickies.isPending ? (
        <Spinner />
      ) : !shown.length ? (
        <p className={muted}>No stickies yet.</p>
      ) : (
        <ul aria-label="My stickies" className="grid gap-3 sm:grid-cols-2">
          {shown.map((s) => (
            <li key={s.id}>
              <StickyCard slug={slug} sticky={s} active={s.id === active} />
            </li>
          ))}
        </ul>
      )}
      {all && <AllStickiesModal slug={slug} open={all} onClose={() => setAll(false)} />}
    </WidgetFrame>
  );
}

const TAB_LABEL: Record<WidgetIssueTab, string> = {
  pending: "Pending",
  upcoming: "Upcoming",
  overdue: "Overdue",
  completed: "Completed",
};

/** Assigned work: the caller's items by tab (pending, upcoming, overdue, completed); the tab is kept on the dashboard widget. */
export function AssignedWorkWidget({ slug }: { slug: string }) {
  const dashboard = useHomeDashboard(slug);
  const widget = dashboard.data?.widgets.find((w) => w.key === "assigned_issues");
  const stored = (widget?.widget_filters as { tab?: string } | undefined)?.tab;
  const tab: WidgetIssueTab = (WIDGET_ISSUE_TABS as readonly string[]).includes(stored ?? "")
    ? (stored as WidgetIssueTab)
    : "pending";
  const items = useAssignedWork(slug, dashboard.data?.dashboard.id, tab);
  const setTab = useUpdateDashboardWidget(slug);
  const projects = useProjects(slug);
  const identOf = (pid: string) => projects.data?.find((p) => p.id === pid)?.identifier;
  return (
    <WidgetFrame id="assigned_issues" title="Assigned to me">
      <div role="tablist" aria-label="Assigned work" className="mb-3 flex gap-1">
        {WIDGET_ISSUE_TABS.map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            aria-selected={t === tab}
            disabled={!dashboard.data || !widget}
            onClick={() =>
              dashboard.data &&
              widget &&
              setTab.mutate({
                dashboard: dashboard.data,
                widgetId: widget.id,
                filters: { ...widget.widget_filters, tab: t },
              })
            }
            className={cx(
              "rounded-md px-2 py-1 text-xs",
              t === tab ? "bg-fill-selected font-medium" : "text-fg-muted hover:bg-fill-hover",
            )}
          >
            {TAB_LABEL[t]}
          </button>
        ))}
      </div>
      {items.isPending ? (
        <Spinner />
      ) : !items.data?.issues.length ? (
        <p className={muted}>Nothing {TAB_LABEL[tab].toLowerCase()} is assigned to you.</p>
      ) : (
        <>
          <ul aria-label={`${TAB_LABEL[tab]} work items`} className="divide-y divide-line-subtle">
            {items.data.issues.map((i) => {
              const ident = identOf(i.project_id);
              return (
                <li key={i.id} className="flex items-center gap-2 py-1.5 text-sm">
                  <span className="w-16 shrink-0 text-xs text-fg-subtle">{itemKey(ident, i.sequence_id)}</span>
                  <Link to={itemUrl(slug, ident, i.sequence_id)} className="min-w-0 flex-1 truncate hover:underline">
                    {i.name}
                  </Link>
                </li>
              );
            })}
          </ul>
          {items.data.count > items.data.issues.length && (
            <p className="mt-2 text-xs text-fg-subtle">{items.data.count - items.data.issues.length} more</p>
          )}
        </>
      )}
    </WidgetFrame>
  );
}
