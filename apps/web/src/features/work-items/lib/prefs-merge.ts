/** A change of a list context's choices, and the choices after it (the §4 display rules applied). */
import { updateDisplayFilters, type DisplayFilters, type DisplayProperties, type IssueFilters } from "@stride/shared";
import { sharedListKind, type ContextKind, type Prefs } from "./list-view.ts";

export interface PrefsPatch {
  filters?: Partial<IssueFilters>;
  display_filters?: Partial<DisplayFilters>;
  display_properties?: Partial<DisplayProperties>;
}

/** A context's choices after a change (the §4 display rules applied), and the display filters when they changed. */
export function mergePrefs(
  prefs: Prefs,
  p: PrefsPatch,
  kind: ContextKind,
): { next: Prefs; df: DisplayFilters | undefined } {
  const df = p.display_filters
    ? (updateDisplayFilters(prefs.display_filters, p.display_filters, { kind: sharedListKind(kind) }) as DisplayFilters)
    : undefined;
  return {
    next: {
      filters: { ...prefs.filters, ...p.filters },
      display_filters: df ?? prefs.display_filters,
      display_properties: { ...prefs.display_properties, ...p.display_properties },
    },
    df,
  };
}
