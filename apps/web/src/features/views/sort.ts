import type { IssueView } from "../../api/views.ts";

/** Orders of a view list (work-tracking §3: views sort by name, created_at, updated_at). */
export type ViewSort = "name" | "created_at" | "-created_at" | "-updated_at";

/** Favourites first, then by the chosen order (names compared as people read them). */
export function sortViews<V extends Pick<IssueView, "name" | "created_at" | "updated_at" | "is_favorite">>(
  views: readonly V[],
  sort: ViewSort,
): V[] {
  const by = (a: V, b: V): number => {
    switch (sort) {
      case "name":
        return a.name.localeCompare(b.name, undefined, { sensitivity: "base", numeric: true });
      case "created_at":
        return String(a.created_at).localeCompare(String(b.created_at));
      case "-created_at":
        return String(b.created_at).localeCompare(String(a.created_at));
      case "-updated_at":
        return String(b.updated_at).localeCompare(String(a.updated_at));
    }
  };
  return [...views].sort((a, b) => Number(b.is_favorite) - Number(a.is_favorite) || by(a, b));
}
