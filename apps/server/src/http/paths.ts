import type { FastifyRequest } from "fastify";

/** Path prefixes (wire-facts §0): W = workspace, P = project. Every work-item path exists for issues/ and epics/. */
export const W = "/api/workspaces/:slug";
export const P = `${W}/projects/:projectId`;

/** `P/issues/:issueId/<suffix>` and `P/epics/:issueId/<suffix>`. */
export function itemUrls(suffix = ""): string[] {
  return [`${P}/issues/:issueId/${suffix}`, `${P}/epics/:issueId/${suffix}`];
}

/** True when the request came in through an `epics/` path. */
export function isEpicPath(ctx: { req: FastifyRequest }): boolean {
  const url = ctx.req.routeOptions?.url ?? ctx.req.url;
  return /\/epics\//.test(url);
}
