import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { vi } from "vitest";
import { startStride, type Stride } from "../../src/boot.ts";
import { createLogger } from "../../src/core/log.ts";
import type { Config } from "../../src/config.ts";
import { Client } from "./client.ts";
import { signedInUser, type TestServer } from "./server.ts";

/**
 * A whole Stride as `npm start` runs it (startStride: its own embedded PostgreSQL in a fresh data folder,
 * migrations, HTTP server), for tests of the database's life cycle. Never touches the shared test cluster.
 */
export async function startOwnStride(
  overrides: Partial<Config> = {},
): Promise<{ stride: Stride; t: TestServer; dataDir: string }> {
  const dataDir = overrides.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "stride-own-"));
  const stride = await startStride(
    {
      dataDir,
      databaseUrl: undefined,
      embeddedPgPort: undefined,
      port: 0,
      host: "127.0.0.1",
      runWorkers: false,
      secretKey: "test-secret-key",
      rateLimitPerMinute: 1000,
      webUrl: "http://web.test",
      ...overrides,
    },
    () => {},
    { logger: ownLogger() },
  ).catch((e: unknown) => {
    if (!overrides.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    throw e;
  });
  const t: TestServer = {
    url: stride.url,
    app: stride.app,
    server: stride.server,
    db: { ...stride.database, close: async () => {} },
    anon: () => new Client(stride.url),
    user: (opts) => signedInUser(stride.app, stride.url, opts),
    close: () => stride.close(),
  };
  return { stride, t, dataDir };
}

/** Pid of the postmaster serving `dataDir`'s embedded cluster, from its postmaster.pid (line 1). */
export function postmasterPid(dataDir: string): number {
  return Number(postmasterLines(dataDir)[0]);
}

/** The port that postmaster listens on (line 4 of postmaster.pid). */
export function postmasterPort(dataDir: string): number {
  return Number(postmasterLines(dataDir)[3]);
}

function postmasterLines(dataDir: string): string[] {
  return fs.readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n");
}

export { freePort } from "../../src/db/embedded.ts";

/** Fail instead of waiting forever: a generous bound on one request, not a timing assertion. */
export function bounded<T>(p: Promise<T>, ms = 20_000): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    }),
  ]);
}

/** Poll `check` until it returns true (or give up after `attempts`). */
export async function until(check: () => Promise<boolean>, attempts = 200, everyMs = 100): Promise<void> {
  for (let i = 0; i < attempts; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error("condition not reached");
}

/** What Stride tells the console (console.warn: the embedded PostgreSQL's life cycle), captured instead of printed. */
export function captureNotices(): string[] {
  const notices: string[] = [];
  vi.spyOn(console, "warn").mockImplementation((...args: unknown[]) => {
    notices.push(args.map(String).join(" "));
  });
  noticeSink = notices;
  return notices;
}

/** Where the embedded PostgreSQL's log lines of Strides started here go while a test captures them. */
let noticeSink: string[] | null = null;

/** The log of a Stride started here: JSON lines; the embedded PostgreSQL's (component "postgres") to `captureNotices`' list. */
const ownLogger = () =>
  createLogger("warn", {
    write: (line: string) => {
      const l = JSON.parse(line) as { component?: string; msg?: string };
      if (noticeSink && l.component === "postgres") noticeSink.push(String(l.msg));
      else process.stdout.write(line);
    },
  });
