import path from "node:path";
import fs from "node:fs";
import postgres from "postgres";
import type { TestProject } from "vitest/node";
import { embeddedFiles, startEmbeddedPostgres, type EmbeddedHandle } from "../../src/db/embedded.ts";
import { connect } from "../../src/db/client.ts";
import { runMigrations } from "../../src/ops/migrate.ts";

/**
 * One PostgreSQL for the whole run: the external server from DATABASE_URL, else an embedded one.
 * A template database is migrated once; every test file clones it (CREATE DATABASE … TEMPLATE).
 */
let embedded: EmbeddedHandle | null = null;

export default async function setup(project: TestProject) {
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const dir = path.resolve(process.cwd(), ".data-test", `pg-${process.pid}`);
    fs.rmSync(dir, { recursive: true, force: true });
    const port = 55000 + (process.pid % 5000);
    embedded = await startEmbeddedPostgres(dir, { port });
    adminUrl = embedded.url;
  }
  const template = `stride_tpl_${process.pid}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`DROP DATABASE IF EXISTS "${template}"`);
  await admin.unsafe(`CREATE DATABASE "${template}"`);
  const tplUrl = withDatabase(adminUrl, template);
  // Two connections: runMigrations holds its advisory lock on one while the migration runs on the other.
  const db = connect(tplUrl, { max: 2 });
  await runMigrations(db);
  await db.close();
  await admin.end();
  project.provide("pgAdminUrl", adminUrl);
  project.provide("pgTemplate", template);

  return async () => {
    const a = postgres(adminUrl!, { max: 1, onnotice: () => {} });
    const dbs = await a<
      { datname: string }[]
    >`SELECT datname FROM pg_database WHERE datname LIKE ${"stride_t%_" + process.pid + "%"} OR datname = ${template}`;
    for (const d of dbs) await a.unsafe(`DROP DATABASE IF EXISTS "${d.datname}" WITH (FORCE)`).catch(() => {});
    await a.end();
    if (embedded) {
      await embedded.stop();
      const dir = path.resolve(process.cwd(), ".data-test", `pg-${process.pid}`);
      for (const p of [dir, ...Object.values(embeddedFiles(dir))]) fs.rmSync(p, { recursive: true, force: true });
    }
  };
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = "/" + name;
  return u.toString();
}

declare module "vitest" {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
  }
}
