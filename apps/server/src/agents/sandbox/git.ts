import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sandboxIds } from "./bwrap.ts";
import type { GitRemote } from "./repository.ts";

/**
 * The server's own git calls: the checkout of a template's repository into a fresh folder, and the commit modal's
 * clone, commit and push (routes/agents/commit.ts). Every one runs as the sandbox user (nobody when the server is
 * root), never as the server's user, with an explicit environment (none of the server's) and on a remote that went
 * through the repository guard (repository.ts): a repository only root may read stays unread, and the receiving
 * repository's hooks run as the sandbox user. Everything that reads a checkout afterwards (diff, status) runs inside
 * the sandbox, because the sandbox can write the repository's .git/config and git runs programs named there.
 */

export class GitError extends Error {}

const GIT_ENV = {
  PATH: "/usr/local/bin:/usr/bin:/bin",
  HOME: "/nonexistent",
  LANG: "C.UTF-8",
  GIT_TERMINAL_PROMPT: "0",
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_CONFIG_GLOBAL: "/dev/null",
  GIT_ASKPASS: "/bin/false",
  SSH_ASKPASS: "/bin/false",
  GIT_SSH_COMMAND: "ssh -o BatchMode=yes -o StrictHostKeyChecking=yes",
};

export interface GitOptions {
  cwd?: string;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** The guarded remote this call talks to (its pinning settings, and trust in a local repository's folder). */
  remote?: GitRemote;
}

/** A folder the sandbox user owns, for git to clone into (removed by the caller). */
export function gitWorkDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const ids = sandboxIds();
  if (ids.uid !== undefined) fs.chownSync(dir, ids.uid, ids.gid!);
  return dir;
}

/** Give a folder (and what is in it) to the sandbox user, so that its git can write there. */
export function giveToSandboxUser(dir: string): void {
  const ids = sandboxIds();
  if (ids.uid === undefined) return;
  const walk = (p: string) => {
    fs.lchownSync(p, ids.uid!, ids.gid!);
    if (fs.lstatSync(p).isDirectory()) for (const e of fs.readdirSync(p)) walk(path.join(p, e));
  };
  walk(dir);
}

/**
 * A global git config naming a local repository as safe: it belongs to another user than the sandbox user, and
 * git (since 2.39.4) refuses such a repository otherwise. Command-line settings do not reach the local
 * upload-pack or receive-pack, the global file does.
 */
function trustFile(remote: GitRemote | undefined): { file: string; dispose(): void } | null {
  if (!remote?.localDir) return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "stride-gitcfg-"));
  fs.chmodSync(dir, 0o755);
  const file = path.join(dir, "config");
  const quote = (s: string) => `"${s.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
  fs.writeFileSync(
    file,
    `[safe]\n\tdirectory = ${quote(remote.localDir)}\n\tdirectory = ${quote(path.join(remote.localDir, ".git"))}\n`,
    { mode: 0o644 },
  );
  return { file, dispose: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

export function git(args: string[], opts: GitOptions = {}): Promise<string> {
  const trust = trustFile(opts.remote);
  const env = {
    ...GIT_ENV,
    ...(trust ? { GIT_CONFIG_GLOBAL: trust.file } : {}),
    ...(opts.remote?.sshCommand ? { GIT_SSH_COMMAND: opts.remote.sshCommand } : {}),
  };
  const config = ["protocol.ext.allow=never", "core.hooksPath=/dev/null", ...(opts.remote?.config ?? [])].flatMap(
    (c) => ["-c", c],
  );
  return new Promise<string>((resolve, reject) => {
    const child = spawn("git", [...config, ...args], {
      ...sandboxIds(),
      cwd: opts.cwd,
      env,
      stdio: ["ignore", "pipe", "pipe"],
      signal: opts.signal,
      timeout: opts.timeoutMs ?? 300_000,
      killSignal: "SIGKILL",
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString();
    });
    child.stderr.on("data", (d: Buffer) => {
      err += d.toString();
    });
    child.on("error", (e) => reject(new GitError(`git could not run: ${e.message}`)));
    child.on("close", (code) => {
      if (code === 0) resolve(out);
      else
        reject(
          new GitError(
            err
              .trim()
              .split("\n")
              .filter((l) => !l.startsWith("hint:"))
              .slice(-3)
              .join("\n") || `git exited with ${code}`,
          ),
        );
    });
  }).finally(() => trust?.dispose());
}

/** Clone the guarded `remote` (at `branch`, else its default branch) into `dir`; returns the checked-out commit. */
export async function checkout(
  remote: GitRemote,
  branch: string | null,
  dir: string,
  signal?: AbortSignal,
): Promise<string> {
  if (branch !== null && (branch.startsWith("-") || !/^[\w./-]+$/.test(branch)))
    throw new GitError(`"${branch}" is not a branch name.`);
  await git(
    ["clone", "--no-hardlinks", "--single-branch", ...(branch ? ["--branch", branch] : []), "--", remote.url, dir],
    { signal, remote },
  );
  return (await git(["rev-parse", "HEAD"], { cwd: dir })).trim();
}
