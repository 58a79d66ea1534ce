import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { schema } from "../src/db/client.ts";
import { htmlViolations, XSS_CORPUS } from "../../../packages/shared/src/html/test-corpus.ts";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";

/**
 * Stored HTML is sanitised on write (issue #6, point 3): every payload of the XSS corpus is written
 * through each endpoint that accepts HTML; what is answered and what is stored must be clean.
 */
let t: TestServer;
let ws: WorkspaceFixture;
let pr: ProjectFixture;
let W: string;

beforeAll(async () => {
  t = await startTestServer();
  ws = await workspaceFixture(t);
  pr = await projectFixture(t, ws);
  W = `/api/workspaces/${ws.slug}`;
});
afterAll(async () => {
  await t?.close();
});

/** Run `fn` over the corpus, a few requests at a time. */
async function eachPayload(fn: (payload: string, i: number) => Promise<void>) {
  for (let i = 0; i < XSS_CORPUS.length; i += 6) {
    await Promise.all(XSS_CORPUS.slice(i, i + 6).map((p, j) => fn(p, i + j)));
  }
}

function expectClean(html: unknown, where: string) {
  expect(typeof html, where).toBe("string");
  expect(htmlViolations(html as string), `${where}: ${html}`).toEqual([]);
}

/** Write answers carry the HTML only on some routes (the item shape has no description): check it where present. */
function expectCleanIfPresent(body: Record<string, unknown>, key: string, where: string) {
  if (key in body) expectClean(body[key], where);
}

function ok<T extends { status: number; text: string }>(res: T, status: number): T {
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${res.text}`);
  return res;
}

describe("work-item descriptions", () => {
  it("are sanitised on create and on PATCH (answer and storage)", async () => {
    const ids: string[] = [];
    await eachPayload(async (payload, i) => {
      const created = ok(
        await ws.member.post(`${pr.base}/issues/`, { name: `xss ${i}`, description_html: payload }),
        201,
      );
      expectCleanIfPresent(created.body, "description_html", `create #${i}`);
      ids.push(created.body.id);
      ok(
        await ws.member.patch(`${pr.base}/issues/${created.body.id}/`, { description_html: `<p>v2</p>${payload}` }),
        204,
      );
      const detail = ok(await ws.member.get(`${pr.base}/issues/${created.body.id}/`), 200);
      expectClean(detail.body.description_html, `detail #${i}`);
    });
    const rows = await t.db.db.select().from(schema.issues).where(inArray(schema.issues.id, ids));
    expect(rows).toHaveLength(XSS_CORPUS.length);
    for (const r of rows) {
      expectClean(r.descriptionHtml, `stored ${r.name}`);
      expect(r.descriptionHtml.startsWith("<p>v2</p>")).toBe(true);
    }
    const acts = await t.db.db
      .select()
      .from(schema.issueActivities)
      .where(inArray(schema.issueActivities.issueId, ids));
    for (const a of acts.filter((x) => x.field === "description")) {
      if (a.oldValue) expectClean(a.oldValue, "activity old_value");
      if (a.newValue) expectClean(a.newValue, "activity new_value");
    }
  });

  it("stores the overlay span without its classes, and a payload with nothing left as <p></p>", async () => {
    const a = ok(
      await ws.member.post(`${pr.base}/issues/`, {
        name: "overlay",
        description_html: `<p><span class="fixed inset-0 z-50 bg-black">cover</span></p>`,
      }),
      201,
    );
    expect((await ws.member.get(`${pr.base}/issues/${a.body.id}/`)).body.description_html).toBe(
      "<p><span>cover</span></p>",
    );
    const b = ok(
      await ws.member.post(`${pr.base}/issues/`, { name: "nothing", description_html: `<script>alert(1)</script>` }),
      201,
    );
    expect((await ws.member.get(`${pr.base}/issues/${b.body.id}/`)).body.description_html).toBe("<p></p>");
    const [row] = await t.db.db.select().from(schema.issues).where(eq(schema.issues.id, b.body.id));
    expect(row.descriptionHtml).toBe("<p></p>");
    expect(row.descriptionStripped).toBe("");
  });

  it("keeps editor output, and mentions in it are still recorded", async () => {
    const html = `<p>Hi <mention-component id="${ws.member.userId}" entity_identifier="${ws.member.userId}" entity_name="user_mention"></mention-component></p><ul data-type="taskList"><li data-checked="false" data-type="taskItem"><label><input type="checkbox"><span></span></label><div><p>todo</p></div></li></ul><pre><code class="language-ts">let a = 1;</code></pre><p><a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com">link</a></p>`;
    const created = ok(await ws.admin.post(`${pr.base}/issues/`, { name: "editor", description_html: html }), 201);
    expect((await ws.admin.get(`${pr.base}/issues/${created.body.id}/`)).body.description_html).toBe(html);
    const mentions = await t.db.db
      .select()
      .from(schema.issueMentions)
      .where(eq(schema.issueMentions.issueId, created.body.id));
    expect(mentions.map((m) => m.mentionId)).toEqual([ws.member.userId]);
  });

  it("refuses what is not a string, too long or nested too deeply, before sanitising", async () => {
    expect((await ws.member.post(`${pr.base}/issues/`, { name: "n", description_html: 5 })).body).toEqual({
      description_html: ["Not a valid string."],
    });
    const long = await ws.member.post(`${pr.base}/issues/`, {
      name: "n",
      description_html: `<script>${"x".repeat(2_000_001)}</script>`,
    });
    expect(long.status).toBe(400);
    expect(long.body).toEqual({ description_html: ["Ensure this field has no more than 2000000 characters."] });
    // deep nesting would make the parser quadratic: refused before it is parsed
    const issue = ok(await ws.member.post(`${pr.base}/issues/`, { name: "deep" }), 201).body;
    const deep = await ws.member.post(`${pr.base}/issues/${issue.id}/comments/`, {
      comment_html: "<span>".repeat(300_000),
    });
    expect([deep.status, deep.body]).toEqual([
      400,
      { comment_html: ["Ensure elements are nested no more than 100 levels deep."] },
    ]);
  });
});

describe("comments", () => {
  it("are sanitised on POST comments/, POST history/ and PATCH", async () => {
    const issue = ok(await ws.member.post(`${pr.base}/issues/`, { name: "commented" }), 201).body;
    const url = `${pr.base}/issues/${issue.id}`;
    await eachPayload(async (payload, i) => {
      const c = ok(await ws.member.post(`${url}/comments/`, { comment_html: payload }), 201);
      expectClean(c.body.comment_html, `comment #${i}`);
      const h = ok(await ws.member.post(`${url}/history/`, { comment_html: payload }), 201);
      expectClean(h.body.comment_html, `history comment #${i}`);
      const p = ok(
        await ws.member.patch(`${url}/comments/${c.body.id}/`, { comment_html: `<p>edited</p>${payload}` }),
        200,
      );
      expectClean(p.body.comment_html, `comment patch #${i}`);
    });
    const rows = await t.db.db.select().from(schema.issueComments).where(eq(schema.issueComments.issueId, issue.id));
    expect(rows).toHaveLength(XSS_CORPUS.length * 2);
    for (const r of rows) expectClean(r.commentHtml, "stored comment");
    const listed = ok(await ws.member.get(`${url}/comments/`), 200);
    for (const c of listed.body) expectClean(c.comment_html, "listed comment");
    const acts = await t.db.db
      .select()
      .from(schema.issueActivities)
      .where(eq(schema.issueActivities.issueId, issue.id));
    for (const a of acts.filter((x) => x.field === "comment")) {
      if (a.oldValue) expectClean(a.oldValue, "comment activity old_value");
      if (a.newValue) expectClean(a.newValue, "comment activity new_value");
    }
  });

  it("a comment with nothing left is stored as <p></p>", async () => {
    const issue = ok(await ws.member.post(`${pr.base}/issues/`, { name: "empty comment" }), 201).body;
    const c = ok(
      await ws.member.post(`${pr.base}/issues/${issue.id}/comments/`, { comment_html: `<img src=x onerror=alert(1)>` }),
      201,
    );
    expect(c.body.comment_html).toBe("<p></p>");
  });
});

describe("drafts", () => {
  it("project drafts are sanitised on create and PATCH", async () => {
    await eachPayload(async (payload, i) => {
      const d = ok(
        await ws.member.post(`${pr.base}/issue-drafts/`, { name: `draft ${i}`, description_html: payload }),
        201,
      );
      expectCleanIfPresent(d.body, "description_html", `project draft #${i}`);
      expectClean(
        (await ws.member.get(`${pr.base}/issue-drafts/${d.body.id}/`)).body.description_html,
        `project draft detail #${i}`,
      );
      const p = ok(
        await ws.member.patch(`${pr.base}/issue-drafts/${d.body.id}/`, { description_html: `<p>v2</p>${payload}` }),
        200,
      );
      expectCleanIfPresent(p.body, "description_html", `project draft patch #${i}`);
      const after = (await ws.member.get(`${pr.base}/issue-drafts/${d.body.id}/`)).body.description_html;
      expectClean(after, `project draft detail after patch #${i}`);
      expect(after.startsWith("<p>v2</p>")).toBe(true);
    });
  });

  it("workspace drafts are sanitised on create, PATCH and draft-to-issue", async () => {
    const ids: string[] = [];
    await eachPayload(async (payload, i) => {
      const d = ok(
        await ws.member.post(`${W}/draft-issues/`, { name: `ws draft ${i}`, description_html: payload }),
        201,
      );
      expectClean(d.body.description_html, `workspace draft #${i}`);
      const p = ok(
        await ws.member.patch(`${W}/draft-issues/${d.body.id}/`, { description_html: `<p>again</p>${payload}` }),
        200,
      );
      expectClean(p.body.description_html, `workspace draft patch #${i}`);
      const issue = ok(
        await ws.member.post(`${W}/draft-to-issue/${d.body.id}/`, { project_id: pr.id, description_html: payload }),
        201,
      );
      expectCleanIfPresent(issue.body, "description_html", `draft-to-issue #${i}`);
      ids.push(issue.body.id);
    });
    const rows = await t.db.db.select().from(schema.issues).where(inArray(schema.issues.id, ids));
    expect(rows).toHaveLength(XSS_CORPUS.length);
    for (const r of rows) expectClean(r.descriptionHtml, "converted draft");
  });
});

describe("project descriptions", () => {
  it("are sanitised on create and PATCH", async () => {
    let n = 0;
    await eachPayload(async (payload, i) => {
      const identifier = `X${(n++).toString(36).toUpperCase()}${Math.floor(Math.random() * 1e4)}`.slice(0, 12);
      const p = ok(
        await ws.admin.post(`${W}/projects/`, {
          name: `xss project ${i} ${identifier}`,
          identifier,
          description_html: payload,
        }),
        201,
      );
      expectClean(p.body.description_html, `project create #${i}`);
      const u = ok(await ws.admin.patch(`${W}/projects/${p.body.id}/`, { description_html: payload }), 200);
      expectClean(u.body.description_html, `project patch #${i}`);
      const [row] = await t.db.db.select().from(schema.projects).where(eq(schema.projects.id, p.body.id));
      expectClean(row.descriptionHtml, `stored project #${i}`);
    });
  });
});
