import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listCacheOf, type ListCache } from "../src/domain/work-item-list/index.ts";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { createItem } from "./helpers/work-items.ts";

/**
 * Every module write that changes what a cached list shows (P/issues/ grouped by module, P/modules/{id}/issues/)
 * makes the next response fresh: byte-identical to the uncached engine and different from before.
 */
let t: TestServer;
let ws: WorkspaceFixture;
let pr: ProjectFixture;
let cache: ListCache;

beforeAll(async () => {
  t = await startTestServer();
  ws = await workspaceFixture(t);
  pr = await projectFixture(t, ws);
  cache = listCacheOf(t.app);
});
afterAll(async () => {
  await t?.close();
});

async function uncached(url: string) {
  cache.enabled = false;
  try {
    return await ws.admin.get(url);
  } finally {
    cache.enabled = true;
  }
}

async function expectInvalidated(url: string, write: () => Promise<{ status: number }>, status: number) {
  const first = await ws.admin.get(url);
  expect(first.status).toBe(200);
  const hits = cache.hits;
  expect((await ws.admin.get(url)).text).toBe(first.text);
  expect(cache.hits).toBe(hits + 1);
  expect((await write()).status).toBe(status);
  const after = await ws.admin.get(url);
  expect(after.text).toBe((await uncached(url)).text);
  expect(after.text).not.toBe(first.text);
  return after.body;
}

const BY_MODULE = () => `${pr.base}/issues/?group_by=issue_module__module_id&per_page=50`;
let n = 0;
const mk = async (body: Record<string, unknown> = {}) =>
  (await ws.admin.post(`${pr.base}/modules/`, { name: `Cache ${++n}`, ...body })).body as { id: string; name: string };

describe("list cache: module writes", () => {
  it("create, rename, archive, restore and delete a module", async () => {
    await createItem(ws, pr);
    let m = { id: "", name: "" };
    let body = await expectInvalidated(
      BY_MODULE(),
      async () => {
        const r = await ws.admin.post(`${pr.base}/modules/`, { name: "Aardvark", status: "completed" });
        m = r.body;
        return r;
      },
      201,
    );
    expect(Object.keys(body.results)).toContain(m.id);
    const item = await createItem(ws, pr, { module_ids: [m.id] });
    await mk({ name: "Middle" });
    body = await expectInvalidated(
      BY_MODULE(),
      () => ws.admin.patch(`${pr.base}/modules/${m.id}/`, { name: "Zebra" }),
      200,
    );
    expect(Object.keys(body.results).at(-2)).toBe(m.id);
    body = await expectInvalidated(BY_MODULE(), () => ws.admin.post(`${pr.base}/modules/${m.id}/archive/`), 200);
    expect(Object.keys(body.results)).not.toContain(m.id);
    body = await expectInvalidated(BY_MODULE(), () => ws.admin.delete(`${pr.base}/modules/${m.id}/archive/`), 204);
    expect(body.results[m.id].results.map((r: { id: string }) => r.id)).toEqual([item.id]);
    body = await expectInvalidated(BY_MODULE(), () => ws.admin.delete(`${pr.base}/modules/${m.id}/`), 204);
    expect(Object.keys(body.results)).not.toContain(m.id);
  });

  it("items joining and leaving: module issues POST/DELETE, P/issues/{id}/modules/, work-item patch and bulk", async () => {
    const m = await mk();
    const m2 = await mk();
    const a = await createItem(ws, pr);
    const url = `${pr.base}/modules/${m.id}/issues/?per_page=50`;
    let body = await expectInvalidated(
      url,
      () => ws.admin.post(`${pr.base}/modules/${m.id}/issues/`, { issues: [a.id] }),
      201,
    );
    expect(body.results.map((r: { id: string }) => r.id)).toEqual([a.id]);
    body = await expectInvalidated(url, () => ws.admin.delete(`${pr.base}/modules/${m.id}/issues/${a.id}/`), 204);
    expect(body.results).toEqual([]);
    body = await expectInvalidated(
      url,
      () => ws.admin.post(`${pr.base}/issues/${a.id}/modules/`, { modules: [m.id, m2.id] }),
      201,
    );
    expect(body.results[0].module_ids.sort()).toEqual([m.id, m2.id].sort());
    body = await expectInvalidated(
      url,
      () => ws.admin.patch(`${pr.base}/issues/${a.id}/`, { module_ids: [m.id] }),
      204,
    );
    expect(body.results[0].module_ids).toEqual([m.id]);
    const b = await createItem(ws, pr);
    body = await expectInvalidated(
      url,
      () =>
        ws.admin.post(`${pr.base}/bulk-operation-issues/`, { issue_ids: [b.id], properties: { module_ids: [m.id] } }),
      204,
    );
    expect(body.results).toHaveLength(2);
    body = await expectInvalidated(
      BY_MODULE(),
      () => ws.admin.post(`${pr.base}/issues/${b.id}/modules/`, { removed_modules: [m.id] }),
      201,
    );
    expect(body.results[m.id].results.map((r: { id: string }) => r.id)).toEqual([a.id]);
  });
});
