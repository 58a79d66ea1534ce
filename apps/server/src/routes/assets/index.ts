import type { RouteModule } from "../../http/route.ts";
import { registerReceiver } from "./receiver.ts";
import { registerExternalImages } from "./external.ts";
import { registerDownloads } from "./downloads.ts";
import { registerUserAssets } from "./user-assets.ts";
import { registerWorkspaceAssets } from "./workspace-assets.ts";
import { registerProjectAssets } from "./project-assets.ts";
import { registerAttachments } from "./attachments.ts";

/**
 * Assets v2 (wire-facts §10, platform.md §7): upload slots, receiver, mark uploaded, delete/restore, bulk, check,
 * downloads; issue attachments; stock covers and Unsplash. Each responsibility lives in its own file; every route
 * authorizes through `access.ts` (the rules of the entity an asset belongs to), and what a file is and how it is
 * served is decided in `storage/content-type.ts`.
 */
export const assetRoutes: RouteModule = (fastify, app) => {
  registerReceiver(fastify, app);
  registerExternalImages(fastify, app);
  registerDownloads(fastify, app);
  registerUserAssets(fastify, app);
  registerWorkspaceAssets(fastify, app);
  registerProjectAssets(fastify, app);
  registerAttachments(fastify, app);
};
