import { NavLink } from "react-router";
import { Boxes, CircleDot, FileText, Layers, MoreHorizontal, RefreshCcw, type LucideIcon } from "lucide-react";
import { ApiError } from "../../api/client.ts";
import { useDeleteFavorite, type UserFavorite } from "../../api/favorites.ts";
import type { LogoProps } from "../../api/types.ts";
import { DragHandle, DropLine, draggingClass, useDragItem, useSlotLine } from "../../components/dnd/index.ts";
import { Menu, cx, type MenuItem } from "../../components/ui/index.ts";
import { ProjectLogo } from "../../components/project/ProjectLogo.tsx";

export const ROOT = "root";

const TYPE_ICON: Record<string, LucideIcon> = {
  cycle: RefreshCcw,
  module: Boxes,
  view: Layers,
  page: FileText,
  issue: CircleDot,
};

/** Where a favourite opens. */
function hrefOf(slug: string, f: UserFavorite): string {
  const id = f.entity_identifier ?? "";
  const pid = f.project_id ?? f.entity_data?.project_id ?? "";
  const project = `/${slug}/projects/${pid}`;
  switch (f.entity_type) {
    case "project":
      return `/${slug}/projects/${id}/issues/`;
    case "cycle":
      return `${project}/cycles/${id}/`;
    case "module":
      return `${project}/modules/${id}/`;
    case "view":
      return pid ? `${project}/views/${id}/` : `/${slug}/workspace-views/${id}/`;
    case "page":
      return `${project}/pages/${id}/`;
    default:
      return `${project}/issues/${id}/`;
  }
}

export const nameOf = (f: UserFavorite) => (f.is_folder ? (f.name ?? "Folder") : (f.entity_data?.name ?? "Untitled"));

export const errorText = (err: unknown) => {
  if (err instanceof ApiError && err.body && typeof err.body === "object") {
    const first = Object.values(err.body as Record<string, unknown>)[0];
    return Array.isArray(first) ? String(first[0]) : typeof first === "string" ? first : err.message;
  }
  return err instanceof Error ? err.message : "Something went wrong";
};

export const rowClass = ({ isActive }: { isActive: boolean }) =>
  cx(
    "flex min-w-0 flex-1 items-center gap-2 rounded-md px-1.5 py-1.5 text-sm",
    isActive ? "bg-fill-selected font-medium text-fg" : "text-fg-muted hover:bg-fill-hover",
  );

function EntityIcon({ fav }: { fav: UserFavorite }) {
  if (fav.entity_type === "project") {
    return (
      <ProjectLogo
        project={{ name: nameOf(fav), logo_props: (fav.entity_data?.logo_props ?? null) as LogoProps | null }}
      />
    );
  }
  const I = TYPE_ICON[fav.entity_type] ?? Layers;
  return <I size={14} strokeWidth={1.75} aria-hidden focusable="false" className="shrink-0" />;
}

/** A row's "…" menu, shown on hover or focus. */
export function RowMenu({ label, items }: { label: string; items: MenuItem[] }) {
  return (
    <Menu
      ariaLabel={label}
      align="right"
      buttonClassName="rounded p-0.5 text-fg-subtle opacity-0 hover:bg-fill-selected focus:opacity-100 group-hover:opacity-100"
      label={<MoreHorizontal size={14} aria-hidden focusable="false" />}
      items={items}
    />
  );
}

/** A favourite: drag handle, its link, and its menu (remove from favourites). */
export function FavoriteRow({ slug, fav, container }: { slug: string; fav: UserFavorite; container: string }) {
  const drag = useDragItem<HTMLLIElement>({ id: fav.id, container }, { drop: "vertical" });
  const line = useSlotLine(container, fav.id);
  const remove = useDeleteFavorite(slug);
  const name = nameOf(fav);
  return (
    <li
      ref={drag.ref}
      className={cx("group relative flex items-center gap-0.5", draggingClass(drag))}
      data-favorite={name}
    >
      <DropLine edge={line} inset />
      <DragHandle
        drag={drag}
        label={`favorite ${name}`}
        className="opacity-0 focus:opacity-100 group-hover:opacity-100"
      />
      {/* the row drags, not the link (a link would start the browser's own link drag) */}
      <NavLink to={hrefOf(slug, fav)} className={rowClass} draggable={false}>
        <EntityIcon fav={fav} />
        <span className="truncate">{name}</span>
      </NavLink>
      <RowMenu
        label={`Actions for favorite ${name}`}
        items={[{ label: "Remove from favorites", onSelect: () => remove.mutate(fav.id) }]}
      />
    </li>
  );
}
