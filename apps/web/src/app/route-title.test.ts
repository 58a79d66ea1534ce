import { describe, expect, it } from "vitest";
import { isValidElement } from "react";
import { Navigate, type RouteObject } from "react-router";
import { QueryClient } from "@tanstack/react-query";
import { createRoutes } from "./router.tsx";
import { createLoaders } from "./loaders.ts";
import { routeTitleOf } from "./route-title.tsx";
import { documentTitle } from "../lib/page-title.ts";

/** Every route that shows a screen (a leaf that is not a redirect), with the chain of routes that lead to it. */
function screens(routes: RouteObject[], chain: RouteObject[] = []): { path: string; chain: RouteObject[] }[] {
  return routes.flatMap((r) => {
    const here = [...chain, r];
    if (r.children?.length) return screens(r.children, here);
    if (isValidElement(r.element) && r.element.type === Navigate) return [];
    return [
      {
        path: here
          .map((x) => x.path ?? (x.index ? "(index)" : ""))
          .filter(Boolean)
          .join("/"),
        chain: here,
      },
    ];
  });
}

describe("page titles (issue #27 point 13)", () => {
  const all = screens(createRoutes(createLoaders(new QueryClient())));

  it('every screen\'s route names it, so no page is titled only "Stride"', () => {
    expect(all.length).toBeGreaterThan(60);
    const untitled = all.filter((s) => !routeTitleOf(s.chain)).map((s) => s.path);
    expect(untitled).toEqual([]);
  });

  it("the deepest title wins; the document's title ends with the app's name", () => {
    expect(routeTitleOf([{ handle: { title: "Cycle" } }, { handle: undefined }])).toBe("Cycle");
    expect(routeTitleOf([{ handle: { title: "Settings" } }, { handle: { title: "Members · Settings" } }])).toBe(
      "Members · Settings",
    );
    expect(routeTitleOf([{}])).toBeNull();
    expect(documentTitle("Intake · Rocket")).toBe("Intake · Rocket · Stride");
    expect(documentTitle(null)).toBe("Stride");
  });

  it("the app's own top-level names (reserved workspace slugs) are not found, never a workspace", () => {
    for (const p of ["/god-mode/*", "/profile/*", "/settings/*", "/spaces/*"])
      expect(
        all.map((s) => s.path),
        p,
      ).toContain(p);
  });
});
