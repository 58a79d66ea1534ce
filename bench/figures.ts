/**
 * Issue #13's figures: each measured value with its target, the ratio to the target, and the previous run's
 * value beside it. The previous run is kept in bench/last-run.json (committed), so a regression shows as a
 * delta in the next run's output and in docs/benchmarks.md.
 */
import fs from "node:fs";
import path from "node:path";

export interface Figure {
  /** Stable key (last-run.json). */
  id: string;
  label: string;
  value: number;
  unit: "ms" | "MB" | "×" | "req/s" | "stmts";
  /** At most (or, with `atLeast`, at least) this much. */
  target?: number;
  atLeast?: boolean;
  note?: string;
}

export interface RunRecord {
  date: string;
  commit: string;
  load: string;
  figures: Record<string, { label: string; value: number; unit: string; target?: number }>;
}

const fmt = (x: number, unit: string) =>
  Number.isFinite(x) ? `${x >= 100 || unit === "req/s" ? x.toFixed(0) : x.toFixed(1)} ${unit}` : "n/a";

export function readLastRun(file: string): RunRecord | null {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as RunRecord;
  } catch {
    return null;
  }
}

export function writeLastRun(file: string, run: Omit<RunRecord, "figures">, figures: Figure[]): void {
  const record: RunRecord = {
    ...run,
    figures: Object.fromEntries(
      figures.map((f) => [
        f.id,
        {
          label: f.label,
          value: Number(f.value.toFixed(2)),
          unit: f.unit,
          ...(f.target !== undefined ? { target: f.target } : {}),
        },
      ]),
    ),
  };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(record, null, 2) + "\n");
}

function verdict(f: Figure): string {
  if (f.target === undefined) return "";
  const ok = f.atLeast ? f.value >= f.target : f.value <= f.target;
  return ok ? "met" : "**missed**";
}

function ratio(f: Figure): string {
  if (f.target === undefined || !Number.isFinite(f.value)) return "";
  return `${(f.value / f.target).toFixed(2)}`;
}

function delta(f: Figure, prev: RunRecord | null): { last: string; change: string } {
  const p = prev?.figures[f.id];
  if (!p || !Number.isFinite(p.value)) return { last: "—", change: "" };
  const d = f.value - p.value;
  const pct = p.value !== 0 ? ` (${d >= 0 ? "+" : ""}${((d / p.value) * 100).toFixed(0)} %)` : "";
  return { last: fmt(p.value, p.unit), change: `${d >= 0 ? "+" : ""}${fmt(d, f.unit)}${pct}` };
}

/** Markdown table: figure, target, this run, ratio to target, verdict, last run, change. */
export function figuresTable(figures: Figure[], prev: RunRecord | null): string[] {
  const lines = [
    `| Figure | Target | This run | Ratio to target | Verdict | Last run${prev ? ` (${prev.date})` : ""} | Change |`,
    "|---|---|---|---|---|---|---|",
  ];
  for (const f of figures) {
    const d = delta(f, prev);
    const target = f.target === undefined ? "—" : `${f.atLeast ? "≥" : "≤"} ${fmt(f.target, f.unit)}`;
    lines.push(
      `| ${f.label}${f.note ? ` (${f.note})` : ""} | ${target} | ${fmt(f.value, f.unit)} | ${ratio(f)} | ${verdict(f)} | ${d.last} | ${d.change} |`,
    );
  }
  return lines;
}

/** Plain-text lines for the console. */
export function figuresConsole(figures: Figure[], prev: RunRecord | null): string[] {
  return figures.map((f) => {
    const d = delta(f, prev);
    const target =
      f.target === undefined
        ? ""
        : ` target ${f.atLeast ? "≥" : "≤"} ${fmt(f.target, f.unit)} (×${ratio(f)}, ${verdict(f).replace(/\*/g, "")})`;
    return `${f.label}: ${fmt(f.value, f.unit)}${target}; last run ${d.last}${d.change ? ` (${d.change})` : ""}`;
  });
}

/** Replace the part of docs/benchmarks.md between `<!-- name -->` and `<!-- /name -->` (appended when absent). */
export function writeSection(file: string, name: string, lines: string[]): void {
  const open = `<!-- ${name} -->`;
  const close = `<!-- /${name} -->`;
  const body = [open, ...lines, close].join("\n");
  let doc = fs.readFileSync(file, "utf8");
  const start = doc.indexOf(open);
  const end = doc.indexOf(close);
  if (start >= 0 && end > start) doc = doc.slice(0, start) + body + doc.slice(end + close.length);
  else doc = doc.trimEnd() + "\n\n" + body + "\n";
  fs.writeFileSync(file, doc);
}
