import type postgres from "postgres";
import type { Db } from "../db/client.ts";
import type { Config } from "../config.ts";
import type { JobQueue } from "./jobs.ts";
import type { Storage } from "../storage/storage.ts";
import type { Metrics } from "./metrics.ts";
import type { Logger } from "./log.ts";

/** Everything a handler may use besides the request. One per server process; holds no request state. */
export interface AppContext {
  db: Db;
  sql: postgres.Sql;
  config: Config;
  /** Secret for encrypting configuration secrets and signing tokens. */
  secretKey: string;
  jobs: JobQueue;
  storage: Storage;
  /** This process's Prometheus metrics (core/metrics.ts); collected always, served only when enabled. */
  metrics: Metrics;
  /** The process's JSON-lines log (core/log.ts); requests log through Fastify's child of it. */
  log: Logger;
}
