import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import net from "node:net";
import type { TestProject } from "vitest/node";
import { request } from "playwright-core";
import { E2E_REPOS_DIR } from "./git-repo.ts";
import { ensureInstance } from "./instance.ts";
import { buildWebApp } from "../../../../scripts/build-web.ts";

/**
 * Browser tests run against the real thing: the web app is built, the server starts from source with
 * its own embedded PostgreSQL in a throwaway data folder (or DATABASE_URL), and Debian's chromium is
 * installed if missing.
 */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

export function ensureChromium(): string {
  const candidates = ["/usr/bin/chromium", "/usr/bin/chromium-browser"];
  let found = candidates.find((c) => fs.existsSync(c));
  if (!found) {
    spawnSync("apt-get", ["update"], { stdio: "inherit" });
    spawnSync("apt-get", ["install", "-y", "--no-install-recommends", "chromium"], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    found = candidates.find((c) => fs.existsSync(c));
  }
  if (!found) throw new Error("chromium is not installed and could not be installed with apt-get");
  return found;
}

/** Sandboxed agent runs need bubblewrap (Debian's `bubblewrap`): installed like the browser when missing. */
export function ensureBubblewrap(): void {
  if (fs.existsSync("/usr/bin/bwrap")) return;
  spawnSync("apt-get", ["install", "-y", "--no-install-recommends", "bubblewrap"], {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  if (!fs.existsSync("/usr/bin/bwrap")) {
    spawnSync("apt-get", ["update"], { stdio: "inherit" });
    spawnSync("apt-get", ["install", "-y", "--no-install-recommends", "bubblewrap"], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  }
  if (!fs.existsSync("/usr/bin/bwrap"))
    throw new Error("bubblewrap is not installed and could not be installed with apt-get");
}

interface Started {
  baseUrl: string;
  chromiumPath: string;
  stop: () => Promise<void>;
}
/**
 * The browser tests are two projects (vitest.config.ts: the files that run two at a time, then those that change
 * instance-wide settings, alone) on one server: the first project's setup starts it, the last teardown stops it.
 */
const shared = globalThis as { strideE2e?: { started: Promise<Started>; users: number } };

export default async function setup(project: TestProject) {
  shared.strideE2e ??= { started: start(project), users: 0 };
  const run = shared.strideE2e;
  run.users += 1;
  const { baseUrl, chromiumPath } = await run.started;
  project.provide("baseUrl", baseUrl);
  project.provide("chromiumPath", chromiumPath);
  return async () => {
    run.users -= 1;
    if (run.users > 0) return;
    delete shared.strideE2e;
    await (await run.started).stop();
  };
}

async function start(project: TestProject): Promise<Started> {
  const root = path.resolve(import.meta.dirname, "../../../..");
  const seed = project.config.env?.E2E_SEED;
  console.log(
    seed && seed !== "off"
      ? `e2e: the tests of each file run in a shuffled order, seed ${seed} (E2E_SEED=${seed} repeats it, E2E_SEED=off keeps the written order)`
      : "e2e: the tests of each file run in their written order (E2E_SEED=off)",
  );
  const chromium = ensureChromium();
  ensureBubblewrap();
  if (!process.env.E2E_SKIP_BUILD) {
    if (!buildWebApp(root)) throw new Error("web build failed");
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "stride-e2e-"));
  const port = await freePort();
  const pgPort = await freePort();
  const server = spawn(process.execPath, ["--import", "tsx", path.join(root, "apps/server/src/main.ts")], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      WEB_DIST: path.join(root, "apps/web/dist"),
      AUTH_RATE_LIMIT_PER_MINUTE: "1000",
      OUTBOUND_ALLOW_PRIVATE: "1",
      SCREEN_DATA_BUDGET_MS: "20000",
      SANDBOX_LOCAL_REPOSITORIES: E2E_REPOS_DIR,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("server did not start:\n" + output)), 90000);
    const onData = (d: Buffer) => {
      output += d.toString();
      if (output.includes("Stride is running at")) {
        clearTimeout(timer);
        resolve();
      }
    };
    server.stdout!.on("data", onData);
    server.stderr!.on("data", onData);
    server.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}):\n${output}`));
    });
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  // the instance is set up once, here: files running side by side would race to set it up
  const req = await request.newContext({ baseURL: baseUrl });
  await ensureInstance(req);
  await req.dispose();
  return {
    baseUrl,
    chromiumPath: chromium,
    stop: async () => {
      if (server.exitCode === null) {
        server.kill("SIGTERM");
        await new Promise((r) => server.once("exit", r));
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    chromiumPath: string;
  }
}
