import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema } from "../src/db/client.ts";
import { EDIT_SESSION_MS } from "../src/domain/activity.ts";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { activityRows, createItem } from "./helpers/work-items.ts";

/**
 * What the activity mechanism (`core/activity.ts`) records, in the fields and values Plane's client renders:
 * one entry per description edit, sub-items on both sides of a parent change, archive and restore.
 */
let t: TestServer;
let ws: WorkspaceFixture;
let pr: ProjectFixture;

beforeAll(async () => {
  t = await startTestServer();
  ws = await workspaceFixture(t);
  pr = await projectFixture(t, ws);
});
afterAll(async () => {
  await t?.close();
});

const patch = (id: string, body: Record<string, unknown>, as = ws.admin) => as.patch(`${pr.base}/issues/${id}/`, body);
const history = async (id: string) =>
  (await ws.admin.get(`${pr.base}/issues/${id}/history/?activity_type=issue-property`)).body as any[];
const key = (item: { sequence_id: number }) => `${pr.identifier}-${item.sequence_id}`;
const descriptionRows = async (id: string) => (await activityRows(t, id)).filter((a) => a.field === "description");

describe("description edits", () => {
  it("one edit saved three times while typing is ONE entry, from the first text to the last", async () => {
    const item = await createItem(ws, pr, { description_html: "<p>start</p>" });
    for (const html of ["<p>start, t</p>", "<p>start, typing</p>", "<p>start, typing done</p>"]) {
      expect((await patch(item.id, { description_html: html })).status).toBe(204);
    }
    const rows = await descriptionRows(item.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      verb: "updated",
      oldValue: "<p>start</p>",
      newValue: "<p>start, typing done</p>",
      actorId: ws.admin.userId,
    });
    const h = await history(item.id);
    expect(h.map((a) => a.field)).toEqual([null, "description"]);
    expect(h[1]).toMatchObject({ verb: "updated", old_value: "<p>start</p>", new_value: "<p>start, typing done</p>" });
  });

  it("a change back to where the entry started (an undo, a restored version) is an entry of its own", async () => {
    const item = await createItem(ws, pr, { description_html: "<p>original</p>" });
    await patch(item.id, { description_html: "<p>rewritten</p>" });
    await patch(item.id, { description_html: "<p>original</p>" });
    expect((await descriptionRows(item.id)).map((r) => [r.oldValue, r.newValue])).toEqual([
      ["<p>original</p>", "<p>rewritten</p>"],
      ["<p>rewritten</p>", "<p>original</p>"],
    ]);
  });

  it("another person, another change in between, or a pause past the session starts a new entry", async () => {
    const item = await createItem(ws, pr, { description_html: "<p>a</p>" });
    await patch(item.id, { description_html: "<p>b</p>" });
    await patch(item.id, { description_html: "<p>c</p>" }, ws.member);
    await patch(item.id, { priority: "high" }, ws.member);
    await patch(item.id, { description_html: "<p>d</p>" }, ws.member);
    const rows = await descriptionRows(item.id);
    expect(rows.map((r) => [r.actorId, r.oldValue, r.newValue])).toEqual([
      [ws.admin.userId, "<p>a</p>", "<p>b</p>"],
      [ws.member.userId, "<p>b</p>", "<p>c</p>"],
      [ws.member.userId, "<p>c</p>", "<p>d</p>"],
    ]);
    // the member's latest entry is older than the session: the next save is a new edit
    const old = new Date(Date.now() - EDIT_SESSION_MS - 60_000);
    await t.db.db
      .update(schema.issueActivities)
      .set({ createdAt: old })
      .where(eq(schema.issueActivities.id, rows[2].id));
    await patch(item.id, { description_html: "<p>e</p>" }, ws.member);
    const after = await descriptionRows(item.id);
    expect(after).toHaveLength(4);
    expect(after.at(-1)).toMatchObject({ oldValue: "<p>d</p>", newValue: "<p>e</p>" });
  });
});

describe("sub-items", () => {
  it("adding sub-items through sub-issues/ records `parent` on each child and `sub_issue` on the parent", async () => {
    const parent = await createItem(ws, pr);
    const a = await createItem(ws, pr);
    const b = await createItem(ws, pr);
    const res = await ws.member.post(`${pr.base}/issues/${parent.id}/sub-issues/`, { sub_issue_ids: [a.id, b.id] });
    expect(res.status).toBe(200);
    for (const child of [a, b]) {
      expect((await history(child.id)).at(-1)).toMatchObject({
        verb: "updated",
        field: "parent",
        old_value: "",
        new_value: key(parent),
        old_identifier: null,
        new_identifier: parent.id,
        actor: ws.member.userId,
      });
    }
    const onParent = (await history(parent.id)).filter((x) => x.field === "sub_issue");
    expect(onParent.map((x) => [x.verb, x.old_value, x.new_value, x.new_identifier, x.actor])).toEqual([
      ["updated", "", key(a), a.id, ws.member.userId],
      ["updated", "", key(b), b.id, ws.member.userId],
    ]);
  });

  it("moving, detaching and creating with a parent are recorded on every side", async () => {
    const p1 = await createItem(ws, pr);
    const p2 = await createItem(ws, pr);
    const child = await createItem(ws, pr, { parent_id: p1.id });
    expect((await history(child.id)).map((x) => [x.field, x.old_value, x.new_value])).toEqual([
      [null, null, null],
      ["parent", "", key(p1)],
    ]);
    expect((await history(p1.id)).at(-1)).toMatchObject({
      field: "sub_issue",
      new_value: key(child),
      new_identifier: child.id,
    });

    expect((await patch(child.id, { parent_id: p2.id })).status).toBe(204);
    expect((await history(child.id)).at(-1)).toMatchObject({
      field: "parent",
      old_value: key(p1),
      new_value: key(p2),
      old_identifier: p1.id,
      new_identifier: p2.id,
    });
    expect((await history(p1.id)).at(-1)).toMatchObject({
      field: "sub_issue",
      old_value: key(child),
      new_value: "",
      old_identifier: child.id,
    });
    expect((await history(p2.id)).at(-1)).toMatchObject({
      field: "sub_issue",
      old_value: "",
      new_value: key(child),
      new_identifier: child.id,
    });

    expect((await patch(child.id, { parent_id: null })).status).toBe(204);
    expect((await history(child.id)).at(-1)).toMatchObject({
      field: "parent",
      old_value: key(p2),
      new_value: "",
      new_identifier: null,
    });
    expect((await history(p2.id)).at(-1)).toMatchObject({ field: "sub_issue", old_value: key(child), new_value: "" });
  });
});

describe("archive and restore", () => {
  it("records Plane's archived_at values: manual_archive, then archive → restore", async () => {
    const done = await createItem(ws, pr, { state_id: pr.states.Done });
    expect((await ws.member.post(`${pr.base}/issues/${done.id}/archive/`)).status).toBe(200);
    expect((await ws.member.delete(`${pr.base}/issues/${done.id}/archive/`)).status).toBe(204);
    const rows = (await history(done.id)).filter((x) => x.field === "archived_at");
    expect(rows.map((x) => [x.verb, x.old_value, x.new_value, x.actor])).toEqual([
      ["updated", null, "manual_archive", ws.member.userId],
      ["updated", "archive", "restore", ws.member.userId],
    ]);
  });

  it("bulk archive records one entry per item", async () => {
    const a = await createItem(ws, pr, { state_id: pr.states.Done });
    const b = await createItem(ws, pr, { state_id: pr.states.Cancelled });
    expect((await ws.admin.post(`${pr.base}/bulk-archive-issues/`, { issue_ids: [a.id, b.id] })).status).toBe(200);
    for (const it0 of [a, b]) {
      expect((await activityRows(t, it0.id)).filter((x) => x.field === "archived_at").map((x) => x.newValue)).toEqual([
        "manual_archive",
      ]);
    }
  });
});
