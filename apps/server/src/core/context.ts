import type postgres from "postgres";
import type { Db } from "../db/client.ts";
import type { Config } from "../config.ts";
import type { JobQueue } from "./jobs.ts";
import type { Storage } from "../storage/storage.ts";

/** Everything a handler may use besides the request. One per server process; holds no request state. */
export interface AppContext {
  db: Db;
  sql: postgres.Sql;
  config: Config;
  /** Secret for encrypting configuration secrets and signing tokens. */
  secretKey: string;
  jobs: JobQueue;
  storage: Storage;
}
