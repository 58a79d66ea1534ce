import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { setupInstance, type AdminSetup } from "./auth-helpers.ts";
import { startStride, type Stride } from "../src/boot.ts";
import { createLogger } from "../src/core/log.ts";
import { MARKER_DIR } from "../src/core/instance-registry.ts";

/**
 * The instances registry (core/instance-registry.ts): whole Strides (startStride) on one database, each recording
 * itself; on local storage each finds out whether it sees the others' uploads folder, says so in its log at
 * `error`, and god-mode lists them (`GET /api/instances/servers/`).
 */
let t: TestServer;
let root: AdminSetup;
const running: Stride[] = [];
const dirs: string[] = [];
beforeAll(async () => {
  t = await startTestServer();
  root = await setupInstance(t);
});
afterAll(async () => {
  for (const s of running) await s.close().catch(() => {});
  await t?.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

function dataDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), "stride-inst-"));
  dirs.push(d);
  return d;
}

/** A Stride on the test's database with its own log captured. */
async function instance(dir: string): Promise<{ stride: Stride; log: Record<string, unknown>[] }> {
  const log: Record<string, unknown>[] = [];
  const logger = createLogger("warn", {
    write: (line) => {
      log.push(JSON.parse(line) as Record<string, unknown>);
    },
  });
  const stride = await startStride(
    {
      databaseUrl: t.dbUrl,
      dataDir: dir,
      port: 0,
      host: "127.0.0.1",
      runWorkers: false,
      secretKey: "test-secret-key",
      heartbeatMs: 60_000,
    },
    () => {},
    { logger },
  );
  running.push(stride);
  return { stride, log };
}

const unsharedErrors = (log: Record<string, unknown>[]) =>
  log
    .filter((l) => l.level === "error" && String(l.msg).startsWith("Local storage is not shared"))
    .map((l) => l.other_instance);

interface Listed {
  id: string;
  status: string;
  storage: string;
  version: string;
  unshared_with: string[];
  uploads_dir: string | null;
}
async function listed(): Promise<Map<string, Listed>> {
  const res = await root.admin.get("/api/instances/servers/");
  expect(res.status).toBe(200);
  return new Map((res.body as Listed[]).map((r) => [r.id, r]));
}

describe("instances on local storage", () => {
  it("two on separate uploads folders each say so; one on a shared folder does not; a stopped one is no longer counted", async () => {
    const dirA = dataDir();
    const a = await instance(dirA);
    expect(fs.existsSync(path.join(dirA, "uploads", MARKER_DIR, a.stride.registry.id))).toBe(true);
    expect(await a.stride.registry.beat()).toEqual([]);

    // B keeps its uploads elsewhere: it says so at start, A at its next beat
    const b = await instance(dataDir());
    const idA = a.stride.registry.id;
    const idB = b.stride.registry.id;
    expect(unsharedErrors(b.log)).toEqual([idA]);
    expect(String(b.log.find((l) => l.level === "error")?.msg)).toContain(
      "Give every instance the same uploads folder (a shared DATA_DIR or network mount) or use STORAGE=s3.",
    );
    expect(await a.stride.registry.beat()).toEqual([idB]);
    expect(unsharedErrors(a.log)).toEqual([idB]);
    // said once per other instance, not at every beat
    await a.stride.registry.beat();
    expect(unsharedErrors(a.log)).toEqual([idB]);

    let rows = await listed();
    expect(rows.get(idA)).toMatchObject({
      status: "running",
      storage: "local",
      uploads_dir: path.join(dirA, "uploads"),
      unshared_with: [idB],
    });
    expect(rows.get(idB)).toMatchObject({ status: "running", unshared_with: [idA] });
    expect(rows.get(idA)!.version).toMatch(/^\d+\.\d+\.\d+/);

    // C shares A's data folder: it sees A, not B
    const c = await instance(dirA);
    const idC = c.stride.registry.id;
    expect(unsharedErrors(c.log)).toEqual([idB]);
    expect(await a.stride.registry.beat()).toEqual([idB]);

    // B stops cleanly: its row says so, its marker is gone, and nobody counts it any more
    await b.stride.close();
    running.splice(running.indexOf(b.stride), 1);
    expect(await a.stride.registry.beat()).toEqual([]);
    expect(await c.stride.registry.beat()).toEqual([]);
    rows = await listed();
    expect(rows.get(idB)).toMatchObject({ status: "stopped", unshared_with: [] });
    expect(rows.get(idA)).toMatchObject({ status: "running", unshared_with: [] });
    expect(rows.get(idC)).toMatchObject({ status: "running", unshared_with: [] });
  });

  it("god-mode's list is for instance admins only", async () => {
    const user = await t.user();
    expect((await user.get("/api/instances/servers/")).status).toBe(401);
    expect((await t.anon().get("/api/instances/servers/")).status).toBe(401);
  });
});
