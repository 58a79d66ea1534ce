import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { COMMIT_MSG, type CommitExecutionBody, type CommitResult } from "@stride/shared/contract";
import type { AppContext } from "../../core/context.ts";
import { errors } from "../../core/errors.ts";
import type { ProjectRow } from "../../core/route.ts";
import { schema } from "../../db/client.ts";
import { git, GitError, gitWorkDir } from "../../agents/sandbox/git.ts";
import { guardRepository, RepositoryRefused } from "../../agents/sandbox/repository.ts";
import { createLink } from "../issues/links.ts";
import { recordActivity } from "../../core/activity.ts";
import { loadArtifact } from "./executions.ts";
import type { ExecutionRow } from "./presenters.ts";

/** The web address of a branch for the usual forges' https URLs; otherwise the repository URL with `#branch`. */
export function branchUrl(repoUrl: string, branch: string): string {
  const m = /^https?:\/\/[^/]+\/.+/.test(repoUrl) ? repoUrl.replace(/\.git$/, "").replace(/\/$/, "") : null;
  if (m) return `${m}/tree/${branch}`;
  return `${repoUrl.startsWith("/") ? `file://${repoUrl}` : repoUrl}#${branch}`;
}

/**
 * The commit modal (issue #10 point 6): the execution's diff artifact is applied to its base commit in a fresh
 * clone of the repository, committed on a new branch `stride/{IDENT}-{seq}` (the work item named in the message),
 * pushed, and the branch becomes a link on the work item.
 */
export async function commitExecution(app: AppContext, project: ProjectRow, exec: ExecutionRow, userId: string, body: CommitExecutionBody): Promise<CommitResult> {
  if (!exec.issueId) throw errors.badRequest(COMMIT_MSG.noWorkItem);
  const artifact = await loadArtifact(app.db, project.id, body.artifact_id, userId);
  if (artifact.executionId !== exec.id || artifact.kind !== "diff") throw errors.badRequest(COMMIT_MSG.notDiff);
  if (!artifact.content.trim()) throw errors.badRequest(COMMIT_MSG.emptyDiff);
  const meta = artifact.meta as { base_commit?: string; repository?: { url: string } | null };
  if (!meta.repository?.url || !meta.base_commit) throw errors.badRequest(COMMIT_MSG.notDiff);
  const [issue] = await app.db.select().from(schema.issues).where(eq(schema.issues.id, exec.issueId));
  const [user] = await app.db.select().from(schema.users).where(eq(schema.users.id, userId));
  const key = `${project.identifier}-${issue.sequenceId}`;
  const branch = `stride/${key}`;
  const message = `${body.message || `${key}: ${issue.name}`}\n\nWork item: ${key}\nMade by the Stride agent "${(exec.agentConfig as { name: string }).name}" (execution ${exec.id}).`;
  const url = meta.repository.url;
  // the repository guard again (the instance's rules may have changed since the run), and git as the sandbox user
  const remote = await guardRepository(url, { localDirs: app.config.sandboxLocalRepositories, allowPrivate: app.config.outboundAllowPrivate })
    .catch((e: unknown) => { throw e instanceof RepositoryRefused ? errors.badRequest(`The commit failed: ${e.message}`) : e; });
  const dir = gitWorkDir("stride-commit-");
  try {
    await git(["clone", "--no-hardlinks", "--quiet", "--no-checkout", "--", remote.url, dir], { remote });
    if ((await git(["ls-remote", "--heads", "origin", `refs/heads/${branch}`], { cwd: dir, remote })).trim()) throw errors.conflict({ error: COMMIT_MSG.branchExists(branch) });
    await git(["checkout", "--quiet", "-b", branch, meta.base_commit], { cwd: dir });
    fs.writeFileSync(path.join(dir, ".git", "stride.patch"), artifact.content);
    await git(["apply", "--index", "--binary", ".git/stride.patch"], { cwd: dir });
    const who = ["-c", `user.name=${user?.displayName || "Stride"}`, "-c", `user.email=${user?.email || "agent@stride.invalid"}`];
    await git([...who, "commit", "--quiet", "--no-verify", "-m", message], { cwd: dir });
    const commit = (await git(["rev-parse", "HEAD"], { cwd: dir })).trim();
    await git(["push", "--quiet", "origin", `refs/heads/${branch}:refs/heads/${branch}`], { cwd: dir, remote });
    const link = branchUrl(url, branch);
    if (/^https?:\/\//.test(link)) await createLink(app.db, issue, userId, { url: link, title: branch });
    else {
      // a repository without a web address (a local path, ssh): the link names it as is, which the link form would refuse
      await app.db.transaction(async (tx) => {
        const [row] = await tx.insert(schema.issueLinks).values({ issueId: issue.id, projectId: issue.projectId, workspaceId: issue.workspaceId, url: link, title: branch, metadata: {}, createdById: userId, updatedById: userId }).returning();
        await recordActivity(tx, { issueId: issue.id, projectId: issue.projectId, workspaceId: issue.workspaceId, actorId: userId, verb: "created", field: "link", newValue: link, newIdentifier: row.id });
      });
    }
    return { branch, commit, url: link };
  } catch (e) {
    if (e instanceof GitError) throw errors.badRequest(`The commit failed: ${e.message}`);
    throw e;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
