import { andFilterNodes, type FilterNode } from "./ast.ts";
import { parseLegacyFilters, type QueryParams } from "./legacy.ts";
import { parseRichFilters } from "./rich.ts";

/**
 * The filter of a saved view (work-tracking.md §3 View, Global view): its flat `filters` (lists per key, null when
 * not applied) ANDed with its `rich_filters` tree. A view's list is this filter ANDed with the request's own
 * filters, so the request can narrow a view but never widen it. Throws FilterError for values the list would refuse.
 */
export function savedViewFilter(
  filters: QueryParams | null | undefined,
  richFilters: unknown,
  today: string,
): FilterNode | null {
  return andFilterNodes(parseLegacyFilters(filters ?? {}, today), parseRichFilters(richFilters));
}

/** View access (wire-facts §7): 0 private (only the owner sees it), 1 public. */
export const VIEW_ACCESS = { private: 0, public: 1 } as const;

/** The four default global views (work-tracking.md §2) and the filter each applies for the viewer. */
export const DEFAULT_GLOBAL_VIEWS = ["all-issues", "assigned", "created", "subscribed"] as const;
export type DefaultGlobalView = (typeof DEFAULT_GLOBAL_VIEWS)[number];

export function isDefaultGlobalView(v: string): v is DefaultGlobalView {
  return (DEFAULT_GLOBAL_VIEWS as readonly string[]).includes(v);
}

/** The flat filters a default global view applies for `userId` (none for all-issues). */
export function defaultGlobalViewFilters(view: DefaultGlobalView, userId: string): Record<string, string[]> {
  switch (view) {
    case "all-issues":
      return {};
    case "assigned":
      return { assignees: [userId] };
    case "created":
      return { created_by: [userId] };
    case "subscribed":
      return { subscriber: [userId] };
  }
}
