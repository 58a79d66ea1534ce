import fs from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { loadConfig, ensureSecretKey, type Config } from "./config.ts";
import { connect, type Database } from "./db/client.ts";
import { runMigrations } from "./db/migrate.ts";
import { checkDriverPatched } from "./db/driver-check.ts";
import { startEmbeddedPostgres, type EmbeddedHandle } from "./db/embedded.ts";
import { JobQueue, consoleJobLog } from "./core/jobs.ts";
import { LocalDiskStorage } from "./storage/storage.ts";
import { S3Storage } from "./storage/s3.ts";
import type { AppContext } from "./core/context.ts";
import { buildServer } from "./app.ts";
import { bootTasks, jobHandlers } from "./startup.ts";
import { AGENT_POOL } from "./routes/agents/jobs.ts";

export interface Stride {
  url: string;
  app: AppContext;
  server: FastifyInstance;
  close: () => Promise<void>;
}

export function createAppContext(config: Config, database: Database): AppContext {
  const secretKey = ensureSecretKey(
    config,
    (p) => (fs.existsSync(p) ? fs.readFileSync(p, "utf8") : undefined),
    (p, s) => { fs.mkdirSync(path.dirname(p), { recursive: true }); fs.writeFileSync(p, s, { mode: 0o600 }); },
  );
  // agent runs have their own workers: they never wait behind mail and webhooks, nor hold them up
  const jobs = new JobQueue(database.sql, { concurrency: config.jobConcurrency, pools: { [AGENT_POOL]: config.agentConcurrency }, log: consoleJobLog(config.logLevel) });
  const app: AppContext = {
    db: database.db,
    sql: database.sql,
    config,
    secretKey,
    jobs,
    storage: config.s3 ? new S3Storage(config.s3) : new LocalDiskStorage(path.join(config.dataDir, "uploads")),
  };
  for (const register of jobHandlers) register(app);
  return app;
}

/** Start Stride: database (external or embedded), migrations, seed data, workers, HTTP server. */
export async function startStride(configOverrides: Partial<Config> = {}, log: (m: string) => void = () => {}): Promise<Stride> {
  const config = loadConfig(process.env, configOverrides);
  let embedded: EmbeddedHandle | null = null;
  let url = config.databaseUrl;
  if (!url) {
    log(`Starting embedded PostgreSQL in ${path.join(config.dataDir, "postgres")} …`);
    // Supervised: if it dies it is restarted, and says so on the console whatever LOG_LEVEL is.
    embedded = await startEmbeddedPostgres(path.join(config.dataDir, "postgres"), { port: config.embeddedPgPort, notice: (m) => console.warn(m) });
    url = embedded.url;
    try {
      await ensureDatabase(url, "stride");
    } catch (e) {
      await embedded.stop();
      throw e;
    }
    url = url.replace(/\/postgres$/, "/stride");
  }
  // The embedded PostgreSQL is reached through its Unix socket when it has one (no TCP stack on every query).
  const database = connect(url, { max: 20, acquireTimeoutMs: config.dbAcquireTimeoutMs, host: embedded?.unixSocketDir ?? undefined });
  try {
    await checkDriverPatched(database.sql);
  } catch (e) {
    await database.close();
    await embedded?.stop();
    throw e;
  }
  await runMigrations(database);
  const app = createAppContext(config, database);
  for (const task of bootTasks) await task(app);
  if (config.runWorkers) await app.jobs.start();
  const server = await buildServer(app, { webDist: config.webDist });
  const address = await server.listen({ port: config.port, host: config.host });
  const publicUrl = address.replace("0.0.0.0", "localhost").replace("[::]", "localhost");
  return {
    url: publicUrl,
    app,
    server,
    close: async () => {
      await server.close();
      await app.jobs.stop();
      await database.close();
      if (embedded) await embedded.stop();
    },
  };
}

/** Create a database on the server behind `adminUrl` if it does not exist. */
export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const { default: postgres } = await import("postgres");
  const sql = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    const rows = await sql`SELECT 1 FROM pg_database WHERE datname = ${name}`;
    if (rows.length === 0) await sql.unsafe(`CREATE DATABASE "${name}"`);
  } finally {
    await sql.end();
  }
}
