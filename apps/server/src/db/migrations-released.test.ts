import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { migrationsFolder } from "../ops/migrate.ts";

/** Released migrations are append-only: each released file keeps its content, and the journal keeps its order. */
const folder = migrationsFolder();
const released = JSON.parse(fs.readFileSync(path.join(folder, "released.json"), "utf8")) as {
  releases: Record<string, Record<string, string>>;
};
const journal = JSON.parse(fs.readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as {
  entries: { idx: number; tag: string }[];
};
const files = Object.values(released.releases).flatMap((r) => Object.entries(r));

describe("released migrations", () => {
  it.each(files)("%s keeps the content it was released with", (file, sha) => {
    const text = fs.readFileSync(path.join(folder, file));
    expect(
      crypto.createHash("sha256").update(text).digest("hex"),
      `${file} was edited after its release: put the change in a new migration (npm run db:generate -- <name>)`,
    ).toBe(sha);
  });

  it("are the journal's first entries, in their order, with later migrations only after them", () => {
    const tags = journal.entries.map((e) => `${e.tag}.sql`);
    expect(tags.slice(0, files.length)).toEqual(files.map(([f]) => f));
    expect(journal.entries.map((e) => e.idx)).toEqual(journal.entries.map((_, i) => i));
    for (const f of fs.readdirSync(folder).filter((n) => n.endsWith(".sql"))) expect(tags).toContain(f);
  });
});
