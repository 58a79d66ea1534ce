import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { codeMigrations, migrationsFolder } from "../ops/migrate.ts";

/**
 * The hand-written SQL in src/db/sql/ (triggers, functions, kept tables) is the readable, current text of what the
 * migrations installed: 0.1.0's baseline (0000_init.sql) holds each file as it was then, and since migrations are
 * append-only, a change to one of them is a new custom migration (`npm run db:generate -- <name> --custom`) carrying
 * the changed statements, with the same edit made in the file here (docs/decisions.md). This test keeps the two
 * from drifting: every statement of these files is the last word of the migrations on its object (a function,
 * trigger, table or index: the newest migration statement that creates or drops it is this one, whitespace and
 * comments aside), and every other statement (DO blocks, ALTERs …) appears in some migration as it is here.
 */
const sqlDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "sql");
const files = fs
  .readdirSync(sqlDir)
  .filter((f) => f.endsWith(".sql"))
  .sort();

/** One statement: whitespace collapsed, full-line `--` comments removed (the statements' own text, not their notes). */
function normalise(statement: string): string {
  return statement
    .split("\n")
    .filter((l) => !/^\s*--/.test(l))
    .join("\n")
    .replace(/\s+/g, " ")
    .trim();
}

function statements(text: string): string[] {
  return text.split("--> statement-breakpoint").map(normalise).filter(Boolean);
}

/** The object a statement defines or drops (`function:name`, `trigger:name@table`, …), and which; null for others. */
function objectOf(stmt: string): { key: string; drop: boolean } | null {
  const s = stmt.replace(/"/g, "");
  const patterns: [RegExp, (m: RegExpExecArray) => string, boolean][] = [
    [/^CREATE (?:OR REPLACE )?FUNCTION (?:public\.)?(\w+)\s*\(/i, (m) => `function:${m[1]}`, false],
    [/^DROP FUNCTION (?:IF EXISTS )?(?:public\.)?(\w+)/i, (m) => `function:${m[1]}`, true],
    [
      /^CREATE (?:OR REPLACE )?(?:CONSTRAINT )?TRIGGER (\w+) .*? ON (?:public\.)?(\w+)/i,
      (m) => `trigger:${m[1]}@${m[2]}`,
      false,
    ],
    [/^DROP TRIGGER (?:IF EXISTS )?(\w+) ON (?:public\.)?(\w+)/i, (m) => `trigger:${m[1]}@${m[2]}`, true],
    [/^CREATE (?:UNLOGGED )?TABLE (?:IF NOT EXISTS )?(?:public\.)?(\w+)/i, (m) => `table:${m[1]}`, false],
    [/^DROP TABLE (?:IF EXISTS )?(?:public\.)?(\w+)/i, (m) => `table:${m[1]}`, true],
    [/^CREATE (?:UNIQUE )?INDEX (?:CONCURRENTLY )?(?:IF NOT EXISTS )?(\w+)/i, (m) => `index:${m[1]}`, false],
    [/^DROP INDEX (?:CONCURRENTLY )?(?:IF EXISTS )?(?:public\.)?(\w+)/i, (m) => `index:${m[1]}`, true],
  ];
  for (const [re, key, drop] of patterns) {
    const m = re.exec(s);
    if (m) return { key: key(m), drop };
  }
  return null;
}

/** Every migration statement in journal order. */
function migrationStatements(folder = migrationsFolder()): string[] {
  return codeMigrations(folder).flatMap((m) => statements(fs.readFileSync(path.join(folder, `${m.tag}.sql`), "utf8")));
}

/** What is wrong between the sql/ files' statements and the migrations' (empty when they agree). */
function drift(sqlFiles: Record<string, string>, migrations: string[]): string[] {
  const last = new Map<string, string>();
  for (const stmt of migrations) {
    const o = objectOf(stmt);
    // A DROP … IF EXISTS right before its CREATE (the idempotent pair) is not the object's last word.
    if (o) last.set(o.key, stmt);
  }
  const everywhere = new Set(migrations);
  const problems: string[] = [];
  for (const [file, text] of Object.entries(sqlFiles)) {
    for (const stmt of statements(text)) {
      const o = objectOf(stmt);
      const head = stmt.slice(0, 90);
      if (!o) {
        if (!everywhere.has(stmt)) problems.push(`${file}: "${head}…" is in no migration`);
      } else if (!last.has(o.key)) {
        problems.push(`${file}: ${o.key} is in no migration`);
      } else if (last.get(o.key) !== stmt && !o.drop) {
        problems.push(`${file}: ${o.key} differs from its newest migration ("${last.get(o.key)!.slice(0, 90)}…")`);
      }
    }
  }
  return problems;
}

const read = (list: string[]) =>
  Object.fromEntries(list.map((f) => [f, fs.readFileSync(path.join(sqlDir, f), "utf8")]));

describe("src/db/sql/", () => {
  it("says what the migrations installed, object by object", () => {
    expect(files.length).toBeGreaterThan(0);
    expect(drift(read(files), migrationStatements())).toEqual([]);
  });

  it("notices an edit that no migration carries, and accepts one a later migration carries", () => {
    const fn =
      "CREATE OR REPLACE FUNCTION issue_sequence_name(p uuid) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE\n  AS $$ SELECT 'issue_seq_' || replace(p::text, '-', '') $$;";
    const edited = fn.replace("'issue_seq_'", "'item_seq_'");
    const migrations = migrationStatements();
    expect(migrations).toContain(normalise(fn));
    expect(drift({ "x.sql": fn }, migrations)).toEqual([]);
    expect(drift({ "x.sql": edited }, migrations)).toEqual([
      expect.stringContaining("x.sql: function:issue_sequence_name differs from its newest migration"),
    ]);
    expect(drift({ "x.sql": edited }, [...migrations, normalise(edited)])).toEqual([]);
    // and a later migration that changes it makes the old text in sql/ the wrong one
    expect(drift({ "x.sql": fn }, [...migrations, normalise(edited)])).toHaveLength(1);
    expect(drift({ "x.sql": "DO $$ BEGIN PERFORM 1; END $$;" }, migrations)).toEqual([
      'x.sql: "DO $$ BEGIN PERFORM 1; END $$;…" is in no migration',
    ]);
  });
});
