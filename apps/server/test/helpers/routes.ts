import crypto from "node:crypto";
import { registeredRoutes, type RegisteredRoute } from "../../src/http/route.ts";
import type { RoleWorld } from "./fixtures.ts";

/** Every registered endpoint once (each method × url, aliases included), for tests that call all of them. */
export function everyRoute(): RegisteredRoute[] {
  const seen = new Set<string>();
  return registeredRoutes.filter((r) => {
    const key = `${r.method} ${r.url}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * A route's URL with the world's workspace and project, a random UUID for other ids, `ABC-1` for a work-item
 * key and `x` elsewhere; `override` replaces named params with raw (already encoded) text.
 */
export function concretePath(url: string, world: RoleWorld, override: Record<string, string> = {}): string {
  return url.replace(/:([A-Za-z_]+)/g, (_m, name: string) => {
    if (name in override) return override[name];
    if (name === "slug") return world.ws.slug;
    if (name === "projectId") return world.project.id;
    if (name === "key") return "ABC-1";
    return /id$|Id$/.test(name) ? crypto.randomUUID() : "x";
  });
}
