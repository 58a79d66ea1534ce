import fs from "node:fs";
import inspector from "node:inspector/promises";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";

let t: TestServer; let ws: WorkspaceFixture; let pr: ProjectFixture;
beforeAll(async () => { t = await startTestServer(); ws = await workspaceFixture(t); pr = await projectFixture(t, ws); });
afterAll(async () => { await t?.close(); });

it("profiles", async () => {
  const ids: string[] = [];
  const create = async (i: number) => { const r = await ws.admin.post(`${pr.base}/issues/`, { name: `P ${i}`, priority: "low" }); expect(r.status).toBe(201); ids.push(r.body.id); };
  const patch = async (i: number) => { const r = await ws.admin.patch(`${pr.base}/issues/${ids[i % ids.length]}/`, { name: `P ${i} e`, priority: i % 2 ? "high" : "medium" }); expect(r.status).toBe(204); };
  for (let i = 0; i < 50; i++) await create(i);
  for (let i = 0; i < 50; i++) await patch(i);
  const s = new inspector.Session(); s.connect();
  await s.post("Profiler.enable"); await s.post("Profiler.setSamplingInterval", { interval: 100 });
  for (const [kind, fn] of [["create", create], ["patch", patch]] as const) {
    await s.post("Profiler.start");
    const t0 = performance.now();
    for (let i = 0; i < 400; i++) await fn(1000 + i);
    const ms = performance.now() - t0;
    const { profile } = await s.post("Profiler.stop");
    fs.writeFileSync(`/tmp/w13prof/${process.env.PROF_TAG ?? "x"}-${kind}.cpuprofile`, JSON.stringify(profile));
    console.log(`PROF ${kind}: ${(ms / 400).toFixed(2)} ms per request (client in-process)`);
  }
}, 300000);
