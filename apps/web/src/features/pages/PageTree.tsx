import { useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { ChevronDown, ChevronRight, FileText, Lock, MoreHorizontal, Plus } from "lucide-react";
import { extractInstruction } from "@atlaskit/pragmatic-drag-and-drop-hitbox/list-item/extract-instruction";
import { attachInstruction } from "@atlaskit/pragmatic-drag-and-drop-hitbox/list-item/attach-instruction";
import { PAGE_ACCESS } from "@stride/shared";
import { usePlacePage } from "../../api/pages.ts";
import { useProjects } from "../../api/projects.ts";
import {
  DragScope,
  DropLine,
  useAutoScrollAround,
  useDragDrop,
  useDragItem,
  useDragSelector,
  type DragController,
  type DragSpec,
} from "../../components/dnd/index.ts";
import { MenuPopup, cx, useMenu, type MenuItem } from "../../components/ui/index.ts";
import { useCan } from "../../lib/permissions.ts";
import {
  treeDescendants,
  treeDropPatch,
  treeLine,
  treeOrigin,
  treePlace,
  treePointerSlot,
  treeSentence,
  treeSiblings,
  treeStep,
  type TreeSlot,
} from "../../lib/tree-order.ts";
import { useCurrentProject } from "../projects/current-project.ts";
import { CreatePageModal } from "./CreatePageModal.tsx";
import { MovePageModal } from "./MovePageModal.tsx";
import { NestPageModal } from "./NestPageModal.tsx";
import { nestPatch, pagePath, useExpanded, usePageTreeData, type PageNode, type PageTreeData } from "./tree.ts";

const HELP_ID = "page-tree-help";
const indent = (depth: number) => `${0.25 + depth * 1}rem`;

/** The tree's dialogs: a new (sub-)page, nesting under another page, moving to another project. */
type Dialog = { kind: "create"; parent: string | null } | { kind: "nest" | "move"; page: PageNode } | null;

/**
 * The project's page tree (pages and their sub-pages), the side pane of the pages screens: a WAI-ARIA tree (arrows
 * move and open or close, Enter opens the page, Home/End), pages dragged by the pointer before, after or onto
 * another page, or picked up with Space and moved with the arrow keys (right nests under the page above, left takes
 * it out of its parent); each page's menu (its "…" button, or Shift+F10) adds a sub-page, nests it, moves it up,
 * down, to the top level or to another project.
 */
export function PageTreePane({ currentId }: { currentId?: string }) {
  const data = usePageTreeData();
  const mayCreate = useCan("create", "page");
  const [dialog, setDialog] = useState<Dialog>(null);
  return (
    <aside aria-label="Page tree" className="hidden w-64 shrink-0 flex-col border-r border-line lg:flex">
      <div className="flex items-center justify-between px-3 pb-1 pt-3">
        <h2 className="text-xs font-semibold uppercase tracking-wide text-fg-subtle">Page tree</h2>
        {mayCreate && (
          <button
            type="button"
            aria-label="New top-level page"
            title="New top-level page"
            onClick={() => setDialog({ kind: "create", parent: null })}
            className="rounded p-1 text-fg-subtle hover:bg-fill-hover hover:text-fg-secondary"
          >
            <Plus size={14} aria-hidden />
          </button>
        )}
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-1.5 pb-3">
        {data.query.isLoading ? null : data.roots.length === 0 ? (
          <p className="px-2 py-1 text-xs text-fg-subtle">No pages yet.</p>
        ) : (
          <PageTree data={data} currentId={currentId} onDialog={setDialog} />
        )}
      </div>
      <PageDialogs dialog={dialog} data={data} currentId={currentId} onClose={() => setDialog(null)} />
    </aside>
  );
}

/** The dialogs the tree's actions open (and the page screen's). */
export function PageDialogs({
  dialog,
  data,
  currentId,
  onClose,
}: {
  dialog: Dialog;
  data: PageTreeData;
  currentId?: string;
  onClose: () => void;
}) {
  const { slug, projectId } = useCurrentProject();
  const nav = useNavigate();
  return (
    <>
      <CreatePageModal
        slug={slug}
        pid={projectId}
        open={dialog?.kind === "create"}
        parent={dialog?.kind === "create" && dialog.parent ? (data.byId.get(dialog.parent) ?? null) : null}
        onClose={onClose}
        onCreated={(p) => {
          onClose();
          nav(pagePath(slug, projectId, p.id));
        }}
      />
      {dialog?.kind === "nest" && <NestPageModal page={dialog.page} data={data} onClose={onClose} />}
      {dialog?.kind === "move" && (
        <MovePageModal
          slug={slug}
          pid={projectId}
          page={dialog.page}
          onClose={onClose}
          onMoved={(to) => {
            onClose();
            if (currentId === dialog.page.id) nav(pagePath(slug, to, dialog.page.id));
          }}
        />
      )}
    </>
  );
}

/** The tree itself: its drag scope and its rows. */
function PageTree({
  data,
  currentId,
  onDialog,
}: {
  data: PageTreeData;
  currentId?: string;
  onDialog: (d: Dialog) => void;
}) {
  const { slug, projectId } = useCurrentProject();
  const expanded = useExpanded(projectId, currentId ? data.ancestors(currentId).map((a) => a.id) : []);
  const drag = usePageDrag(data);
  const [focusId, setFocusId] = useState<string | null>(null);
  const [el, setEl] = useState<HTMLUListElement | null>(null);
  const visible = data.flat.filter((n) => data.ancestors(n.id).every((a) => expanded.open.has(a.id)));
  const active = visible.find((n) => n.id === focusId) ?? visible.find((n) => n.id === currentId) ?? visible[0];
  const focus = (n: PageNode | undefined) => {
    if (!n) return;
    setFocusId(n.id);
    el?.querySelector<HTMLElement>(`[data-tree-id="${n.id}"]`)?.focus();
  };
  const ctx: RowCtx = {
    data,
    expanded,
    drag,
    visible,
    activeId: active?.id ?? null,
    currentId,
    focus,
    focused: setFocusId,
    onDialog,
    slug,
    projectId,
  };
  return (
    <DragScope controller={drag}>
      <span id={HELP_ID} className="sr-only">
        Enter opens the page. Space picks it up to move it with the arrow keys. Shift+F10 opens its actions.
      </span>
      <TreeBody setEl={setEl} el={el}>
        {data.roots.map((n, i) => (
          <PageTreeRow key={n.id} node={n} pos={i + 1} size={data.roots.length} ctx={ctx} />
        ))}
      </TreeBody>
    </DragScope>
  );
}

function TreeBody({
  el,
  setEl,
  children,
}: {
  el: HTMLUListElement | null;
  setEl: (el: HTMLUListElement | null) => void;
  children: ReactNode;
}) {
  useAutoScrollAround(el);
  return (
    <ul ref={setEl} role="tree" aria-label="Pages" className="space-y-px">
      {children}
    </ul>
  );
}

interface RowCtx {
  data: PageTreeData;
  expanded: ReturnType<typeof useExpanded>;
  drag: DragController<TreeSlot>;
  visible: PageNode[];
  activeId: string | null;
  currentId?: string;
  focus: (n: PageNode | undefined) => void;
  /** The page whose row has the focus (the tree's one tab stop). */
  focused: (id: string) => void;
  onDialog: (d: Dialog) => void;
  slug: string;
  projectId: string;
}

/**
 * Drag and drop of pages (pointer or keyboard), the tree moves of lib/tree-order.ts: the new parent and place show
 * at once and go back if the server refuses.
 */
function usePageDrag(data: PageTreeData): DragController<TreeSlot> {
  const { slug, projectId } = useCurrentProject();
  const place = usePlacePage(slug, projectId);
  const { flat, byId } = data;
  const name = (id: string) => byId.get(id)?.label ?? "page";
  const spec: DragSpec<TreeSlot> = {
    type: "page",
    label: (src) => name(src.id),
    canDrag: (src) => {
      const p = byId.get(src.id);
      return !!p && data.movable(p);
    },
    origin: (src) => treeOrigin(flat, src.id),
    step: (at, dir, src) => treeStep(flat, at, dir, src.id),
    fromPointer: (targets, src) => {
      const over = targets.find((t) => typeof t.id === "string");
      const instruction = over && extractInstruction(over);
      if (!over || !instruction || instruction.blocked) return null;
      return treePointerSlot(flat, over.id as string, instruction.operation, src.id, treeDescendants(flat, src.id));
    },
    same: (a, b) => a.parent === b.parent && a.index === b.index,
    say: (phase, at, src) => treeSentence(phase, name(src.id), treePlace(flat, at, src.id, "Untitled")),
    commit: (src, at, failed) => {
      const patch = treeDropPatch(flat, at, src.id);
      if (!patch) return false;
      place.mutate({ id: src.id, ...patch }, { onError: failed });
      return true;
    },
  };
  return useDragDrop(spec, { version: data.pages });
}

/** A row's drag handle and drop target: the drop line on it and whether a page would land inside it. */
function useRowDrag(n: PageNode, data: PageTreeData) {
  const drag = useDragItem<HTMLDivElement>(
    { id: n.id },
    {
      drop: ({ input, element }) =>
        attachInstruction(
          {},
          {
            input,
            element,
            axis: "vertical",
            operations: { "reorder-before": "available", "reorder-after": "available", combine: "available" },
          },
        ),
    },
  );
  // the drop line on this row, indented to the level the page lands at; the page it would land inside is highlighted
  const line = useDragSelector<string | null, TreeSlot>((s) => {
    if (!s?.target || (s.target.parent === s.origin.parent && s.target.index === s.origin.index)) return null;
    const at = treeLine(data.flat, s.target, s.src.id);
    return at && at.id === n.id ? `${at.edge} ${at.depth}` : null;
  });
  const into = useDragSelector<boolean, TreeSlot>(
    (s) => !!s?.target && s.target.parent === n.id && s.origin.parent !== n.id,
  );
  const [edge, depth] = line ? line.split(" ") : [null, "0"];
  return { drag, into, edge: edge as "top" | "bottom" | null, depth: Number(depth) };
}

/** What a key does on a row (WAI-ARIA tree keys, Space picks the page up); false when it is not the tree's. */
function treeKey(key: string, n: PageNode, ctx: RowCtx, open: () => void): boolean {
  const { data, expanded, visible, focus } = ctx;
  const at = visible.findIndex((v) => v.id === n.id);
  const hasChildren = n.children.length > 0;
  const isOpen = expanded.open.has(n.id);
  switch (key) {
    case "ArrowDown":
      focus(visible[at + 1]);
      return true;
    case "ArrowUp":
      focus(visible[at - 1]);
      return true;
    case "Home":
      focus(visible[0]);
      return true;
    case "End":
      focus(visible[visible.length - 1]);
      return true;
    case "ArrowRight":
      if (hasChildren && !isOpen) expanded.toggle(n.id, true);
      else if (hasChildren) focus(n.children[0]);
      return true;
    case "ArrowLeft":
      if (hasChildren && isOpen) expanded.toggle(n.id, false);
      else focus(n.depth > 0 && n.parent ? data.byId.get(n.parent) : undefined);
      return true;
    case "Enter":
      open();
      return true;
    case " ":
      if (data.movable(n)) ctx.drag.pickUp({ id: n.id });
      return true;
    default:
      return false;
  }
}

/** One page of the tree, with its sub-pages when it is open. */
function PageTreeRow({ node: n, pos, size, ctx }: { node: PageNode; pos: number; size: number; ctx: RowCtx }) {
  const nav = useNavigate();
  const menu = useMenu({ placement: "bottom-end" });
  const open = ctx.expanded.open.has(n.id);
  const hasChildren = n.children.length > 0;
  const href = pagePath(ctx.slug, ctx.projectId, n.id);
  const items = usePageTreeActions(n, ctx.data, ctx.onDialog);
  const row = useRef<HTMLLIElement>(null);

  const onKeyDown = (e: KeyboardEvent<HTMLLIElement>) => {
    if (e.target !== e.currentTarget) return;
    if ((e.key === "F10" && e.shiftKey) || e.key === "ContextMenu") {
      e.preventDefault();
      if (items.length) menu.show();
      return;
    }
    if (treeKey(e.key, n, ctx, () => nav(href))) {
      e.preventDefault();
      e.stopPropagation();
    }
  };

  const current = n.id === ctx.currentId;
  return (
    <li
      ref={row}
      role="treeitem"
      aria-level={n.depth + 1}
      aria-setsize={size}
      aria-posinset={pos}
      aria-expanded={hasChildren ? open : undefined}
      aria-selected={current}
      aria-current={current ? "page" : undefined}
      aria-label={n.label}
      aria-describedby={HELP_ID}
      tabIndex={ctx.activeId === n.id ? 0 : -1}
      data-tree-id={n.id}
      data-depth={n.depth}
      // where a keyboard drop gives the focus back (components/dnd)
      data-dnd-type="page"
      data-dnd-id={n.id}
      onKeyDown={onKeyDown}
      onFocus={(e) => {
        if (e.target === e.currentTarget) ctx.focused(n.id);
      }}
      className="rounded-md outline-none [&:focus-visible>div]:ring-2 [&:focus-visible>div]:ring-indigo-500"
    >
      <RowLine n={n} ctx={ctx} href={href} current={current} menuButton={items.length > 0 ? menu.triggerProps : null} />
      {menu.open && <MenuPopup menu={menu} items={items} label={`Actions for ${n.label}`} />}
      {hasChildren && open && (
        <ul role="group" className="space-y-px">
          {n.children.map((c, i) => (
            <PageTreeRow key={c.id} node={c} pos={i + 1} size={n.children.length} ctx={ctx} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** The row's line: open or close, the page's name (a link), private mark, and its "…" menu button. */
function RowLine({
  n,
  ctx,
  href,
  current,
  menuButton,
}: {
  n: PageNode;
  ctx: RowCtx;
  href: string;
  current: boolean;
  menuButton: ReturnType<typeof useMenu>["triggerProps"] | null;
}) {
  const { data, expanded } = ctx;
  const { drag, into, edge, depth } = useRowDrag(n, data);
  const open = expanded.open.has(n.id);
  const hasChildren = n.children.length > 0;
  return (
    <div
      ref={drag.ref}
      className={cx(
        "group relative flex items-center gap-0.5 rounded-md py-1 pr-1 text-sm",
        current ? "bg-fill-selected font-medium text-fg" : "text-fg-muted hover:bg-fill-hover",
        into && "bg-accent-soft ring-1 ring-inset ring-indigo-400",
        drag.dragging && "opacity-40",
        drag.lifted && "ring-2 ring-inset ring-indigo-500",
        data.movable(n) && "cursor-grab active:cursor-grabbing",
      )}
      style={{ paddingLeft: indent(n.depth) }}
    >
      <DropLine edge={edge} inset indent={indent(depth)} />
      <button
        type="button"
        tabIndex={-1}
        aria-hidden
        onClick={() => hasChildren && expanded.toggle(n.id)}
        className={cx(
          "flex h-5 w-5 shrink-0 items-center justify-center rounded text-fg-subtle",
          hasChildren ? "hover:bg-fill-strong" : "invisible",
        )}
      >
        {open ? <ChevronDown size={14} aria-hidden /> : <ChevronRight size={14} aria-hidden />}
      </button>
      <FileText size={14} aria-hidden className="mr-1 shrink-0 text-fg-faint" />
      <Link
        to={href}
        tabIndex={-1}
        draggable={false}
        className="min-w-0 flex-1 truncate"
        onClick={() => ctx.focused(n.id)}
      >
        {n.label}
      </Link>
      {n.access === PAGE_ACCESS.PRIVATE && <Lock size={12} aria-label="Private" className="shrink-0 text-fg-faint" />}
      {menuButton && (
        <button
          type="button"
          tabIndex={-1}
          aria-label={`Actions for ${n.label}`}
          {...menuButton}
          className="shrink-0 rounded p-0.5 text-fg-subtle opacity-0 hover:bg-fill-strong focus:opacity-100 group-hover:opacity-100 aria-expanded:opacity-100"
        >
          <MoreHorizontal size={14} aria-hidden />
        </button>
      )}
    </div>
  );
}

/** What the tree's menu and the page's own menu offer to move a page: add a sub-page, nest, up, down, top level, another project. */
export function usePageTreeActions(
  n: PageNode | undefined,
  data: PageTreeData,
  onDialog: (d: Dialog) => void,
  withProjectMove = true,
): MenuItem[] {
  const { slug, projectId } = useCurrentProject();
  const mayCreate = useCan("create", "page");
  const place = usePlacePage(slug, projectId);
  const projects = useProjects(slug);
  if (!n) return [];
  const items: MenuItem[] = [];
  if (mayCreate) items.push({ label: "Add sub-page", onSelect: () => onDialog({ kind: "create", parent: n.id }) });
  if (data.movable(n)) {
    const origin = treeOrigin(data.flat, n.id);
    const siblings = origin ? treeSiblings(data.flat, origin.parent, n.id) : [];
    const moveTo = (index: number) => {
      const patch = origin && treeDropPatch(data.flat, { parent: origin.parent, index }, n.id);
      if (patch) place.mutate({ id: n.id, ...patch });
    };
    items.push({ label: "Nest under…", onSelect: () => onDialog({ kind: "nest", page: n }) });
    if (origin && origin.index > 0) items.push({ label: "Move up", onSelect: () => moveTo(origin.index - 1) });
    if (origin && origin.index < siblings.length)
      items.push({ label: "Move down", onSelect: () => moveTo(origin.index + 1) });
    if (origin?.parent) {
      items.push({
        label: "Move to top level",
        onSelect: () => {
          const p = nestPatch(data.flat, n.id, null);
          if (p) place.mutate({ id: n.id, ...p });
        },
      });
    }
  }
  if (withProjectMove && data.rights(n).move && (projects.data?.length ?? 0) > 1)
    items.push({ label: "Move to another project", onSelect: () => onDialog({ kind: "move", page: n }) });
  return items;
}

export type { Dialog as PageTreeDialog };
