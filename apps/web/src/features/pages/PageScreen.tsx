import { useState } from "react";
import { Link, useParams } from "react-router";
import { ChevronRight, FileText, Plus } from "lucide-react";
import { pageRights } from "@stride/shared";
import { ApiError } from "../../api/client.ts";
import { usePage, type PageDetail } from "../../api/pages.ts";
import { useMe } from "../../api/users.ts";
import { useProjectRefs, type ProjectRefs } from "../../api/work-items-refs.ts";
import { Banner, EmptyState, PageSpinner, cx } from "../../components/ui/index.ts";
import { PageHeader } from "../../components/layout/PageHeader.tsx";
import { RichEditor } from "../../components/work-item/RichEditor.tsx";
import { useCurrentProject } from "../projects/current-project.ts";
import { PageDialogs, PageTreePane, usePageTreeActions, type PageTreeDialog } from "./PageTree.tsx";
import { PageHeaderActions, PageModals, usePageMenu, type PageModal } from "./PageActions.tsx";
import { pagePath, usePageTreeData, type PageTreeData } from "./tree.ts";
import { usePageSave } from "./usePageSave.ts";
import { useCan } from "../../lib/permissions.ts";
import { usePageTitle } from "../../lib/page-title.ts";

/** One page: its name (autosaved after 2 s), the full editor, and the page's actions. */
export function PageScreen() {
  const { slug, projectId, project } = useCurrentProject();
  const { pageId = "" } = useParams();
  const page = usePage(slug, projectId, pageId);
  usePageTitle(page.data ? `${page.data.name || "Untitled"} · Pages · ${project.name}` : null);
  if (!project.page_view)
    return (
      <EmptyState
        title="Pages are turned off"
        description="A project admin can turn on pages in the project's feature settings."
      />
    );
  if (page.isLoading) return <PageSpinner />;
  if (!page.data) {
    const missing = page.error instanceof ApiError && page.error.status === 404;
    return (
      <EmptyState
        title={missing ? "Page not found" : "Failed"}
        description={
          missing
            ? "This page does not exist, was moved, or is private."
            : "Failed to fetch the page, Please try again later."
        }
        action={
          <Link className="text-indigo-600 hover:underline" to={`/${slug}/projects/${projectId}/pages/`}>
            Back to pages
          </Link>
        }
      />
    );
  }
  return <PageView key={page.data.id} page={page.data} />;
}

function PageView({ page }: { page: PageDetail }) {
  const { slug, projectId, projectRole } = useCurrentProject();
  const me = useMe().data?.id ?? null;
  const refs = useProjectRefs(slug, projectId);
  const rights = pageRights(page, { userId: me, projectRole });
  const save = usePageSave(slug, projectId, page);
  const [modal, setModal] = useState<PageModal>(null);
  const tree = usePageTreeData();
  const [dialog, setDialog] = useState<PageTreeDialog>(null);
  const treeActions = usePageTreeActions(tree.byId.get(page.id), tree, setDialog, false);
  const items = usePageMenu(slug, projectId, page, rights, treeActions, setModal);
  const archived = !!page.archived_at;
  const readOnly = !rights.contentEditable || !!save.collab?.readOnly;
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <PageHeader
        title={<Breadcrumbs page={page} name={save.name} tree={tree} />}
        actions={
          <PageHeaderActions
            slug={slug}
            projectId={projectId}
            page={page}
            rights={rights}
            others={save.collab?.others ?? []}
            status={save.status}
            items={items}
            onHistory={() => setModal("history")}
          />
        }
      />
      <div className="flex min-h-0 flex-1">
        <PageTreePane currentId={page.id} />
        <div className="min-h-0 min-w-0 flex-1 overflow-y-auto">
          <div className="mx-auto max-w-3xl px-6 py-6">
            <PageBanners page={page} canLock={rights.lock} />
            <input
              aria-label="Page name"
              value={save.name}
              readOnly={readOnly || !rights.edit}
              maxLength={255}
              placeholder="Untitled"
              onChange={(e) => save.onName(e.target.value)}
              onBlur={save.onNameBlur}
              className="mt-2 w-full bg-transparent text-3xl font-bold outline-none"
            />
            <PageContent page={page} refs={refs} readOnly={readOnly} save={save} />
            <SubPages
              page={page}
              tree={tree}
              onAdd={archived ? null : () => setDialog({ kind: "create", parent: page.id })}
            />
          </div>
        </div>
      </div>
      <PageDialogs dialog={dialog} data={tree} currentId={page.id} onClose={() => setDialog(null)} />
      <PageModals
        slug={slug}
        projectId={projectId}
        page={page}
        refs={refs}
        canRestore={rights.contentEditable}
        modal={modal}
        close={() => setModal(null)}
        onRestore={save.restore}
      />
    </div>
  );
}

/** Why the page cannot be changed now: archived, or locked. */
function PageBanners({ page, canLock }: { page: PageDetail; canLock: boolean }) {
  if (page.archived_at)
    return (
      <Banner kind="info">
        This page is archived{page.archived_at ? ` (${page.archived_at})` : ""}. Restore it to change it.
      </Banner>
    );
  if (!page.is_locked) return null;
  return (
    <Banner kind="info">
      This page is locked. {canLock ? "Unlock it to change it." : "Only its owner or an admin can unlock it."}
    </Banner>
  );
}

/** The page's content: the live editor once the shared document is synced, its saved HTML until then. */
function PageContent({
  page,
  refs,
  readOnly,
  save: { collab, collabUser },
}: {
  page: PageDetail;
  refs: ProjectRefs;
  readOnly: boolean;
  save: ReturnType<typeof usePageSave>;
}) {
  const { slug, projectId } = useCurrentProject();
  return (
    <div className="mt-4">
      {collab?.status === "failed" && (
        <Banner kind="info">Live editing is not available for this page right now.</Banner>
      )}
      {collab?.status === "synced" ? (
        <RichEditor
          key={collab.doc.guid}
          label="Page content"
          bare
          disabled={readOnly}
          placeholder={readOnly ? "" : "Write… type / for blocks, @ to mention"}
          slug={slug}
          pid={projectId}
          refs={refs}
          asset={{ type: "PAGE_DESCRIPTION", id: page.id }}
          minHeight={240}
          collab={{ document: collab.doc, awareness: collab.provider.awareness, user: collabUser }}
          embeds
        />
      ) : (
        <RichEditor
          label="Page content"
          bare
          disabled
          embeds
          initialHtml={page.description_html}
          slug={slug}
          pid={projectId}
          refs={refs}
          minHeight={240}
        />
      )}
    </div>
  );
}

/** Where the page sits: the pages list, then its ancestors (as far as the caller may read them), then the page. */
function Breadcrumbs({ page, name, tree }: { page: PageDetail; name: string; tree: PageTreeData }) {
  const { slug, projectId } = useCurrentProject();
  const crumb = "truncate text-sm font-normal text-fg-subtle hover:text-fg-secondary";
  return (
    <nav aria-label="Breadcrumbs" className="min-w-0">
      <ol className="flex min-w-0 items-center gap-1">
        <li>
          <Link to={`/${slug}/projects/${projectId}/pages/`} className={crumb}>
            Pages
          </Link>
        </li>
        {tree.ancestors(page.id).map((a) => (
          <li key={a.id} className="flex min-w-0 items-center gap-1">
            <ChevronRight size={14} aria-hidden className="shrink-0 text-fg-faint" />
            <Link to={pagePath(slug, projectId, a.id)} className={cx(crumb, "max-w-40")}>
              {a.label}
            </Link>
          </li>
        ))}
        <li className="flex min-w-0 items-center gap-1">
          <ChevronRight size={14} aria-hidden className="shrink-0 text-fg-faint" />
          <span aria-current="page" className="max-w-56 truncate text-sm font-medium">
            {name.trim() || "Untitled"}
          </span>
        </li>
      </ol>
    </nav>
  );
}

/** The page's sub-pages, and "Add sub-page". */
function SubPages({ page, tree, onAdd }: { page: PageDetail; tree: PageTreeData; onAdd: (() => void) | null }) {
  const { slug, projectId } = useCurrentProject();
  const mayCreate = useCan("create", "page");
  const children = tree.byId.get(page.id)?.children ?? [];
  const add = mayCreate && onAdd;
  if (children.length === 0 && !add) return null;
  return (
    <section aria-labelledby="sub-pages" className="mt-10 border-t border-line pt-4">
      <div className="flex items-center justify-between">
        <h2 id="sub-pages" className="text-sm font-semibold text-fg-muted">
          Sub-pages
        </h2>
        {add && (
          <button
            type="button"
            onClick={add}
            className="inline-flex items-center gap-1 rounded px-2 py-1 text-sm text-fg-muted hover:bg-fill"
          >
            <Plus size={14} aria-hidden /> Add sub-page
          </button>
        )}
      </div>
      {children.length === 0 ? (
        <p className="mt-2 text-sm text-fg-subtle">No sub-pages yet.</p>
      ) : (
        <ul aria-label="Sub-pages" className="mt-2 space-y-0.5">
          {children.map((c) => (
            <li key={c.id}>
              <Link
                to={pagePath(slug, projectId, c.id)}
                className="flex items-center gap-2 rounded px-2 py-1.5 text-sm hover:bg-fill"
              >
                <FileText size={14} aria-hidden className="shrink-0 text-fg-faint" />
                <span className="truncate">{c.label}</span>
                {c.children.length > 0 && (
                  <span className="text-xs text-fg-subtle">
                    {c.children.length} sub-page{c.children.length === 1 ? "" : "s"}
                  </span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
