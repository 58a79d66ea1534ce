import { describe, expect, expectTypeOf, it } from "vitest";
import type { WorkItemDetail } from "../contract/index.ts";
import { endpointUrl, type ResponseOf } from "./endpoint.ts";
import { labelEndpoints } from "./labels.ts";
import { ofKind, onEpics } from "./work-item-kinds.ts";
import { workItemEndpoints as WI } from "./work-items.ts";

describe("a work-item endpoint on its epics/ path", () => {
  it("keeps the method, params and answer and changes only the kind's segment", () => {
    const e = onEpics(WI.archive);
    expect(e).toEqual({ method: "POST", path: "/api/workspaces/:slug/projects/:projectId/epics/:issueId/archive/" });
    expectTypeOf(e.path).toEqualTypeOf<"/api/workspaces/:slug/projects/:projectId/epics/:issueId/archive/">();
    expect(endpointUrl(e.path, { slug: "acme", projectId: "p", issueId: "i" })).toBe(
      "/api/workspaces/acme/projects/p/epics/i/archive/",
    );
    expect(onEpics(WI.create).path).toBe("/api/workspaces/:slug/projects/:projectId/epics/");
  });

  it("picks the path by the item's kind", () => {
    expect(ofKind(WI.get, "issues")).toBe(WI.get);
    expect(ofKind(WI.get, "epics").path).toBe("/api/workspaces/:slug/projects/:projectId/epics/:issueId/");
    expectTypeOf<ResponseOf<ReturnType<typeof ofKind<typeof WI.get>>>>().toEqualTypeOf<WorkItemDetail>();
  });

  it("refuses an endpoint that is not a work item's", () => {
    expect(() => onEpics(labelEndpoints.list)).toThrow(/not a work-item path/);
  });
});
