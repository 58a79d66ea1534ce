import type { RouteModule } from "../core/route.ts";
import { projectRoutes } from "./projects/index.ts";
import { stateRoutes } from "./states/index.ts";

/**
 * Every resource folder exports one RouteModule from its index.ts; list it here.
 * Keep this list alphabetical so parallel additions do not collide.
 */
export const routeModules: RouteModule[] = [
  projectRoutes,
  stateRoutes,
];
