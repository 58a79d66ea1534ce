/** The list engine's (engine.ts) request and result types: what a list asks for, one page as read, and the shaped result. */
import type { FilterNode, GroupByField, OrderBy } from "@stride/shared";
import type { GroupBucket as WireGroupBucket, WorkItemListItem } from "@stride/shared/contract";
import type { PageRequest } from "../../http/pagination.ts";
import type { ListContext, Viewer } from "./context.ts";

/** `ids`: the id of each row only (a context whose own presenter presents its items: workspace drafts). */
export type ItemShape = "list" | "detail" | "create" | "sync" | "ids";

export interface ListRequest {
  context: ListContext;
  viewer: Viewer;
  filter: FilterNode | null;
  order: OrderBy;
  groupBy?: GroupByField | null;
  subGroupBy?: GroupByField | null;
  page: PageRequest;
  /** `sub_issue=false`: only items without a parent. */
  parentless?: boolean;
  shape?: ItemShape;
  /** v2 sync `description=true`: add description_html. */
  description?: boolean;
}

/** A list row as the engine reads it: the contract's list item. */
export type Item = WorkItemListItem;
export type GroupBucket<T = Item> = WireGroupBucket<T>;

/** `T`: the items as objects (`Item`), or as their JSON texts (`JsonText`, `listWorkItemsJson`). */
export interface ListResult<T = Item> {
  groupedBy: GroupByField | null;
  subGroupedBy: GroupByField | null;
  /** Rows counted: items, or item×group rows for multi-valued groupings. */
  totalCount: number;
  /** Rows on this page. */
  count: number;
  totalPages: number;
  nextPageResults: boolean;
  results: T[] | Record<string, GroupBucket<T>>;
}

/** SQL of one page (exposed for EXPLAIN and the benchmark). */
export interface BuiltQuery {
  text: string;
  values: unknown[];
  grouped: boolean;
}

/** The page's meta row. */
export interface PageMeta {
  total?: number;
  totals?: [string | null, string | null, number, number][];
  pre_g?: string[] | null;
  pre_sg?: string[] | null;
}

/** One page as read: its meta row and its items in page order, each with its group and sub-group key. */
export interface PageRows<T = Item> {
  meta: PageMeta;
  items: T[];
  groupKeys: (string | null)[];
  subGroupKeys: (string | null)[];
}
