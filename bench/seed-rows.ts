/**
 * The seed's building blocks (bench/seed.ts): its deterministic PRNG, COPY of rows, and the names it draws from.
 */
import type postgres from "postgres";

/** mulberry32: small, fast, deterministic. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)],
    chance: (p: number) => next() < p,
    uuid: () => {
      const b = Buffer.alloc(16);
      for (let i = 0; i < 16; i++) b[i] = Math.floor(next() * 256);
      b[6] = (b[6] & 0x0f) | 0x40;
      b[8] = (b[8] & 0x3f) | 0x80;
      const h = b.toString("hex");
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
    },
  };
}

export type Cell = string | number | boolean | null | Date;

function copyEscape(v: Cell): string {
  if (v === null || v === undefined) return "\\N";
  if (v instanceof Date) return v.toISOString();
  if (typeof v === "boolean") return v ? "t" : "f";
  return String(v).replace(/\\/g, "\\\\").replace(/\t/g, "\\t").replace(/\n/g, "\\n").replace(/\r/g, "\\r");
}

/** COPY rows into a table (text format). */
export async function copyRows(sql: postgres.Sql, table: string, cols: string[], rows: Cell[][]): Promise<void> {
  if (!rows.length) return;
  const stream = await sql.unsafe(`COPY ${table} (${cols.map((c) => `"${c}"`).join(", ")}) FROM STDIN`).writable();
  await new Promise<void>((resolve, reject) => {
    stream.on("error", reject);
    stream.on("finish", () => resolve());
    let i = 0;
    const write = () => {
      let ok = true;
      while (i < rows.length && ok) {
        const chunk: string[] = [];
        for (let j = 0; j < 1000 && i < rows.length; j++, i++) chunk.push(rows[i].map(copyEscape).join("\t"));
        ok = stream.write(chunk.join("\n") + "\n");
      }
      if (i < rows.length) stream.once("drain", write);
      else stream.end();
    };
    write();
  });
}

export const FIRST = [
  "Ada",
  "Ben",
  "Cleo",
  "Dev",
  "Eli",
  "Fay",
  "Gus",
  "Hana",
  "Ivo",
  "Jia",
  "Kai",
  "Lea",
  "Mo",
  "Nia",
  "Oren",
  "Pia",
  "Quin",
  "Ravi",
  "Sol",
  "Tess",
];
export const LAST = ["Admin", "Baker", "Chen", "Diaz", "Evans", "Fox", "Garcia", "Hill", "Ito", "Jones"];
export const LABELS = [
  "bug",
  "feature",
  "improvement",
  "docs",
  "design",
  "backend",
  "frontend",
  "api",
  "database",
  "performance",
  "security",
  "ux",
  "mobile",
  "infra",
  "ci",
  "tests",
  "refactor",
  "tech-debt",
  "customer",
  "support",
  "billing",
  "search",
  "auth",
  "analytics",
];
export const VERBS = [
  "Fix",
  "Add",
  "Improve",
  "Refactor",
  "Investigate",
  "Document",
  "Remove",
  "Migrate",
  "Speed up",
  "Support",
];
export const NOUNS = [
  "login flow",
  "search results",
  "export to CSV",
  "kanban drag",
  "invoice PDF",
  "webhook retries",
  "user avatars",
  "rate limiter",
  "dark theme",
  "date picker",
  "email digest",
  "import from Jira",
  "API pagination",
  "audit log",
  "2FA setup",
];
