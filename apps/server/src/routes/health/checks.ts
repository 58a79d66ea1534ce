import fs from "node:fs";
import path from "node:path";
import type { AppContext } from "../../core/context.ts";
import { migrationsFolder } from "../../ops/migrate.ts";

/** How long the readiness probe waits for the database. */
export const READY_TIMEOUT_MS = 2000;

export type CheckResult = "ok" | "unreachable" | "pending" | "unknown";
export interface Readiness {
  database: CheckResult;
  migrations: CheckResult;
}

let latestCommitted: number | null = null;
/** The `when` of the newest migration in the committed drizzle journal (what the migrator compares against). */
function latestCommittedMigration(): number {
  if (latestCommitted === null) {
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), "meta", "_journal.json"), "utf8")) as {
      entries: { when: number }[];
    };
    latestCommitted = Math.max(0, ...journal.entries.map((e) => e.when));
  }
  return latestCommitted;
}

/**
 * Is the database reachable within READY_TIMEOUT_MS, and are the committed migrations applied? Drizzle's
 * migrator applies every journal entry newer than the newest `created_at` it recorded, so the same
 * comparison tells whether one is pending.
 */
export async function checkReadiness(app: AppContext): Promise<Readiness> {
  const applied = app.sql<
    { latest: string | null }[]
  >`SELECT max(created_at)::text AS latest FROM drizzle.__drizzle_migrations`;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), READY_TIMEOUT_MS);
  });
  try {
    const rows = await Promise.race([applied, timeout]);
    if (rows === "timeout") {
      applied.catch(() => {}); // settles later; nobody waits for it
      return { database: "unreachable", migrations: "unknown" };
    }
    return {
      database: "ok",
      migrations: Number(rows[0]?.latest ?? 0) >= latestCommittedMigration() ? "ok" : "pending",
    };
  } catch (e) {
    const code = (e as { code?: string }).code;
    // No migrations table (or schema) yet: the database answers, nothing is applied.
    if (code === "42P01" || code === "3F000") return { database: "ok", migrations: "pending" };
    return { database: "unreachable", migrations: "unknown" };
  } finally {
    clearTimeout(timer);
  }
}
