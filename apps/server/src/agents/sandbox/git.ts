import { spawn } from "node:child_process";
import { isRepositoryUrl } from "@stride/shared/contract";

/**
 * The server's own git calls: only the checkout of a template's repository into a fresh folder, before the
 * sandbox user owns it. Everything that reads a checkout afterwards (diff, status) runs inside the sandbox,
 * because the sandbox can write the repository's .git/config and git runs programs named there.
 */

export class GitError extends Error {}

const GIT_ENV = {
  PATH: process.env.PATH ?? "/usr/bin:/bin",
  HOME: "/nonexistent",
  LANG: "C.UTF-8",
  GIT_TERMINAL_PROMPT: "0",
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_CONFIG_GLOBAL: "/dev/null",
  GIT_ASKPASS: "/bin/false",
  GIT_SSH_COMMAND: "ssh -o BatchMode=yes",
};

export function git(args: string[], opts: { cwd?: string; signal?: AbortSignal; timeoutMs?: number } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn("git", ["-c", "protocol.ext.allow=never", "-c", "core.hooksPath=/dev/null", ...args], {
      cwd: opts.cwd, env: GIT_ENV, stdio: ["ignore", "pipe", "pipe"], signal: opts.signal, timeout: opts.timeoutMs ?? 300_000, killSignal: "SIGKILL",
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (d: Buffer) => { out += d.toString(); });
    child.stderr.on("data", (d: Buffer) => { err += d.toString(); });
    child.on("error", (e) => reject(new GitError(`git could not run: ${e.message}`)));
    child.on("close", (code) => {
      if (code === 0) resolve(out);
      else reject(new GitError(err.trim().split("\n").filter((l) => !l.startsWith("hint:")).slice(-3).join("\n") || `git exited with ${code}`));
    });
  });
}

/** Clone `url` (at `branch`, else its default branch) into `dir`; returns the checked-out commit. */
export async function checkout(url: string, branch: string | null, dir: string, signal?: AbortSignal): Promise<string> {
  if (!isRepositoryUrl(url)) throw new GitError(`"${url}" is not a repository URL git can check out.`);
  if (branch !== null && (branch.startsWith("-") || !/^[\w./-]+$/.test(branch))) throw new GitError(`"${branch}" is not a branch name.`);
  await git(["clone", "--no-hardlinks", "--single-branch", ...(branch ? ["--branch", branch] : []), "--", url, dir], { signal });
  return (await git(["rev-parse", "HEAD"], { cwd: dir })).trim();
}
