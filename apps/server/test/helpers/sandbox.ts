import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * Where the tests' repositories are made: the one folder test servers allow local repositories in
 * (SANDBOX_LOCAL_REPOSITORIES, see startTestServer).
 */
export const TEST_REPOS_DIR = path.join(os.tmpdir(), "stride-test-repos");

/**
 * A git repository made by the test: the files committed on `main` in a fresh folder under TEST_REPOS_DIR. git runs
 * as the sandbox user (nobody when the tests run as root), so the repository is open to it as a shared repository
 * is: readable, and writable for the commit modal's push. `private` keeps it the test user's alone (mode 0700).
 */
export function makeRepo(files: Record<string, string>, opts: { private?: boolean } = {}): { dir: string; head: string } {
  fs.mkdirSync(TEST_REPOS_DIR, { recursive: true });
  fs.chmodSync(TEST_REPOS_DIR, 0o755);
  const dir = fs.mkdtempSync(path.join(TEST_REPOS_DIR, "repo-"));
  const git = (...args: string[]) => execFileSync("git", args, {
    cwd: dir, encoding: "utf8",
    env: { ...process.env, GIT_AUTHOR_NAME: "Test", GIT_AUTHOR_EMAIL: "t@example.com", GIT_COMMITTER_NAME: "Test", GIT_COMMITTER_EMAIL: "t@example.com" },
  });
  git("init", "-q", "-b", "main");
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
  git("add", "-A");
  git("commit", "-q", "-m", "initial");
  if (!opts.private) execFileSync("chmod", ["-R", "a+rwX", dir]);
  return { dir, head: git("rev-parse", "HEAD").trim() };
}

/** Host processes `sleep <marker>` (to see that a sandboxed tree is really gone). */
export function processesWith(marker: string): number[] {
  const found: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const cmd = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0");
      const state = fs.readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1]?.[0];
      if (state !== "Z" && /(^|\/)sleep$/.test(cmd[0]) && cmd[1] === marker) found.push(Number(entry));
    } catch {
      /* gone meanwhile */
    }
  }
  return found;
}
