import type { ReactNode } from "react";
import { lazyChunk } from "../../components/lazy.tsx";

/**
 * The lazily loaded chunks of the app. Route loaders (app/loaders.ts) start a screen's chunk together
 * with its data, so the chunk is there when the screen renders and nothing suspends.
 */
/** The shells of the signed-in screens: the sign-in guard, the workspace's and a project's layouts. */
export const shellChunk = lazyChunk(() => import("./shell.ts"));
/** The work-item list screens (a project's, a cycle's, a module's, a view's). */
export const workItemsChunk = lazyChunk(() => import("./work-items.ts"));
/** The screens that have no chunk of their own (sign-in, onboarding, home, inbox, projects, views, pages, modules, …). */
export const screensChunk = lazyChunk(() => import("./screens.ts"));
/** Settings and profile screens. */
export const settingsChunk = lazyChunk(() => import("./settings.ts"));
/** Cycle screens: the cycles page, a cycle's header and progress (with its charts), archived cycles. */
export const cyclesChunk = lazyChunk(() => import("./cycles.ts"));
/** Analytics and people's profiles (with their charts). */
export const insightChunk = lazyChunk(() => import("./insight.ts"));
/** A project's updates and its worklog report. */
export const trackingChunk = lazyChunk(() => import("./tracking.ts"));
/** A page's screen (its collaborative editor: Tiptap, yjs, Hocuspocus). */
export const pagesChunk = lazyChunk(() => import("./pages.ts"));
/** Work-item detail (the full page and the peek view) and the list's layouts: declared in their features, which open them. */
export { workItemDetailChunk } from "../../features/work-item-detail/lazy.ts";
export { layoutChunks } from "../../features/work-items/layouts/lazy.ts";

/**
 * A route's `lazy`: its element comes from a chunk, which the router loads in parallel with the route's
 * loader (and which is there at once once loaded).
 */
export const fromChunk =
  <M>(chunk: { preload: () => Promise<M> }, render: (m: M) => ReactNode) =>
  async () => ({ element: render(await chunk.preload()) });
