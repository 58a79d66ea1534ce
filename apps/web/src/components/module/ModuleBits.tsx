/** Small pieces every module screen shows: status, progress, the favourite star and the actions menu. */
import { Ellipsis, Star } from "lucide-react";
import { useNavigate } from "react-router";
import { useState } from "react";
import { ARCHIVABLE_MODULE_STATUSES, moduleProgress, type ModuleStatus } from "@stride/shared";
import { ConfirmModal, Menu, cx, useToast, type MenuItem } from "../ui/index.ts";
import { useArchiveModule, useDeleteModule, useToggleModuleFavorite, type Module } from "../../api/modules.ts";
import { useCan, type Subject } from "../../lib/permissions.ts";

export const STATUS_LABEL: Record<ModuleStatus, string> = {
  backlog: "Backlog",
  planned: "Planned",
  "in-progress": "In progress",
  paused: "Paused",
  completed: "Completed",
  cancelled: "Cancelled",
};
const STATUS_COLOR: Record<ModuleStatus, string> = {
  backlog: "bg-fill text-fg-muted",
  planned: "bg-info-soft text-info-strong",
  "in-progress": "bg-warning-soft text-warning-strong",
  paused: "bg-special-soft text-special-strong",
  completed: "bg-success-soft text-success-strong",
  cancelled: "bg-danger-soft text-danger-strong",
};

export function StatusBadge({ status }: { status: ModuleStatus }) {
  return (
    <span
      className={cx(
        "inline-flex shrink-0 items-center rounded px-1.5 py-0.5 text-xs font-medium",
        STATUS_COLOR[status],
      )}
    >
      {STATUS_LABEL[status] ?? status}
    </span>
  );
}

/** Closed share of the module's items, as a bar with its percentage. */
export function ProgressBar({
  module: m,
  className,
}: {
  module: Pick<Module, "total_issues" | "completed_issues" | "cancelled_issues">;
  className?: string;
}) {
  const pct = moduleProgress(m);
  return (
    <span className={cx("inline-flex items-center gap-2", className)}>
      <span
        role="progressbar"
        aria-label="Progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        className="h-1.5 w-20 overflow-hidden rounded-full bg-fill-strong"
      >
        <span className="block h-full rounded-full bg-emerald-500" style={{ width: `${pct}%` }} />
      </span>
      <span className="w-9 text-right text-xs tabular-nums text-fg-subtle">{pct}%</span>
    </span>
  );
}

export function FavoriteButton({ slug, pid, module: m }: { slug: string; pid: string; module: Module }) {
  const toggle = useToggleModuleFavorite(slug, pid);
  const may = useCan("favorite", "module", { projectId: pid });
  if (!may) return null;
  return (
    <button
      type="button"
      aria-pressed={m.is_favorite}
      aria-label={m.is_favorite ? `Remove ${m.name} from favourites` : `Add ${m.name} to favourites`}
      onClick={(e) => {
        e.preventDefault();
        e.stopPropagation();
        toggle.mutate({ id: m.id, favorite: !m.is_favorite });
      }}
      className={cx("rounded p-1", m.is_favorite ? "text-amber-500" : "text-fg-faint hover:text-fg-muted")}
    >
      <Star
        size={16}
        strokeWidth={1.75}
        aria-hidden
        focusable="false"
        className={m.is_favorite ? "fill-current" : undefined}
      />
    </button>
  );
}

/** Edit, archive (finished modules) or restore, delete (admins and the creator). */
export function ModuleMenu({
  slug,
  pid,
  module: m,
  onEdit,
  onGone,
}: {
  slug: string;
  pid: string;
  module: Module;
  onEdit?: () => void;
  onGone?: () => void;
}) {
  const subject: Subject = { projectId: pid, createdBy: m.created_by };
  const canEdit = useCan("edit", "module", subject);
  const canArchive = useCan("archive", "module", subject);
  const canDelete = useCan("delete", "module", subject);
  const archiveItem = useArchiveItem(slug, pid, m, onGone);
  const del = useDeleteModule(slug, pid);
  const toast = useToast();
  const [confirm, setConfirm] = useState(false);
  const archived = !!m.archived_at;
  const items: MenuItem[] = [];
  if (onEdit && canEdit && !archived) items.push({ label: "Edit", onSelect: onEdit });
  if (canArchive) items.push(archiveItem);
  items.push({
    label: "Copy link",
    onSelect: () => {
      void navigator.clipboard?.writeText(`${location.origin}/${slug}/projects/${pid}/modules/${m.id}/`);
      toast.show("success", "Link copied");
    },
  });
  if (canDelete) items.push({ label: "Delete", danger: true, onSelect: () => setConfirm(true) });
  return (
    <>
      <Menu
        ariaLabel={`Actions for ${m.name}`}
        align="right"
        label={<Ellipsis size={16} aria-hidden focusable="false" />}
        items={items}
      />
      <ConfirmModal
        open={confirm}
        onClose={() => setConfirm(false)}
        title="Delete module"
        message={`Delete "${m.name}"? Its work items stay in the project; they only leave the module.`}
        confirmLabel="Delete"
        loading={del.isPending}
        onConfirm={() =>
          void del.mutateAsync(m.id).then(
            () => {
              setConfirm(false);
              toast.show("success", "Module deleted", m.name);
              onGone?.();
            },
            () => undefined,
          )
        }
      />
    </>
  );
}

/** The menu's Archive (finished modules only) or, for an archived module, Restore. */
function useArchiveItem(slug: string, pid: string, m: Module, onGone?: () => void): MenuItem {
  const archive = useArchiveModule(slug, pid);
  const toast = useToast();
  const nav = useNavigate();
  if (m.archived_at)
    return {
      label: "Restore",
      onSelect: () =>
        void archive.mutateAsync({ id: m.id, restore: true }).then(
          () => {
            toast.show("success", "Module restored", m.name);
            nav(`/${slug}/projects/${pid}/modules/${m.id}/`);
          },
          () => undefined,
        ),
    };
  const finished = ARCHIVABLE_MODULE_STATUSES.includes(m.status);
  return {
    label: "Archive",
    disabled: !finished,
    hint: finished ? undefined : "Only completed or cancelled modules can be archived",
    // (the row leaves the list at once: the outcome is awaited, not left to this component's callbacks)
    onSelect: () =>
      void archive.mutateAsync({ id: m.id }).then(
        () => {
          toast.show("success", "Module archived", m.name);
          onGone?.();
        },
        () => undefined,
      ),
  };
}
