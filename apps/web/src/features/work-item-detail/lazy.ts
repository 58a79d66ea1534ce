import { lazyChunk } from "../../components/lazy.tsx";

/**
 * Work-item detail, one lazily loaded chunk (chunk.ts): the full page and the peek view. Declared in its feature
 * so that the screens that open it (the list's peek, the inbox) need nothing of app/; the route loaders
 * (app/loaders.ts, through app/chunks/) start it at navigation.
 */
export const workItemDetailChunk = lazyChunk(() => import("./chunk.ts"));
