import { lazyChunk } from "../lazy.tsx";

/**
 * The lazily loaded chunks of the app. Route loaders (app/loaders.ts) start a screen's chunk together
 * with its data, so the chunk is there when the screen renders and nothing suspends.
 */
/** Settings and profile screens. */
export const settingsChunk = lazyChunk(() => import("./settings.ts"));
/** Work-item detail: the full page and the peek view. */
export const workItemDetailChunk = lazyChunk(() => import("./work-item-detail.ts"));
