import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LiveServerMessage } from "@stride/shared";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { createItem, setCreator } from "./helpers/work-items.ts";
import { LiveClient, secondInstance } from "./helpers/live.ts";
import { Client } from "./helpers/client.ts";
import { signLiveToken } from "../src/http/live-token.ts";

let t: TestServer;
let ws: WorkspaceFixture;
let pr: ProjectFixture;
const open: LiveClient[] = [];
beforeAll(async () => {
  t = await startTestServer();
  ws = await workspaceFixture(t);
  pr = await projectFixture(t, ws);
});
afterAll(async () => {
  for (const c of open) c.close();
  await t?.close();
});

async function live(
  c: Parameters<typeof LiveClient.open>[1],
  url = t.url,
  opts: Parameters<typeof LiveClient.open>[2] = {},
) {
  const l = await LiveClient.open(url, c, opts);
  open.push(l);
  await l.waitFor((m) => m.type === "hello");
  return l;
}
type EventMsg = Extract<LiveServerMessage, { type: "event" }>;
const isEvent = (topic: string, pred: (e: EventMsg["event"]) => boolean) => (m: LiveServerMessage) =>
  m.type === "event" && m.topic === topic && pred(m.event);

describe("/live/ connection", () => {
  it("needs a session cookie or a valid token, from a trusted origin, on /live/ only", async () => {
    await expect(LiveClient.open(t.url, null)).rejects.toThrow("HTTP 401");
    await expect(LiveClient.open(t.url, ws.admin, { origin: "https://evil.example" })).rejects.toThrow("HTTP 403");
    await expect(LiveClient.open(t.url, ws.admin, { path: "/elsewhere/" })).rejects.toThrow("HTTP 404");
    await expect(LiveClient.open(t.url, null, { token: "v1.forged.token" })).rejects.toThrow("HTTP 401");
    const expired = signLiveToken(t.app.secretKey, { u: ws.member.userId }, 1, Date.now() - 10_000);
    await expect(LiveClient.open(t.url, null, { token: expired })).rejects.toThrow("HTTP 401");
    const ok = await live(ws.admin, t.url, { origin: "http://web.test" });
    expect(ok.messages[0]).toEqual({ type: "hello", user: ws.admin.userId });
  });

  it("a token connects as its user, limited to the token's topics and to what the user may read", async () => {
    const token = signLiveToken(t.app.secretKey, { u: ws.member.userId, t: [`project:${pr.id}`] });
    const l = await live(null, t.url, { token });
    expect(l.messages[0]).toEqual({ type: "hello", user: ws.member.userId });
    expect(await l.subscribe(`project:${pr.id}`)).toMatchObject({ type: "subscribed" });
    expect(await l.subscribe(`workspace:${ws.id}`)).toEqual({
      type: "refused",
      topic: `workspace:${ws.id}`,
      reason: "forbidden",
    });
    const outsiderToken = signLiveToken(t.app.secretKey, { u: ws.outsider.userId });
    const o = await live(null, t.url, { token: outsiderToken });
    expect(await o.subscribe(`project:${pr.id}`)).toMatchObject({ type: "refused", reason: "forbidden" });
  });
});

describe("subscribe checks membership", () => {
  it("refuses topics the caller may not read, and garbage", async () => {
    const item = await createItem(ws, pr);
    const outsider = await live(ws.outsider);
    for (const topic of [`workspace:${ws.id}`, `project:${pr.id}`, `issue:${item.id}`, `user:${ws.admin.userId}`]) {
      expect(await outsider.subscribe(topic)).toEqual({ type: "refused", topic, reason: "forbidden" });
    }
    expect(await outsider.subscribe(`user:${ws.outsider.userId}`)).toMatchObject({ type: "subscribed" });
    for (const topic of ["project:nope", "page:" + pr.id, "x"])
      expect(await outsider.subscribe(topic)).toMatchObject({ type: "refused", reason: "invalid" });
    // a workspace member who is not in a private project
    const secret = await projectFixture(t, ws, { network: 0 });
    const stranger = await t.user();
    await t.app.sql`INSERT INTO workspace_members (workspace, member, role) VALUES (${ws.id}, ${stranger.userId}, 15)`;
    const s = await live(stranger);
    expect(await s.subscribe(`workspace:${ws.id}`)).toMatchObject({ type: "subscribed" });
    expect(await s.subscribe(`project:${secret.id}`)).toMatchObject({ type: "refused", reason: "forbidden" });
    // and it does not learn of the private project's changes on the workspace topic, while a public one's reach it
    await ws.admin.patch(`${secret.base}/`, { description: "hidden change" });
    await ws.admin.patch(`${pr.base}/`, { description: "public change " + Date.now() });
    await s.waitFor(isEvent(`workspace:${ws.id}`, (e) => e.t === "projects" && e.id === pr.id));
    expect(s.events().some((m) => m.event.id === secret.id)).toBe(false);
  });
});

describe("events after commit", () => {
  it("a write publishes a small event with the changed fields to the project, item and workspace topics", async () => {
    const item = await createItem(ws, pr);
    const m = await live(ws.member);
    await m.subscribe(`project:${pr.id}`);
    await m.subscribe(`issue:${item.id}`);
    const res = await ws.admin.patch(`${pr.base}/issues/${item.id}/`, {
      name: "Renamed",
      state_id: pr.states["In Progress"],
    });
    expect(res.status).toBe(204);
    const onProject = await m.waitFor<EventMsg>(
      isEvent(`project:${pr.id}`, (e) => e.t === "issues" && e.id === item.id && !!e.f?.includes("name")),
    );
    expect(onProject.event).toMatchObject({
      t: "issues",
      id: item.id,
      op: "update",
      p: pr.id,
      i: item.id,
      c: ws.admin.userId,
    });
    expect(onProject.event.f).toEqual(expect.arrayContaining(["name", "state"]));
    expect(onProject.event.f).not.toContain("updated_at");
    const [{ updated_at }] = await t.app.sql<
      { updated_at: string }[]
    >`SELECT updated_at FROM issues WHERE id = ${item.id}`;
    expect(Date.parse(onProject.event.v!)).toBe(Date.parse(updated_at));
    expect(JSON.stringify(onProject).length).toBeLessThan(8000);
    await m.waitFor(isEvent(`issue:${item.id}`, (e) => e.t === "issues" && e.id === item.id));
    // comments and activity of the item reach its topic too
    const comment = await ws.admin.post(`${pr.base}/issues/${item.id}/comments/`, { comment_html: "<p>hi</p>" });
    expect(comment.status).toBe(201);
    await m.waitFor(
      isEvent(`issue:${item.id}`, (e) => e.t === "issue_comments" && e.id === comment.body.id && e.op === "insert"),
    );
    await m.waitFor(isEvent(`issue:${item.id}`, (e) => e.t === "issue_activities" && e.op === "insert"));
    // another item's events do not reach this item's topic
    const other = await createItem(ws, pr);
    await m.waitFor(isEvent(`project:${pr.id}`, (e) => e.id === other.id && e.op === "insert"));
    expect(m.events(`issue:${item.id}`).some((x) => x.event.i === other.id)).toBe(false);
  });

  it("a rolled-back write publishes nothing; sequence numbers stay gapless", async () => {
    const item = await createItem(ws, pr);
    const m = await live(ws.member);
    await m.subscribe(`project:${pr.id}`);
    await t.app.sql
      .begin(async (tx) => {
        await tx`UPDATE issues SET name = 'never seen' WHERE id = ${item.id}`;
        await tx`SELECT 1`;
        throw new Error("rollback");
      })
      .catch(() => {});
    await ws.admin.patch(`${pr.base}/issues/${item.id}/`, { name: "seen" });
    await m.waitFor(isEvent(`project:${pr.id}`, (e) => e.id === item.id && e.op === "update"));
    const [{ name }] = await t.app.sql<{ name: string }[]>`SELECT name FROM issues WHERE id = ${item.id}`;
    expect(name).toBe("seen");
    const seqs = m.events(`project:${pr.id}`).map((e) => e.seq);
    for (let i = 1; i < seqs.length; i++) expect(seqs[i]).toBe(seqs[i - 1] + 1);
  });

  it("a write on instance A reaches a subscriber on instance B (LISTEN/NOTIFY)", async () => {
    const b = await secondInstance(t);
    try {
      const item = await createItem(ws, pr);
      const onB = await live(ws.member, b.url);
      expect(await onB.subscribe(`project:${pr.id}`)).toMatchObject({ type: "subscribed" });
      expect((await ws.admin.patch(`${pr.base}/issues/${item.id}/`, { priority: "urgent" })).status).toBe(204);
      const got = await onB.waitFor<EventMsg>(
        isEvent(`project:${pr.id}`, (e) => e.id === item.id && !!e.f?.includes("priority")),
      );
      expect(got.event.t).toBe("issues");
      // and the other way round
      const onA = await live(ws.admin);
      await onA.subscribe(`project:${pr.id}`);
      const viaB = new Client(b.url);
      viaB.cookies = ws.member.cookies;
      expect((await viaB.patch(`${pr.base}/issues/${item.id}/`, { name: "from B" })).status).toBe(204);
      await onA.waitFor(isEvent(`project:${pr.id}`, (e) => e.id === item.id && !!e.f?.includes("name")));
    } finally {
      await b.close();
    }
  });
});

describe("concurrent writes", () => {
  it("parallel writes to one project commit without deadlock and arrive once each, in gapless order", async () => {
    const p = await projectFixture(t, ws);
    const items = [await createItem(ws, p), await createItem(ws, p), await createItem(ws, p)];
    const l = await live(ws.member);
    const topic = `project:${p.id}`;
    await l.subscribe(topic);
    const writes = Array.from({ length: 12 }, (_, n) => {
      const who = n % 2 ? ws.admin : ws.member;
      return who.patch(`${p.base}/issues/${items[n % 3].id}/`, {
        name: `parallel ${n}`,
        priority: n % 4 ? "high" : "low",
      });
    });
    expect((await Promise.all(writes)).map((r) => r.status)).toEqual(Array(12).fill(204));
    const [{ seq }] = await t.app.sql<{ seq: string }[]>`SELECT seq FROM live_streams WHERE stream = ${topic}`;
    await l.waitFor((m) => m.type === "event" && m.topic === topic && m.seq === Number(seq));
    const seqs = l.events(topic).map((e) => e.seq);
    expect(seqs).toEqual(seqs.map((_, i) => seqs[0] + i));
    expect(l.events(topic).filter((e) => e.event.t === "issues" && e.event.f?.includes("name")).length).toBe(12);
  });
});

describe("guest scoping", () => {
  it("a guest who sees only their own items gets only those items' events", async () => {
    const p = await projectFixture(t, ws);
    const others = await createItem(ws, p);
    const own = await createItem(ws, p);
    await setCreator(t, own.id, ws.guest.userId);
    const g = await live(ws.guest);
    const m = await live(ws.member);
    expect(await g.subscribe(`project:${p.id}`)).toMatchObject({ type: "subscribed" });
    await m.subscribe(`project:${p.id}`);
    expect(await g.subscribe(`issue:${others.id}`)).toMatchObject({ type: "refused", reason: "forbidden" });
    expect(await g.subscribe(`issue:${own.id}`)).toMatchObject({ type: "subscribed" });
    await ws.admin.patch(`${p.base}/issues/${others.id}/`, { name: "secret rename" });
    await ws.admin.post(`${p.base}/issues/${others.id}/comments/`, { comment_html: "<p>secret</p>" });
    await ws.admin.patch(`${p.base}/issues/${own.id}/`, { name: "guest's rename" });
    await g.waitFor(isEvent(`project:${p.id}`, (e) => e.id === own.id && !!e.f?.includes("name")));
    await m.waitFor(isEvent(`project:${p.id}`, (e) => e.id === own.id && !!e.f?.includes("name")));
    // the member saw the other item's events; the guest saw none of them, on any topic
    expect(m.events().some((e) => e.event.i === others.id)).toBe(true);
    expect(g.events().filter((e) => e.event.i === others.id)).toEqual([]);
    // labels and states are not per item: the guest gets them
    await ws.admin.post(`${p.base}/issue-labels/`, { name: "live-label", color: "#ff0000" });
    await g.waitFor(isEvent(`project:${p.id}`, (e) => e.t === "labels" && e.op === "insert"));
    // when the project lets guests see everything, the subscription is rescoped and other items' events arrive
    expect((await ws.admin.patch(`${p.base}/`, { guest_view_all_features: true })).status).toBe(200);
    await g.waitFor(isEvent(`project:${p.id}`, (e) => e.t === "projects"));
    await expect
      .poll(
        async () => {
          await ws.admin.patch(`${p.base}/issues/${others.id}/`, { name: "now visible " + Math.random() });
          return g.events().some((e) => e.event.i === others.id);
        },
        { timeout: 10_000 },
      )
      .toBe(true);
  });

  it("a member removed from the project loses the subscription", async () => {
    const p = await projectFixture(t, ws);
    const m = await live(ws.member);
    await m.subscribe(`project:${p.id}`);
    expect((await ws.admin.delete(`${p.base}/members/${ws.member.userId}/`)).status).toBe(204);
    await m.waitFor((x) => x.type === "revoked" && x.topic === `project:${p.id}`);
    const item = await createItem(ws, p);
    await new Promise((r) => setTimeout(r, 300));
    expect(m.events().some((e) => e.event.i === item.id)).toBe(false);
  });
});

describe("projects joined, left and deleted (issue #27 point 8)", () => {
  it("a person added to or removed from a project hears of it on their own stream", async () => {
    const p = await projectFixture(t, ws);
    const other = await t.user({ firstName: "Nia", lastName: "New" });
    await t.db.sql`INSERT INTO workspace_members (workspace, member, role) VALUES (${ws.id}, ${other.userId}, 15)`;
    const l = await live(other);
    await l.subscribe(`user:${other.userId}`);
    const add = await ws.admin.post(`${p.base}/members/`, { members: [{ member_id: other.userId, role: 15 }] });
    expect(add.status, add.text).toBe(201);
    await l.waitFor(
      isEvent(`user:${other.userId}`, (e) => e.t === "project_members" && e.op === "insert" && e.p === p.id),
    );
    expect((await ws.admin.delete(`${p.base}/members/${other.userId}/`)).status).toBe(204);
    await l.waitFor(
      isEvent(`user:${other.userId}`, (e) => e.t === "project_members" && e.op === "update" && e.p === p.id),
    );
    // others' memberships stay off this stream
    expect(l.events(`user:${other.userId}`).every((m) => m.event.t !== "project_members" || m.event.p === p.id)).toBe(
      true,
    );
  });

  it("a project's deletion reaches every workspace member, not only those who could still see it", async () => {
    const p = await projectFixture(t, ws, { network: 0 });
    const g = await live(ws.guest);
    await g.subscribe(`workspace:${ws.id}`);
    expect((await ws.admin.delete(`${p.base}/`)).status).toBe(204);
    await g.waitFor(isEvent(`workspace:${ws.id}`, (e) => e.t === "projects" && e.op === "delete" && e.id === p.id));
  });
});

describe("catch-up", () => {
  it("a client that reconnects with its last sequence number gets every event since, in order", async () => {
    const item = await createItem(ws, pr);
    const topic = `project:${pr.id}`;
    const first = await live(ws.member);
    const sub = await first.subscribe(topic);
    expect(sub.type).toBe("subscribed");
    await ws.admin.patch(`${pr.base}/issues/${item.id}/`, { name: "one" });
    const seen = await first.waitFor<EventMsg>(isEvent(topic, (e) => e.id === item.id && e.op === "update"));
    first.close();
    // written while the client is away
    await ws.admin.patch(`${pr.base}/issues/${item.id}/`, { name: "two" });
    await ws.admin.patch(`${pr.base}/issues/${item.id}/`, { priority: "high" });
    const later = await createItem(ws, pr);
    const again = await live(ws.member);
    const resumed = (await again.subscribe(topic, seen.seq)) as Extract<LiveServerMessage, { type: "subscribed" }>;
    const replayed = again.events(topic);
    expect(replayed.length).toBeGreaterThanOrEqual(3);
    expect(replayed.map((e) => e.seq)).toEqual(replayed.map((_, i) => seen.seq + 1 + i));
    expect(resumed).toEqual({ type: "subscribed", topic, seq: replayed.at(-1)!.seq });
    expect(replayed.filter((e) => e.event.id === item.id && e.event.t === "issues").map((e) => e.event.f)).toEqual(
      expect.arrayContaining([expect.arrayContaining(["name"]), expect.arrayContaining(["priority"])]),
    );
    expect(replayed.some((e) => e.event.id === later.id && e.event.op === "insert")).toBe(true);
    // live events continue after the replay without a gap
    await ws.admin.patch(`${pr.base}/issues/${item.id}/`, { name: "three" });
    const next = await again.waitFor<EventMsg>((m) => m.type === "event" && m.seq > resumed.seq);
    expect(next.seq).toBe(resumed.seq + 1);
  });

  it("when the events since the client's number are no longer kept, it is told to refetch (reset), never left with a gap", async () => {
    const p = await projectFixture(t, ws);
    const topic = `project:${p.id}`;
    await createItem(ws, p);
    await createItem(ws, p);
    const [{ seq }] = await t.app.sql<{ seq: string }[]>`SELECT seq FROM live_streams WHERE stream = ${topic}`;
    await t.app.sql`DELETE FROM live_events WHERE stream = ${topic} AND seq <= ${Number(seq) - 1}`; // retention ran
    const l = await live(ws.member);
    expect(await l.subscribe(topic, 1)).toEqual({ type: "subscribed", topic, seq: Number(seq) });
    expect(l.messages.find((m) => m.type === "reset")).toEqual({ type: "reset", topic, seq: Number(seq) });
    // a number beyond the stream's end (another database, a restored backup) resets too
    const l2 = await live(ws.member);
    await l2.subscribe(topic, Number(seq) + 1000);
    expect(l2.messages.find((m) => m.type === "reset")).toEqual({ type: "reset", topic, seq: Number(seq) });
  });

  it("a first subscribe with `recent` replays the last moments (writes between the screen's fetch and the subscribe)", async () => {
    const p = await projectFixture(t, ws);
    const item = await createItem(ws, p);
    const l = await live(ws.member);
    await l.subscribe(`project:${p.id}`, undefined);
    expect(l.events()).toEqual([]);
    l.send({ type: "sub", topic: `project:${p.id}`, recent: 30_000 });
    await l.waitFor(isEvent(`project:${p.id}`, (e) => e.id === item.id && e.op === "insert"));
  });
});
