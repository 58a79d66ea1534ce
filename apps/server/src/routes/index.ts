import type { RouteModule } from "../core/route.ts";

/**
 * Every resource folder exports one RouteModule from its index.ts; list it here.
 * Keep this list alphabetical so parallel additions do not collide.
 */
export const routeModules: RouteModule[] = [];
