/**
 * A list context's saved choices and what they ask the server for: pure functions shared by the list
 * screen (context.tsx) and the route loader that starts the list request at navigation (app/loaders.ts).
 */
import { listPrefsFrom, type ListPrefs } from "@stride/shared";
import type { ListDesc, ListSource } from "../../../api/work-items.ts";
import { buildListQuery, effectiveDisplay } from "./params.ts";

/** `view`: a saved project view's work items (its filters are applied by the server too). */
export type ContextKind = "project" | "archived" | "epics" | "view";

export type Prefs = ListPrefs;

const defaults = (): Prefs => listPrefsFrom(null);

/** Local-storage key of a context's choices (contexts without server user properties). */
export const localPrefsKey = (slug: string, pid: string, kind: ContextKind) => `stride.work-items.${slug}.${pid}.${kind}`;

/** Saved user properties with the defaults filled in. */
export const prefsFrom = (p: Partial<Prefs>): Prefs => listPrefsFrom(p);

/**
 * What a context's choices ask the server for: the effective display, the list query and its cache
 * descriptor (ListProvider and the route loader, which starts the request at navigation, both use it).
 */
export function listView(slug: string, pid: string, kind: ContextKind, prefs: Prefs, extra: Record<string, string> | null, viewId?: string) {
  const source: ListSource = kind === "archived" ? "archived" : kind === "epics" ? "epics" : kind === "view" ? "view" : "issues";
  const sharedKind = kind === "epics" ? "epics" : kind === "archived" ? "archived" : kind === "view" ? "project_view" : "project";
  const df = { ...prefs.display_filters };
  if (kind === "archived") df.layout = "list";
  const display = effectiveDisplay(df, sharedKind);
  const query = buildListQuery(prefs.filters, display, { kind: sharedKind, extra: extra ?? undefined });
  const layout = String(display.layout ?? "list");
  const desc: ListDesc = { slug, pid, kind: source, layout, params: query.params, perPage: query.perPage, ...(viewId ? { viewId } : {}) };
  return { display, query, layout, desc, source };
}

export function readLocal(key: string): Prefs {
  try {
    const raw = localStorage.getItem(key);
    if (raw) {
      return prefsFrom(JSON.parse(raw) as Partial<Prefs>);
    }
  } catch {
    /* unreadable local settings: use the defaults */
  }
  return defaults();
}
