import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema } from "../src/db/client.ts";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { createItem, setCreator, setGuestViewAll } from "./helpers/work-items.ts";
import { download, uploadAs, type Slot } from "./helpers/assets.ts";
import { jpeg, png, text } from "./helpers/files.ts";
import type { Client } from "./helpers/client.ts";

/**
 * Asset authorization (issue #6 point 1): every asset route answers for the entity the asset belongs to — project
 * membership, work-item visibility, the owner of user assets — whatever path reaches it.
 */
let t: TestServer;
let ws: WorkspaceFixture;
/** A project the workspace member and guest belong to (member 15, guest 5). */
let pr: ProjectFixture;
/** A project only the workspace admin belongs to. */
let secret: ProjectFixture;

beforeAll(async () => {
  t = await startTestServer();
  ws = await workspaceFixture(t);
  pr = await projectFixture(t, ws);
  const res = await ws.admin.post(`/api/workspaces/${ws.slug}/projects/`, {
    name: "Board only",
    identifier: "BRD",
    network: 2,
  });
  expect(res.status).toBe(201);
  secret = {
    id: res.body.id,
    identifier: "BRD",
    states: {},
    base: `/api/workspaces/${ws.slug}/projects/${res.body.id}`,
  };
});
afterAll(async () => {
  await t?.close();
});

const W = () => `/api/assets/v2/workspaces/${ws.slug}/`;
const PA = (p: ProjectFixture) => `${W()}projects/${p.id}/`;
const ATT = (p: ProjectFixture, issueId: string) => `${PA(p)}issues/${issueId}/attachments/`;

async function attachment(p: ProjectFixture, issueId: string, as: Client = ws.admin): Promise<Slot> {
  return uploadAs(as, ATT(p, issueId), ATT(p, issueId), {
    name: "plan.txt",
    type: "text/plain",
    bytes: text("the plan\n"),
  });
}

/**
 * Every per-asset route on the workspace path, as `c`: GET (the signed link), download, PATCH attributes,
 * duplicate, check, DELETE and restore (on a deleted copy `deletedId`).
 */
async function workspacePathAnswers(c: Client, assetId: string, deletedId: string) {
  const get = await c.get(`${W()}${assetId}/`);
  const dl = await c.get(`${W()}download/${assetId}/`);
  return {
    get: [get.status, get.location],
    download: [dl.status, dl.location],
    patch: (await c.patch(`${W()}${assetId}/`, { attributes: { note: "mine now" } })).status,
    duplicate: (await c.post(`${W()}duplicate-assets/${assetId}/`, { entity_type: "PAGE_DESCRIPTION" })).status,
    check: (await c.get(`${W()}check/${assetId}/`)).body,
    delete: (await c.delete(`${W()}${assetId}/`)).status,
    restore: (await c.post(`${W()}restore/${deletedId}/`)).status,
  };
}

const HIDDEN = {
  get: [404, null],
  download: [404, null],
  patch: 404,
  duplicate: 404,
  check: { exists: false },
  delete: 404,
  restore: 404,
};
/** Duplicating needs a workspace member: a workspace guest is refused by role before anything about the asset. */
const HIDDEN_FROM_GUEST = { ...HIDDEN, duplicate: 403 };

async function deletedAttachment(p: ProjectFixture, issueId: string) {
  const gone = await attachment(p, issueId);
  expect((await ws.admin.delete(`${ATT(p, issueId)}${gone.asset_id}/`)).status).toBe(204);
  return gone.asset_id;
}

describe("attachments of a project the caller is not in", () => {
  it("are hidden on the workspace path from workspace members and guests (GET, download, PATCH, duplicate, check, DELETE, restore)", async () => {
    const item = await createItem(ws, secret);
    const att = await attachment(secret, item.id);
    const deleted = await deletedAttachment(secret, item.id);
    expect(await workspacePathAnswers(ws.member, att.asset_id, deleted)).toEqual(HIDDEN);
    expect(await workspacePathAnswers(ws.guest, att.asset_id, deleted)).toEqual(HIDDEN_FROM_GUEST);
    // nothing changed: still there, still the admin's, still deleted
    const [row] = await t.db.db.select().from(schema.fileAssets).where(eq(schema.fileAssets.id, att.asset_id));
    expect([row.isDeleted, row.attributes]).toEqual([false, { name: "plan.txt", type: "text/plain", size: 9 }]);
    const [gone] = await t.db.db.select().from(schema.fileAssets).where(eq(schema.fileAssets.id, deleted));
    expect(gone.isDeleted).toBe(true);
    // the project's own member still reads it
    const own = await ws.admin.get(`${W()}${att.asset_id}/`);
    expect(own.status).toBe(302);
    expect(Buffer.from((await download(t, own.location)).bytes).toString()).toBe("the plan\n");
  });

  it("are refused on the project and attachment paths (not a member: 403)", async () => {
    const item = await createItem(ws, secret);
    const att = await attachment(secret, item.id);
    for (const c of [ws.member, ws.guest]) {
      expect((await c.get(`${PA(secret)}${att.asset_id}/`)).status).toBe(403);
      expect((await c.get(`${ATT(secret, item.id)}${att.asset_id}/`)).status).toBe(403);
      expect((await c.delete(`${ATT(secret, item.id)}${att.asset_id}/`)).status).toBe(403);
      expect((await c.get(ATT(secret, item.id))).status).toBe(403);
    }
  });

  it("cannot be reached through the caller's own project's paths either", async () => {
    const item = await createItem(ws, secret);
    const att = await attachment(secret, item.id);
    const mine = await createItem(ws, pr);
    expect((await ws.member.get(`${PA(pr)}${att.asset_id}/`)).status).toBe(404);
    expect((await ws.member.delete(`${PA(pr)}${att.asset_id}/`)).status).toBe(404);
    expect((await ws.member.get(`${ATT(pr, mine.id)}${att.asset_id}/`)).status).toBe(404);
    // nor moved into it by a bulk link
    expect((await ws.member.post(`${PA(pr)}${mine.id}/bulk/`, { asset_ids: [att.asset_id] })).status).toBe(404);
  });

  it("description images of such a project are hidden too, and images cannot be uploaded for its items", async () => {
    const item = await createItem(ws, secret);
    const img = await uploadAs(
      ws.admin,
      PA(secret),
      PA(secret),
      { name: "shot.png", type: "image/png", bytes: png() },
      { entity_type: "ISSUE_DESCRIPTION", entity_identifier: item.id },
    );
    expect((await ws.member.get(`${W()}${img.asset_id}/`)).status).toBe(404);
    expect(
      (
        await ws.member.post(W(), {
          name: "x.png",
          type: "image/png",
          size: 10,
          entity_type: "ISSUE_DESCRIPTION",
          entity_identifier: item.id,
        })
      ).status,
    ).toBe(404);
  });
});

describe("attachments of work items hidden from a guest", () => {
  it("are 404 on every path while guest_view_all_features is off; the guest's own item works", async () => {
    await setGuestViewAll(t, pr.id, false);
    const item = await createItem(ws, pr);
    const att = await attachment(pr, item.id);
    const deleted = await deletedAttachment(pr, item.id);
    expect(await workspacePathAnswers(ws.guest, att.asset_id, deleted)).toEqual(HIDDEN_FROM_GUEST);
    expect((await ws.guest.get(`${PA(pr)}${att.asset_id}/`)).status).toBe(404);
    expect((await ws.guest.get(`${ATT(pr, item.id)}${att.asset_id}/`)).status).toBe(404);
    expect((await ws.guest.get(ATT(pr, item.id))).status).toBe(404);
    expect((await ws.guest.post(ATT(pr, item.id), { name: "g.txt", type: "text/plain", size: 1 })).status).toBe(404);

    // a comment image on the hidden item
    const comment = await ws.admin.post(`${pr.base}/issues/${item.id}/comments/`, { comment_html: "<p>see</p>" });
    expect(comment.status).toBe(201);
    const img = await uploadAs(
      ws.admin,
      W(),
      W(),
      { name: "c.png", type: "image/png", bytes: png() },
      { entity_type: "COMMENT_DESCRIPTION", entity_identifier: comment.body.id },
    );
    expect((await ws.guest.get(`${W()}${img.asset_id}/`)).status).toBe(404);

    // the guest's own item: upload, list, read
    const own = await createItem(ws, pr);
    await setCreator(t, own.id, ws.guest.userId);
    const mine = await attachment(pr, own.id, ws.guest);
    expect((await ws.guest.get(ATT(pr, own.id))).body.map((a: { id: string }) => a.id)).toEqual([mine.asset_id]);
    expect((await ws.guest.get(`${W()}${mine.asset_id}/`)).status).toBe(302);
  });

  it("cannot be moved onto the guest's own item by a bulk link", async () => {
    await setGuestViewAll(t, pr.id, false);
    const hidden = await createItem(ws, pr);
    const att = await attachment(pr, hidden.id);
    const own = await createItem(ws, pr);
    await setCreator(t, own.id, ws.guest.userId);
    expect((await ws.guest.post(`${PA(pr)}${own.id}/bulk/`, { asset_ids: [att.asset_id] })).status).toBe(404);
    const [row] = await t.db.db.select().from(schema.fileAssets).where(eq(schema.fileAssets.id, att.asset_id));
    expect(row.issueId).toBe(hidden.id);
  });

  it("are readable once guests see every item, but still not removable by them", async () => {
    await setGuestViewAll(t, pr.id, true);
    const item = await createItem(ws, pr);
    const att = await attachment(pr, item.id);
    expect((await ws.guest.get(`${W()}${att.asset_id}/`)).status).toBe(302);
    expect((await ws.guest.delete(`${W()}${att.asset_id}/`)).status).toBe(403);
    expect((await ws.guest.patch(`${W()}${att.asset_id}/`, { attributes: { note: "x" } })).status).toBe(403);
    await setGuestViewAll(t, pr.id, false);
  });
});

describe("a project member's rights on the workspace path follow the project role", () => {
  it("members may not delete someone else's attachment; project admins and the uploader may", async () => {
    const item = await createItem(ws, pr);
    const att = await attachment(pr, item.id);
    expect((await ws.member.delete(`${W()}${att.asset_id}/`)).status).toBe(403);
    expect((await ws.member.post(`${W()}restore/${att.asset_id}/`)).status).toBe(403);
    const own = await attachment(pr, item.id, ws.member);
    expect((await ws.member.delete(`${W()}${own.asset_id}/`)).status).toBe(204);
    expect((await ws.member.post(`${W()}restore/${own.asset_id}/`)).status).toBe(204);
    expect((await ws.admin.delete(`${W()}${own.asset_id}/`)).status).toBe(204);
  });
});

describe("user assets", () => {
  it("only their owner changes them; another user gets 403, and never through a workspace path", async () => {
    const avatar = await uploadAs(
      ws.member,
      "/api/assets/v2/user-assets/",
      "/api/assets/v2/user-assets/",
      { name: "me.png", type: "image/png", bytes: png() },
      { entity_type: "USER_AVATAR" },
    );
    const cover = await uploadAs(
      ws.member,
      "/api/assets/v2/user-assets/",
      "/api/assets/v2/user-assets/",
      { name: "c.jpg", type: "image/jpeg", bytes: jpeg() },
      { entity_type: "USER_COVER" },
    );
    for (const id of [avatar.asset_id, cover.asset_id]) {
      expect((await ws.admin.patch(`/api/assets/v2/user-assets/${id}/`, { attributes: { x: 1 } })).status).toBe(403);
      expect((await ws.admin.delete(`/api/assets/v2/user-assets/${id}/`)).status).toBe(403);
      expect((await ws.admin.delete(`${W()}${id}/`)).status).toBe(404);
      expect((await ws.admin.post(`${W()}duplicate-assets/${id}/`, { entity_type: "PAGE_DESCRIPTION" })).status).toBe(
        404,
      );
    }
    const [u] = await t.db.db.select().from(schema.users).where(eq(schema.users.id, ws.member.userId));
    expect([u.avatarAssetId, u.coverImageAssetId]).toEqual([avatar.asset_id, cover.asset_id]);
    // the avatar stays public, as an image
    expect((await t.anon().get(avatar.asset_url)).status).toBe(302);
  });
});

describe("project cover", () => {
  const coverSlot = (projectId: string | null, as: Client = ws.admin) =>
    uploadAs(
      as,
      W(),
      W(),
      { name: "cover.png", type: "image/png", bytes: png() },
      { entity_type: "PROJECT_COVER", ...(projectId ? { entity_identifier: projectId } : {}) },
    );

  it("cover_image_asset must be a cover of that project (or the caller's own unattached upload)", async () => {
    const other = await coverSlot(secret.id);
    const attached = await attachment(pr, (await createItem(ws, pr)).id);
    for (const id of [other.asset_id, attached.asset_id, crypto.randomUUID()]) {
      const res = await ws.admin.patch(pr.base + "/", { cover_image_asset: id });
      expect([res.status, res.body]).toEqual([
        400,
        { cover_image_asset: [`Invalid pk "${id}" - object does not exist.`] },
      ]);
    }
    const own = await coverSlot(pr.id);
    const ok = await ws.admin.patch(pr.base + "/", { cover_image_asset: own.asset_id });
    expect(ok.status).toBe(200);
    expect(ok.body.cover_image_url).toBe(`/api/assets/v2/static/${own.asset_id}/`);
    expect((await ws.admin.patch(pr.base + "/", { cover_image_asset: null })).status).toBe(200);

    // uploaded before the project exists (create form): adopted by the project created with it, by its uploader only
    const pending = await coverSlot(null, ws.member);
    const stolen = await ws.admin.post(`/api/workspaces/${ws.slug}/projects/`, {
      name: "Thief",
      identifier: "THF",
      cover_image_asset: pending.asset_id,
    });
    expect([stolen.status, stolen.body]).toEqual([
      400,
      { cover_image_asset: [`Invalid pk "${pending.asset_id}" - object does not exist.`] },
    ]);
    const created = await ws.member.post(`/api/workspaces/${ws.slug}/projects/`, {
      name: "With cover",
      identifier: "WCV",
      cover_image_asset: pending.asset_id,
    });
    expect(created.status).toBe(201);
    expect(created.body.cover_image_asset).toBe(pending.asset_id);
    const [row] = await t.db.db.select().from(schema.fileAssets).where(eq(schema.fileAssets.id, pending.asset_id));
    expect(row.projectId).toBe(created.body.id);
    // now it is that project's: another project cannot take it
    const taken = await ws.admin.patch(pr.base + "/", { cover_image_asset: pending.asset_id });
    expect(taken.status).toBe(400);
  });

  it("cover_image must be an http(s) or same-origin URL", async () => {
    for (const bad of [
      "javascript:alert(1)",
      "data:image/svg+xml,<svg onload=alert(1)>",
      "//evil.example/x.png",
      "/\\evil.example/x.png",
      "ftp://example.com/x.png",
      "vbscript:x",
      "https://",
      "not a url",
      " https://example.com/x.png",
    ]) {
      const res = await ws.admin.patch(pr.base + "/", { cover_image: bad });
      expect([bad, res.status, res.body]).toEqual([bad, 400, { cover_image: ["Enter a valid URL."] }]);
    }
    const create = await ws.admin.post(`/api/workspaces/${ws.slug}/projects/`, {
      name: "Bad cover",
      identifier: "BAD",
      cover_image: "javascript:alert(1)",
    });
    expect([create.status, create.body]).toEqual([400, { cover_image: ["Enter a valid URL."] }]);
    for (const good of [
      "https://images.example.com/photo-1.jpg?w=1600&q=80",
      "http://example.com/a.png",
      "/api/project-covers/mountains.png",
      `/api/assets/v2/static/${crypto.randomUUID()}/`,
      "",
      null,
    ]) {
      const res = await ws.admin.patch(pr.base + "/", { cover_image: good });
      expect([good, res.status]).toEqual([good, 200]);
    }
  });
});
