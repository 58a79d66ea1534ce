/**
 * A list context's saved choices and what they ask the server for: pure functions shared by the list
 * screen (context.tsx) and the route loader that starts the list request at navigation (app/loaders.ts).
 */
import {
  DRAFT_HIDDEN_PROPERTIES,
  DRAFT_LAYOUTS,
  globalListPrefs,
  listPrefsFrom,
  type IssueLayout,
  type ListKind,
  type ListPrefs,
} from "@stride/shared";
import { TEAM_LISTS, type ListDesc, type ListSource } from "../../../api/work-items.ts";
import { buildListQuery, effectiveDisplay } from "./params.ts";

/**
 * `view`: a saved project view's work items (its filters are applied by the server too); `module`: a module's; `cycle`:
 * a cycle's; `team`: a teamspace's (across its projects); `team_view`: a team view's; `global_view`: a workspace view's
 * (default or custom, across the caller's projects); `profile`: a person's assigned / created / subscribed tab;
 * `workspace_drafts`: the caller's workspace drafts (their projects, or none yet).
 */
export type ContextKind = "project" | Exclude<ListSource, "issues">;

export type Prefs = ListPrefs;

const defaults = (): Prefs => listPrefsFrom(null);

/** Local-storage key of a context's choices (contexts without server user properties). */
export const localPrefsKey = (slug: string, pid: string, kind: ContextKind) =>
  `stride.work-items.${slug}.${pid}.${kind}`;

/** Saved user properties with the defaults filled in. */
export const prefsFrom = (p: Partial<Prefs>): Prefs => listPrefsFrom(p);

/**
 * What a context's choices ask the server for: the effective display, the list query and its cache
 * descriptor (ListProvider and the route loader, which starts the request at navigation, both use it).
 */
export function listView(
  slug: string,
  pid: string,
  kind: ContextKind,
  prefs: Prefs,
  extra: Record<string, string> | null,
  contextId?: string,
) {
  const source: ListSource = kind === "project" ? "issues" : kind;
  const sharedKind = sharedListKind(kind);
  const df = { ...prefs.display_filters };
  if (kind === "archived") df.layout = "list";
  // the drafts' layouts (list, board, spreadsheet: @stride/shared drafts.ts)
  if (kind === "workspace_drafts" && !DRAFT_LAYOUTS.includes(df.layout)) df.layout = "list";
  const display = effectiveDisplay(df, sharedKind);
  const query = buildListQuery(prefs.filters, display, { kind: sharedKind, extra: extra ?? undefined });
  const layout = String(display.layout ?? "list");
  const desc: ListDesc = {
    slug,
    pid: spansProjects(kind) ? TEAM_LISTS : pid,
    kind: source,
    layout,
    params: query.params,
    perPage: query.perPage,
    ...(contextId ? { contextId } : {}),
  };
  return { display, query, layout, desc, source };
}

/** The shared display rules' name of a context (work-tracking.md §4 rules depend on it). */
export function sharedListKind(kind: ContextKind): ListKind {
  return kind === "view" ? "project_view" : kind === "workspace_drafts" ? "draft" : kind;
}

/** Lists whose items come from several projects (a teamspace's, a workspace view's, a profile tab's). */
export const spansProjects = (kind: ContextKind): boolean =>
  kind === "team" ||
  kind === "team_view" ||
  kind === "global_view" ||
  kind === "profile" ||
  kind === "workspace_drafts";

/** A context's choices kept on this device (a profile tab's start as the workspace's lists do: newest first). */
export function readLocal(key: string, kind?: ContextKind): Prefs {
  let saved: Partial<Prefs> | null = null;
  try {
    const raw = localStorage.getItem(key);
    if (raw) saved = JSON.parse(raw) as Partial<Prefs>;
  } catch {
    /* unreadable local settings: use the defaults */
  }
  if (kind === "profile") return globalListPrefs(saved, "profile");
  if (kind === "workspace_drafts") return draftListPrefs(saved);
  return saved ? prefsFrom(saved) : defaults();
}

/**
 * The drafts list's choices: the list layout, newest first (as W/draft-issues/ answers; drafts are not ordered by
 * hand), and never the properties a draft has no value for (its key, sub-items, links, attachments).
 */
export function draftListPrefs(saved: Partial<Prefs> | null): Prefs {
  const prefs = globalListPrefs(saved, "draft");
  if (!DRAFT_LAYOUTS.includes(prefs.display_filters.layout as IssueLayout)) prefs.display_filters.layout = "list";
  for (const k of DRAFT_HIDDEN_PROPERTIES) prefs.display_properties[k] = false;
  return prefs;
}
