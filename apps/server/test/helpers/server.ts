import crypto from "node:crypto";
import os from "node:os";
import path from "node:path";
import fs from "node:fs";
import postgres from "postgres";
import { inject } from "vitest";
import type { FastifyInstance } from "fastify";
import { connect, schema, type Database } from "../../src/db/client.ts";
import { createAppContext } from "../../src/boot.ts";
import { buildServer } from "../../src/app.ts";
import { loadConfig, type Config } from "../../src/config.ts";
import type { AppContext } from "../../src/core/context.ts";
import { bootTasks } from "../../src/startup.ts";
import { hashToken } from "../../src/http/session.ts";
import { withDatabase } from "./global-setup.ts";
import { Client } from "./client.ts";
import { TEST_REPOS_DIR } from "./sandbox.ts";

export interface TestServer {
  url: string;
  app: AppContext;
  server: FastifyInstance;
  db: Database;
  /** The connection URL of the test's database (a second instance may share it). */
  dbUrl?: string;
  /** An anonymous client (own cookie jar). */
  anon: () => Client;
  /** Create an active, onboarded user directly in the database and return a signed-in client. */
  user: (opts?: UserOptions) => Promise<Client>;
  close: () => Promise<void>;
}

let counter = 0;

type UserOptions = Partial<{
  email: string;
  firstName: string;
  lastName: string;
  displayName: string;
  password: string | null;
  isBot: boolean;
}>;

/** Create an active, onboarded user directly in `app`'s database and return a client of the server at `url` signed in as them. */
export async function signedInUser(app: AppContext, url: string, opts: UserOptions = {}): Promise<Client> {
  const n = ++counter;
  const email = (opts.email ?? `user${n}-${crypto.randomBytes(3).toString("hex")}@example.com`).toLowerCase();
  const [u] = await app.db
    .insert(schema.users)
    .values({
      email,
      username: crypto.randomBytes(8).toString("hex"),
      firstName: opts.firstName ?? `First${n}`,
      lastName: opts.lastName ?? `Last${n}`,
      displayName: opts.displayName ?? email.split("@")[0],
      isBot: opts.isBot ?? false,
      isPasswordAutoset: false,
    })
    .returning();
  await app.db.insert(schema.profiles).values({ userId: u.id, isOnboarded: true });
  const token = crypto.randomBytes(24).toString("base64url");
  await app.db
    .insert(schema.sessions)
    .values({ id: hashToken(token), userId: u.id, kind: "app", expiresAt: new Date(Date.now() + 86400_000) });
  const c = new Client(url);
  c.setCookie(app.config.sessionCookieName, token);
  c.userId = u.id;
  c.email = email;
  return c;
}

/**
 * Start the real server (real HTTP on 127.0.0.1, random port) against a fresh database cloned
 * from the migrated template. Call once per test file (beforeAll) and close in afterAll.
 */
export interface TestDbOptions {
  /** Settings of the test's database (ALTER DATABASE … SET, before the server connects; the test user is a superuser). */
  settings?: Record<string, string>;
  /** Notices the server's connections receive. */
  onNotice?: (notice: postgres.Notice) => void;
  /** Runs of a transaction that meets a deadlock (db/client.ts; 1: none again, to see what would fail). */
  txAttempts?: number;
}

export async function startTestServer(
  overrides: Partial<Config> = {},
  dbOptions: TestDbOptions = {},
): Promise<TestServer> {
  const adminUrl = inject("pgAdminUrl");
  const template = inject("pgTemplate");
  const name = `stride_t_${crypto.randomBytes(4).toString("hex")}_${template.split("_").pop()}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  // Cloning needs the template to have no other connections; retry briefly if another file is cloning.
  for (let i = 0; ; i++) {
    try {
      await admin.unsafe(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
      break;
    } catch (e) {
      if (i > 50) throw e;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  for (const [k, v] of Object.entries(dbOptions.settings ?? {}))
    await admin.unsafe(`ALTER DATABASE "${name}" SET ${k} = '${v}'`);
  await admin.end();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "stride-test-"));
  const config = loadConfig({} as NodeJS.ProcessEnv, {
    dataDir,
    secretKey: "test-secret-key",
    rateLimitPerMinute: 1000,
    runWorkers: false,
    webUrl: "http://web.test",
    // the tests' own repositories (helpers/sandbox.ts makeRepo) are the local repositories sandboxes may use
    sandboxLocalRepositories: [TEST_REPOS_DIR],
    ...overrides,
  });
  const db = connect(withDatabase(adminUrl, name), {
    max: 8,
    acquireTimeoutMs: config.dbAcquireTimeoutMs,
    onNotice: dbOptions.onNotice,
    txAttempts: dbOptions.txAttempts,
  });
  const app = createAppContext(config, db);
  for (const task of bootTasks) await task(app);
  const server = await buildServer(app, {});
  await server.listen({ port: 0, host: "127.0.0.1" });
  const addr = server.server.address();
  const url = `http://127.0.0.1:${typeof addr === "object" && addr ? addr.port : 0}`;

  const ts: TestServer = {
    url,
    app,
    server,
    db,
    dbUrl: withDatabase(adminUrl, name),
    anon: () => new Client(url),
    user: (opts = {}) => signedInUser(app, url, opts),
    close: async () => {
      await server.close();
      await app.jobs.stop();
      await db.close();
      const a = postgres(adminUrl, { max: 1, onnotice: () => {} });
      await a.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => {});
      await a.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return ts;
}
