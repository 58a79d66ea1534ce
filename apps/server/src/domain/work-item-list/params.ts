import {
  andFilterNodes,
  FilterError,
  parseGrouping,
  parseLegacyFilters,
  parseOrderBy,
  parseRichFilters,
  SameGroupingError,
  todayInTimeZone,
  type FilterNode,
  type GroupByField,
  type OrderBy,
} from "@stride/shared";
import { errors } from "../../http/errors.ts";
import { parsePage, type PageRequest } from "../../http/pagination.ts";

/**
 * Read a list request's query string (wire-facts §6.1): pagination, order_by, group_by/sub_group_by,
 * legacy flat filters, the JSON `filters` grammar and `sub_issue`. Bad values become 400s:
 * filters `{message, code}`, other parameters `{detail}`, equal groupings `{error}`.
 */
export interface ParsedListQuery {
  page: PageRequest;
  order: OrderBy;
  groupBy: GroupByField | null;
  subGroupBy: GroupByField | null;
  filter: FilterNode | null;
  parentless: boolean;
}

export type RawQuery = Record<string, unknown>;

/** A single string from a query value (repeated parameters: the last one wins). */
export function one(v: unknown): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (Array.isArray(v)) return v.length ? String(v[v.length - 1]) : undefined;
  return String(v);
}

/** 400 `{message, code}` for a bad filter. */
export function filterError(e: FilterError) {
  return errors.body(400, { message: e.message, code: e.code });
}

export function parseFilters(query: RawQuery, timezone: string, extra: FilterNode | null = null): FilterNode | null {
  const today = todayInTimeZone(timezone);
  try {
    const flat: Record<string, string | string[] | undefined> = {};
    for (const [k, v] of Object.entries(query)) {
      if (typeof v === "string" || Array.isArray(v)) flat[k] = Array.isArray(v) ? v.map(String) : v;
    }
    const legacy = parseLegacyFilters(flat, today);
    const rich = parseRichFilters(one(query.filters));
    return andFilterNodes(extra, legacy, rich);
  } catch (e) {
    if (e instanceof FilterError) throw filterError(e);
    throw e;
  }
}

export function parseListQuery(
  query: RawQuery,
  opts: { timezone: string; globalView?: boolean; defaultPerPage?: number; grouping?: boolean; defaultOrder?: string },
): ParsedListQuery {
  const page = parsePage({ per_page: one(query.per_page), cursor: one(query.cursor) }, opts.defaultPerPage ?? 1000);
  let order: OrderBy;
  try {
    order = parseOrderBy(one(query.order_by), { globalView: opts.globalView, fallback: opts.defaultOrder });
  } catch (e) {
    if (e instanceof FilterError) throw errors.badParam(e.message);
    throw e;
  }
  let groupBy: GroupByField | null = null;
  let subGroupBy: GroupByField | null = null;
  if (opts.grouping !== false) {
    try {
      ({ groupBy, subGroupBy } = parseGrouping(one(query.group_by), one(query.sub_group_by)));
    } catch (e) {
      if (e instanceof SameGroupingError) throw errors.badRequest(e.message);
      if (e instanceof FilterError) throw errors.badParam(e.message);
      throw e;
    }
  }
  const filter = parseFilters(query, opts.timezone);
  const subIssue = one(query.sub_issue);
  const parentless = subIssue === "false" || subIssue === "False" || subIssue === "0";
  return { page, order, groupBy, subGroupBy, filter, parentless };
}
