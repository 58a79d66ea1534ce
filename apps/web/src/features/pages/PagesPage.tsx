import { Link, useNavigate, useSearchParams } from "react-router";
import { FileText, Lock, Plus, Star } from "lucide-react";
import { PAGE_ACCESS, pageRights } from "@stride/shared";
import {
  pageListParams,
  usePages,
  usePagesSummary,
  useFavoritePage,
  type Page,
  type PageTab,
} from "../../api/pages.ts";
import { useMe } from "../../api/users.ts";
import { Button, EmptyState, PageSpinner, Select, cx } from "../../components/ui/index.ts";
import { PageHeader } from "../../components/layout/PageHeader.tsx";
import { FeatureOffPage } from "../../components/project/FeatureOff.tsx";
import { useCan } from "../../lib/permissions.ts";
import { relativeTime } from "../../lib/dates.ts";
import { useCurrentProject } from "../projects/current-project.ts";
import { CreatePageModal } from "./CreatePageModal.tsx";
import { useCreateParam } from "../../lib/create-param.ts";
import { PageTreePane } from "./PageTree.tsx";
import { pagePath, usePageTreeData } from "./tree.ts";

export const PAGE_TABS: { type: PageTab; label: string; count: "public_pages" | "private_pages" | "archived_pages" }[] =
  [
    { type: "public", label: "Public", count: "public_pages" },
    { type: "private", label: "Private", count: "private_pages" },
    { type: "archived", label: "Archived", count: "archived_pages" },
  ];

/**
 * A project's pages (platform.md §2, §4): tabs public / private / archived with their counts, a sort, create; the
 * page tree (pages and their sub-pages) beside them.
 */
export function PagesPage() {
  const { slug, projectId, project } = useCurrentProject();
  const [search, setSearch] = useSearchParams();
  const { type, order } = pageListParams(search);
  const on = project.page_view;
  const summary = usePagesSummary(slug, projectId, on);
  const mayCreate = useCan("create", "page");
  const nav = useNavigate();
  const [creating, setCreating] = useCreateParam(mayCreate && on);

  if (!on) return <FeatureOffPage title="Pages" feature="Pages" plural />;
  const setParam = (k: string, v: string) =>
    setSearch(
      (s) => {
        const n = new URLSearchParams(s);
        n.set(k, v);
        return n;
      },
      { replace: true },
    );
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <PageHeader
        title="Pages"
        actions={
          <>
            <Select
              aria-label="Sort pages"
              value={order}
              onChange={(e) => setParam("order_by", e.target.value)}
              className="py-1 text-sm"
            >
              {SORTS.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Select>
            {mayCreate && (
              <Button size="sm" onClick={() => setCreating(true)}>
                <Plus size={14} aria-hidden />
                New page
              </Button>
            )}
          </>
        }
      />
      <div className="flex min-h-0 flex-1">
        <PageTreePane />
        <div className="flex min-h-0 min-w-0 flex-1 flex-col">
          <PageTabs type={type} counts={summary.data} onPick={(t) => setParam("type", t)} />
          <div className="min-h-0 flex-1 overflow-y-auto">
            <PageList type={type} order={order} onCreate={mayCreate ? () => setCreating(true) : null} />
          </div>
        </div>
      </div>
      <CreatePageModal
        slug={slug}
        pid={projectId}
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(p) => {
          setCreating(false);
          nav(pagePath(slug, projectId, p.id));
        }}
      />
    </div>
  );
}

/** The public, private and archived tabs with their counts. */
function PageTabs({
  type,
  counts,
  onPick,
}: {
  type: PageTab;
  counts: ReturnType<typeof usePagesSummary>["data"];
  onPick: (t: PageTab) => void;
}) {
  return (
    <nav aria-label="Page filters" className="flex gap-1 border-b border-line px-4 py-1.5 text-sm">
      {PAGE_TABS.map((t) => (
        <button
          key={t.type}
          type="button"
          aria-pressed={t.type === type}
          onClick={() => onPick(t.type)}
          className={cx("rounded px-2 py-1", t.type === type ? "bg-fill-selected" : "hover:bg-fill-hover")}
        >
          {t.label}
          {counts && <span className="ml-1.5 text-xs text-fg-subtle">{counts[t.count]}</span>}
        </button>
      ))}
    </nav>
  );
}

const SORTS = [
  ["-updated_at", "Recently updated"],
  ["-created_at", "Newest first"],
  ["created_at", "Oldest first"],
  ["name", "Name A–Z"],
  ["-name", "Name Z–A"],
] as const;

/** The tab's pages in the order picked (or why there are none). */
function PageList({
  type,
  order,
  onCreate,
}: {
  type: PageTab;
  order: ReturnType<typeof pageListParams>["order"];
  onCreate: (() => void) | null;
}) {
  const { slug, projectId, projectRole } = useCurrentProject();
  const pages = usePages(slug, projectId, type, order, true);
  const me = useMe().data?.id ?? null;
  const favorite = useFavoritePage(slug, projectId);
  const tree = usePageTreeData();
  const rows = pages.data ?? [];
  if (pages.isLoading) return <PageSpinner />;
  if (pages.error)
    return <EmptyState title="Failed" description="Failed to fetch the pages, Please try again later." />;
  if (rows.length === 0)
    return (
      <EmptyState
        title={type === "archived" ? "No archived pages" : type === "private" ? "No private pages" : "No pages yet"}
        description={
          type === "archived"
            ? "Archived pages show here; they can be restored."
            : "Pages hold the project's documents: specs, notes, plans."
        }
        action={onCreate && type !== "archived" ? <Button onClick={onCreate}>Create page</Button> : undefined}
      />
    );
  return (
    <ul aria-label="Pages" className="divide-y divide-line">
      {rows.map((p) => (
        <PageRow
          key={p.id}
          page={p}
          href={pagePath(slug, projectId, p.id)}
          subPages={tree.byId.get(p.id)?.children.length ?? 0}
          mayFavorite={pageRights(p, { userId: me, projectRole }).favorite && !p.archived_at}
          onFavorite={() => favorite.mutate({ id: p.id, favorite: !p.is_favorite })}
        />
      ))}
    </ul>
  );
}

function PageRow({
  page: p,
  href,
  subPages,
  mayFavorite,
  onFavorite,
}: {
  page: Page;
  href: string;
  subPages: number;
  mayFavorite: boolean;
  onFavorite: () => void;
}) {
  const name = p.name || "Untitled";
  return (
    <li className="flex items-center gap-3 px-4 py-2.5 hover:bg-surface-muted">
      <FileText size={16} aria-hidden className="shrink-0 text-fg-faint" />
      <Link to={href} className="min-w-0 flex-1 truncate text-sm font-medium hover:underline">
        {name}
      </Link>
      {p.access === PAGE_ACCESS.PRIVATE && (
        <span className="rounded bg-fill px-1.5 text-xs text-fg-muted">Private</span>
      )}
      {p.is_locked && <Lock size={14} aria-label="Locked" className="text-fg-subtle" />}
      {subPages > 0 && (
        <span className="text-xs text-fg-subtle">
          {subPages} sub-page{subPages === 1 ? "" : "s"}
        </span>
      )}
      {p.archived_at && <span className="text-xs text-fg-subtle">Archived {p.archived_at}</span>}
      <span className="hidden text-xs text-fg-subtle sm:inline" title={p.updated_at}>
        Edited {relativeTime(p.updated_at)}
      </span>
      {mayFavorite && (
        <button
          type="button"
          aria-pressed={p.is_favorite}
          aria-label={`${p.is_favorite ? "Remove from favorites" : "Add to favorites"}: ${name}`}
          onClick={onFavorite}
          className="rounded p-1 text-fg-subtle hover:bg-fill"
        >
          <Star size={16} aria-hidden className={cx(p.is_favorite && "fill-amber-400 text-amber-500")} />
        </button>
      )}
    </li>
  );
}
