import { useEffect, useMemo, useRef, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { ChevronRight, FileText, History, Lock, MoreHorizontal, Plus, Star } from "lucide-react";
import { PAGE_ACCESS, PAGE_NAME_AUTOSAVE_MS, pageRights } from "@stride/shared";
import { ApiError } from "../../api/client.ts";
import {
  useArchivePage,
  useDeletePage,
  useDuplicatePage,
  useFavoritePage,
  useLockPage,
  usePage,
  usePageAccess,
  useSavePageContent,
  useUpdatePage,
  type PageDetail,
} from "../../api/pages.ts";
import { useProjects } from "../../api/projects.ts";
import { useMe } from "../../api/users.ts";
import { useProjectRefs } from "../../api/work-items-refs.ts";
import {
  Avatar,
  Banner,
  ConfirmModal,
  EmptyState,
  Menu,
  PageSpinner,
  cx,
  useToast,
  type MenuItem,
} from "../../components/ui/index.ts";
import { PageHeader } from "../../components/layout/PageHeader.tsx";
import { RichEditor } from "../../components/work-item/RichEditor.tsx";
import { displayName } from "../../components/work-item/properties.tsx";
import { useCurrentProject } from "../projects/current-project.ts";
import { collabColor, type CollabUser } from "../../components/editor/collab.ts";
import { usePageCollab } from "./collab.ts";
import { MovePageModal } from "./MovePageModal.tsx";
import { PageVersionHistory } from "./PageVersionHistory.tsx";
import { PageDialogs, PageTreePane, usePageTreeActions, type PageTreeDialog } from "./PageTree.tsx";
import { pagePath, usePageTreeData, type PageTreeData } from "./tree.ts";
import { useCan } from "../../lib/permissions.ts";
import { usePageTitle } from "../../lib/page-title.ts";

/** platform.md §4: the save status of the page's name and content. */
export type SaveStatus = "saved" | "submitting" | "submitted";
const STATUS_TEXT: Record<SaveStatus, string> = { saved: "Saved", submitting: "Saving…", submitted: "Changes saved" };

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
  const meUser = useMe().data;
  const me = meUser?.id ?? null;
  const refs = useProjectRefs(slug, projectId);
  const rights = pageRights(page, { userId: me, projectRole });
  const nav = useNavigate();
  const toast = useToast();
  const [status, setStatus] = useState<SaveStatus>("saved");
  const settle = useRef<ReturnType<typeof setTimeout> | null>(null);
  const saving = useRef(0);
  const began = () => {
    saving.current += 1;
    setStatus("submitting");
  };
  const ended = (ok: boolean) => {
    saving.current -= 1;
    // a name still waiting for its autosave keeps the page "Saving…"
    if (saving.current > 0 || nameTimer.current) return;
    setStatus(ok ? "submitted" : "saved");
    if (settle.current) clearTimeout(settle.current);
    settle.current = setTimeout(() => setStatus((s) => (s === "submitted" ? "saved" : s)), 2000);
  };
  useEffect(
    () => () => {
      if (settle.current) clearTimeout(settle.current);
    },
    [],
  );

  // ---- the name: autosaved 2 s after the last keystroke, put back when the save fails
  const update = useUpdatePage(slug, projectId, page.id);
  const [name, setName] = useState(page.name);
  const nameTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const nameDirty = useRef(false);
  useEffect(() => {
    if (!nameDirty.current) setName(page.name);
  }, [page.name]);
  const saveName = (value: string) => {
    nameTimer.current = null;
    const saved = page.name;
    began();
    update.mutate(
      { name: value.trim() },
      {
        onSuccess: () => {
          nameDirty.current = false;
          ended(true);
        },
        onError: () => {
          nameDirty.current = false;
          setName(saved);
          ended(false);
        },
      },
    );
  };
  const onName = (value: string) => {
    setName(value);
    nameDirty.current = true;
    setStatus("submitting");
    if (nameTimer.current) clearTimeout(nameTimer.current);
    nameTimer.current = setTimeout(() => saveName(value), PAGE_NAME_AUTOSAVE_MS);
  };
  useEffect(
    () => () => {
      if (nameTimer.current) clearTimeout(nameTimer.current);
    },
    [],
  );

  // ---- the content: the page's shared Yjs document (collab.ts), saved by the collaboration server as it changes;
  // the status follows what the server has confirmed
  const collabUser = useMemo(
    () =>
      meUser
        ? { id: meUser.id, name: displayName(meUser), color: collabColor(meUser.id), avatar: meUser.avatar_url || null }
        : null,
    [meUser],
  );
  const collab = usePageCollab(page.id, collabUser);
  const unsynced = collab?.unsynced ?? 0;
  const hadUnsynced = useRef(false);
  useEffect(() => {
    if (unsynced > 0) {
      hadUnsynced.current = true;
      began();
    } else if (hadUnsynced.current) {
      hadUnsynced.current = false;
      ended(true);
    }
    // began/ended only touch refs and state setters
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [unsynced > 0]);
  // a restored version goes through description/ (the server applies it to the live document)
  const save = useSavePageContent(slug, projectId, page.id);
  const restore = (html: string) => {
    began();
    save.mutate(html || "<p></p>", {
      onSuccess: () => {
        ended(true);
        toast.show("success", "Version restored");
      },
      onError: () => ended(false),
    });
  };

  // ---- actions
  const lock = useLockPage(slug, projectId);
  const access = usePageAccess(slug, projectId);
  const archive = useArchivePage(slug, projectId);
  const favorite = useFavoritePage(slug, projectId);
  const duplicate = useDuplicatePage(slug, projectId);
  const del = useDeletePage(slug, projectId);
  const projects = useProjects(slug);
  const [history, setHistory] = useState(false);
  const [moving, setMoving] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const tree = usePageTreeData();
  const node = tree.byId.get(page.id);
  const [dialog, setDialog] = useState<PageTreeDialog>(null);
  const treeActions = usePageTreeActions(node, tree, setDialog, false);
  const archived = !!page.archived_at;
  const items: MenuItem[] = [...treeActions];
  if (rights.lock && !archived)
    items.push({
      label: page.is_locked ? "Unlock" : "Lock",
      onSelect: () => {
        lock.mutate({ id: page.id, locked: !page.is_locked });
      },
    });
  if (rights.changeAccess && !archived) {
    items.push({
      label: page.access === PAGE_ACCESS.PUBLIC ? "Make private" : "Make public",
      onSelect: () =>
        access.mutate({
          id: page.id,
          access: page.access === PAGE_ACCESS.PUBLIC ? PAGE_ACCESS.PRIVATE : PAGE_ACCESS.PUBLIC,
        }),
    });
  }
  if (rights.duplicate)
    items.push({
      label: "Duplicate",
      onSelect: () =>
        duplicate.mutate({ id: page.id }, { onSuccess: (copy) => nav(pagePath(slug, projectId, copy.id)) }),
    });
  if (rights.move && (projects.data?.length ?? 0) > 1)
    items.push({ label: "Move to another project", onSelect: () => setMoving(true) });
  items.push({ label: "Version history", onSelect: () => setHistory(true) });
  if (rights.archive)
    items.push({
      label: archived ? "Restore" : "Archive",
      onSelect: () => archive.mutate({ id: page.id, archive: !archived }),
    });
  if (rights.delete) items.push({ label: "Delete", danger: true, onSelect: () => setDeleting(true) });

  const readOnly = !rights.contentEditable || !!collab?.readOnly;
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <PageHeader
        title={<Breadcrumbs page={page} name={name} tree={tree} />}
        actions={
          <>
            <Presence users={collab?.others ?? []} />
            <span role="status" data-save-status={status} className="text-xs text-fg-subtle">
              {STATUS_TEXT[status]}
            </span>
            {page.access === PAGE_ACCESS.PRIVATE && (
              <span className="rounded bg-fill px-1.5 text-xs text-fg-muted">Private</span>
            )}
            {page.is_locked && <Lock size={14} aria-label="Locked" className="text-fg-subtle" />}
            {rights.favorite && !archived && (
              <button
                type="button"
                aria-pressed={page.is_favorite}
                aria-label={page.is_favorite ? "Remove from favorites" : "Add to favorites"}
                onClick={() => favorite.mutate({ id: page.id, favorite: !page.is_favorite })}
                className="rounded p-1 text-fg-subtle hover:bg-fill"
              >
                <Star size={16} aria-hidden className={cx(page.is_favorite && "fill-amber-400 text-amber-500")} />
              </button>
            )}
            <button
              type="button"
              aria-label="Version history"
              onClick={() => setHistory(true)}
              className="rounded p-1 text-fg-subtle hover:bg-fill"
            >
              <History size={16} aria-hidden />
            </button>
            <Menu
              label={<MoreHorizontal size={16} aria-hidden />}
              ariaLabel="Page actions"
              items={items}
              align="right"
            />
          </>
        }
      />
      <div className="flex min-h-0 flex-1">
        <PageTreePane currentId={page.id} />
        <div className="min-h-0 min-w-0 flex-1 overflow-y-auto">
          <div className="mx-auto max-w-3xl px-6 py-6">
            {archived && (
              <Banner kind="info">
                This page is archived{page.archived_at ? ` (${page.archived_at})` : ""}. Restore it to change it.
              </Banner>
            )}
            {!archived && page.is_locked && (
              <Banner kind="info">
                This page is locked.{" "}
                {rights.lock ? "Unlock it to change it." : "Only its owner or an admin can unlock it."}
              </Banner>
            )}
            <input
              aria-label="Page name"
              value={name}
              readOnly={readOnly || !rights.edit}
              maxLength={255}
              placeholder="Untitled"
              onChange={(e) => onName(e.target.value)}
              onBlur={() => {
                if (nameTimer.current) {
                  clearTimeout(nameTimer.current);
                  saveName(name);
                }
              }}
              className="mt-2 w-full bg-transparent text-3xl font-bold outline-none"
            />
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
            <SubPages
              page={page}
              tree={tree}
              onAdd={archived ? null : () => setDialog({ kind: "create", parent: page.id })}
            />
          </div>
        </div>
      </div>
      <PageDialogs dialog={dialog} data={tree} currentId={page.id} onClose={() => setDialog(null)} />
      <PageVersionHistory
        open={history}
        onClose={() => setHistory(false)}
        slug={slug}
        pid={projectId}
        page={page}
        refs={refs}
        canRestore={rights.contentEditable}
        onRestore={(html) => {
          setHistory(false);
          restore(html);
        }}
      />
      {moving && (
        <MovePageModal
          slug={slug}
          pid={projectId}
          page={page}
          onClose={() => setMoving(false)}
          onMoved={(to) => nav(pagePath(slug, to, page.id))}
        />
      )}
      <ConfirmModal
        open={deleting}
        onClose={() => setDeleting(false)}
        onConfirm={() =>
          del.mutate(
            { id: page.id, label: page.name || "Untitled" },
            {
              onSuccess: () => nav(`/${slug}/projects/${projectId}/pages/`),
              onSettled: () => setDeleting(false),
            },
          )
        }
        title="Delete page"
        message={`Delete "${page.name || "Untitled"}"? This cannot be undone.`}
        confirmLabel="Delete"
        loading={del.isPending}
      />
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

/** The others on the page now: their avatars, named. */
function Presence({ users }: { users: CollabUser[] }) {
  if (users.length === 0) return null;
  return (
    <ul aria-label="People on this page" className="flex -space-x-1.5">
      {users.slice(0, 5).map((u) => (
        <li key={u.id} title={u.name} aria-label={u.name} className="rounded-full ring-2 ring-surface">
          <Avatar name={u.name} url={u.avatar} size="sm" />
        </li>
      ))}
      {users.length > 5 && (
        <li className="pl-2 text-xs text-fg-subtle" aria-label={`${users.length - 5} more`}>
          +{users.length - 5}
        </li>
      )}
    </ul>
  );
}
