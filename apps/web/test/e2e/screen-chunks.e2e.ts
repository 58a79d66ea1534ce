import { expect, it } from "vitest";
import type { APIRequestContext } from "playwright-core";
import { e2eSuite } from "./helpers.ts";
import { arrange, createItems } from "./work-items-fixtures.ts";

/**
 * What the four measured screens (issue #7 point 4) load before their first render: the page's entry script, the
 * chunks its head preloads, and everything those import statically. None of the large libraries that no first
 * render needs may be among them — they are chunks of their own, loaded when used (a chart, the editor once the
 * page has arrived, a page's collaborative editor, a code block) — and React Router is its production build.
 * Each library is recognised by a string only its code holds.
 */
const NOT_AT_START: Record<string, string> = {
  "recharts (charts)": "recharts-surface",
  "Tiptap / ProseMirror (the editor)": "ProseMirror-focused",
  "yjs (collaborative pages)": "Yjs was already imported",
  "highlight.js (code highlighting)": "Falling back to no-highlight",
  "React Router's development build": "Hey developer",
  // the production build people run, not React's development runtime (vitest's NODE_ENV=test would build that)
  "React's development runtime": "jsxDEV",
};

/**
 * Screens' code that another screen does not load first (vite.config.ts groups the start by route chunk): the
 * work-item detail's activity feed, the intake screen's list, the inbox's tabs. Recognised by a label only that code holds.
 */
const DETAIL = "Activity feed";
const OTHER_SCREENS = ["Intake work items", "Inbox tabs"];

/** Scripts a measured screen may load before its first render. */
const MAX_START_SCRIPTS = 6;

const e2e = e2eSuite();

/** The scripts a page loads before its first render: its scripts and preloads, and their static imports, by path. */
async function startScripts(req: APIRequestContext, path: string): Promise<Map<string, string>> {
  const res = await req.get(path);
  expect(res.status(), path).toBe(200);
  const html = await res.text();
  const queue: string[] = [];
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+\.js)"/g)) queue.push(m[1]);
  for (const m of html.matchAll(/<link\b[^>]*>/g)) {
    if (!/\brel="modulepreload"/.test(m[0])) continue;
    const href = /\bhref="([^"]+\.js)"/.exec(m[0]);
    if (href) queue.push(href[1]);
  }
  const out = new Map<string, string>();
  while (queue.length) {
    const url = new URL(queue.shift()!, "http://app.invalid/").pathname;
    if (out.has(url)) continue;
    const r = await req.get(url);
    expect(r.status(), url).toBe(200);
    const code = await r.text();
    out.set(url, code);
    // static imports only (`import(…)` is a lazy chunk): `import"./x.js"`, `from"./x.js"`
    for (const s of code.matchAll(/(?:\bimport|\bfrom)\s*["'](\.\/[^"']+\.js)["']/g))
      queue.push(new URL(s[1], `http://app.invalid${url}`).pathname);
  }
  return out;
}

it("opens the work-item page, the peek view, project settings and workspace members without loading charts, the editor, yjs or highlight.js first", async () => {
  const ctx = await e2e.context();
  const a = await arrange(ctx, { firstName: "Chunk" });
  const [item] = await createItems(ctx.request, a, [
    { name: "Weigh the start-up", description_html: "<p>Some <strong>text</strong></p>" },
  ]);
  const project = (await (await ctx.request.get(`/api/workspaces/${a.slug}/projects/${a.projectId}/`)).json()) as {
    identifier: string;
  };
  const screens = [
    `/${a.slug}/browse/${project.identifier}-${item.sequence_id}/`,
    `/${a.slug}/projects/${a.projectId}/issues/?peekId=${item.id}`,
    `/${a.slug}/projects/${a.projectId}/settings/`,
    `/${a.slug}/settings/members/`,
  ];
  for (const path of screens) {
    const scripts = await startScripts(ctx.request, path);
    // the route chunks are among them (the head preloads them), so the check covers what the screen renders with
    expect([...scripts.keys()].length, path).toBeGreaterThan(3);
    // the first render's modules come in a few chunks (vite.config.ts `startChunks`: the entry, the runtime, the
    // libraries, the app's code, what the public space shares), not one script per module group (48 before)
    expect([...scripts.keys()].length, `${path}: ${[...scripts.keys()].join(" ")}`).toBeLessThanOrEqual(
      MAX_START_SCRIPTS,
    );
    const found = Object.entries(NOT_AT_START).flatMap(([lib, marker]) =>
      [...scripts].filter(([, code]) => code.includes(marker)).map(([url]) => `${lib} in ${url}`),
    );
    expect(found, path).toEqual([]);
    // the work-item screens load the detail, and no other screen's code; the settings screens neither
    const holds = (marker: string) => [...scripts.values()].some((code) => code.includes(marker));
    expect(holds(DETAIL), path).toBe(!path.includes("/settings/"));
    for (const marker of OTHER_SCREENS) expect(holds(marker), `${path}: ${marker}`).toBe(false);
  }
  await ctx.close();
});
