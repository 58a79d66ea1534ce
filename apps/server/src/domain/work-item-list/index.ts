/**
 * The work-item list engine: one implementation for every list context. Routes (and later cycles,
 * modules, views) call `listWorkItems` with a context, parsed filters, order, grouping and a page, and
 * wrap the result with `listEnvelope`.
 */
export {
  listWorkItems,
  listWorkItemsJson,
  buildListQuery,
  listEnvelope,
  shapeResult,
  type ListRequest,
  type ListResult,
  type Item,
  type ItemShape,
} from "./engine.ts";
export { ListCache, listCacheOf } from "./cache.ts";
export { type ListContext, type Viewer } from "./context.ts";
export { parseListQuery, parseFilters, filterError, one, type RawQuery } from "./params.ts";
export { safeTimeZone } from "./sql.ts";
export { contextSql } from "./context.ts";
export { Params } from "./sql.ts";
export { JsonText, stringifyWithText } from "./json-text.ts";
