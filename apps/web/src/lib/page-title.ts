import { useEffect } from "react";

/**
 * The document's title (issue #27 point 13): "<screen> · Stride". Every route names its screen (`handle.title` in
 * app/router.tsx, which app/route-title.tsx applies on each navigation, with the project's name inside a project),
 * and a screen with a name of its own (a work item's key, a cycle's or a view's name) says it with `usePageTitle`
 * while it is shown, over the route's.
 */
const APP = "Stride";
let routeTitle: string | null = null;
const screenTitles: { title: string }[] = [];

/** "<title> · Stride", or "Stride" alone for no title. */
export const documentTitle = (title: string | null | undefined): string => (title ? `${title} · ${APP}` : APP);

function apply(): void {
  if (typeof document === "undefined") return;
  document.title = documentTitle(screenTitles[screenTitles.length - 1]?.title ?? routeTitle);
}

/** The title of the route on screen (app/route-title.tsx). */
export function setRouteTitle(title: string | null): void {
  routeTitle = title;
  apply();
}

/** While the calling screen is shown, the document's title is `title` (no title yet: the route's). */
export function usePageTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (!title) return;
    const entry = { title };
    screenTitles.push(entry);
    apply();
    return () => {
      const i = screenTitles.indexOf(entry);
      if (i >= 0) screenTitles.splice(i, 1);
      apply();
    };
  }, [title]);
}
