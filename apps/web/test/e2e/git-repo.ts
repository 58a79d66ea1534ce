import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const made: string[] = [];

/** The folder the browser tests' repositories are made in: the server allows it (SANDBOX_LOCAL_REPOSITORIES, global-setup.ts). */
export const E2E_REPOS_DIR = path.join(os.tmpdir(), "stride-e2e-repos");

/**
 * A git repository made by the test (branch `main`, one commit of README.md), for repositories and agent runs. The
 * server's git runs as the sandbox user (nobody when it is root): the repository is open to it as a shared one is.
 */
export function makeRepo(): string {
  fs.mkdirSync(E2E_REPOS_DIR, { recursive: true, mode: 0o755 });
  const dir = fs.mkdtempSync(path.join(E2E_REPOS_DIR, "repo-"));
  made.push(dir);
  git(dir, "init", "-q", "-b", "main");
  fs.writeFileSync(path.join(dir, "README.md"), "hello\n");
  git(dir, "add", "-A");
  git(dir, "commit", "-q", "-m", "initial");
  execFileSync("chmod", ["-R", "a+rwX", dir]);
  return dir;
}

/** Run git in `dir` as a fixed author; its output. */
export function git(dir: string, ...args: string[]): string {
  const env = {
    ...process.env,
    GIT_AUTHOR_NAME: "T",
    GIT_AUTHOR_EMAIL: "t@stride.test",
    GIT_COMMITTER_NAME: "T",
    GIT_COMMITTER_EMAIL: "t@stride.test",
  };
  return execFileSync("git", args, { cwd: dir, env, encoding: "utf8" });
}

/** Remove the repositories made so far (afterAll). */
export function removeRepos(): void {
  for (const r of made.splice(0)) fs.rmSync(r, { recursive: true, force: true });
}
