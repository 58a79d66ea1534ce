import { OutboundError, safeFetch } from "../../core/safe-fetch.ts";
import { textToHtml } from "@stride/shared";
import { type SourceItem, type SourceUser } from "./source.ts";

/**
 * GitHub issues through the REST API (`GET /repos/{owner}/{repo}/issues?state=all`, then each issue's comments),
 * with a personal access token. Every call goes through `safeFetch` against the configured API base
 * (GITHUB_API_BASE, `https://api.github.com` by default); pagination follows the `Link: rel="next"` header only
 * while it stays on that base. Pull requests (issues with a `pull_request` key) are left out.
 */

export class GithubError extends Error {}

export interface GithubSource {
  apiBase: string;
  token: string;
  owner: string;
  repo: string;
  allowPrivate: boolean;
}

interface GhUser {
  login: string;
}
interface GhLabel {
  name: string;
  color?: string;
}
interface GhIssue {
  id: number;
  number: number;
  title: string;
  body: string | null;
  state: string;
  labels: (GhLabel | string)[];
  assignees?: GhUser[] | null;
  assignee?: GhUser | null;
  comments: number;
  pull_request?: unknown;
}
interface GhComment {
  id: number;
  body: string | null;
  user: GhUser | null;
}

/** Pages fetched at most per list (100 items each): 100,000 issues. */
const MAX_PAGES = 1000;

function nextLink(header: string | string[] | undefined): string | null {
  const h = Array.isArray(header) ? header.join(",") : header;
  const m = h ? /<([^>]+)>\s*;\s*rel="next"/.exec(h) : null;
  return m ? m[1] : null;
}

async function getAll<T>(src: GithubSource, path: string): Promise<T[]> {
  const base = src.apiBase.replace(/\/+$/, "");
  let url: string | null = `${base}${path}`;
  const out: T[] = [];
  for (let page = 0; url && page < MAX_PAGES; page++) {
    if (!url.startsWith(`${base}/`)) throw new GithubError("GitHub answered with a next page outside its API.");
    let res;
    try {
      res = await safeFetch(url, {
        headers: {
          accept: "application/vnd.github+json",
          authorization: `Bearer ${src.token}`,
          "x-github-api-version": "2022-11-28",
          "user-agent": "Stride-Importer",
        },
        allowPrivate: src.allowPrivate,
        maxBytes: 16 * 1024 * 1024,
        timeoutMs: 30_000,
        maxRedirects: 0,
      });
    } catch (e) {
      throw new GithubError(
        e instanceof OutboundError ? `GitHub could not be reached: ${e.message}.` : "GitHub could not be reached.",
      );
    }
    if (res.status === 401)
      throw new GithubError("GitHub refused the token (401): check that it is valid and not expired.");
    if (res.status === 403 || res.status === 429)
      throw new GithubError(
        `GitHub refused the request (${res.status}): the token lacks access or the rate limit is reached.`,
      );
    if (res.status === 404)
      throw new GithubError(`Repository ${src.owner}/${src.repo} was not found, or the token cannot read it.`);
    if (res.status !== 200) throw new GithubError(`GitHub answered ${res.status}.`);
    let body: unknown;
    try {
      body = JSON.parse(res.text());
    } catch {
      throw new GithubError("GitHub's answer was not JSON.");
    }
    if (!Array.isArray(body)) throw new GithubError("GitHub's answer was not a list.");
    out.push(...(body as T[]));
    url = nextLink(res.headers.link);
  }
  return out;
}

/** The repository's issues (no pull requests) with their comments, in the importer's shape. */
export async function readGithub(src: GithubSource): Promise<{ items: SourceItem[]; users: SourceUser[] }> {
  const repoPath = `/repos/${encodeURIComponent(src.owner)}/${encodeURIComponent(src.repo)}`;
  const issues = (
    await getAll<GhIssue>(src, `${repoPath}/issues?state=all&per_page=100&sort=created&direction=asc`)
  ).filter((i) => !i.pull_request);
  const users = new Map<string, SourceUser>();
  const user = (u: GhUser | null | undefined) => {
    if (!u?.login) return null;
    const key = u.login.toLowerCase();
    if (!users.has(key)) users.set(key, { key, name: u.login, email: null });
    return key;
  };
  const items: SourceItem[] = [];
  for (const i of issues) {
    const comments =
      i.comments > 0 ? await getAll<GhComment>(src, `${repoPath}/issues/${i.number}/comments?per_page=100`) : [];
    const people = i.assignees?.length ? i.assignees : i.assignee ? [i.assignee] : [];
    items.push({
      external_id: `${src.owner}/${src.repo}#${i.number}`,
      name: (i.title || `#${i.number}`).slice(0, 255),
      description_html: textToHtml(i.body),
      status: i.state === "closed" ? "closed" : "open",
      priority: "none",
      labels: i.labels
        .map((l) =>
          typeof l === "string" ? { name: l, color: "" } : { name: l.name, color: l.color ? `#${l.color}` : "" },
        )
        .filter((l) => l.name),
      assignees: people.map(user).filter((k): k is string => !!k),
      parent: null,
      comments: comments.map((c) => ({
        external_id: `${src.owner}/${src.repo}#comment-${c.id}`,
        html: textToHtml(c.body),
        author: user(c.user),
      })),
    });
  }
  return { items, users: [...users.values()] };
}
