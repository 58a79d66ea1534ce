import { ROLE } from "./roles.ts";

/**
 * Pages (platform.md §3, §4, §6, §9): the access values, the list filters and orders, and the page rules of §6 that
 * depend on the page itself (public or private, owner, locked, archived). The role part of each action is the
 * `page` entry of the permission table (permissions.ts); the server's page commands and the web's page screens
 * both ask `pageRights` for the rest, so the screen offers exactly what the server accepts.
 */
export const PAGE_ACCESS = { PUBLIC: 0, PRIVATE: 1 } as const;
export type PageAccess = (typeof PAGE_ACCESS)[keyof typeof PAGE_ACCESS];

/** Page name edits autosave after this many milliseconds (platform.md §9). */
export const PAGE_NAME_AUTOSAVE_MS = 2000;

/** The page list's tabs (`?type=`): all (own + public), public, private (own), archived. */
export const PAGE_LIST_TYPES = ["all", "public", "private", "archived"] as const;
export type PageListType = (typeof PAGE_LIST_TYPES)[number];

/** Orders a page list accepts; the default is `-updated_at` (platform.md §4). */
export const PAGE_ORDERS = ["name", "-name", "created_at", "-created_at", "updated_at", "-updated_at"] as const;
export type PageOrder = (typeof PAGE_ORDERS)[number];
export const DEFAULT_PAGE_ORDER: PageOrder = "-updated_at";

/** The facts about a page the rules read. */
export interface PageSubject {
  owned_by: string;
  access: number;
  is_locked: boolean;
  archived_at: string | null;
}

/** What a caller may do with one page. */
export interface PageRights {
  /** Read it at all (public, or one's own). */
  access: boolean;
  /** Change its properties (name, logo, parent). */
  edit: boolean;
  duplicate: boolean;
  favorite: boolean;
  lock: boolean;
  changeAccess: boolean;
  archive: boolean;
  delete: boolean;
  move: boolean;
  /** Write its content (and name) now: editable, and neither archived nor locked. */
  contentEditable: boolean;
}

/**
 * The page rules of platform.md §6 for a caller with `projectRole` (0/null: not in the project):
 * - access: the page is public or the caller owns it;
 * - edit: (public and role ≥ member) or (private and owner);
 * - duplicate and favourite: role ≥ member;
 * - lock, change access, archive, delete, move: owner or admin;
 * - content editable: not archived, not locked, and owner or (public and role ≥ member).
 */
export function pageRights(
  page: PageSubject,
  viewer: { userId: string | null | undefined; projectRole: number | null | undefined },
): PageRights {
  const role = viewer.projectRole ?? 0;
  const inProject = !!viewer.userId && role >= ROLE.GUEST;
  const owner = inProject && page.owned_by === viewer.userId;
  const isPublic = page.access === PAGE_ACCESS.PUBLIC;
  const access = inProject && (isPublic || owner);
  const member = access && role >= ROLE.MEMBER;
  const edit = access && ((isPublic && role >= ROLE.MEMBER) || (!isPublic && owner));
  const ownerOrAdmin = access && (owner || role >= ROLE.ADMIN);
  return {
    access,
    edit,
    duplicate: member,
    favorite: member,
    lock: ownerOrAdmin,
    changeAccess: ownerOrAdmin,
    archive: ownerOrAdmin,
    delete: ownerOrAdmin,
    move: ownerOrAdmin,
    contentEditable: access && !page.archived_at && !page.is_locked && (owner || (isPublic && role >= ROLE.MEMBER)),
  };
}

/** The work items a page's HTML mentions or embeds (`<mention-component entity_name="issue" entity_identifier=…>`, `<issue-embed-component …>`). */
export function pageIssueIds(html: string | null | undefined): string[] {
  if (!html) return [];
  const out = new Set<string>();
  for (const tag of html.match(/<(mention|issue-embed)-component\b[^>]*>/gi) ?? []) {
    if (!/\bentity_name="issue"/i.test(tag)) continue;
    const id = /\bentity_identifier="([0-9a-f-]{36})"/i.exec(tag)?.[1];
    if (id) out.add(id.toLowerCase());
  }
  return [...out];
}
