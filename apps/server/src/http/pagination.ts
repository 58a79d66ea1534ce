import type { Paginated } from "@stride/shared/contract";
import { MAX_PER_PAGE } from "@stride/shared";
import { errors } from "./errors.ts";

/** Cursor pagination of wire-facts §0: cursor = "<per_page>:<page>:<is_prev>". */
export interface PageRequest {
  perPage: number;
  page: number;
  offset: number;
  cursor: string;
}

export function parsePage(query: { per_page?: unknown; cursor?: unknown }, defaultPerPage = 1000): PageRequest {
  let perPage = defaultPerPage;
  if (query.per_page !== undefined && query.per_page !== "") {
    const n = Number(query.per_page);
    if (!Number.isInteger(n) || n < 1) throw errors.badParam("Invalid per_page value.");
    if (n > MAX_PER_PAGE) throw errors.badParam("Invalid per_page value. Cannot exceed 1000.");
    perPage = n;
  }
  let page = 0;
  if (query.cursor !== undefined && query.cursor !== "") {
    const parts = String(query.cursor).split(":");
    if (parts.length !== 3 || parts.some((p) => !/^\d+$/.test(p))) throw errors.badParam("Invalid cursor parameter.");
    const cPer = Number(parts[0]);
    page = Number(parts[1]);
    if (cPer < 1 || cPer > MAX_PER_PAGE) throw errors.badParam("Invalid cursor parameter.");
    if (query.per_page === undefined || query.per_page === "") perPage = cPer;
  }
  return { perPage, page, offset: page * perPage, cursor: `${perPage}:${page}:0` };
}

/** The paginated envelope (the contract's `Paginated`) of one page of `results`. */
export function envelope<T>(
  page: PageRequest,
  total: number,
  results: T[],
  count: number,
  grouping: { groupedBy?: string | null; subGroupedBy?: string | null } = {},
): Paginated<T> {
  const totalPages = Math.ceil(total / page.perPage);
  return {
    grouped_by: grouping.groupedBy ?? null,
    sub_grouped_by: grouping.subGroupedBy ?? null,
    total_count: total,
    next_cursor: `${page.perPage}:${page.page + 1}:0`,
    prev_cursor: `${page.perPage}:${Math.max(page.page - 1, 0)}:1`,
    next_page_results: (page.page + 1) * page.perPage < total,
    prev_page_results: page.page > 0,
    count,
    total_pages: totalPages,
    total_results: total,
    extra_stats: null,
    results,
  };
}
