import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import type { Client } from "./helpers/client.ts";
import { schema } from "../src/db/client.ts";

/**
 * Exports follow project access (issue #24 point 11): the history lists only exports of projects the caller reads
 * in full, and a download link works only while the person it was issued to may still read the export.
 */
let t: TestServer;
let ws: WorkspaceFixture;
/** A private project of the admin (the workspace member and guest are in it too, as fixtures make them). */
let secret: ProjectFixture;
/** A public project `bystander` is in. */
let open: ProjectFixture;
/** A workspace member in `open` only. */
let bystander: Client;
/** A workspace member who is a guest of `secret` (sees only the items they created there). */
let guestOfSecret: Client;
let E: string;

const HISTORY = () => `${E}?per_page=50&cursor=50:0:0`;
const REFUSED = { error: "The download link is invalid or has expired." };
type Row = { id: string; url: string | null; project: string[] };

async function history(c: Client): Promise<{ count: number; total_results: number; results: Row[] }> {
  const r = await c.get(HISTORY());
  expect(r.status).toBe(200);
  return r.body;
}

async function exportAs(c: Client, project: string[]): Promise<Row> {
  expect((await c.post(E, { provider: "json", project })).status).toBe(200);
  await t.app.jobs.drain();
  const row = (await history(c)).results[0];
  expect(row.url).toEqual(expect.any(String));
  return row;
}

async function addMember(role: number, projects: [ProjectFixture, number][]): Promise<Client> {
  const c = await t.user();
  await t.db.db.insert(schema.workspaceMembers).values({ workspaceId: ws.id, memberId: c.userId, role });
  for (const [p, r] of projects)
    await t.db.db
      .insert(schema.projectMembers)
      .values({ workspaceId: ws.id, projectId: p.id, memberId: c.userId, role: r });
  return c;
}

const download = (url: string) => fetch(`${t.url}${url}`);

beforeAll(async () => {
  t = await startTestServer();
  ws = await workspaceFixture(t);
  secret = await projectFixture(t, ws, { identifier: "SEC", network: 0 });
  open = await projectFixture(t, ws, { identifier: "OPN", network: 2 });
  bystander = await addMember(15, [[open, 15]]);
  guestOfSecret = await addMember(15, [
    [secret, 5],
    [open, 15],
  ]);
  E = `/api/workspaces/${ws.slug}/export-issues/`;
  for (const name of ["Secret plan", "Secret budget"])
    expect((await ws.admin.post(`${secret.base}/issues/`, { name })).status).toBe(201);
  expect((await ws.admin.post(`${open.base}/issues/`, { name: "Open item" })).status).toBe(201);
});
afterAll(async () => {
  await t?.close();
});

describe("the export history follows project access", () => {
  it("lists an export of a private project to the people who read it, and to no one else", async () => {
    const row = await exportAs(ws.admin, [secret.id]);
    expect((await history(ws.member)).results.map((r) => r.id)).toContain(row.id);
    for (const c of [bystander, guestOfSecret]) {
      const h = await history(c);
      expect(h.results.map((r) => r.id)).not.toContain(row.id);
      expect(h.total_results).toBe(h.results.length);
    }
    // a workspace admin outside the private project does not see it either
    const wsAdmin = await addMember(20, []);
    expect((await history(wsAdmin)).results.map((r) => r.id)).not.toContain(row.id);
  });

  it("an 'all my projects' export names the projects it holds, and is listed only to who reads them all", async () => {
    const row = await exportAs(ws.admin, []);
    expect([...row.project].sort()).toEqual([secret.id, open.id].sort());
    expect((await history(ws.member)).results.map((r) => r.id)).toContain(row.id);
    expect((await history(bystander)).results.map((r) => r.id)).not.toContain(row.id);
    // the bystander's own export of their projects is theirs to see, and the admin's (who reads `open`) too
    const mine = await exportAs(bystander, []);
    expect(mine.project).toEqual([open.id]);
    expect((await history(ws.admin)).results.map((r) => r.id)).toContain(mine.id);
  });

  it("refuses to export a project the caller is not in", async () => {
    const r = await bystander.post(E, { provider: "csv", project: [secret.id] });
    expect([r.status, r.body]).toEqual([400, { error: "Please provide valid detail" }]);
    expect((await history(bystander)).results.every((x) => !x.project.includes(secret.id))).toBe(true);
  });
});

describe("a download checks access when it happens", () => {
  it("a link stops working once its person leaves the project, and works again only if they may read it again", async () => {
    const reader = await addMember(15, [[secret, 15]]);
    const row = await exportAs(ws.admin, [secret.id]);
    const link = (await history(reader)).results.find((r) => r.id === row.id)!.url!;
    expect(link).toContain(`u=${reader.userId}`);
    expect((await download(link)).status).toBe(200);
    const membership = and(
      eq(schema.projectMembers.projectId, secret.id),
      eq(schema.projectMembers.memberId, reader.userId),
    );
    await t.db.db.update(schema.projectMembers).set({ isActive: false }).where(membership);
    const gone = await download(link);
    expect([gone.status, await gone.json()]).toEqual([403, REFUSED]);
    // demoted to a guest who sees only their own items: still refused
    await t.db.db.update(schema.projectMembers).set({ isActive: true, role: 5 }).where(membership);
    expect((await download(link)).status).toBe(403);
    await t.db.db.update(schema.projectMembers).set({ role: 15 }).where(membership);
    expect((await download(link)).status).toBe(200);
  });

  it("a link stops working when its person leaves the workspace or is deactivated", async () => {
    const reader = await addMember(15, [[secret, 15]]);
    const row = await exportAs(ws.admin, [secret.id]);
    const link = (await history(reader)).results.find((r) => r.id === row.id)!.url!;
    expect((await download(link)).status).toBe(200);
    const wm = and(eq(schema.workspaceMembers.workspaceId, ws.id), eq(schema.workspaceMembers.memberId, reader.userId));
    await t.db.db.update(schema.workspaceMembers).set({ isActive: false }).where(wm);
    expect((await download(link)).status).toBe(403);
    await t.db.db.update(schema.workspaceMembers).set({ isActive: true }).where(wm);
    await t.db.db.update(schema.users).set({ isActive: false }).where(eq(schema.users.id, reader.userId));
    expect((await download(link)).status).toBe(403);
  });

  it("a link made for one person cannot be turned into another's", async () => {
    const row = await exportAs(ws.admin, [secret.id]);
    const link = (await history(ws.admin)).results.find((r) => r.id === row.id)!.url!;
    const forged = link.replace(`u=${ws.admin.userId}`, `u=${bystander.userId}`);
    expect((await download(forged)).status).toBe(403);
    const unsigned = `/api/exports/${row.id}/file/?u=${bystander.userId}`;
    expect((await download(unsigned)).status).toBe(403);
  });
});
