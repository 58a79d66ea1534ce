import fs from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { loadConfig, ensureSecretKey, type Config } from "./config.ts";
import { connect, type Database } from "./db/client.ts";
import { runMigrations } from "./ops/migrate.ts";
import { checkDriverPatched } from "./db/driver-check.ts";
import { startEmbeddedPostgres } from "./db/embedded.ts";
import type { Server as HttpServer } from "node:http";
import { JobQueue } from "./core/jobs.ts";
import { createLogger, jobLog, type Logger } from "./core/log.ts";
import { Metrics, serveMetrics } from "./core/metrics.ts";
import { InstanceRegistry } from "./core/instance-registry.ts";
import { LocalDiskStorage, type Storage } from "./storage/storage.ts";
import { S3Storage } from "./storage/s3.ts";
import type { AppContext } from "./core/context.ts";
import { buildServer } from "./app.ts";
import { bootTasks, jobHandlers } from "./startup.ts";
import { AGENT_POOL } from "./agents/run/jobs.ts";

export interface Stride {
  url: string;
  app: AppContext;
  server: FastifyInstance;
  database: Database;
  /** This process's row in `server_instances` and its heartbeat. */
  registry: InstanceRegistry;
  /** The METRICS_PORT listener's URL, when there is one. */
  metricsUrl: string | null;
  /**
   * Stop in order, each part after the one that feeds it: the instance registry's timer, HTTP (websockets and
   * page editors closed, LISTEN ended, by their preClose hooks), the metrics listener, the job workers, the
   * database pool, the embedded PostgreSQL.
   */
  close: () => Promise<void>;
}

export interface StartOptions {
  /** The process's log (main.ts makes it); default: a JSON-lines log on stdout at LOG_LEVEL. */
  logger?: Logger;
  /** The built web app when WEB_DIST is unset (main.ts looks beside the bundle). */
  defaultWebDist?: string;
}

export function createAppContext(
  config: Config,
  database: Database,
  log: Logger = createLogger(config.logLevel),
): AppContext {
  const secretKey = ensureSecretKey(
    config,
    (p) => (fs.existsSync(p) ? fs.readFileSync(p, "utf8") : undefined),
    (p, s) => {
      fs.mkdirSync(path.dirname(p), { recursive: true });
      fs.writeFileSync(p, s, { mode: 0o600 });
    },
  );
  const metrics = new Metrics();
  metrics.attach(database.db, database.poolStats);
  // agent runs have their own workers: they never wait behind mail and webhooks, nor hold them up
  const jobs = new JobQueue(database.sql, {
    concurrency: config.jobConcurrency,
    pools: { [AGENT_POOL]: config.agentConcurrency },
    log: jobLog(log),
    onFailure: (task, final) => metrics.jobFailures.inc({ task, final: String(final) }),
  });
  const app: AppContext = {
    log,
    metrics,
    db: database.db,
    sql: database.sql,
    config,
    secretKey,
    jobs,
    storage: createStorage(config),
  };
  for (const register of jobHandlers) register(app);
  return app;
}

/** Start Stride: database (external or embedded), migrations, seed data, workers, HTTP server. */
export async function startStride(
  configOverrides: Partial<Config> = {},
  log: (m: string) => void = () => {},
  opts: StartOptions = {},
): Promise<Stride> {
  const config = loadConfig(process.env, configOverrides);
  const logger = opts.logger ?? createLogger(config.logLevel);
  const pgLog = logger.child({ component: "postgres" });
  const target = await openDatabase(config, log, { notice: (m) => pgLog.warn(m) });
  // The embedded PostgreSQL is reached through its Unix socket when it has one (no TCP stack on every query).
  const database = connect(target.url, { max: 20, acquireTimeoutMs: config.dbAcquireTimeoutMs, host: target.host });
  try {
    await checkDriverPatched(database.sql);
  } catch (e) {
    await database.close();
    await target.stop();
    throw e;
  }
  await runMigrations(database, { subject: target.subject });
  const app = createAppContext(config, database, logger);
  for (const task of bootTasks) await task(app);
  if (config.runWorkers) await app.jobs.start();
  const server = await buildServer(app, { webDist: config.webDist ?? opts.defaultWebDist });
  const address = await server.listen({ port: config.port, host: config.host });
  const publicUrl = address.replace("0.0.0.0", "localhost").replace("[::]", "localhost");
  let metricsServer: HttpServer | null = null;
  if (config.metricsPort !== undefined)
    metricsServer = await serveMetrics(app.metrics, config.metricsPort, config.host);
  const metricsAddr = metricsServer?.address();
  const registry = new InstanceRegistry(app);
  await registry.start();
  return {
    url: publicUrl,
    app,
    server,
    database,
    registry,
    metricsUrl:
      metricsAddr && typeof metricsAddr === "object"
        ? `http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${metricsAddr.port}/metrics`
        : null,
    close: async () => {
      await registry.stop();
      await server.close();
      if (metricsServer)
        await new Promise<void>((r) => {
          metricsServer!.closeAllConnections();
          metricsServer!.close(() => r());
        });
      await app.jobs.stop();
      await database.close();
      await target.stop();
    },
  };
}

/** The storage of uploaded files: S3 when configured, else the local folder (uploadsFolder). */
export function createStorage(config: Config): Storage {
  return config.s3 ? new S3Storage(config.s3) : new LocalDiskStorage(uploadsFolder(config)!);
}

/** DATA_DIR/uploads, where the local storage keeps files; null when they live in S3. */
export function uploadsFolder(config: Config): string | null {
  return config.s3 ? null : path.join(config.dataDir, "uploads");
}

/** Stride's database as configured: DATABASE_URL, else the embedded PostgreSQL in DATA_DIR/postgres (started or joined). */
export interface DatabaseTarget {
  url: string;
  /** The embedded PostgreSQL's Unix socket folder, when it has one. */
  host: string | undefined;
  /** How messages name it: "the data folder …" or "the database at DATABASE_URL". */
  subject: string;
  /** Stops the embedded PostgreSQL if this process started it (one started by another instance keeps running). */
  stop: () => Promise<void>;
}

export async function openDatabase(
  config: Config,
  log: (m: string) => void = () => {},
  opts: { supervise?: boolean; notice?: (m: string) => void } = {},
): Promise<DatabaseTarget> {
  if (config.databaseUrl)
    return { url: config.databaseUrl, host: undefined, subject: "the database at DATABASE_URL", stop: async () => {} };
  log(`Starting embedded PostgreSQL in ${path.join(config.dataDir, "postgres")} …`);
  // Supervised: if it dies it is restarted, and says so in the log whatever LOG_LEVEL is.
  const embedded = await startEmbeddedPostgres(path.join(config.dataDir, "postgres"), {
    port: config.embeddedPgPort,
    notice: opts.notice ?? ((m) => createLogger(config.logLevel).child({ component: "postgres" }).warn(m)),
    supervise: opts.supervise,
  });
  try {
    await ensureDatabase(embedded.url, "stride");
  } catch (e) {
    await embedded.stop();
    throw e;
  }
  return {
    url: embedded.url.replace(/\/postgres$/, "/stride"),
    host: embedded.unixSocketDir ?? undefined,
    subject: `the data folder ${config.dataDir}`,
    stop: () => embedded.stop(),
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
