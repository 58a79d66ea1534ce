import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "./helpers/stride.ts";

/**
 * The server as `npm run dev` runs it (tsx, src/main.ts) in a child process of its own process group, as a
 * terminal runs it: a bad setting stops the start with one sentence, and Ctrl-C (SIGINT to the whole group, the
 * embedded PostgreSQL included) stops everything in order with no error line.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const children: ChildProcess[] = [];
const dirs: string[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) process.kill(-c.pid!, "SIGKILL");
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

interface Run {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

/** Start src/main.ts with exactly `env` (plus PATH and HOME), in its own process group. */
function startServer(env: Record<string, string>): Run {
  const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: process.env.HOME ?? os.tmpdir(), ...env },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let out = "";
  let err = "";
  child.stdout!.setEncoding("utf8").on("data", (d: string) => {
    out += d;
  });
  child.stderr!.setEncoding("utf8").on("data", (d: string) => {
    err += d;
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, stdout: () => out, stderr: () => err, exited };
}

async function until(check: () => boolean, what: string, ms = 90_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const lines = (text: string) =>
  text
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe("start-up with a bad setting", () => {
  it("PORT=abc stops the start with one sentence naming the variable, exit code 1", async () => {
    const run = startServer({ PORT: "abc" });
    expect(await run.exited).toBe(1);
    const logged = lines(run.stdout());
    expect(logged.map((l) => [l.level, l.msg])).toEqual([
      ["fatal", 'Stride could not start: PORT must be a whole number from 1 to 65535 (it is "abc").'],
    ]);
    expect(run.stderr()).toBe("");
  });

  it("an unknown STORAGE driver is refused the same way", async () => {
    const run = startServer({ STORAGE: "ftp" });
    expect(await run.exited).toBe(1);
    expect(lines(run.stdout())[0].msg).toBe('Stride could not start: STORAGE must be one of local, s3 (it is "ftp").');
  });
});

describe("Ctrl-C", () => {
  it("stops HTTP, workers, the database pool and the embedded PostgreSQL in order: exit 0, JSON lines only, no error", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "stride-proc-"));
    dirs.push(dataDir);
    const port = await freePort();
    const pgPort = await freePort();
    const run = startServer({
      DATA_DIR: dataDir,
      PORT: String(port),
      EMBEDDED_PG_PORT: String(pgPort),
      HOST: "127.0.0.1",
      SECRET_KEY: "process-test",
      JOB_CONCURRENCY: "2",
    });
    await until(
      () => run.stdout().includes("Stride is running at") || run.child.exitCode !== null,
      "the start",
      120_000,
    );
    expect(run.child.exitCode).toBeNull();
    const res = await fetch(`http://127.0.0.1:${port}/api/ready`);
    expect(await res.json()).toEqual({ status: "ready" });
    // the job runner has been polling and listening meanwhile; let it settle into its LISTEN
    await new Promise((r) => setTimeout(r, 1000));

    process.kill(-run.child.pid!, "SIGINT"); // what a terminal's Ctrl-C does: the whole foreground group
    expect(await run.exited).toBe(0);

    const logged = lines(run.stdout());
    expect(logged.filter((l) => l.level === "error" || l.level === "fatal")).toEqual([]);
    // (a warning may come from a busy machine — graphile-worker's late cron tick — but none from the stop itself)
    expect(
      logged.filter((l) => /EPIPE|ECONNRESET|connection lost|terminating connection|exited/i.test(String(l.msg))),
    ).toEqual([]);
    expect(logged.map((l) => l.msg)).toEqual(
      expect.arrayContaining([
        `Stride is running at http://127.0.0.1:${port}`,
        "Stopping Stride (SIGINT) …",
        "Stride stopped",
      ]),
    );
    expect(run.stderr()).toBe("");
    // the embedded PostgreSQL was stopped by Stride, after its clients: no postmaster left behind
    expect(fs.existsSync(path.join(dataDir, "postgres", "postmaster.pid"))).toBe(false);
  }, 180_000);
});
