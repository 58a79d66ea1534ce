import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import type { Client } from "./helpers/client.ts";
import { schema } from "../src/db/client.ts";

let t: TestServer;
let ws: WorkspaceFixture;
let other: WorkspaceFixture;
let loner: Client;

const FORBIDDEN = { error: "You don't have the required permissions." };
const DENIED = { detail: "You do not have permission to perform this action." };
const UNAUTH = { detail: "Authentication credentials were not provided." };
const NOT_FOUND = { error: "The required object does not exist." };
const LABEL_KEYS = ["color", "id", "name", "parent", "project_id", "sort_order", "workspace_id"];

beforeAll(async () => {
  t = await startTestServer();
  ws = await workspaceFixture(t);
  other = await workspaceFixture(t);
  loner = await t.user({ firstName: "Lone" });
  await t.db.db.insert(schema.workspaceMembers).values({ workspaceId: ws.id, memberId: loner.userId, role: 15 });
});
afterAll(async () => {
  await t?.close();
});

function matrix(ok: number, guestOk: boolean) {
  return [
    [ws.admin, ok, undefined],
    [ws.member, ok, undefined],
    [ws.guest, guestOk ? ok : 403, guestOk ? undefined : FORBIDDEN],
    [loner, 403, DENIED],
    [ws.outsider, 403, DENIED],
    [ws.anon, 401, UNAUTH],
  ] as const;
}

async function mk(p: ProjectFixture, body: Record<string, unknown>) {
  const r = await ws.admin.post(`${p.base}/issue-labels/`, body);
  expect(r.status).toBe(201);
  return r.body;
}

describe("POST P/issue-labels/", () => {
  it("creates labels (201): first at 65535, then after the last (+10000)", async () => {
    const p = await projectFixture(t, ws);
    const res = await ws.member.post(`${p.base}/issue-labels/`, { name: "Bug", color: "#ff0000" });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(LABEL_KEYS);
    expect(res.body).toEqual({
      id: expect.any(String),
      parent: null,
      name: "Bug",
      color: "#ff0000",
      project_id: p.id,
      workspace_id: ws.id,
      sort_order: 65535,
    });
    const second = await ws.member.post(`${p.base}/issue-labels/`, { name: "Feature" });
    expect(second.body).toMatchObject({ sort_order: 75535, color: "" });
    const child = await ws.member.post(`${p.base}/issue-labels/`, {
      name: "UI bug",
      parent: res.body.id,
      sort_order: 5,
    });
    expect(child.body).toMatchObject({ parent: res.body.id, sort_order: 5 });
  });

  it("refuses duplicates (case-insensitive), foreign parents and bad input", async () => {
    const p = await projectFixture(t, ws);
    const q = await projectFixture(t, ws);
    await mk(p, { name: "Bug" });
    const foreignLabel = await mk(q, { name: "Elsewhere" });
    const dup = await ws.admin.post(`${p.base}/issue-labels/`, { name: "bug" });
    expect([dup.status, dup.body]).toEqual([400, { name: ["LABEL_NAME_ALREADY_EXISTS"] }]);
    // The same name is fine in another project.
    expect((await ws.admin.post(`${q.base}/issue-labels/`, { name: "Bug" })).status).toBe(201);
    const parent = await ws.admin.post(`${p.base}/issue-labels/`, { name: "Child", parent: foreignLabel.id });
    expect([parent.status, parent.body]).toEqual([
      400,
      { parent: [`Invalid pk "${foreignLabel.id}" - object does not exist.`] },
    ]);
    const missing = await ws.admin.post(`${p.base}/issue-labels/`, { color: "#fff" });
    expect([missing.status, missing.body]).toEqual([400, { name: ["This field is required."] }]);
    const types = await ws.admin.post(`${p.base}/issue-labels/`, {
      name: ["x"],
      color: "blue",
      parent: "nope",
      sort_order: "1",
    });
    expect(types.body).toEqual({
      name: ["Not a valid string."],
      color: ["Enter a valid hex colour, e.g. #60646C."],
      parent: ["Must be a valid UUID."],
      sort_order: ["A valid number is required."],
    });
    const long = await ws.admin.post(`${p.base}/issue-labels/`, { name: "y".repeat(256) });
    expect(long.body).toEqual({ name: ["Ensure this field has no more than 255 characters."] });
    const malformed = await ws.admin.request("POST", `${p.base}/issue-labels/`, "[", {
      "content-type": "application/json",
    });
    expect(malformed.status).toBe(400);
  });

  it("role matrix: admin and member write, guest refused", async () => {
    const p = await projectFixture(t, ws);
    let i = 0;
    for (const [c, status, body] of matrix(201, false)) {
      const r = await c.post(`${p.base}/issue-labels/`, { name: `L${i++}` });
      expect(r.status).toBe(status);
      if (body) expect(r.body).toEqual(body);
    }
  });
});

describe("GET P/issue-labels/ and detail", () => {
  it("lists labels by sort_order; detail by id; unknown and foreign ids 404", async () => {
    const p = await projectFixture(t, ws);
    const q = await projectFixture(t, other);
    const b = await mk(p, { name: "B", sort_order: 300 });
    const a = await mk(p, { name: "A", sort_order: 100 });
    const c = await mk(p, { name: "C", sort_order: 200, parent: a.id });
    const res = await ws.guest.get(`${p.base}/issue-labels/`);
    expect(res.status).toBe(200);
    expect(res.body.map((l: any) => l.name)).toEqual(["A", "C", "B"]);
    expect(res.body[1]).toEqual(c);
    const one = await ws.guest.get(`${p.base}/issue-labels/${b.id}/`);
    expect([one.status, one.body]).toEqual([200, b]);
    const otherLabel = await other.admin.post(`${q.base}/issue-labels/`, { name: "F" });
    const viaWrongProject = await ws.admin.get(`${p.base}/issue-labels/${otherLabel.body.id}/`);
    expect([viaWrongProject.status, viaWrongProject.body]).toEqual([404, NOT_FOUND]);
    const viaWrongWs = await ws.admin.get(`/api/workspaces/${ws.slug}/projects/${q.id}/issue-labels/`);
    expect([viaWrongWs.status, viaWrongWs.body]).toEqual([404, NOT_FOUND]);
  });

  it("role matrix", async () => {
    const p = await projectFixture(t, ws);
    const l = await mk(p, { name: "X" });
    for (const [c, status, body] of matrix(200, true)) {
      for (const path of [`${p.base}/issue-labels/`, `${p.base}/issue-labels/${l.id}/`]) {
        const r = await c.get(path);
        expect(r.status).toBe(status);
        if (body) expect(r.body).toEqual(body);
      }
    }
  });
});

describe("PATCH P/issue-labels/:id/ — edits and moves", () => {
  it("renames and recolours; refuses a duplicate name", async () => {
    const p = await projectFixture(t, ws);
    const a = await mk(p, { name: "A" });
    await mk(p, { name: "B" });
    const res = await ws.member.patch(`${p.base}/issue-labels/${a.id}/`, { name: "Alpha", color: "#00ff00" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...a, name: "Alpha", color: "#00ff00" });
    const same = await ws.member.patch(`${p.base}/issue-labels/${a.id}/`, { name: "alpha" });
    expect(same.status).toBe(200);
    const dup = await ws.member.patch(`${p.base}/issue-labels/${a.id}/`, { name: "b" });
    expect([dup.status, dup.body]).toEqual([400, { name: ["LABEL_NAME_ALREADY_EXISTS"] }]);
  });

  it("a move with the same parent and no target is a no-op; an explicit sort_order is stored", async () => {
    const p = await projectFixture(t, ws);
    const a = await mk(p, { name: "A" });
    const noop = await ws.member.patch(`${p.base}/issue-labels/${a.id}/`, { parent: null });
    expect(noop.body.sort_order).toBe(a.sort_order);
    const moved = await ws.member.patch(`${p.base}/issue-labels/${a.id}/`, { sort_order: 12.25 });
    expect(moved.body.sort_order).toBe(12.25);
  });

  it("changing the parent without a target places the label after the new parent's last child", async () => {
    const p = await projectFixture(t, ws);
    const parent = await mk(p, { name: "Parent" });
    const first = await ws.member.patch(`${p.base}/issue-labels/${(await mk(p, { name: "One" })).id}/`, {
      parent: parent.id,
    });
    // No children yet: the default 65535.
    expect(first.body).toMatchObject({ parent: parent.id, sort_order: 65535 });
    const second = await ws.member.patch(`${p.base}/issue-labels/${(await mk(p, { name: "Two" })).id}/`, {
      parent: parent.id,
    });
    expect(second.body).toMatchObject({ parent: parent.id, sort_order: 75535 });
    const withTarget = await ws.member.patch(`${p.base}/issue-labels/${(await mk(p, { name: "Three" })).id}/`, {
      parent: parent.id,
      sort_order: 65535 / 2,
    });
    expect(withTarget.body).toMatchObject({ parent: parent.id, sort_order: 32767.5 });
    const list = await ws.member.get(`${p.base}/issue-labels/`);
    expect(list.body.filter((l: any) => l.parent === parent.id).map((l: any) => l.name)).toEqual([
      "Three",
      "One",
      "Two",
    ]);
    const out = await ws.member.patch(`${p.base}/issue-labels/${first.body.id}/`, { parent: null });
    expect(out.body.parent).toBeNull();
  });

  it("refuses cycles, foreign parents, unknown ids and bad input", async () => {
    const p = await projectFixture(t, ws);
    const q = await projectFixture(t, ws);
    const a = await mk(p, { name: "A" });
    const b = await mk(p, { name: "B", parent: a.id });
    const c = await mk(p, { name: "C", parent: b.id });
    const self = await ws.admin.patch(`${p.base}/issue-labels/${a.id}/`, { parent: a.id });
    expect([self.status, self.body]).toEqual([
      400,
      { parent: ["A label cannot be nested under itself or one of its sub-labels."] },
    ]);
    const deep = await ws.admin.patch(`${p.base}/issue-labels/${a.id}/`, { parent: c.id });
    expect([deep.status, deep.body]).toEqual([
      400,
      { parent: ["A label cannot be nested under itself or one of its sub-labels."] },
    ]);
    const foreign = await mk(q, { name: "Q" });
    const fp = await ws.admin.patch(`${p.base}/issue-labels/${a.id}/`, { parent: foreign.id });
    expect([fp.status, fp.body]).toEqual([400, { parent: [`Invalid pk "${foreign.id}" - object does not exist.`] }]);
    const wrongProject = await ws.admin.patch(`${p.base}/issue-labels/${foreign.id}/`, { name: "stolen" });
    expect([wrongProject.status, wrongProject.body]).toEqual([404, NOT_FOUND]);
    const unknown = await ws.admin.patch(`${p.base}/issue-labels/00000000-0000-4000-8000-000000000000/`, { name: "x" });
    expect(unknown.status).toBe(404);
    const bad = await ws.admin.patch(`${p.base}/issue-labels/${a.id}/`, { name: "", sort_order: null });
    expect([bad.status, bad.body]).toEqual([
      400,
      { name: ["This field may not be blank."], sort_order: ["This field may not be null."] },
    ]);
  });

  it("role matrix", async () => {
    const p = await projectFixture(t, ws);
    const l = await mk(p, { name: "X" });
    for (const [c, status, body] of matrix(200, false)) {
      const r = await c.patch(`${p.base}/issue-labels/${l.id}/`, { color: "#123456" });
      expect(r.status).toBe(status);
      if (body) expect(r.body).toEqual(body);
    }
  });
});

describe("DELETE P/issue-labels/:id/", () => {
  it("deletes a label and re-parents its children to the top level", async () => {
    const p = await projectFixture(t, ws);
    const parent = await mk(p, { name: "Parent" });
    const child = await mk(p, { name: "Child", parent: parent.id });
    const res = await ws.member.delete(`${p.base}/issue-labels/${parent.id}/`);
    expect([res.status, res.text]).toEqual([204, ""]);
    const list = await ws.member.get(`${p.base}/issue-labels/`);
    expect(list.body).toEqual([{ ...child, parent: null }]);
    const again = await ws.member.delete(`${p.base}/issue-labels/${parent.id}/`);
    expect([again.status, again.body]).toEqual([404, NOT_FOUND]);
  });

  it("role matrix", async () => {
    const p = await projectFixture(t, ws);
    for (const [c, status, body] of matrix(204, false)) {
      const l = await mk(p, { name: "Tmp" + Math.random() });
      const r = await c.delete(`${p.base}/issue-labels/${l.id}/`);
      expect(r.status).toBe(status);
      if (body) expect(r.body).toEqual(body);
    }
  });
});

describe("POST P/bulk-create-labels/", () => {
  it("creates many labels (201 {labels}), skipping names that already exist", async () => {
    const p = await projectFixture(t, ws);
    await mk(p, { name: "Existing" });
    const res = await ws.member.post(`${p.base}/bulk-create-labels/`, {
      label_data: [{ name: "One", color: "#111111" }, { name: "existing" }, { name: "Two" }, { name: "one" }],
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual(["labels"]);
    expect(res.body.labels.map((l: any) => [l.name, l.color, l.sort_order])).toEqual([
      ["One", "#111111", 75535],
      ["Two", "", 85535],
    ]);
    expect(Object.keys(res.body.labels[0]).sort()).toEqual(LABEL_KEYS);
    const list = await ws.member.get(`${p.base}/issue-labels/`);
    expect(list.body.map((l: any) => l.name)).toEqual(["Existing", "One", "Two"]);
    const nothing = await ws.member.post(`${p.base}/bulk-create-labels/`, { label_data: [{ name: "One" }] });
    expect([nothing.status, nothing.body]).toEqual([201, { labels: [] }]);
  });

  it("validates the payload", async () => {
    const p = await projectFixture(t, ws);
    const missing = await ws.member.post(`${p.base}/bulk-create-labels/`, {});
    expect([missing.status, missing.body]).toEqual([400, { label_data: ["This field is required."] }]);
    const empty = await ws.member.post(`${p.base}/bulk-create-labels/`, { label_data: [] });
    expect([empty.status, empty.body]).toEqual([400, { label_data: ["This list may not be empty."] }]);
    const notList = await ws.member.post(`${p.base}/bulk-create-labels/`, { label_data: "x" });
    expect([notList.status, notList.body]).toEqual([400, { label_data: ["Expected a list of items."] }]);
    const item = await ws.member.post(`${p.base}/bulk-create-labels/`, {
      label_data: [{ name: "ok" }, { color: "#fff" }],
    });
    expect([item.status, item.body]).toEqual([400, { "label_data.1.name": ["This field is required."] }]);
    const tooMany = await ws.member.post(`${p.base}/bulk-create-labels/`, {
      label_data: Array.from({ length: 501 }, (_, i) => ({ name: `n${i}` })),
    });
    expect([tooMany.status, tooMany.body]).toEqual([
      400,
      { label_data: ["Ensure this field has no more than 500 elements."] },
    ]);
    expect((await ws.member.get(`${p.base}/issue-labels/`)).body).toEqual([]);
  });

  it("role matrix", async () => {
    const p = await projectFixture(t, ws);
    let i = 0;
    for (const [c, status, body] of matrix(201, false)) {
      const r = await c.post(`${p.base}/bulk-create-labels/`, { label_data: [{ name: `B${i++}` }] });
      expect(r.status).toBe(status);
      if (body) expect(r.body).toEqual(body);
    }
  });
});

describe("GET W/labels/", () => {
  it("lists labels of the non-archived projects the caller belongs to", async () => {
    const w = await workspaceFixture(t);
    const a = await projectFixture(t, w);
    const b = await projectFixture(t, w);
    const archived = await projectFixture(t, w);
    for (const [p, name] of [
      [a, "LA"],
      [b, "LB"],
      [archived, "LX"],
    ] as const)
      await w.admin.post(`${p.base}/issue-labels/`, { name });
    await w.admin.post(`${archived.base}/archive/`);
    await w.guest.post(`${b.base}/members/leave/`);
    const admin = await w.admin.get(`/api/workspaces/${w.slug}/labels/`);
    expect(admin.status).toBe(200);
    expect(admin.body.map((l: any) => l.name).sort()).toEqual(["LA", "LB"]);
    expect(Object.keys(admin.body[0]).sort()).toEqual(LABEL_KEYS);
    const guest = await w.guest.get(`/api/workspaces/${w.slug}/labels/`);
    expect(guest.body.map((l: any) => l.name)).toEqual(["LA"]);
    expect((await w.member.get(`/api/workspaces/${w.slug}/labels/`)).status).toBe(200);
    const o = await w.outsider.get(`/api/workspaces/${w.slug}/labels/`);
    expect([o.status, o.body]).toEqual([403, DENIED]);
    const an = await w.anon.get(`/api/workspaces/${w.slug}/labels/`);
    expect([an.status, an.body]).toEqual([401, UNAUTH]);
  });
});
