import { z } from "zod";
import { PAGE_LIST_TYPES, PAGE_ORDERS } from "../pages.ts";
import { choice, dict, fieldError, HTML_MAX, MSG, NAME_MAX, number, ref, text, type HtmlField } from "./fields.ts";
import type { AuditFields, CalendarDate, Timestamp } from "./common.ts";

// ---------------------------------------------------------------- request bodies

/** `description_binary`: the Yjs document as base64 (standard or URL-safe alphabet). */
const base64 = () => text(HTML_MAX * 2).refine((s) => /^[A-Za-z0-9+/_-]*={0,2}$/.test(s), "Invalid binary data");

/** The content of a page in its three kept forms (Yjs binary, HTML, editor JSON). */
function contentFields(html: HtmlField) {
  return {
    description_html: html(HTML_MAX).nullable().optional(),
    description_binary: base64().nullable().optional(),
    description_json: dict({ maxChars: HTML_MAX }).nullable().optional(),
  };
}

const pageProps = {
  color: text(255).optional(),
  logo_props: dict({ maxChars: 10000 }).optional(),
  view_props: dict({ maxChars: 10000 }).optional(),
  parent: ref().optional(),
  /** the page's place among its siblings (ascending); absent with a new parent: last among the new siblings */
  sort_order: number().optional(),
};

/**
 * Bodies of the page calls (wire-facts §9). `html` builds the description field: the server passes its sanitising
 * htmlField, a client `htmlText`. A page's name may be blank (an untitled page).
 */
export function pageBodies(html: HtmlField) {
  const create = z.object({
    name: text(NAME_MAX).optional(),
    access: choice([0, 1] as const).optional(),
    ...pageProps,
    ...contentFields(html),
  });
  const update = z.object({ name: text(NAME_MAX).optional(), ...pageProps });
  const description = z.object(contentFields(html));
  return { create, update, description };
}
type PageBodies = ReturnType<typeof pageBodies>;
export type CreatePageBody = z.infer<PageBodies["create"]>;
export type UpdatePageBody = z.infer<PageBodies["update"]>;
export type PageDescriptionBody = z.infer<PageBodies["description"]>;

/** POST P/pages/{id}/access/ `{access}`. */
export const pageAccessBody = z.object({ access: choice([0, 1] as const) });

/** POST P/pages/{id}/move/ `{new_project_id}` (absent: "Missing required fields."). */
export const movePageBody = z.object({ new_project_id: z.uuid({ error: fieldError(MSG.uuid) }).optional() });

/** GET P/pages/ `?type=all|public|private|archived&search=&order_by=`. */
export const pageListQuery = z.object({
  type: z.enum(PAGE_LIST_TYPES).optional(),
  search: z.string().max(255).optional(),
  order_by: z.enum(PAGE_ORDERS).optional(),
});
export type PageListQuery = z.infer<typeof pageListQuery>;

// ---------------------------------------------------------------- responses

/**
 * A page as listed (wire-facts §9). `archived_at` is a date. Stride's page tree lists the same shape: GET P/pages-tree/
 * (every page of the project the caller may read that is not archived) and GET P/pages/{id}/sub-pages/ (a page's
 * readable children), siblings by `sort_order`; a page whose parent the caller cannot read is at the top of their tree.
 */
export interface Page extends AuditFields {
  id: string;
  name: string;
  owned_by: string;
  access: number;
  color: string;
  parent: string | null;
  is_favorite: boolean;
  is_locked: boolean;
  archived_at: CalendarDate | null;
  workspace: string;
  view_props: Record<string, unknown>;
  logo_props: Record<string, unknown>;
  label_ids: string[];
  project_ids: string[];
  /** Stride: the page's place among its siblings in the page tree (ascending). */
  sort_order: number;
}

/** GET P/pages/{id}/: the page with its HTML and the work items it mentions. */
export interface PageDetail extends Page {
  description_html: string;
  issue_ids: string[];
}

/** GET P/pages-summary/. */
export interface PagesSummary {
  public_pages: number;
  private_pages: number;
  archived_pages: number;
}

/** POST P/pages/{id}/archive/. */
export interface PageArchived {
  archived_at: CalendarDate;
}

/** A version as listed by P/pages/{id}/versions/ (no content). */
export interface PageVersionLite {
  id: string;
  workspace: string;
  project: string;
  page: string;
  owned_by: string;
  last_saved_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  created_by: string | null;
  updated_by: string | null;
}

/** One version with its content; the Yjs binary as base64. */
export interface PageVersion extends PageVersionLite {
  description_html: string;
  description_json: Record<string, unknown>;
  description_binary: string | null;
  description_stripped: string;
}
