import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { seedStandardDataset, type StandardDataset } from "./helpers/issue-fixtures.ts";

/**
 * What the web's offline local database (platform.md §1, §7, §9) asks of the server: the v2 sync of named items
 * (`issues=`, what a realtime event says changed), the instance default `LOCAL_DB_ENABLED`, and a CSP that lets the
 * worker compile SQLite's WebAssembly.
 */
let t: TestServer;
let off: TestServer;
let ws: WorkspaceFixture;
let pr: ProjectFixture;
let d: StandardDataset;

beforeAll(async () => {
  t = await startTestServer();
  off = await startTestServer({ localDbEnabled: false });
  ws = await workspaceFixture(t);
  pr = await projectFixture(t, ws);
  d = await seedStandardDataset({ t, ws, pr });
});
afterAll(async () => {
  await t?.close();
  await off?.close();
});

const v2 = (q: string) => ws.admin.get(`/api/v2/workspaces/${ws.slug}/projects/${pr.id}/issues/${q}`);

describe("GET v2 …/issues/?issues=a,b", () => {
  it("answers the named items still in the project's list, with descriptions", async () => {
    const res = await v2(
      `?issues=${d.I.Alpha},${d.I.Delta},${d.I.Archived},${d.I.Draft},${d.I.Epic},${d.I.Triaged},${d.I.Deleted}&description=true`,
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.results.map((i: { name: string }) => i.name).sort()).toEqual(["Alpha", "Delta"]);
    expect(res.body.total_results).toBe(2);
    expect(res.body.results[0].description_html).toBe("<p></p>");
  });

  it("refuses an empty or bad list of ids", async () => {
    expect((await v2("?issues=")).status).toBe(400);
    expect((await v2("?issues=nope")).status).toBe(400);
    // without the parameter: every item
    expect((await v2("")).body.total_results).toBe(5);
  });

  it("follows the viewer's rule: a guest without the project's full view gets only their own", async () => {
    await t.db.sql`UPDATE projects SET guest_view_all_features = false WHERE id = ${pr.id}`;
    try {
      const res = await ws.guest.get(
        `/api/v2/workspaces/${ws.slug}/projects/${pr.id}/issues/?issues=${d.I.Alpha},${d.I.Gamma}`,
      );
      expect(res.body.results.map((i: { name: string }) => i.name)).toEqual(["Gamma"]);
    } finally {
      await t.db.sql`UPDATE projects SET guest_view_all_features = true WHERE id = ${pr.id}`;
    }
  });
});

describe("catch-up (`updated_at__gt`) sees an item join or leave a cycle or a module", () => {
  /** The newest `updated_at` the sync has handed out (what the local database keeps as its cursor). */
  const cursor = async () => {
    const all = (await v2("?per_page=500")).body.results as { updated_at: string }[];
    return all
      .map((i) => i.updated_at)
      .sort((a, b) => Date.parse(a) - Date.parse(b))
      .at(-1)!;
  };
  const changedSince = async (since: string) =>
    ((await v2(`?updated_at__gt=${encodeURIComponent(since)}`)).body.results as { id: string }[]).map((i) => i.id);
  /** `change` must leave exactly `ids` read again by a catch-up from before it. */
  const seen = async (change: () => Promise<{ status: number; text: string }>, ids: string[]) => {
    const since = await cursor();
    const res = await change();
    expect(res.status, res.text).toBeLessThan(300);
    expect((await changedSince(since)).sort()).toEqual([...ids].sort());
  };

  it("by any of the calls that move it", async () => {
    const mod = (await ws.admin.post(`${pr.base}/modules/`, { name: "Sync module" })).body as { id: string };
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    const cyc = (
      await ws.admin.post(`${pr.base}/cycles/`, { name: "Sync cycle", start_date: day(-1), end_date: day(3) })
    ).body as { id: string };
    const { Alpha, Beta, Gamma } = d.I;
    await seen(() => ws.admin.patch(`${pr.base}/issues/${Alpha}/`, { module_ids: [mod.id] }), [Alpha]);
    await seen(() => ws.admin.post(`${pr.base}/modules/${mod.id}/issues/`, { issues: [Beta] }), [Beta]);
    await seen(() => ws.admin.delete(`${pr.base}/modules/${mod.id}/issues/${Beta}/`), [Beta]);
    await seen(() => ws.admin.post(`${pr.base}/issues/${Gamma}/modules/`, { modules: [mod.id] }), [Gamma]);
    await seen(() => ws.admin.patch(`${pr.base}/issues/${Alpha}/`, { cycle_id: cyc.id }), [Alpha]);
    await seen(
      () => ws.admin.post(`${pr.base}/cycles/${cyc.id}/cycle-issues/`, { issues: [Beta, Gamma] }),
      [Beta, Gamma],
    );
    await seen(() => ws.admin.delete(`${pr.base}/cycles/${cyc.id}/cycle-issues/${Beta}/`), [Beta]);
    await seen(
      () =>
        ws.admin.post(`${pr.base}/bulk-operation-issues/`, {
          issue_ids: [Beta],
          properties: { cycle_id: cyc.id, module_ids: [mod.id] },
        }),
      [Beta],
    );
    // nothing moves: nothing is read again
    await seen(() => ws.admin.patch(`${pr.base}/issues/${Alpha}/`, { module_ids: [mod.id] }), []);
    // a deleted module: its items leave it
    await seen(() => ws.admin.delete(`${pr.base}/modules/${mod.id}/`), [Alpha, Beta, Gamma]);
  });
});

describe("LOCAL_DB_ENABLED", () => {
  it("is on by default and told to the web app", async () => {
    expect((await t.anon().get("/api/instances/")).body.config.local_db_enabled).toBe(true);
  });
  it("0 turns the default off", async () => {
    expect((await off.anon().get("/api/instances/")).body.config.local_db_enabled).toBe(false);
  });
});

describe("the CSP", () => {
  it("lets WebAssembly compile, and nothing be eval'd", async () => {
    const csp = (await t.anon().get("/api/instances/")).headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self' 'wasm-unsafe-eval'(;|$)/);
    expect(csp).not.toMatch(/'unsafe-eval'/);
  });
});
