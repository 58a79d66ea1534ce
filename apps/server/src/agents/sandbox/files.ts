// Files of a sandbox's checkout, read and written through the sandbox (so that links cannot reach outside it).
import { shQuote } from "./bwrap.ts";
import { lastLines, safeRelative } from "./processes.ts";
import { SandboxError, type ExecOptions, type ExecResult } from "./spec.ts";

/** A shell command run in one sandbox (SandboxRuntime.exec for its id). */
export type SandboxExec = (command: string, opts: ExecOptions) => Promise<ExecResult>;

/** Read a file of the checkout (through the sandbox, so that links cannot reach outside it). */
export async function readCheckoutFile(exec: SandboxExec, file: string, signal?: AbortSignal): Promise<string> {
  const r = await exec(`cat -- ${shQuote(safeRelative(file))}`, { signal, limits: { wallSeconds: 60 } });
  if (r.exitCode !== 0) throw new SandboxError(lastLines(r.stderr) || `cannot read ${file}`);
  return r.stdout;
}

export async function writeCheckoutFile(
  exec: SandboxExec,
  file: string,
  content: string,
  signal?: AbortSignal,
): Promise<void> {
  const rel = safeRelative(file);
  const r = await exec(`mkdir -p -- "$(dirname -- ${shQuote(rel)})" && cat > ${shQuote(rel)}`, {
    stdin: content,
    signal,
    limits: { wallSeconds: 60 },
  });
  if (r.exitCode !== 0) throw new SandboxError(lastLines(r.stderr) || `cannot write ${file}`);
}

export async function listCheckoutFiles(exec: SandboxExec, dir = ".", signal?: AbortSignal): Promise<string[]> {
  const rel = dir === "." || dir === "" ? "." : safeRelative(dir);
  const r = await exec(`find ${shQuote(rel)} -maxdepth 4 -not -path '*/.git' -not -path '*/.git/*' | head -n 2000`, {
    signal,
    limits: { wallSeconds: 60 },
  });
  if (r.exitCode !== 0) throw new SandboxError(lastLines(r.stderr) || `cannot list ${dir}`);
  return r.stdout
    .split("\n")
    .filter((l) => l && l !== ".")
    .map((l) => l.replace(/^\.\//, ""))
    .sort();
}

/**
 * `git diff` of a repository of the checkout against its starting commit, new files included. It runs inside
 * the sandbox (a temporary index in its /tmp), since the repository's config is the sandbox's to write.
 */
export async function checkoutDiff(
  exec: SandboxExec,
  baseCommit: string,
  folder = "",
  signal?: AbortSignal,
): Promise<string> {
  if (!/^[0-9a-f]{40,64}$/.test(baseCommit)) throw new SandboxError("bad base commit");
  const r = await exec(
    `export GIT_INDEX_FILE=/tmp/.stride-diff-index; rm -f "$GIT_INDEX_FILE"; git read-tree ${baseCommit} && git add -A . && git diff --cached --binary ${baseCommit}; s=$?; rm -f "$GIT_INDEX_FILE"; exit $s`,
    { cwd: folder || undefined, signal, limits: { wallSeconds: 120 } },
  );
  if (r.exitCode !== 0) throw new SandboxError(lastLines(r.stderr) || "git diff failed");
  return r.stdout;
}
