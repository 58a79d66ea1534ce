import { useEffect } from "react";
import { Outlet, useMatches } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { projectQuery } from "../api/projects.ts";
import { setRouteTitle } from "../lib/page-title.ts";

/** What a route says about itself (`handle` in app/router.tsx): the name of its screen, for the document's title. */
export interface RouteHandle {
  title: string;
}

/** The title of the deepest matched route that names one. Exported for tests. */
export function routeTitleOf(matches: readonly { handle?: unknown }[]): string | null {
  for (let i = matches.length - 1; i >= 0; i--) {
    const t = (matches[i].handle as Partial<RouteHandle> | undefined)?.title;
    if (t) return t;
  }
  return null;
}

/**
 * The app's root: sets the document's title from the matched routes on every navigation (lib/page-title.ts), with the
 * project's name inside a project once the project shell has it (read from the cache, never asked for here).
 */
export function RouteTitleRoot() {
  const matches = useMatches();
  const title = routeTitleOf(matches);
  const params = matches[matches.length - 1]?.params ?? {};
  const project = useQuery({ ...projectQuery(params.workspaceSlug ?? "", params.projectId ?? ""), enabled: false });
  const name = params.projectId ? project.data?.name : undefined;
  useEffect(() => setRouteTitle(title && name ? `${title} · ${name}` : title), [title, name]);
  return <Outlet />;
}
