import { useNavigate } from "react-router";
import { History, Lock, MoreHorizontal, Star } from "lucide-react";
import { PAGE_ACCESS, type pageRights } from "@stride/shared";
import {
  useArchivePage,
  useDeletePage,
  useDuplicatePage,
  useFavoritePage,
  useLockPage,
  usePageAccess,
  type PageDetail,
} from "../../api/pages.ts";
import { useProjects } from "../../api/projects.ts";
import type { ProjectRefs } from "../../api/work-items-refs.ts";
import { Avatar, ConfirmModal, Menu, cx, type MenuItem } from "../../components/ui/index.ts";
import type { CollabUser } from "../../components/editor/collab.ts";
import { MovePageModal } from "./MovePageModal.tsx";
import { PageVersionHistory } from "./PageVersionHistory.tsx";
import { pagePath } from "./tree.ts";
import { STATUS_TEXT, type SaveStatus } from "./usePageSave.ts";

type Rights = ReturnType<typeof pageRights>;
/** The page's own dialogs: its version history, moving it to another project, deleting it. */
export type PageModal = null | "history" | "move" | "delete";

/** The page's menu: the tree's actions for it, then lock, access, duplicate, move, history, archive and delete. */
export function usePageMenu(
  slug: string,
  projectId: string,
  page: PageDetail,
  rights: Rights,
  treeActions: MenuItem[],
  open: (m: PageModal) => void,
): MenuItem[] {
  const lock = useLockPage(slug, projectId);
  const access = usePageAccess(slug, projectId);
  const archive = useArchivePage(slug, projectId);
  const duplicate = useDuplicatePage(slug, projectId);
  const projects = useProjects(slug);
  const nav = useNavigate();
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
    const isPublic = page.access === PAGE_ACCESS.PUBLIC;
    items.push({
      label: isPublic ? "Make private" : "Make public",
      onSelect: () => access.mutate({ id: page.id, access: isPublic ? PAGE_ACCESS.PRIVATE : PAGE_ACCESS.PUBLIC }),
    });
  }
  if (rights.duplicate)
    items.push({
      label: "Duplicate",
      onSelect: () =>
        duplicate.mutate({ id: page.id }, { onSuccess: (copy) => nav(pagePath(slug, projectId, copy.id)) }),
    });
  if (rights.move && (projects.data?.length ?? 0) > 1)
    items.push({ label: "Move to another project", onSelect: () => open("move") });
  items.push({ label: "Version history", onSelect: () => open("history") });
  if (rights.archive)
    items.push({
      label: archived ? "Restore" : "Archive",
      onSelect: () => archive.mutate({ id: page.id, archive: !archived }),
    });
  if (rights.delete) items.push({ label: "Delete", danger: true, onSelect: () => open("delete") });
  return items;
}

/** The header's right side: who else is here, the save status, private and locked marks, favorite, history, menu. */
export function PageHeaderActions({
  slug,
  projectId,
  page,
  rights,
  others,
  status,
  items,
  onHistory,
}: {
  slug: string;
  projectId: string;
  page: PageDetail;
  rights: Rights;
  others: CollabUser[];
  status: SaveStatus;
  items: MenuItem[];
  onHistory: () => void;
}) {
  const favorite = useFavoritePage(slug, projectId);
  return (
    <>
      <Presence users={others} />
      <span role="status" data-save-status={status} className="text-xs text-fg-subtle">
        {STATUS_TEXT[status]}
      </span>
      {page.access === PAGE_ACCESS.PRIVATE && (
        <span className="rounded bg-fill px-1.5 text-xs text-fg-muted">Private</span>
      )}
      {page.is_locked && <Lock size={14} aria-label="Locked" className="text-fg-subtle" />}
      {rights.favorite && !page.archived_at && (
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
        onClick={onHistory}
        className="rounded p-1 text-fg-subtle hover:bg-fill"
      >
        <History size={16} aria-hidden />
      </button>
      <Menu label={<MoreHorizontal size={16} aria-hidden />} ariaLabel="Page actions" items={items} align="right" />
    </>
  );
}

/** The page's dialog that is open: version history (and restoring one), moving, deleting. */
export function PageModals({
  slug,
  projectId,
  page,
  refs,
  canRestore,
  modal,
  close,
  onRestore,
}: {
  slug: string;
  projectId: string;
  page: PageDetail;
  refs: ProjectRefs;
  canRestore: boolean;
  modal: PageModal;
  close: () => void;
  onRestore: (html: string) => void;
}) {
  const nav = useNavigate();
  const del = useDeletePage(slug, projectId);
  return (
    <>
      <PageVersionHistory
        open={modal === "history"}
        onClose={close}
        slug={slug}
        pid={projectId}
        page={page}
        refs={refs}
        canRestore={canRestore}
        onRestore={(html) => {
          close();
          onRestore(html);
        }}
      />
      {modal === "move" && (
        <MovePageModal
          slug={slug}
          pid={projectId}
          page={page}
          onClose={close}
          onMoved={(to) => nav(pagePath(slug, to, page.id))}
        />
      )}
      <ConfirmModal
        open={modal === "delete"}
        onClose={close}
        onConfirm={() =>
          del.mutate(
            { id: page.id, label: page.name || "Untitled" },
            { onSuccess: () => nav(`/${slug}/projects/${projectId}/pages/`), onSettled: close },
          )
        }
        title="Delete page"
        message={`Delete "${page.name || "Untitled"}"? This cannot be undone.`}
        confirmLabel="Delete"
        loading={del.isPending}
      />
    </>
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
