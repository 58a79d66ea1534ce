import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for GitHub's REST API on loopback, answering from recorded fixtures (`test/fixtures/github/`):
 * `GET /repos/{owner}/{repo}/issues` (issues and pull requests, as GitHub lists them) and
 * `GET /repos/{owner}/{repo}/issues/{n}/comments`, paginated with GitHub's `Link` header at `pageSize` items,
 * `Bearer` token checked (401 "Bad credentials"), unknown repositories 404 "Not Found". Records every request.
 */
export interface GithubStandIn {
  url: string;
  requests: { path: string; authorization: string | undefined; accept: string | undefined }[];
  /** Change what the repository holds (a test edits an issue between runs). */
  issues: Record<string, unknown>[];
  comments: Record<string, Record<string, unknown>[]>;
  close(): Promise<void>;
}

const FIXTURES = path.join(import.meta.dirname, "..", "fixtures", "github");
const read = (f: string) => JSON.parse(fs.readFileSync(path.join(FIXTURES, f), "utf8"));

export async function startGithubStandIn(opts: {
  token: string;
  owner: string;
  repo: string;
  pageSize?: number;
}): Promise<GithubStandIn> {
  const pageSize = opts.pageSize ?? 2;
  const state: GithubStandIn = {
    url: "",
    requests: [],
    issues: read("repo-issues.json"),
    comments: read("issue-comments.json"),
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
  const send = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, {
      "content-type": "application/json; charset=utf-8",
      "x-github-media-type": "github.v3; format=json",
      ...headers,
    });
    res.end(JSON.stringify(body));
  };
  const page = (res: http.ServerResponse, url: URL, all: unknown[]) => {
    const n = Math.max(1, Number(url.searchParams.get("page") ?? "1"));
    const last = Math.max(1, Math.ceil(all.length / pageSize));
    const links: string[] = [];
    const at = (p: number) => {
      const u = new URL(url.toString());
      u.searchParams.set("page", String(p));
      return `<${state.url}${u.pathname}${u.search}>`;
    };
    if (n < last) links.push(`${at(n + 1)}; rel="next"`, `${at(last)}; rel="last"`);
    if (n > 1) links.push(`${at(n - 1)}; rel="prev"`, `${at(1)}; rel="first"`);
    send(res, 200, all.slice((n - 1) * pageSize, n * pageSize), links.length ? { link: links.join(", ") } : {});
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    state.requests.push({
      path: url.pathname + url.search,
      authorization: req.headers.authorization,
      accept: req.headers.accept,
    });
    if (req.headers.authorization !== `Bearer ${opts.token}`) {
      return send(res, 401, {
        message: "Bad credentials",
        documentation_url: "https://docs.github.com/rest",
        status: "401",
      });
    }
    const m = /^\/repos\/([^/]+)\/([^/]+)\/issues(?:\/(\d+)\/comments)?$/.exec(url.pathname);
    if (req.method !== "GET" || !m || m[1] !== opts.owner || m[2] !== opts.repo) {
      return send(res, 404, { message: "Not Found", documentation_url: "https://docs.github.com/rest", status: "404" });
    }
    if (m[3]) return page(res, url, state.comments[m[3]] ?? []);
    const which = url.searchParams.get("state") ?? "open";
    return page(
      res,
      url,
      state.issues.filter((i) => which === "all" || i.state === which),
    );
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}
