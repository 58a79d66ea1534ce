/** The runtime's (runtime.ts) handling of its processes and paths: limits, probes run to their end, kills, captured output. */
import { type ChildProcess } from "node:child_process";
import dns from "node:dns";
import fs from "node:fs";
import path from "node:path";
import { sandboxIds, type Limits } from "./bwrap.ts";
import { MAX_OUTPUT_BYTES, SandboxError, SETUP_WALL_SECONDS } from "./spec.ts";

export interface CommandNetwork {
  netns: string;
  nsenter: string;
  files: { source: string; dest: string }[];
  close(): void;
}

export const PROBE_LIMITS: Limits = { cpuSeconds: 5, memoryBytes: 1 << 30, wallSeconds: 10, maxProcesses: 64 };

/** The setup script's time: the sandbox's command time or SETUP_WALL_SECONDS, whichever is longer. */
export const setupSeconds = (limits: Limits) => Math.max(limits.wallSeconds, SETUP_WALL_SECONDS);

/** The sandbox's limits, lowered where `asked` is lower: a caller (a tool argument of the model) never raises one. */
export function clampLimits(sandbox: Limits, asked: Partial<Limits>): Limits {
  const out = { ...sandbox };
  for (const k of Object.keys(out) as (keyof Limits)[]) {
    const v = asked[k];
    if (typeof v === "number" && Number.isFinite(v) && v > 0 && v < out[k]) out[k] = v;
  }
  return out;
}

/** A launched probe run to its end (or killed after `seconds`). */
export async function finished(
  child: ChildProcess,
  seconds: number,
): Promise<{ exitCode: number | null; signal: NodeJS.Signals | null; stderr: string }> {
  const stderr = capture(child.stderr!);
  child.stdout!.resume();
  child.stdin!.on("error", () => {});
  child.stdin!.end();
  const timer = setTimeout(() => killTree(child), seconds * 1000);
  try {
    const [exitCode, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve, reject) => {
      child.on("error", reject);
      child.on("close", (c, s) => resolve([c, s]));
    });
    return { exitCode, signal, stderr: stderr() };
  } finally {
    clearTimeout(timer);
  }
}

export async function systemResolve(host: string): Promise<string[]> {
  return (await dns.promises.lookup(host, { all: true, verbatim: true })).map((r) => r.address);
}

export function readText(p: string): string {
  try {
    return fs.readFileSync(p, "utf8");
  } catch {
    return "";
  }
}

/** A relative path that stays inside its root (no absolute paths, no `..`). */
export function safeRelative(p: string): string {
  const norm = path.posix.normalize(p.replace(/\\/g, "/"));
  if (!norm || norm.startsWith("/") || norm === ".." || norm.startsWith("../") || norm.includes("\0")) {
    throw new SandboxError(`The path "${p}" is outside the checkout.`);
  }
  return norm.replace(/\/$/, "") || ".";
}

/** The first parent of `dir` that the sandbox user may not pass through (when sandboxes run as nobody). */
export function closedAncestor(dir: string): string | null {
  if (sandboxIds().uid === undefined) return null;
  for (let p = path.dirname(dir); ; p = path.dirname(p)) {
    const st = fs.statSync(p);
    if (!(st.mode & 0o001) && st.uid !== sandboxIds().uid) return p;
    if (p === path.dirname(p)) return null;
  }
}

export function killTree(child: ChildProcess, mark = true): void {
  if (child.pid === undefined) return;
  if (mark) (child as ChildProcess & { strideKilled?: boolean }).strideKilled = true;
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {
    /* the group is gone */
  }
}

export function capture(stream: NodeJS.ReadableStream): () => string {
  const chunks: Buffer[] = [];
  let size = 0;
  let dropped = 0;
  stream.on("data", (d: Buffer) => {
    if (size < MAX_OUTPUT_BYTES) {
      const part = d.subarray(0, MAX_OUTPUT_BYTES - size);
      chunks.push(part);
      size += part.length;
      dropped += d.length - part.length;
    } else dropped += d.length;
  });
  return () => Buffer.concat(chunks).toString("utf8") + (dropped ? `\n… ${dropped} more bytes not kept` : "");
}

export function lastLines(text: string, n = 5): string {
  return text.trim().split("\n").slice(-n).join("\n").slice(0, 1000);
}
