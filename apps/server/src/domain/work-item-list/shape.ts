/**
 * A page of the list engine (engine.ts) shaped for the wire: flat, or its items placed in their groups and
 * sub-groups (wire-facts §6.1) with every group's total, in display order; and the list envelope (wire-facts §0).
 * The shaping itself is packages/shared's (shapeFlatPage, shapeGroupedPage, listPageEnvelope), which the web's local
 * database runs too, so a local answer is shaped by the same rules.
 */
import { listPageEnvelope, shapeFlatPage, shapeGroupedPage } from "@stride/shared";
import type { ListEnvelope } from "@stride/shared/contract";
import type { PageRequest } from "../../http/pagination.ts";
import { groupDim } from "./dims.ts";
import { JsonText } from "./json-text.ts";
import type { BuiltQuery, Item, ListRequest, ListResult, PageRows } from "./types.ts";

export function shapeResult<T extends object = Item>(
  req: ListRequest,
  built: BuiltQuery,
  page: PageRows<T>,
): ListResult<T> {
  const { meta, items } = page;
  if (!built.grouped) return shapeFlatPage(req.page, meta.total ?? 0, items) as ListResult<T>;
  const groupBy = req.groupBy!;
  const subGroupBy = req.subGroupBy ?? null;
  const gDim = groupDim(groupBy);
  const sgDim = subGroupBy ? groupDim(subGroupBy) : null;
  const r = shapeGroupedPage<T>({
    groupBy,
    subGroupBy,
    multi: gDim.multi,
    subMulti: !!sgDim?.multi,
    page: req.page,
    totals: meta.totals ?? [],
    prefill: meta.pre_g ?? null,
    subPrefill: meta.pre_sg ?? null,
    items,
    groupKeys: page.groupKeys,
    subGroupKeys: page.subGroupKeys,
    // the raw key of multi-valued groupings (e.g. labels__id); an item's JSON text carries it already (readRowsJson)
    tag: (it, field, raw) => {
      if (!(it instanceof JsonText)) (it as Record<string, unknown>)[field] = raw;
    },
  });
  return r as ListResult<T>;
}

/** The wire envelope (wire-facts §0) of a list result. */
export function listEnvelope<T = Item>(page: PageRequest, r: ListResult<T>): ListEnvelope<T> {
  return listPageEnvelope(page, r) as ListEnvelope<T>;
}
