import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { requestKey, workItemKeyAnnouncement } from "@stride/shared";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { Client } from "./helpers/client.ts";
import { buildServer } from "../src/app.ts";
import { pageAnnounced, pageLoadKeys, withPageLoads } from "../src/http/page-loads.ts";

/**
 * Issue #7 point 4: the app's HTML carries the first screen's data for the signed-in caller (core/screen-data.ts,
 * packages/shared/src/screen-data.ts): the answers of the screen's GET requests, run through the real routes with
 * the caller's session, in a JSON data block; nobody else's data, never cached, escaped, strict CSP kept.
 */

// what Vite writes: the module script in the head, the root in the body
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Stride</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/cx-abc.js">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;
/** The page as served: the instance's local-database default in the head (issue #28), so the web asks nothing for it. */
const SERVED = INDEX.replace("</head>", '<meta name="stride-local-db" content="on">\n</head>');

let t: TestServer;
let ws: WorkspaceFixture;
let pr: ProjectFixture;
let web: FastifyInstance;
let webUrl: string;
let dist: string;
let item: { id: string; sequence_id: number; name: string };
const SECRET = "Roadmap </script><script>alert(1)</script> <!-- & \u2028 admin-only";

beforeAll(async () => {
  t = await startTestServer();
  ws = await workspaceFixture(t);
  pr = await projectFixture(t, ws, { network: 0 });
  const res = await ws.admin.post(`${pr.base}/issues/`, { name: SECRET });
  expect(res.status).toBe(201);
  item = res.body;
  dist = fs.mkdtempSync(path.join(os.tmpdir(), "stride-web-"));
  fs.writeFileSync(path.join(dist, "index.html"), INDEX);
  web = await buildServer(t.app, { webDist: dist });
  webUrl = await web.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(async () => {
  await web?.close();
  await t?.close();
  if (dist) fs.rmSync(dist, { recursive: true, force: true });
});

/** `c`'s session, against the server that serves the web app. */
const asWeb = (c: Client) => {
  const w = new Client(webUrl);
  for (const [k, v] of c.cookies) w.setCookie(k, v);
  return w;
};

const BLOCKS = /<script type="application\/json" data-stride-screen-data>([\s\S]*?)<\/script>/g;
/** The page's data blocks, in order (one per batch of answers). */
function blocks(html: string): { v: number; responses: Record<string, unknown>; live?: Record<string, number> }[] {
  return [...html.matchAll(BLOCKS)].map((m) => JSON.parse(m[1]));
}
/** Every answer the page carries, from all of its blocks. */
function screenData(html: string): Record<string, unknown> | null {
  const all = blocks(html);
  if (!all.length) return null;
  for (const b of all) expect(b.v).toBe(1);
  return Object.assign({}, ...all.map((b) => b.responses));
}

describe("the app's HTML with the first screen's data", () => {
  it("carries the signed-in caller's answers of the work-item page's requests, equal to the API's", async () => {
    const key = `${pr.identifier}-${item.sequence_id}`;
    const res = await asWeb(ws.admin).get(`/${ws.slug}/browse/${key}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("vary")).toMatch(/cookie/i);
    // the strict CSP is unchanged: scripts from self only (and WebAssembly compiled: the web's local database)
    expect(res.headers.get("content-security-policy")).toMatch(/script-src 'self' 'wasm-unsafe-eval'(;|$)/);
    // the scripts start while the data is on its way; the head says a data block follows
    expect(res.text).toContain('<script type="module" async crossorigin src="/assets/index-abc.js">');
    expect(res.text).toContain('<meta name="stride-screen-data" content="pending">');
    const data = screenData(res.text)!;
    expect(data).not.toBeNull();
    const me = await ws.admin.get("/api/users/me/");
    expect(data["/api/users/me/"]).toEqual(me.body);
    // the item behind the key, then its parts and its project's data: the answers the API gives
    const lookupUrl = `/api/workspaces/${ws.slug}/work-items/${key}/?expand=issue_reactions,issue_attachments,issue_link,parent,tasks`;
    const parts = [
      lookupUrl,
      `${pr.base}/issues/${item.id}/history/?activity_type=issue-property`,
      `${pr.base}/issues/${item.id}/history/?activity_type=issue-comment`,
      `${pr.base}/issues/${item.id}/sub-issues/`,
      `${pr.base}/issues/${item.id}/issue-relation/`,
      `/api/assets/v2/workspaces/${ws.slug}/projects/${pr.id}/issues/${item.id}/attachments/`,
      `${pr.base}/states/`,
      `${pr.base}/members/`,
      `/api/workspaces/${ws.slug}/workspace-members/me/`,
    ];
    for (const url of parts) {
      const api = await ws.admin.get(url);
      expect(api.status, url).toBe(200);
      expect(data[requestKey(url)], url).toEqual(api.body);
    }
    // the detail of the item as embedded keeps the name exactly
    expect((data[requestKey(lookupUrl)] as { name: string }).name).toBe(SECRET);
    // the item is read once, by its key: the web caches that answer under the by-id key too, so the page
    // does not carry (nor the server read) the same detail again by id
    expect(
      data[
        requestKey(`${pr.base}/issues/${item.id}/?expand=issue_reactions,issue_attachments,issue_link,parent,tasks`)
      ],
    ).toBeUndefined();
    const project = await ws.admin.get(`${pr.base}/`);
    expect(data[requestKey(`${pr.base}/`)]).toEqual(project.body);
  });

  it("sends the answers in blocks as they come: the caller and the live positions first, each later answer once", async () => {
    const res = await asWeb(ws.admin).get(`/${ws.slug}/browse/${pr.identifier}-${item.sequence_id}/`);
    const all = blocks(res.text);
    expect(all.length).toBeGreaterThan(1);
    expect(Object.keys(all[0].responses)).toContain("/api/users/me/");
    expect(all[0].live).toBeDefined();
    for (const b of all.slice(1)) expect(b.live).toBeUndefined();
    const keys = all.flatMap((b) => Object.keys(b.responses));
    expect(new Set(keys).size).toBe(keys.length);
    // every block comes before the end of the body
    expect(res.text.lastIndexOf("data-stride-screen-data>")).toBeLessThan(res.text.indexOf("</body>"));
  });

  it("carries where the caller's live streams stood before the data was read, so the channel replays only later writes", async () => {
    const me = (await ws.admin.get("/api/users/me/")).body as { id: string };
    const wsId = ((await ws.admin.get(`/api/workspaces/${ws.slug}/`)).body as { id: string }).id;
    // in the page's first block, before any answer
    const liveOf = async (c: Client, url: string) => blocks((await asWeb(c).get(url)).text)[0].live!;
    const before = await liveOf(ws.admin, `/${ws.slug}/projects/${pr.id}/issues/`);
    // the caller's stream, the workspace's and the caller's project's, each at its last number
    expect(Object.keys(before).sort()).toEqual([`project:${pr.id}`, `user:${me.id}`, `workspace:${wsId}`].sort());
    expect(before[`project:${pr.id}`]).toBeGreaterThan(0);
    // a write to the project moves its stream; the next page starts after it
    expect((await ws.admin.patch(`${pr.base}/issues/${item.id}/`, { priority: "low" })).status).toBe(204);
    const after = await liveOf(ws.admin, `/${ws.slug}/projects/${pr.id}/issues/`);
    expect(after[`project:${pr.id}`]).toBeGreaterThan(before[`project:${pr.id}`]);
    // another workspace's slug names no stream of it (only the caller's own)
    expect(Object.keys(await liveOf(ws.admin, `/no-such-workspace/projects/`))).toEqual([`user:${me.id}`]);
  });

  it("carries the intake screen's first page and selected request, as the intake loader asks for them", async () => {
    expect((await ws.admin.patch(`${pr.base}/`, { intake_view: true })).status).toBe(200);
    const filed = await ws.admin.post(`${pr.base}/inbox-issues/`, { issue: { name: "Request in the page" } });
    expect(filed.status).toBe(200);
    const res = await asWeb(ws.admin).get(`/${ws.slug}/projects/${pr.id}/intake/?inboxId=${filed.body.issue.id}`);
    const data = screenData(res.text)!;
    for (const url of [
      `${pr.base}/inbox-issues/?status=-2&order_by=-issue__created_at&per_page=10&cursor=10%3A0%3A0`,
      `${pr.base}/inbox-issues/${filed.body.issue.id}/`,
    ]) {
      const api = await ws.admin.get(url);
      expect(api.status, url).toBe(200);
      expect(data[requestKey(url)], url).toEqual(api.body);
    }
    // the public form's page embeds nothing
    expect(screenData((await asWeb(ws.admin).get("/spaces/intake/0123456789abcdef0123456789abcdef/")).text)).toBeNull();
  });

  it("escapes the data so no text in it can end the block or run as script", async () => {
    const res = await asWeb(ws.admin).get(`/${ws.slug}/projects/${pr.id}/issues/?peekId=${item.id}`);
    const bodies = [...res.text.matchAll(BLOCKS)].map((m) => m[1]);
    expect(bodies.length).toBeGreaterThan(0);
    for (const b of bodies) expect(b).not.toMatch(/<|>|&|\u2028/);
    // the app's module script and the data blocks, nothing else
    expect(res.text.match(/<script/g)!.length).toBe(1 + bodies.length);
    expect(JSON.stringify(screenData(res.text))).toContain(JSON.stringify(SECRET).slice(1, -1));
  });

  it("gives each caller their own answers and nobody else's", async () => {
    const key = `${pr.identifier}-${item.sequence_id}`;
    const profile = await ws.admin.patch("/api/users/me/profile/", { company_name: "Admin Private Co" });
    expect(profile.status).toBe(200);
    const adminHtml = (await asWeb(ws.admin).get(`/${ws.slug}/browse/${key}/`)).text;
    expect(adminHtml).toContain("Admin Private Co");
    const memberHtml = (await asWeb(ws.member).get(`/${ws.slug}/browse/${key}/`)).text;
    const mine = screenData(memberHtml)!;
    expect((mine["/api/users/me/"] as { id: string }).id).toBe(ws.member.userId);
    expect((mine["/api/users/me/profile/"] as { user: string }).user).toBe(ws.member.userId);
    expect((mine[`/api/workspaces/${ws.slug}/workspace-members/me/`] as { member: string }).member).toBe(
      ws.member.userId,
    );
    expect(memberHtml).not.toContain("Admin Private Co");
    // an outsider of the workspace: their own user, nothing of the workspace (its answers are refusals)
    const outsiderHtml = (await asWeb(ws.outsider).get(`/${ws.slug}/browse/${key}/`)).text;
    const theirs = screenData(outsiderHtml)!;
    expect((theirs["/api/users/me/"] as { id: string }).id).toBe(ws.outsider.userId);
    expect(Object.keys(theirs).some((k) => k.startsWith(`/api/workspaces/${ws.slug}/`))).toBe(false);
    expect(outsiderHtml).not.toContain("admin-only");
  });

  it("embeds the list page the saved display choices ask for, beside the peeked item", async () => {
    const props = await ws.admin.patch(`${pr.base}/user-properties/`, {
      display_filters: { layout: "list", group_by: "priority", order_by: "sort_order" },
    });
    expect(props.status).toBe(200);
    const data = screenData(
      (await asWeb(ws.admin).get(`/${ws.slug}/projects/${pr.id}/issues/?peekId=${item.id}`)).text,
    )!;
    const listKey = Object.keys(data).find((k) => k.startsWith(`${pr.base}/issues/?`))!;
    expect(listKey).toContain("group_by=priority");
    expect(listKey).toContain("order_by=sort_order");
    expect(data[listKey]).toEqual((await ws.admin.get(listKey)).body);
    expect(
      data[
        requestKey(`${pr.base}/issues/${item.id}/?expand=issue_reactions,issue_attachments,issue_link,parent,tasks`)
      ],
    ).toMatchObject({ id: item.id });
  });

  it("serves the plain page without a session, with a stale session, and for public screens", async () => {
    const anon = await new Client(webUrl).get(`/${ws.slug}/projects/${pr.id}/issues/`);
    expect(anon.status).toBe(200);
    expect(anon.text).toBe(SERVED);
    expect(anon.headers.get("cache-control")).toBe("no-cache");
    const stale = new Client(webUrl);
    stale.setCookie(t.app.config.sessionCookieName, "not-a-session");
    const staleRes = await stale.get(`/${ws.slug}/projects/${pr.id}/issues/`);
    expect(screenData(staleRes.text)).toBeNull();
    expect(staleRes.text).not.toContain("admin-only");
    expect(screenData((await asWeb(ws.admin).get("/sign-in")).text)).toBeNull();
  });

  it("starts the page in the theme its cookie names (signed in or not); a cookie naming no theme changes nothing", async () => {
    const withTheme = (c: Client, theme: string) => {
      c.setCookie("stride-theme", theme);
      return c;
    };
    const dark = await withTheme(asWeb(ws.admin), "dark").get(`/${ws.slug}/projects/${pr.id}/issues/`);
    expect(dark.text).toContain('<html lang="en" data-theme="dark" class="dark">');
    expect(screenData(dark.text)).not.toBeNull();
    const light = await withTheme(new Client(webUrl), "light").get("/sign-in");
    expect(light.text).toBe(SERVED.replace('<html lang="en">', '<html lang="en" data-theme="light">'));
    expect((await withTheme(new Client(webUrl), "system").get("/")).text).toContain(
      '<html lang="en" data-theme="system">',
    );
    expect((await withTheme(new Client(webUrl), '"><script>alert(1)</script>').get("/")).text).toBe(SERVED);
  });

  it("keeps built assets and the API as they were", async () => {
    const api = await asWeb(ws.admin).get("/api/users/me/");
    expect(api.headers.get("content-type")).toMatch(/json/);
    const missing = await asWeb(ws.admin).get("/api/no-such-endpoint/");
    expect(missing.status).toBe(404);
  });
});

describe("the page's head names the screen's route chunks", () => {
  // a build manifest as Vite writes it (dist/.vite/manifest.json): the entry, the route chunks and their imports
  const MANIFEST = {
    "index.html": {
      file: "assets/index-abc.js",
      isEntry: true,
      imports: ["_cx.js"],
      dynamicImports: [
        "src/app/chunks/shell.ts",
        "src/app/chunks/screens.ts",
        "src/app/chunks/work-items.ts",
        "src/features/work-item-detail/chunk.ts",
        "src/app/chunks/settings.ts",
      ],
    },
    "_cx.js": { file: "assets/cx-abc.js" },
    "_ui.js": { file: "assets/ui-abc.js", imports: ["_cx.js"] },
    "_dates.js": { file: "assets/dates-abc.js" },
    "src/app/chunks/shell.ts": { file: "assets/shell-abc.js", isDynamicEntry: true, imports: ["_ui.js", "_cx.js"] },
    "src/app/chunks/screens.ts": { file: "assets/screens-abc.js", isDynamicEntry: true, imports: ["_ui.js", "_cx.js"] },
    "src/app/chunks/work-items.ts": { file: "assets/work-items-abc.js", isDynamicEntry: true, imports: ["_ui.js"] },
    "src/features/work-item-detail/chunk.ts": {
      file: "assets/work-item-detail-abc.js",
      isDynamicEntry: true,
      imports: ["_ui.js", "_dates.js"],
      css: ["assets/work-item-detail-abc.css"],
    },
    "src/app/chunks/settings.ts": { file: "assets/settings-abc.js", isDynamicEntry: true, imports: ["_ui.js"] },
  };
  let built: FastifyInstance;
  let builtUrl: string;
  let builtDist: string;
  beforeAll(async () => {
    builtDist = fs.mkdtempSync(path.join(os.tmpdir(), "stride-web-"));
    fs.writeFileSync(path.join(builtDist, "index.html"), INDEX);
    fs.mkdirSync(path.join(builtDist, ".vite"));
    fs.writeFileSync(path.join(builtDist, ".vite", "manifest.json"), JSON.stringify(MANIFEST));
    built = await buildServer(t.app, { webDist: builtDist });
    builtUrl = await built.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => {
    await built?.close();
    if (builtDist) fs.rmSync(builtDist, { recursive: true, force: true });
  });
  const as = (c: Client | null) => {
    const w = new Client(builtUrl);
    if (c) for (const [k, v] of c.cookies) w.setCookie(k, v);
    return w;
  };
  /** The files the page's head preloads, in order. */
  const preloads = (html: string) =>
    [
      ...html.slice(0, html.indexOf("</head>")).matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)">/g),
    ].map((m) => m[1]);

  it("preloads the work-item page's chunks and their imports from the head, with the data block after them", async () => {
    const res = await as(ws.admin).get(`/${ws.slug}/browse/${pr.identifier}-${item.sequence_id}/`);
    expect(res.status).toBe(200);
    const head = res.text.slice(0, res.text.indexOf("</head>"));
    // the shell's chunk and the detail's, each import once; the entry's own preload (cx) stays as Vite wrote it
    expect(preloads(res.text).sort()).toEqual(
      [
        "assets/cx-abc.js",
        "assets/dates-abc.js",
        "assets/shell-abc.js",
        "assets/ui-abc.js",
        "assets/work-item-detail-abc.js",
      ].sort(),
    );
    expect(head.match(/cx-abc\.js/g)).toHaveLength(1);
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/work-item-detail-abc.css">');
    expect(head).not.toContain("settings-abc.js");
    expect(res.text.indexOf("data-stride-screen-data>")).toBeGreaterThan(res.text.indexOf("</head>"));
  });

  it("preloads the chunks each screen's route loads: the peek view, project settings, workspace members", async () => {
    const peek = preloads((await as(ws.admin).get(`/${ws.slug}/projects/${pr.id}/issues/?peekId=${item.id}`)).text);
    expect(peek).toEqual(
      expect.arrayContaining(["assets/shell-abc.js", "assets/work-items-abc.js", "assets/work-item-detail-abc.js"]),
    );
    expect(peek).not.toContain("assets/screens-abc.js");
    const list = preloads((await as(ws.admin).get(`/${ws.slug}/projects/${pr.id}/issues/`)).text);
    expect(list).toEqual(expect.arrayContaining(["assets/shell-abc.js", "assets/work-items-abc.js"]));
    expect(list).not.toContain("assets/work-item-detail-abc.js");
    // the settings screens load the shell and their own chunk: no list, no detail, no other screens
    for (const url of [`/${ws.slug}/projects/${pr.id}/settings/`, `/${ws.slug}/settings/members/`]) {
      const files = preloads((await as(ws.admin).get(url)).text);
      expect(files, url).toEqual(
        expect.arrayContaining(["assets/shell-abc.js", "assets/settings-abc.js", "assets/ui-abc.js"]),
      );
      for (const other of ["assets/work-item-detail-abc.js", "assets/work-items-abc.js", "assets/screens-abc.js"])
        expect(files, url).not.toContain(other);
    }
    // a signed-out visitor's page preloads the shell's chunk too (its guard sends them to sign in)
    expect(preloads((await as(null).get(`/${ws.slug}/settings/members/`)).text)).toContain("assets/shell-abc.js");
  });

  it("does not serve the build manifest", async () => {
    const res = await as(ws.admin).get("/.vite/manifest.json");
    expect(res.text).not.toContain("work-item-detail-abc");
  });
});

describe("one session and scope lookup per page", () => {
  it("shares the caller's session and each scope across the requests the server runs for a page", async () => {
    const headers = {
      cookie: `${t.app.config.sessionCookieName}=${ws.admin.cookies.get(t.app.config.sessionCookieName)}`,
    };
    const keys = await withPageLoads(async () => {
      const urls = [
        `${pr.base}/states/`,
        `${pr.base}/issue-labels/`,
        `/api/workspaces/${ws.slug}/members/`,
        "/api/users/me/",
      ];
      const answers = await Promise.all(urls.map((url) => t.server.inject({ method: "GET", url, headers })));
      for (const a of answers) expect(a.statusCode).toBe(200);
      return pageLoadKeys();
    });
    // one session read, one scope per (workspace, project): not one of each per request
    expect(keys.filter((k) => k.startsWith("session:"))).toHaveLength(1);
    expect(keys.filter((k) => k.startsWith("scope:")).sort()).toEqual(
      [`scope:${ws.admin.userId}:${ws.slug}:`, `scope:${ws.admin.userId}:${ws.slug}:${pr.id}`].sort(),
    );
    // outside a page, nothing is shared (every request from the network reads its own)
    expect(pageLoadKeys()).toEqual([]);
  });
});

describe("the full work-item page reads its item once", () => {
  it("hands the item the lookup by key found to the page's requests for its parts, which do not read it again", async () => {
    const headers = {
      cookie: `${t.app.config.sessionCookieName}=${ws.admin.cookies.get(t.app.config.sessionCookieName)}`,
    };
    const key = `${pr.identifier}-${item.sequence_id}`;
    const parts = [
      `${pr.base}/issues/${item.id}/history/?activity_type=issue-property`,
      `${pr.base}/issues/${item.id}/sub-issues/`,
      `${pr.base}/issues/${item.id}/issue-relation/`,
    ];
    const { afterLookup, afterParts, bodies } = await withPageLoads(async () => {
      const lookup = await t.server.inject({
        method: "GET",
        url: `/api/workspaces/${ws.slug}/work-items/${key}/`,
        headers,
      });
      expect(lookup.statusCode).toBe(200);
      const afterLookup = pageLoadKeys();
      const answers = await Promise.all(parts.map((url) => t.server.inject({ method: "GET", url, headers })));
      return {
        afterLookup,
        afterParts: pageLoadKeys(),
        bodies: answers.map((a) => ({ status: a.statusCode, body: a.json() as unknown })),
      };
    });
    // the lookup left the item's row for the page: the parts' item load is that one (no second key, no read by id)
    expect(afterLookup).toContain(`issue:${pr.id}:${item.id}`);
    expect(afterParts.filter((k) => k.startsWith("issue:"))).toEqual([`issue:${pr.id}:${item.id}`]);
    // and they answer as they do from the network
    for (const [i, url] of parts.entries()) {
      const api = await ws.admin.get(url);
      expect(bodies[i], url).toEqual({ status: 200, body: api.body });
    }
  });
});

describe("the full work-item page starts the item's parts at the lookup's announcement", () => {
  it("announces the item the lookup by key found to the page before its answer, and nothing for a key that finds none", async () => {
    const headers = {
      cookie: `${t.app.config.sessionCookieName}=${ws.admin.cookies.get(t.app.config.sessionCookieName)}`,
    };
    const key = `${pr.identifier}-${item.sequence_id}`.toLowerCase();
    const seen = await withPageLoads(async () => {
      const order: string[] = [];
      const announced = pageAnnounced<unknown>(workItemKeyAnnouncement(ws.slug, key))!.then(
        (v) => (order.push("announced"), v),
      );
      const lookup = t.server
        .inject({ method: "GET", url: `/api/workspaces/${ws.slug}/work-items/${key.toUpperCase()}/`, headers })
        .then((r) => (order.push("answered"), r));
      const [value, res] = await Promise.all([announced, lookup]);
      return { value, status: res.statusCode, order };
    });
    expect(seen.status).toBe(200);
    expect(seen.value).toEqual({ id: item.id, project_id: pr.id, is_epic: false });
    expect(seen.order).toEqual(["announced", "answered"]);
    // a key that names no item: answered 404, never announced
    const missing = await withPageLoads(async () => {
      const announced = pageAnnounced<unknown>(workItemKeyAnnouncement(ws.slug, `${pr.identifier}-999999`))!.then(
        () => "announced",
      );
      const res = await t.server.inject({
        method: "GET",
        url: `/api/workspaces/${ws.slug}/work-items/${pr.identifier}-999999/`,
        headers,
      });
      return {
        status: res.statusCode,
        first: await Promise.race([announced, new Promise((r) => setTimeout(() => r("not announced"), 50))]),
      };
    });
    expect(missing).toEqual({ status: 404, first: "not announced" });
    // outside a page, nothing is announced or awaited
    expect(pageAnnounced("anything")).toBeUndefined();
  });
});
