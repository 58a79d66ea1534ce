import { afterEach, describe, expect, it, vi } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import { itemStore } from "./work-item-store.ts";
import { workItemDetailQuery } from "./work-items-detail.ts";
import { workItemPartQueries } from "./work-items-parts.ts";
import { item } from "./work-items-test-data.ts";

/** A pending work item (made offline, a temporary `local-` id) opens from the item store; the server is never asked. */
describe("a pending item's detail", () => {
  const fetchSpy = vi.fn(() => Promise.reject(new Error("no server")));
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchSpy.mockClear();
  });

  it("is its record in the store, with its parts empty, and asks nothing of the server", async () => {
    vi.stubGlobal("fetch", fetchSpy);
    const qc = new QueryClient();
    const pending = { ...item({ name: "Made on the train" }), id: "local-1234" };
    itemStore(qc).put([pending]);
    const detail = await qc.fetchQuery(workItemDetailQuery("w", "p", pending.id));
    expect(detail).toMatchObject({ id: pending.id, name: "Made on the train", description_html: "", tasks: [] });
    const parts = await Promise.all(workItemPartQueries("w", "p", pending.id).map((q) => qc.fetchQuery(q as never)));
    expect(parts[0]).toEqual([]);
    expect(parts[1]).toEqual([]);
    expect(parts[2]).toEqual({ sub_issues: [], state_distribution: {} });
    expect(Object.values(parts[3] as Record<string, unknown[]>).every((xs) => xs.length === 0)).toBe(true);
    expect(parts[4]).toEqual([]);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("waits for the list that brings its record (a reload opening its peek)", async () => {
    vi.stubGlobal("fetch", fetchSpy);
    const qc = new QueryClient();
    const pending = { ...item(), id: "local-5678" };
    const opening = qc.fetchQuery(workItemDetailQuery("w", "p", pending.id));
    itemStore(qc).put([pending]);
    expect((await opening).id).toBe(pending.id);
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
