/**
 * Route loaders: every request a screen needs starts at navigation, in parallel, into the TanStack Query
 * cache, with the same query options (key + fetch) the screen's hooks use, so the screen finds its data
 * in flight (or there) instead of asking in rounds as its shells render (workspace, then project, then
 * page). A request waits for another one's answer only when it needs a value from it: the work item
 * behind `IDENT-seq` (its id and project come back from the lookup; the project also from the projects
 * list), a list page (the saved display filters decide what to ask), a project's feature lists.
 *
 * Loaders never wait for data, so the app renders at once with its own loading states. The router loads
 * each screen's chunk (route `lazy`) in parallel with them; the peek view, which is not a route, has its
 * chunk awaited by the list's loader, so it never suspends (a suspended screen is revealed at the earliest
 * 300 ms later by React). The rich-text editor's chunk is not started here: the detail shows the text until
 * the editor, loaded at the first idle moment after the detail renders, is there (evaluated at navigation,
 * or while the screen renders, it measured slower: it held the main thread when the answers came back).
 *
 * Order matters: over HTTP/1.1 a browser sends six requests at a time per origin. The requests of all the
 * matched loaders are gathered and sent in one go, first those another request waits for (the lookup by key,
 * the saved list choices), then what the screen shows, last what it does not wait for (profile, sidebar
 * lists, which also ask at low fetch priority).
 */
import type { QueryClient } from "@tanstack/react-query";
import type { ShouldRevalidateFunctionArgs } from "react-router";
import { createCtx } from "./loader-parts.ts";
import { projectLoaders } from "./loaders-project.ts";
import { workspaceLoaders } from "./loaders-workspace.ts";

const all = { ...workspaceLoaders, ...projectLoaders };

/** Every route loader, sharing one request queue on `qc`. */
export function createLoaders(qc: QueryClient) {
  const ctx = createCtx(qc);
  return Object.fromEntries(Object.entries(all).map(([name, make]) => [name, make(ctx)])) as {
    [K in keyof typeof all]: ReturnType<(typeof all)[K]>;
  };
}

export type Loaders = ReturnType<typeof createLoaders>;

/**
 * Loaders only start requests, so running one again matters only when what it asks for changes: the route's
 * own path params, or (list screens) the item shown in the peek view. By default every matched loader
 * reruns on any search-param change.
 */
export function revalidateOn(params: string[], search: string[] = []) {
  return ({ currentParams, nextParams, currentUrl, nextUrl }: ShouldRevalidateFunctionArgs): boolean =>
    params.some((k) => currentParams[k] !== nextParams[k]) ||
    search.some((k) => currentUrl.searchParams.get(k) !== nextUrl.searchParams.get(k));
}
