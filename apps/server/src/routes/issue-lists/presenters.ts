import type { ListEnvelope, SyncEnvelope } from "@stride/shared/contract";
import type { PageRequest } from "../../http/pagination.ts";
import {
  listEnvelope,
  stringifyWithText,
  type Item,
  type JsonText,
  type ListResult,
} from "../../domain/work-item-list/index.ts";

/**
 * Wire shapes of the list endpoints. Items themselves are presented inside the engine's SQL
 * (json_build_object of the wire fields, wire-facts §6.1), so no ORM row leaves raw.
 */

/** The paginated envelope of wire-facts §0 with grouped or flat results. */
export const presentList = (page: PageRequest, result: ListResult): ListEnvelope<Item> => listEnvelope(page, result);

/**
 * The same envelope as a response body, its items the JSON texts printed from their rows (`listWorkItemsJson`), spliced
 * in as they are: byte for byte what `JSON.stringify(presentList(…))` gives for `listWorkItems`' result of the same request.
 */
export const presentListText = (page: PageRequest, result: ListResult<JsonText>): string =>
  stringifyWithText(listEnvelope(page, result));

/** A plain array of items (P/issues/list/). */
export const presentItems = (result: ListResult): Item[] => result.results as Item[];

/** The v2 sync envelope (wire-facts §6.1): next_cursor is null at the end. */
export function presentSync(page: PageRequest, result: ListResult): SyncEnvelope<Item> {
  const hasNext = result.nextPageResults;
  return {
    prev_cursor: page.page > 0 ? `${page.perPage}:${page.page - 1}:0` : null,
    cursor: `${page.perPage}:${page.page}:0`,
    next_cursor: hasNext ? `${page.perPage}:${page.page + 1}:0` : null,
    prev_page_results: page.page > 0,
    next_page_results: hasNext,
    page_count: result.count,
    total_results: result.totalCount,
    total_pages: result.totalPages,
    results: result.results,
  };
}
