import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import type { Client } from "./helpers/client.ts";

/**
 * GET /api/v2/…/projects/{id}/comments/: the web's offline local database reads a project's comments (issue #28
 * point 5), as the v2 issues sync reads its items: pages of `500:page:0` in `updated_at` order, `updated_at__gt`,
 * `issues=a,b`, the viewer's rule, deleted comments answered with `deleted_at` set, and each comment as the item's
 * history presents it.
 */
let t: TestServer;
let ws: WorkspaceFixture;
let pr: ProjectFixture;
const I: Record<string, string> = {};
/** Comment ids by text. */
const K: Record<string, string> = {};

type Synced = { id: string; comment_html: string; issue: string; updated_at: string; deleted_at: string | null };
type Envelope = {
  results: Synced[];
  total_results: number;
  next_cursor: string | null;
  next_page_results: boolean;
  cursor: string;
};

const sync = async (q = "", who?: Client): Promise<Envelope> => {
  const res = await (who ?? ws.admin).get(`/api/v2/workspaces/${ws.slug}/projects/${pr.id}/comments/${q}`);
  expect(res.status, res.text).toBe(200);
  return res.body as Envelope;
};
const texts = (e: Envelope) => e.results.map((c) => c.comment_html.replace(/<\/?p>/g, ""));

async function item(name: string, who: Client): Promise<string> {
  const res = await who.post(`${pr.base}/issues/`, { name });
  expect(res.status, res.text).toBe(201);
  return (I[name] = res.body.id as string);
}

async function comment(on: string, text: string, who: Client = ws.admin): Promise<string> {
  const res = await who.post(`${pr.base}/issues/${I[on]}/comments/`, { comment_html: `<p>${text}</p>` });
  expect(res.status, res.text).toBe(201);
  return (K[text] = res.body.id as string);
}

beforeAll(async () => {
  t = await startTestServer();
  ws = await workspaceFixture(t);
  pr = await projectFixture(t, ws);
  await item("Alpha", ws.admin);
  await item("Beta", ws.member);
  await item("Gone", ws.admin);
  // (a guest makes no work item: one of theirs is written so)
  await item("Own", ws.admin);
  await t.db.sql`UPDATE issues SET created_by = ${ws.guest.userId} WHERE id = ${I.Own}`;
  await comment("Alpha", "a1");
  await comment("Beta", "b1", ws.member);
  await comment("Alpha", "a2");
  await comment("Own", "g1", ws.guest);
  await comment("Gone", "x1");
  await comment("Alpha", "a3");
  // a deleted comment, and a deleted item's comment: neither in the first read
  expect((await ws.admin.delete(`${pr.base}/issues/${I.Alpha}/comments/${K.a3}/`)).status).toBe(204);
  expect((await ws.admin.delete(`${pr.base}/issues/${I.Gone}/`)).status).toBe(204);
});
afterAll(async () => {
  await t?.close();
});

describe("GET v2 …/comments/", () => {
  it("answers the project's comments oldest change first, each as the item's history presents it", async () => {
    const all = await sync("?cursor=500:0:0");
    expect(texts(all)).toEqual(["a1", "b1", "a2", "g1"]);
    expect(all.total_results).toBe(4);
    expect(all.next_cursor).toBeNull();
    expect(all.results.every((c) => c.deleted_at === null)).toBe(true);
    const history = await ws.admin.get(`${pr.base}/issues/${I.Alpha}/history/?activity_type=issue-comment`);
    expect(history.status).toBe(200);
    expect(all.results.filter((c) => c.issue === I.Alpha)).toEqual(history.body);
  });

  it("pages by the cursor", async () => {
    const first = await sync("?cursor=3:0:0");
    expect(texts(first)).toEqual(["a1", "b1", "a2"]);
    expect(first.next_cursor).toBe("3:1:0");
    expect(first.total_results).toBe(4);
    const second = await sync(`?cursor=${first.next_cursor}`);
    expect(texts(second)).toEqual(["g1"]);
    expect(second.next_cursor).toBeNull();
    expect(second.next_page_results).toBe(false);
  });

  it("refuses a bad cursor, a bad `updated_at__gt` and bad item ids", async () => {
    for (const q of ["?cursor=nope", "?cursor=500:x:0", "?updated_at__gt=yesterday", "?issues=", "?issues=nope"]) {
      const res = await ws.admin.get(`/api/v2/workspaces/${ws.slug}/projects/${pr.id}/comments/${q}`);
      expect(res.status, q).toBe(400);
    }
  });

  it("`updated_at__gt`: the comments changed since, an edit and a delete included (the delete with `deleted_at`)", async () => {
    // the newest change answered so far (a3's delete included)
    const before = await sync("?updated_at__gt=1970-01-01T00:00:00Z");
    expect(before.results.map((c) => [c.id, c.deleted_at !== null])).toEqual([
      [K.a1, false],
      [K.b1, false],
      [K.a2, false],
      [K.g1, false],
      [K.a3, true],
    ]);
    const since = before.results
      .map((c) => c.updated_at)
      .sort((a, b) => Date.parse(a) - Date.parse(b))
      .at(-1)!;
    expect(texts(await sync(`?updated_at__gt=${encodeURIComponent(since)}`))).toEqual([]);
    // the same instant with a space for the offset's `+` (as a query string may turn it)
    expect((await sync(`?updated_at__gt=${since.replace("Z", " 00:00")}`)).total_results).toBe(0);
    await new Promise((r) => setTimeout(r, 5));
    const edit = await ws.member.patch(`${pr.base}/issues/${I.Beta}/comments/${K.b1}/`, {
      comment_html: "<p>b1 edited</p>",
    });
    expect(edit.status, edit.text).toBe(200);
    expect((await ws.admin.delete(`${pr.base}/issues/${I.Alpha}/comments/${K.a1}/`)).status).toBe(204);
    await comment("Beta", "b2");
    const changed = await sync(`?updated_at__gt=${encodeURIComponent(since)}`);
    expect(changed.results.map((c) => [c.id, c.deleted_at !== null])).toEqual([
      [K.b1, false],
      [K.a1, true],
      [K.b2, false],
    ]);
    expect(texts(changed)[0]).toBe("b1 edited");
    // the first read still has no deleted comment
    expect(texts(await sync())).toEqual(["a2", "g1", "b1 edited", "b2"]);
  });

  it("`issues=a,b`: the named items' comments, the deleted ones with `deleted_at` set", async () => {
    const named = await sync(`?issues=${I.Alpha},${I.Own}`);
    expect(named.results.map((c) => [c.id, c.deleted_at !== null]).sort()).toEqual(
      [
        [K.a1, true],
        [K.a2, false],
        [K.a3, true],
        [K.g1, false],
      ].sort(),
    );
    // a deleted item's comments are never answered
    expect((await sync(`?issues=${I.Gone}`)).results).toEqual([]);
  });

  it("follows the viewer's rule: a guest without the project's full view gets only their own items' comments", async () => {
    await t.db.sql`UPDATE projects SET guest_view_all_features = true WHERE id = ${pr.id}`;
    expect(texts(await sync("", ws.guest))).toEqual(["a2", "g1", "b1 edited", "b2"]);
    await t.db.sql`UPDATE projects SET guest_view_all_features = false WHERE id = ${pr.id}`;
    expect(texts(await sync("", ws.guest))).toEqual(["g1"]);
    expect(texts(await sync(`?issues=${I.Alpha},${I.Own}`, ws.guest))).toEqual(["g1"]);
    // a member sees every item's
    expect(texts(await sync("", ws.member))).toEqual(["a2", "g1", "b1 edited", "b2"]);
  });

  it("is refused outside the project and to the anonymous", async () => {
    const url = `/api/v2/workspaces/${ws.slug}/projects/${pr.id}/comments/`;
    expect((await ws.outsider.get(url)).status).toBe(403);
    expect((await ws.anon.get(url)).status).toBe(401);
  });
});
