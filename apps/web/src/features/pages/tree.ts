import { useCallback, useEffect, useMemo, useState } from "react";
import { pageRights } from "@stride/shared";
import { usePageTree, type Page } from "../../api/pages.ts";
import { useMe } from "../../api/users.ts";
import { buildTree, flattenTree, treeDescendants, treeReparentSortOrder, type TreeNode } from "../../lib/tree-order.ts";
import { useCurrentProject } from "../projects/current-project.ts";

export const pagePath = (slug: string, pid: string, id: string) => `/${slug}/projects/${pid}/pages/${id}/`;

/** A page of the tree; its name as shown ("Untitled" when blank). */
export type PageNode = TreeNode<Page & { label: string }>;

export const pageLabel = (p: Pick<Page, "name">) => p.name.trim() || "Untitled";

/** Pages as a tree: siblings in their order (ties: the server's order, oldest first). */
export function pageTree(pages: readonly Page[]): PageNode[] {
  return buildTree(
    pages.map((p) => ({ ...p, label: pageLabel(p) })),
    (a, b) => a.sort_order - b.sort_order,
  );
}

/** The project's page tree with what the caller may do with each page. */
export function usePageTreeData() {
  const { slug, projectId, project, projectRole } = useCurrentProject();
  const tree = usePageTree(slug, projectId, project.page_view);
  const me = useMe().data?.id ?? null;
  return useMemo(() => {
    const pages = tree.data ?? [];
    const roots = pageTree(pages);
    const flat = flattenTree(roots);
    const byId = new Map(flat.map((n) => [n.id, n]));
    const rights = (p: Page) => pageRights(p, { userId: me, projectRole });
    /** It may be moved in the tree: its properties may change now (not locked; archived pages are not in the tree). */
    const movable = (p: Page) => rights(p).edit && !p.is_locked;
    /** Its ancestors, outermost first (as far as the caller can read them). */
    const ancestors = (id: string): PageNode[] => {
      const out: PageNode[] = [];
      for (let n = byId.get(id); n && n.depth > 0 && n.parent; n = byId.get(n.parent)) {
        const p = byId.get(n.parent);
        if (!p || out.includes(p)) break;
        out.unshift(p);
      }
      return out;
    };
    return { query: tree, pages, roots, flat, byId, rights, movable, ancestors };
  }, [tree, me, projectRole]);
}

export type PageTreeData = ReturnType<typeof usePageTreeData>;

/** Where a page can go under "Nest under…": every page outside its own subtree. */
export function nestTargets(flat: readonly PageNode[], id: string): PageNode[] {
  const blocked = treeDescendants(flat, id);
  return flat.filter((n) => !blocked.has(n.id));
}

/** The PATCH that puts a page last under `parent` (null: the top level), or null when it is there already. */
export function nestPatch(
  flat: readonly PageNode[],
  id: string,
  parent: string | null,
): { parent: string | null; sort_order: number } | null {
  const page = flat.find((n) => n.id === id);
  if (!page || (page.depth === 0 ? null : (page.parent ?? null)) === parent) return null;
  const siblings = flat.filter((n) => n.id !== id && (n.depth === 0 ? null : (n.parent ?? null)) === parent);
  return { parent, sort_order: treeReparentSortOrder(siblings) };
}

const expandedKey = (pid: string) => `stride:page-tree:${pid}`;

/**
 * Which pages of the tree are open: kept in the browser per project; the ancestors of the page on screen are
 * opened with it.
 */
export function useExpanded(pid: string, reveal: readonly string[]) {
  const [open, setOpen] = useState<Set<string>>(() => {
    try {
      return new Set(JSON.parse(localStorage.getItem(expandedKey(pid)) ?? "[]") as string[]);
    } catch {
      return new Set();
    }
  });
  const revealKey = reveal.join(",");
  useEffect(() => {
    if (!revealKey) return;
    setOpen((s) => (revealKey.split(",").every((id) => s.has(id)) ? s : new Set([...s, ...revealKey.split(",")])));
  }, [revealKey]);
  useEffect(() => {
    try {
      localStorage.setItem(expandedKey(pid), JSON.stringify([...open]));
    } catch {
      /* private mode: the state lasts the visit */
    }
  }, [pid, open]);
  const toggle = useCallback((id: string, to?: boolean) => {
    setOpen((s) => {
      const next = new Set(s);
      if (to ?? !s.has(id)) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  return { open, toggle };
}
