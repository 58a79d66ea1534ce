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
