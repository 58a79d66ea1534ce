import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
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
const STATE_KEYS = [
  "color",
  "default",
  "description",
  "group",
  "id",
  "name",
  "order",
  "project_id",
  "sequence",
  "workspace_id",
];

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

/** [client, expected status, expected body] for the five roles, given what admin/member/guest should get. */
function matrix(ok: number, memberOk: boolean, guestOk: boolean) {
  return [
    [ws.admin, ok, undefined],
    [ws.member, memberOk ? ok : 403, memberOk ? undefined : FORBIDDEN],
    [ws.guest, guestOk ? ok : 403, guestOk ? undefined : FORBIDDEN],
    [loner, 403, DENIED],
    [ws.outsider, 403, DENIED],
    [ws.anon, 401, UNAUTH],
  ] as const;
}

describe("GET P/states/", () => {
  let p: ProjectFixture;
  beforeAll(async () => {
    p = await projectFixture(t, ws);
  });

  it("lists states by sequence with exact keys and per-group order; triage hidden", async () => {
    const res = await ws.guest.get(`${p.base}/states/`);
    expect(res.status).toBe(200);
    expect(res.body.map((s: any) => s.name)).toEqual(["Backlog", "Todo", "In Progress", "Done", "Cancelled"]);
    expect(Object.keys(res.body[0]).sort()).toEqual(STATE_KEYS);
    expect(res.body[0]).toEqual({
      id: p.states.Backlog,
      project_id: p.id,
      workspace_id: ws.id,
      name: "Backlog",
      color: "#60646C",
      group: "backlog",
      default: true,
      description: "",
      sequence: 15000,
      order: 1,
    });
    await ws.admin.post(`${p.base}/states/`, { name: "Review", color: "#123456", group: "started" });
    const after = await ws.guest.get(`${p.base}/states/`);
    const started = after.body.filter((s: any) => s.group === "started");
    expect(started.map((s: any) => [s.name, s.order])).toEqual([
      ["In Progress", 0.5],
      ["Review", 1],
    ]);
  });

  it("groups by state group in the fixed order with ?grouped=true", async () => {
    const res = await ws.member.get(`${p.base}/states/?grouped=true`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["backlog", "unstarted", "started", "completed", "cancelled"]);
    expect(res.body.backlog.map((s: any) => s.name)).toEqual(["Backlog"]);
    expect(res.body.completed.map((s: any) => s.name)).toEqual(["Done"]);
  });

  it("role matrix", async () => {
    for (const [c, status, body] of matrix(200, true, true)) {
      const r = await c.get(`${p.base}/states/`);
      expect(r.status).toBe(status);
      if (body) expect(r.body).toEqual(body);
    }
  });
});

describe("POST P/states/", () => {
  it("creates a state (200) placed last: max sequence + 15000", async () => {
    const p = await projectFixture(t, ws);
    const res = await ws.member.post(`${p.base}/states/`, {
      name: "QA",
      color: "#abcdef",
      group: "started",
      description: "Quality",
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(STATE_KEYS);
    expect(res.body).toMatchObject({
      name: "QA",
      color: "#abcdef",
      group: "started",
      description: "Quality",
      sequence: 70000,
      default: false,
      project_id: p.id,
      workspace_id: ws.id,
      order: 1,
    });
    const next = await ws.member.post(`${p.base}/states/`, { name: "Later", color: "#abcdef" });
    expect(next.body).toMatchObject({ group: "backlog", sequence: 85000, order: 1 });
    const explicit = await ws.member.post(`${p.base}/states/`, {
      name: "First",
      color: "#000",
      group: "backlog",
      sequence: 100,
    });
    expect(explicit.body.sequence).toBe(100);
    const list = await ws.member.get(`${p.base}/states/`);
    expect(list.body[0].name).toBe("First");
  });

  it("refuses duplicate names (case-insensitive, triage included) and bad input", async () => {
    const p = await projectFixture(t, ws);
    const dup = await ws.admin.post(`${p.base}/states/`, { name: "done", color: "#000000" });
    expect([dup.status, dup.body]).toEqual([400, { name: "The state name is already taken" }]);
    const triage = await ws.admin.post(`${p.base}/states/`, { name: "Triage", color: "#000000" });
    expect([triage.status, triage.body]).toEqual([400, { name: "The state name is already taken" }]);
    const group = await ws.admin.post(`${p.base}/states/`, { name: "G", color: "#000000", group: "triage" });
    expect([group.status, group.body]).toEqual([400, { group: ['"triage" is not a valid choice.'] }]);
    const missing = await ws.admin.post(`${p.base}/states/`, {});
    expect([missing.status, missing.body]).toEqual([
      400,
      { name: ["This field is required."], color: ["This field is required."] },
    ]);
    const types = await ws.admin.post(`${p.base}/states/`, { name: 1, color: "red", sequence: "x" });
    expect(types.body).toEqual({
      name: ["Not a valid string."],
      color: ["Enter a valid hex colour, e.g. #60646C."],
      sequence: ["A valid number is required."],
    });
    const long = await ws.admin.post(`${p.base}/states/`, { name: "x".repeat(256), color: "#000" });
    expect(long.body).toEqual({ name: ["Ensure this field has no more than 255 characters."] });
    const malformed = await ws.admin.request("POST", `${p.base}/states/`, '{"name":', {
      "content-type": "application/json",
    });
    expect(malformed.status).toBe(400);
  });

  it("role matrix: admin and member write, guest refused", async () => {
    const p = await projectFixture(t, ws);
    let i = 0;
    for (const [c, status, body] of matrix(200, true, false)) {
      const r = await c.post(`${p.base}/states/`, { name: `S${i++}`, color: "#000000" });
      expect(r.status).toBe(status);
      if (body) expect(r.body).toEqual(body);
    }
  });
});

describe("PATCH P/states/:id/", () => {
  it("renames, recolours, regroups and moves a state (sequence)", async () => {
    const p = await projectFixture(t, ws);
    const res = await ws.member.patch(`${p.base}/states/${p.states.Todo}/`, {
      name: "To do",
      color: "#111111",
      description: "d",
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(STATE_KEYS);
    expect(res.body).toMatchObject({
      id: p.states.Todo,
      name: "To do",
      color: "#111111",
      description: "d",
      group: "unstarted",
    });
    // Move Done to the top: first sequence − 65535.
    const top = await ws.member.patch(`${p.base}/states/${p.states.Done}/`, { sequence: 15000 - 65535 });
    expect(top.body.sequence).toBe(-50535);
    const list = await ws.member.get(`${p.base}/states/`);
    expect(list.body.map((s: any) => s.name)).toEqual(["Done", "Backlog", "To do", "In Progress", "Cancelled"]);
    const regroup = await ws.member.patch(`${p.base}/states/${p.states.Cancelled}/`, { group: "completed" });
    expect(regroup.body.group).toBe("completed");
    const same = await ws.member.patch(`${p.base}/states/${p.states.Cancelled}/`, { name: "cancelled" });
    expect(same.status).toBe(200);
  });

  it("refuses duplicates, triage, unknown and foreign ids, bad input", async () => {
    const p = await projectFixture(t, ws);
    const q = await projectFixture(t, other);
    const dup = await ws.admin.patch(`${p.base}/states/${p.states.Todo}/`, { name: "DONE" });
    expect([dup.status, dup.body]).toEqual([400, { name: "The state name is already taken" }]);
    const triage = await ws.admin.get(`${p.base}/intake-state/`);
    const t1 = await ws.admin.patch(`${p.base}/states/${triage.body.id}/`, { name: "x" });
    expect([t1.status, t1.body]).toEqual([404, NOT_FOUND]);
    const unknown = await ws.admin.patch(`${p.base}/states/00000000-0000-4000-8000-000000000000/`, { name: "x" });
    expect([unknown.status, unknown.body]).toEqual([404, NOT_FOUND]);
    const foreign = await ws.admin.patch(`${p.base}/states/${q.states.Todo}/`, { name: "x" });
    expect([foreign.status, foreign.body]).toEqual([404, NOT_FOUND]);
    const badId = await ws.admin.patch(`${p.base}/states/123/`, { name: "x" });
    expect(badId.status).toBe(404);
    const bad = await ws.admin.patch(`${p.base}/states/${p.states.Todo}/`, { name: "", group: 3, color: "" });
    expect([bad.status, bad.body]).toEqual([
      400,
      {
        name: ["This field may not be blank."],
        color: ["This field may not be blank."],
        group: ['"3" is not a valid choice.'],
      },
    ]);
  });

  it("role matrix", async () => {
    const p = await projectFixture(t, ws);
    for (const [c, status, body] of matrix(200, true, false)) {
      const r = await c.patch(`${p.base}/states/${p.states.Todo}/`, { color: "#222222" });
      expect(r.status).toBe(status);
      if (body) expect(r.body).toEqual(body);
    }
  });
});

describe("DELETE P/states/:id/", () => {
  it("deletes an unused state; refuses the default state and one with work items", async () => {
    const p = await projectFixture(t, ws);
    const def = await ws.admin.delete(`${p.base}/states/${p.states.Backlog}/`);
    expect([def.status, def.body]).toEqual([400, { error: "Default state cannot be deleted" }]);
    await t.db.db
      .insert(schema.issues)
      .values({ workspaceId: ws.id, projectId: p.id, name: "uses Todo", sequenceId: 1, stateId: p.states.Todo });
    const used = await ws.admin.delete(`${p.base}/states/${p.states.Todo}/`);
    expect([used.status, used.body]).toEqual([
      400,
      { error: "The state is not empty, only empty states can be deleted" },
    ]);
    // A deleted work item no longer blocks the state.
    await t.db.db.update(schema.issues).set({ deletedAt: new Date() }).where(eq(schema.issues.projectId, p.id));
    const ok = await ws.member.delete(`${p.base}/states/${p.states.Todo}/`);
    expect([ok.status, ok.text]).toEqual([204, ""]);
    const list = await ws.member.get(`${p.base}/states/`);
    expect(list.body.map((s: any) => s.name)).toEqual(["Backlog", "In Progress", "Done", "Cancelled"]);
    const again = await ws.member.delete(`${p.base}/states/${p.states.Todo}/`);
    expect([again.status, again.body]).toEqual([404, NOT_FOUND]);
    const triage = await ws.admin.get(`${p.base}/intake-state/`);
    expect((await ws.admin.delete(`${p.base}/states/${triage.body.id}/`)).status).toBe(404);
  });

  it("role matrix", async () => {
    const p = await projectFixture(t, ws);
    for (const [c, status, body] of matrix(204, true, false)) {
      const s = await ws.admin.post(`${p.base}/states/`, { name: "Tmp " + Math.random(), color: "#000000" });
      const r = await c.delete(`${p.base}/states/${s.body.id}/`);
      expect(r.status).toBe(status);
      if (body) expect(r.body).toEqual(body);
    }
  });
});

describe("POST P/states/:id/mark-default/", () => {
  it("marks the default and clears the previous one; the project's default_state follows", async () => {
    const p = await projectFixture(t, ws);
    const res = await ws.member.post(`${p.base}/states/${p.states["In Progress"]}/mark-default/`);
    expect([res.status, res.text]).toEqual([204, ""]);
    const list = await ws.member.get(`${p.base}/states/`);
    expect(list.body.filter((s: any) => s.default).map((s: any) => s.name)).toEqual(["In Progress"]);
    expect((await ws.member.get(`${p.base}/`)).body.default_state).toBe(p.states["In Progress"]);
    // The old default can now be deleted; the new one cannot.
    expect((await ws.member.delete(`${p.base}/states/${p.states.Backlog}/`)).status).toBe(204);
    expect((await ws.member.delete(`${p.base}/states/${p.states["In Progress"]}/`)).status).toBe(400);
    const again = await ws.member.post(`${p.base}/states/${p.states["In Progress"]}/mark-default/`);
    expect(again.status).toBe(204);
    const triage = await ws.admin.get(`${p.base}/intake-state/`);
    const t1 = await ws.admin.post(`${p.base}/states/${triage.body.id}/mark-default/`);
    expect([t1.status, t1.body]).toEqual([404, NOT_FOUND]);
  });

  it("role matrix", async () => {
    const p = await projectFixture(t, ws);
    for (const [c, status, body] of matrix(204, true, false)) {
      const r = await c.post(`${p.base}/states/${p.states.Done}/mark-default/`);
      expect(r.status).toBe(status);
      if (body) expect(r.body).toEqual(body);
    }
  });
});

describe("GET P/intake-state/ and W/states/", () => {
  it("returns the triage state", async () => {
    const p = await projectFixture(t, ws);
    const res = await ws.guest.get(`${p.base}/intake-state/`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(STATE_KEYS);
    expect(res.body).toMatchObject({
      name: "Triage",
      group: "triage",
      color: "#4E5355",
      sequence: 65000,
      default: false,
      project_id: p.id,
    });
    for (const [c, status, body] of matrix(200, true, true)) {
      const r = await c.get(`${p.base}/intake-state/`);
      expect(r.status).toBe(status);
      if (body) expect(r.body).toEqual(body);
    }
  });

  it("lists the states of every non-archived project the caller belongs to", async () => {
    const w = await workspaceFixture(t);
    const a = await projectFixture(t, w);
    const b = await projectFixture(t, w);
    const archived = await projectFixture(t, w);
    await w.admin.post(`${archived.base}/archive/`);
    await w.guest.post(`${b.base}/members/leave/`);
    const admin = await w.admin.get(`/api/workspaces/${w.slug}/states/`);
    expect(admin.status).toBe(200);
    expect(admin.body).toHaveLength(10);
    expect(Object.keys(admin.body[0]).sort()).toEqual(STATE_KEYS);
    expect(new Set(admin.body.map((s: any) => s.project_id))).toEqual(new Set([a.id, b.id]));
    expect(admin.body.some((s: any) => s.group === "triage")).toBe(false);
    expect(admin.body.map((s: any) => s.sequence)).toEqual(
      [...admin.body.map((s: any) => s.sequence)].sort((x: number, y: number) => x - y),
    );
    const guest = await w.guest.get(`/api/workspaces/${w.slug}/states/`);
    expect(new Set(guest.body.map((s: any) => s.project_id))).toEqual(new Set([a.id]));
    expect((await w.member.get(`/api/workspaces/${w.slug}/states/`)).status).toBe(200);
    const o = await w.outsider.get(`/api/workspaces/${w.slug}/states/`);
    expect([o.status, o.body]).toEqual([403, DENIED]);
    const an = await w.anon.get(`/api/workspaces/${w.slug}/states/`);
    expect([an.status, an.body]).toEqual([401, UNAUTH]);
  });
});
