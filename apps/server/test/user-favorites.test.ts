import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema } from "../src/db/client.ts";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";

/** W/user-favorites/ (wire-facts §7): entity favourites, folders, group, ordering by sequence. */
let t: TestServer;
let ws: WorkspaceFixture;
let pr: ProjectFixture;
let W: string;

beforeAll(async () => {
  t = await startTestServer();
  ws = await workspaceFixture(t);
  pr = await projectFixture(t, ws, { name: "Apollo" });
  W = `/api/workspaces/${ws.slug}`;
});
afterAll(async () => {
  await t?.close();
});

/** A fresh workspace and project per test that needs a clean favourites list. */
async function fresh() {
  const w = await workspaceFixture(t);
  const p = await projectFixture(t, w, { name: "Zeus" });
  return { w, p, base: `/api/workspaces/${w.slug}/user-favorites/` };
}

async function insertCycle(w: WorkspaceFixture, projectId: string, name: string, archived = false) {
  const [c] = await t.db.db
    .insert(schema.cycles)
    .values({
      workspaceId: w.id,
      projectId,
      name,
      ownedById: w.admin.userId,
      logoProps: { in_use: "emoji" },
      archivedAt: archived ? new Date() : null,
    })
    .returning();
  return c!.id;
}
async function insertModule(w: WorkspaceFixture, projectId: string, name: string) {
  const [m] = await t.db.db.insert(schema.modules).values({ workspaceId: w.id, projectId, name }).returning();
  return m!.id;
}

describe("POST W/user-favorites/", () => {
  it("favourites a project with its entity_data and answers 200 with the wire shape; a second POST returns the same favourite", async () => {
    const { w, p, base } = await fresh();
    const res = await w.member.post(base, { entity_type: "project", entity_identifier: p.id, project_id: p.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(String),
      entity_type: "project",
      entity_identifier: p.id,
      entity_data: { id: p.id, name: "Zeus", logo_props: expect.any(Object) },
      name: null,
      is_folder: false,
      sequence: 65535,
      parent: null,
      workspace_id: w.id,
      project_id: p.id,
    });
    const again = await w.member.post(base, { entity_type: "project", entity_identifier: p.id });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(res.body.id);
    // The project's own toggle sees it.
    const details = await w.member.get(`/api/workspaces/${w.slug}/projects/details/`);
    expect(details.body.find((x: { id: string }) => x.id === p.id).is_favorite).toBe(true);
  });

  it("favourites cycles, modules and work items with project_id in entity_data, each on top of the last (step 10000)", async () => {
    const { w, p, base } = await fresh();
    const cycle = await insertCycle(w, p.id, "Sprint 1");
    const mod = await insertModule(w, p.id, "Billing");
    const issue = await w.admin.post(`${p.base}/issues/`, { name: "Fix login" });
    expect(issue.status).toBe(201);
    const c = await w.member.post(base, { entity_type: "cycle", entity_identifier: cycle });
    const m = await w.member.post(base, { entity_type: "module", entity_identifier: mod });
    const i = await w.member.post(base, { entity_type: "issue", entity_identifier: issue.body.id });
    expect(c.body.entity_data).toEqual({
      id: cycle,
      name: "Sprint 1",
      logo_props: { in_use: "emoji" },
      project_id: p.id,
    });
    expect(m.body.entity_data).toEqual({ id: mod, name: "Billing", logo_props: {}, project_id: p.id });
    expect(i.body.entity_data).toEqual({ id: issue.body.id, name: "Fix login", logo_props: {}, project_id: p.id });
    expect([c.body.sequence, m.body.sequence, i.body.sequence]).toEqual([65535, 75535, 85535]);
    expect(c.body.project_id).toBe(p.id);
    const list = await w.member.get(base);
    expect(list.body.map((f: { id: string }) => f.id)).toEqual([i.body.id, m.body.id, c.body.id]);
  });

  it("creates a folder (returned again by name) and a favourite inside it", async () => {
    const { w, p, base } = await fresh();
    const folder = await w.member.post(base, { entity_type: "folder", is_folder: true, name: "Work", parent: null });
    expect(folder.status).toBe(200);
    expect(folder.body).toMatchObject({
      entity_type: "folder",
      entity_identifier: null,
      entity_data: null,
      name: "Work",
      is_folder: true,
      parent: null,
      project_id: null,
    });
    const same = await w.member.post(base, { entity_type: "folder", is_folder: true, name: "Work" });
    expect(same.body.id).toBe(folder.body.id);
    const inside = await w.member.post(base, {
      entity_type: "project",
      entity_identifier: p.id,
      parent: folder.body.id,
    });
    expect(inside.body.parent).toBe(folder.body.id);
    const top = await w.member.get(base);
    expect(top.body.map((f: { id: string }) => f.id)).toEqual([folder.body.id]);
    const all = await w.member.get(`${base}?all=true`);
    expect(all.body.map((f: { id: string }) => f.id).sort()).toEqual([folder.body.id, inside.body.id].sort());
  });

  it("refuses bad bodies with field errors", async () => {
    const { w, base } = await fresh();
    expect((await w.member.post(base, { entity_type: "nope" })).status).toBe(400);
    const noId = await w.member.post(base, { entity_type: "project" });
    expect(noId.status).toBe(400);
    expect(noId.body).toEqual({ entity_identifier: ["This field is required."] });
    const noName = await w.member.post(base, { entity_type: "folder", is_folder: true, name: "  " });
    expect(noName.body).toEqual({ name: ["This field may not be blank."] });
    const mixed = await w.member.post(base, { entity_type: "project", is_folder: true, name: "X" });
    expect(mixed.status).toBe(400);
    expect(Object.keys(mixed.body)).toEqual(["entity_type"]);
    const badParent = await w.member.post(base, {
      entity_type: "project",
      entity_identifier: crypto.randomUUID(),
      parent: crypto.randomUUID(),
    });
    expect(badParent.status).toBe(404);
    const page = await w.member.post(base, { entity_type: "page", entity_identifier: crypto.randomUUID() });
    expect(page.status).toBe(404);
  });

  it("refuses a folder that is not the caller's, and entities the caller cannot see (404)", async () => {
    const { w, p, base } = await fresh();
    const theirs = await w.admin.post(base, { entity_type: "folder", is_folder: true, name: "Admin's" });
    const res = await w.member.post(base, { entity_type: "project", entity_identifier: p.id, parent: theirs.body.id });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ parent: ["Folder not found."] });
    // A private project the member is not in, and a cycle in it.
    const priv = await w.admin.post(`/api/workspaces/${w.slug}/projects/`, {
      name: "Secret",
      identifier: "SEC",
      network: 0,
    });
    const cycle = await insertCycle(w, priv.body.id, "Hidden");
    expect((await w.member.post(base, { entity_type: "project", entity_identifier: priv.body.id })).status).toBe(404);
    expect((await w.member.post(base, { entity_type: "cycle", entity_identifier: cycle })).status).toBe(404);
    // Another workspace's project.
    expect((await w.member.post(base, { entity_type: "project", entity_identifier: pr.id })).status).toBe(404);
    // An archived cycle.
    const old = await insertCycle(w, p.id, "Old", true);
    expect((await w.member.post(base, { entity_type: "cycle", entity_identifier: old })).status).toBe(404);
  });
});

describe("views", () => {
  it("favourites project views and workspace views the caller can see; another user's private view is 404", async () => {
    const { w, p, base } = await fresh();
    const [pv] = await t.db.db
      .insert(schema.issueViews)
      .values({ workspaceId: w.id, projectId: p.id, name: "Open bugs", ownedById: w.admin.userId, access: 1 })
      .returning();
    const [wv] = await t.db.db
      .insert(schema.issueViews)
      .values({ workspaceId: w.id, projectId: null, name: "Everything", ownedById: w.admin.userId, access: 1 })
      .returning();
    const [priv] = await t.db.db
      .insert(schema.issueViews)
      .values({ workspaceId: w.id, projectId: p.id, name: "Mine", ownedById: w.admin.userId, access: 0 })
      .returning();
    const a = await w.member.post(base, { entity_type: "view", entity_identifier: pv!.id });
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({
      entity_data: { id: pv!.id, name: "Open bugs", logo_props: {}, project_id: p.id },
      project_id: p.id,
    });
    const b = await w.member.post(base, { entity_type: "view", entity_identifier: wv!.id });
    expect(b.body).toMatchObject({ entity_data: { id: wv!.id, name: "Everything", logo_props: {} }, project_id: null });
    expect(b.body.entity_data).not.toHaveProperty("project_id");
    expect((await w.member.post(base, { entity_type: "view", entity_identifier: priv!.id })).status).toBe(404);
    expect((await w.admin.post(base, { entity_type: "view", entity_identifier: priv!.id })).status).toBe(200);
  });
});

describe("roles", () => {
  it("refuses workspace guests (403) on every favourites endpoint, before the body", async () => {
    const id = crypto.randomUUID();
    for (const res of [
      await ws.guest.get(`${W}/user-favorites/`),
      await ws.guest.post(`${W}/user-favorites/`, { entity_type: "nope" }),
      await ws.guest.patch(`${W}/user-favorites/${id}/`, { sequence: "x" }),
      await ws.guest.delete(`${W}/user-favorites/${id}/`),
      await ws.guest.get(`${W}/user-favorites/${id}/group/`),
    ])
      expect(res.status).toBe(403);
    expect((await ws.outsider.get(`${W}/user-favorites/`)).status).toBe(403);
    expect((await ws.anon.get(`${W}/user-favorites/`)).status).toBe(401);
  });

  it("keeps each user's favourites to themselves (another user's favourite is 404)", async () => {
    const { w, p, base } = await fresh();
    const mine = await w.member.post(base, { entity_type: "project", entity_identifier: p.id });
    expect((await w.admin.get(base)).body).toEqual([]);
    expect((await w.admin.patch(`${base}${mine.body.id}/`, { sequence: 1 })).status).toBe(404);
    expect((await w.admin.delete(`${base}${mine.body.id}/`)).status).toBe(404);
    expect((await w.admin.get(`${base}${mine.body.id}/group/`)).status).toBe(404);
  });
});

describe("PATCH W/user-favorites/{id}/", () => {
  it("reorders by sequence, moves into a folder (at its end) and out again, renames folders", async () => {
    const { w, p, base } = await fresh();
    const cycle = await insertCycle(w, p.id, "C1");
    const a = await w.member.post(base, { entity_type: "project", entity_identifier: p.id });
    const b = await w.member.post(base, { entity_type: "cycle", entity_identifier: cycle });
    const folder = await w.member.post(base, { entity_type: "folder", is_folder: true, name: "Later" });
    // Top level now: folder (85535), b (75535), a (65535). Put a on top.
    const up = await w.member.patch(`${base}${a.body.id}/`, { sequence: 95535 });
    expect(up.status).toBe(200);
    expect(up.body.sequence).toBe(95535);
    expect((await w.member.get(base)).body.map((f: { id: string }) => f.id)).toEqual([
      a.body.id,
      folder.body.id,
      b.body.id,
    ]);

    const into = await w.member.patch(`${base}${b.body.id}/`, { parent: folder.body.id });
    expect(into.body).toMatchObject({ parent: folder.body.id, sequence: 65535, entity_data: { name: "C1" } });
    const into2 = await w.member.patch(`${base}${a.body.id}/`, { parent: folder.body.id });
    expect(into2.body.sequence).toBe(55535); // the end of the folder
    const group = await w.member.get(`${base}${folder.body.id}/group/`);
    expect(group.status).toBe(200);
    expect(group.body.map((f: { id: string }) => f.id)).toEqual([b.body.id, a.body.id]);
    expect((await w.member.get(base)).body.map((f: { id: string }) => f.id)).toEqual([folder.body.id]);

    const out = await w.member.patch(`${base}${a.body.id}/`, { parent: null, sequence: 1000 });
    expect(out.body).toMatchObject({ parent: null, sequence: 1000 });

    const renamed = await w.member.patch(`${base}${folder.body.id}/`, { name: "Now" });
    expect(renamed.body.name).toBe("Now");
  });

  it("refuses what cannot be: nesting folders, renaming an entity favourite, a duplicate folder name, a bad sequence", async () => {
    const { w, p, base } = await fresh();
    const a = await w.member.post(base, { entity_type: "project", entity_identifier: p.id });
    const f1 = await w.member.post(base, { entity_type: "folder", is_folder: true, name: "One" });
    const f2 = await w.member.post(base, { entity_type: "folder", is_folder: true, name: "Two" });
    expect((await w.member.patch(`${base}${f1.body.id}/`, { parent: f2.body.id })).body).toEqual({
      parent: ["A folder cannot be put in another folder."],
    });
    expect((await w.member.patch(`${base}${a.body.id}/`, { name: "x" })).body).toEqual({
      name: ["Only a folder can be renamed."],
    });
    expect((await w.member.patch(`${base}${f1.body.id}/`, { name: "Two" })).body).toEqual({
      name: ["A folder with this name already exists."],
    });
    expect((await w.member.patch(`${base}${a.body.id}/`, { parent: a.body.id })).status).toBe(400);
    expect((await w.member.patch(`${base}${a.body.id}/`, { sequence: "high" })).status).toBe(400);
    expect((await w.member.patch(`${base}${a.body.id}/`, { parent: crypto.randomUUID() })).body).toEqual({
      parent: ["Folder not found."],
    });
    expect((await w.member.patch(`${base}${crypto.randomUUID()}/`, { sequence: 1 })).status).toBe(404);
  });
});

describe("DELETE W/user-favorites/{id}/ and group", () => {
  it("removes an entity favourite (204) and the project toggle sees it gone", async () => {
    const { w, p, base } = await fresh();
    const a = await w.member.post(base, { entity_type: "project", entity_identifier: p.id });
    const res = await w.member.delete(`${base}${a.body.id}/`);
    expect(res.status).toBe(204);
    expect((await w.member.get(base)).body).toEqual([]);
    const details = await w.member.get(`/api/workspaces/${w.slug}/projects/details/`);
    expect(details.body.find((x: { id: string }) => x.id === p.id).is_favorite).toBe(false);
  });

  it("deleting a folder moves its favourites to the top level, in the folder's place and order", async () => {
    const { w, p, base } = await fresh();
    const c1 = await insertCycle(w, p.id, "C1");
    const c2 = await insertCycle(w, p.id, "C2");
    const bottom = await w.member.post(base, { entity_type: "project", entity_identifier: p.id });
    const folder = await w.member.post(base, { entity_type: "folder", is_folder: true, name: "F" });
    const x = await w.member.post(base, { entity_type: "cycle", entity_identifier: c1, parent: folder.body.id });
    const y = await w.member.post(base, { entity_type: "cycle", entity_identifier: c2, parent: folder.body.id });
    const top = await w.member.post(base, { entity_type: "folder", is_folder: true, name: "Top" });
    expect((await w.member.delete(`${base}${folder.body.id}/`)).status).toBe(204);
    const list = await w.member.get(base);
    expect(list.body.map((f: { id: string }) => f.id)).toEqual([top.body.id, y.body.id, x.body.id, bottom.body.id]);
    expect(list.body.every((f: { parent: string | null }) => f.parent === null)).toBe(true);
  });

  it("group answers 404 for a favourite that is not a folder", async () => {
    const { w, p, base } = await fresh();
    const a = await w.member.post(base, { entity_type: "project", entity_identifier: p.id });
    expect((await w.member.get(`${base}${a.body.id}/group/`)).status).toBe(404);
  });
});

describe("favourites follow their entities", () => {
  it("archiving a project drops its favourites; a favourite of an entity the caller can no longer see is not listed", async () => {
    const { w, p, base } = await fresh();
    const cycle = await insertCycle(w, p.id, "C");
    await w.member.post(base, { entity_type: "project", entity_identifier: p.id });
    await w.member.post(base, { entity_type: "cycle", entity_identifier: cycle });
    expect((await w.member.get(base)).body).toHaveLength(2);
    // The member leaves the project: the cycle's favourite is hidden (the public project stays visible).
    await t.db.db
      .update(schema.projectMembers)
      .set({ isActive: false })
      .where(eq(schema.projectMembers.memberId, w.member.userId));
    expect((await w.member.get(base)).body.map((f: { entity_type: string }) => f.entity_type)).toEqual(["project"]);
    await t.db.db
      .update(schema.projectMembers)
      .set({ isActive: true })
      .where(eq(schema.projectMembers.memberId, w.member.userId));
    const archived = await w.admin.post(`/api/workspaces/${w.slug}/projects/${p.id}/archive/`, {});
    expect(archived.status).toBe(200);
    const rows = await t.db.db
      .select()
      .from(schema.userFavorites)
      .where(eq(schema.userFavorites.entityIdentifier, p.id));
    expect(rows).toEqual([]);
    expect((await w.member.get(base)).body).toEqual([]);
  });
  it("archiving or deleting a work item drops every user's favourite of it", async () => {
    const { w, p, base } = await fresh();
    const P = `/api/workspaces/${w.slug}/projects/${p.id}`;
    const done = ((await w.admin.get(`${P}/states/`)).body as { id: string; group: string }[]).find(
      (s) => s.group === "completed",
    )!;
    const toArchive = (await w.admin.post(`${P}/issues/`, { name: "Ship it", state_id: done.id })).body as {
      id: string;
    };
    const toDelete = (await w.admin.post(`${P}/issues/`, { name: "Drop it" })).body as { id: string };
    for (const id of [toArchive.id, toDelete.id]) {
      expect(
        (await w.member.post(base, { entity_type: "issue", entity_identifier: id, project_id: p.id })).status,
      ).toBe(200);
      expect((await w.admin.post(base, { entity_type: "issue", entity_identifier: id, project_id: p.id })).status).toBe(
        200,
      );
    }
    const favs = (id: string) =>
      t.db.db.select().from(schema.userFavorites).where(eq(schema.userFavorites.entityIdentifier, id));
    expect(await favs(toArchive.id)).toHaveLength(2);
    expect((await w.admin.post(`${P}/issues/${toArchive.id}/archive/`, {})).status).toBe(200);
    expect((await w.admin.delete(`${P}/issues/${toDelete.id}/`)).status).toBe(204);
    expect(await favs(toArchive.id)).toEqual([]);
    expect(await favs(toDelete.id)).toEqual([]);
  });
});
