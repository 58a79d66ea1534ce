import fs from "node:fs";
import path from "node:path";
import { and, desc, eq } from "drizzle-orm";
import {
  ACTIVE_EXECUTION_STATUSES,
  COMMIT_MSG,
  type CommitExecutionBody,
  type CommitResult,
} from "@stride/shared/contract";
import type { AppContext } from "../../core/context.ts";
import { errors } from "../../http/errors.ts";
import type { ProjectRow } from "../../http/route.ts";
import { schema } from "../../db/client.ts";
import { git, GitError, gitWorkDir } from "../../agents/sandbox/git.ts";
import { guardRepository, RepositoryRefused, type GitRemote } from "../../agents/sandbox/repository.ts";
import { sandboxRuntime } from "../../agents/sandbox/runtime.ts";
import { createLink } from "../issues/links.ts";
import { recordActivity } from "../../domain/activity.ts";
import { loadArtifact } from "./executions.ts";
import type { ArtifactRow, ExecutionRow } from "./presenters.ts";

/** The web address of a branch for the usual forges' https URLs; otherwise the repository URL with `#branch`. */
export function branchUrl(repoUrl: string, branch: string): string {
  const m = /^https?:\/\/[^/]+\/.+/.test(repoUrl) ? repoUrl.replace(/\.git$/, "").replace(/\/$/, "") : null;
  if (m) return `${m}/tree/${branch}`;
  return `${repoUrl.startsWith("/") ? `file://${repoUrl}` : repoUrl}#${branch}`;
}

/** The first free branch name: `base`, else `base-2`, `base-3`, … (a later run on the same work item). */
export function freeBranch(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

interface DiffMeta {
  base_commit?: string;
  repository?: { url: string } | null;
  sandbox_id?: string;
  folder?: string;
  committed?: { branch: string; commit: string };
}

/**
 * The diff committed is the one the person reviewed (issue #24 point 6): the artifact they name, which must be the
 * run's newest of its name (artifacts never change; a later run adds a new one), while no run is working on it,
 * and, when its sandbox's checkout is still here, matching that checkout now.
 */
async function assertReviewedDiffIsCurrent(
  app: AppContext,
  exec: ExecutionRow,
  artifact: ArtifactRow,
  meta: DiffMeta,
): Promise<void> {
  if ((ACTIVE_EXECUTION_STATUSES as readonly string[]).includes(exec.status))
    throw errors.conflict({ error: COMMIT_MSG.running });
  if (meta.committed) throw errors.conflict({ error: COMMIT_MSG.committed(meta.committed.branch) });
  const [newest] = await app.db
    .select({ id: schema.agentArtifacts.id })
    .from(schema.agentArtifacts)
    .where(and(eq(schema.agentArtifacts.executionId, exec.id), eq(schema.agentArtifacts.name, artifact.name)))
    .orderBy(desc(schema.agentArtifacts.createdAt), desc(schema.agentArtifacts.id))
    .limit(1);
  if (newest?.id !== artifact.id) throw errors.conflict({ error: COMMIT_MSG.superseded });
  const rt = sandboxRuntime(app);
  if (!meta.sandbox_id || !rt.exists(meta.sandbox_id)) return; // the checkout is gone (or on another instance): the artifact is all there is
  let now: string;
  try {
    now = await rt.diff(meta.sandbox_id, meta.base_commit!, meta.folder ?? "");
  } catch {
    return; // it cannot be read now (stopped meanwhile): the artifact is what was reviewed
  }
  if (now !== artifact.content) throw errors.conflict({ error: COMMIT_MSG.checkoutChanged });
}

/** Pushes tried before giving up when other commits take the free branch names first. */
const PUSH_TRIES = 3;

/**
 * The commit modal (issue #10 point 6): the execution's diff artifact is applied to its base commit in a fresh
 * clone of the repository, committed on a new branch `stride/{IDENT}-{seq}` (the work item named in the message;
 * when that branch exists, from an earlier run, the first free `stride/{IDENT}-{seq}-{n}`), pushed only as a new
 * branch, and the branch becomes a link on the work item.
 */
export async function commitExecution(
  app: AppContext,
  project: ProjectRow,
  exec: ExecutionRow,
  userId: string,
  body: CommitExecutionBody,
): Promise<CommitResult> {
  if (!exec.issueId) throw errors.badRequest(COMMIT_MSG.noWorkItem);
  const artifact = await loadArtifact(app.db, project.id, body.artifact_id, userId);
  if (artifact.executionId !== exec.id || artifact.kind !== "diff") throw errors.badRequest(COMMIT_MSG.notDiff);
  if (!artifact.content.trim()) throw errors.badRequest(COMMIT_MSG.emptyDiff);
  const meta = artifact.meta as DiffMeta;
  if (!meta.repository?.url || !meta.base_commit) throw errors.badRequest(COMMIT_MSG.notDiff);
  await assertReviewedDiffIsCurrent(app, exec, artifact, meta);
  const [issue] = await app.db.select().from(schema.issues).where(eq(schema.issues.id, exec.issueId));
  const [user] = await app.db.select().from(schema.users).where(eq(schema.users.id, userId));
  const key = `${project.identifier}-${issue.sequenceId}`;
  const message = `${body.message || `${key}: ${issue.name}`}\n\nWork item: ${key}\nMade by the Stride agent "${(exec.agentConfig as { name: string }).name}" (execution ${exec.id}).`;
  const url = meta.repository.url;
  // the repository guard again (the instance's rules may have changed since the run), and git as the sandbox user
  const remote = await guardRepository(url, {
    localDirs: app.config.sandboxLocalRepositories,
    allowPrivate: app.config.outboundAllowPrivate,
  }).catch((e: unknown) => {
    throw e instanceof RepositoryRefused ? errors.badRequest(`The commit failed: ${e.message}`) : e;
  });
  const dir = gitWorkDir("stride-commit-");
  try {
    await git(["clone", "--no-hardlinks", "--quiet", "--no-checkout", "--", remote.url, dir], { remote });
    await git(["checkout", "--quiet", "--detach", meta.base_commit], { cwd: dir });
    fs.writeFileSync(path.join(dir, ".git", "stride.patch"), artifact.content);
    await git(["apply", "--index", "--binary", ".git/stride.patch"], { cwd: dir });
    const who = [
      "-c",
      `user.name=${user?.displayName || "Stride"}`,
      "-c",
      `user.email=${user?.email || "agent@stride.invalid"}`,
    ];
    await git([...who, "commit", "--quiet", "--no-verify", "-m", message], { cwd: dir });
    const commit = (await git(["rev-parse", "HEAD"], { cwd: dir })).trim();
    const branch = await pushNewBranch(dir, `stride/${key}`, remote);
    await app.db
      .update(schema.agentArtifacts)
      .set({ meta: { ...meta, committed: { branch, commit } } })
      .where(eq(schema.agentArtifacts.id, artifact.id));
    const link = branchUrl(url, branch);
    await linkBranch(app, issue, userId, link, branch);
    return { branch, commit, url: link };
  } catch (e) {
    if (e instanceof GitError) throw errors.badRequest(`The commit failed: ${e.message}`);
    throw e;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The pushed branch becomes a link on the work item. */
async function linkBranch(
  app: AppContext,
  issue: typeof schema.issues.$inferSelect,
  userId: string,
  link: string,
  branch: string,
): Promise<void> {
  if (/^https?:\/\//.test(link)) {
    await createLink(app.db, issue, userId, { url: link, title: branch });
    return;
  }
  // a repository without a web address (a local path, ssh): the link names it as is, which the link form would refuse
  await app.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(schema.issueLinks)
      .values({
        issueId: issue.id,
        projectId: issue.projectId,
        workspaceId: issue.workspaceId,
        url: link,
        title: branch,
        metadata: {},
        createdById: userId,
        updatedById: userId,
      })
      .returning();
    await recordActivity(tx, {
      issueId: issue.id,
      projectId: issue.projectId,
      workspaceId: issue.workspaceId,
      actorId: userId,
      verb: "created",
      field: "link",
      newValue: link,
      newIdentifier: row.id,
    });
  });
}

/**
 * Push HEAD of the clone in `dir` as a new branch named after `base`: the first name free in the repository, pushed
 * with a lease that it does not exist (never onto a branch someone made meanwhile; then the next free name).
 */
async function pushNewBranch(dir: string, base: string, remote: GitRemote): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const heads = await git(["ls-remote", "--heads", "origin"], { cwd: dir, remote });
    const taken = new Set(
      heads
        .split("\n")
        .map((l) => l.split("\t")[1]?.replace(/^refs\/heads\//, ""))
        .filter(Boolean),
    );
    const branch = freeBranch(base, taken);
    try {
      await git(
        ["push", "--quiet", `--force-with-lease=refs/heads/${branch}:`, "origin", `HEAD:refs/heads/${branch}`],
        { cwd: dir, remote },
      );
      return branch;
    } catch (e) {
      if (!(e instanceof GitError)) throw e;
      // refused for another reason than the name: git's words
      if (!(await git(["ls-remote", "--heads", "origin", `refs/heads/${branch}`], { cwd: dir, remote })).trim())
        throw e;
      if (attempt >= PUSH_TRIES) throw errors.conflict({ error: COMMIT_MSG.branchExists(branch) });
    }
  }
}
