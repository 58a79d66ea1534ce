import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema } from "../src/db/client.ts";
import { STOCK_COVERS } from "../src/routes/assets/stock-covers.ts";
import type { TestServer } from "./helpers/server.ts";
import { twoProjectWorld, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { activityRows, createItem, expectMatrix } from "./helpers/work-items.ts";
import { download as downloadFile, send } from "./helpers/assets.ts";
import { jpeg, pdf, png } from "./helpers/files.ts";

let t: TestServer;
let ws: WorkspaceFixture;
let pr: ProjectFixture;
let other: ProjectFixture;

beforeAll(async () => {
  ({ t, ws, pr, other } = await twoProjectWorld());
});
afterAll(async () => {
  await t?.close();
});

const MAX = 5242880;
const PNG = png();
const download = (location: string | null) => downloadFile(t, location);

const attUrl = (issueId: string) =>
  `/api/assets/v2/workspaces/${ws.slug}/projects/${pr.id}/issues/${issueId}/attachments/`;

describe("issue attachments (assets v2)", () => {
  it("runs the whole flow: slot → multipart upload → mark uploaded → 302 → bytes back → delete", async () => {
    const issue = await createItem(ws, pr);
    const bytes = new TextEncoder().encode("quarterly numbers,1,2,3\n");
    const slot = await ws.member.post(attUrl(issue.id), { name: "numbers.csv", type: "text/csv", size: bytes.length });
    expect(slot.status).toBe(200);
    expect(slot.body.upload_data.url).toBe(`${t.url}/api/assets/v2/upload/`);
    expect(slot.body.upload_data.gcs_direct_upload).toBe(false);
    expect(Object.keys(slot.body.upload_data.fields).sort()).toEqual(["Content-Type", "key", "token"]);
    expect(slot.body.upload_data.fields["Content-Type"]).toBe("text/csv");
    expect(slot.body.asset_url).toBe(
      `/api/assets/v2/workspaces/${ws.slug}/projects/${pr.id}/issues/${issue.id}/attachments/${slot.body.asset_id}/`,
    );
    expect(slot.body.attachment).toMatchObject({
      id: slot.body.asset_id,
      is_uploaded: false,
      entity_type: "ISSUE_ATTACHMENT",
      issue: issue.id,
      attributes: { name: "numbers.csv", type: "text/csv", size: bytes.length },
    });
    // not listed before it is uploaded and marked
    expect((await ws.member.get(attUrl(issue.id))).body).toEqual([]);
    const early = await ws.member.patch(`${attUrl(issue.id)}${slot.body.asset_id}/`, {});
    expect([early.status, JSON.parse(early.text)]).toEqual([
      400,
      { error: "The file has not been uploaded yet.", status: false },
    ]);

    expect(await send(slot.body, bytes, "text/csv")).toEqual({ status: 204, body: "" });
    expect((await send(slot.body, bytes, "text/csv")).status).toBe(403);
    expect(
      (await ws.member.patch(`${attUrl(issue.id)}${slot.body.asset_id}/`, { attributes: { note: "q3" } })).status,
    ).toBe(204);

    const list = await ws.member.get(`${pr.base}/issues/${issue.id}/attachments/`);
    expect(list.body).toEqual([
      expect.objectContaining({
        id: slot.body.asset_id,
        is_uploaded: true,
        size: bytes.length,
        attributes: { name: "numbers.csv", type: "text/csv", size: bytes.length, note: "q3" },
      }),
    ]);
    const detail = await ws.member.get(`${pr.base}/issues/${issue.id}/?expand=issue_attachments`);
    expect(detail.body.attachment_count).toBe(1);
    expect(detail.body.issue_attachments).toEqual([
      expect.objectContaining({ id: slot.body.asset_id, asset_url: slot.body.asset_url }),
    ]);

    const redirect = await ws.member.get(slot.body.asset_url);
    expect(redirect.status).toBe(302);
    const file = await download(redirect.location);
    expect(file.status).toBe(200);
    expect(Buffer.from(file.bytes).toString()).toBe("quarterly numbers,1,2,3\n");
    expect(file.headers.get("content-type")).toBe("text/csv");
    expect(file.headers.get("content-disposition")).toMatch(/^attachment; filename="numbers.csv"/);
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");

    const acts = (await activityRows(t, issue.id)).filter((a) => a.field === "attachment");
    expect(acts.map((a) => [a.verb, a.newValue])).toEqual([["created", "numbers.csv"]]);
    expect((await ws.member.delete(`${attUrl(issue.id)}${slot.body.asset_id}/`)).status).toBe(204);
    expect((await ws.member.get(attUrl(issue.id))).body).toEqual([]);
    expect((await ws.member.get(slot.body.asset_url)).status).toBe(404);
    expect((await activityRows(t, issue.id)).filter((a) => a.field === "attachment").map((a) => a.verb)).toEqual([
      "created",
      "deleted",
    ]);
  });

  it("enforces the 5,242,880-byte limit on the slot and on the bytes received", async () => {
    const issue = await createItem(ws, pr);
    const tooBig = await ws.member.post(attUrl(issue.id), { name: "big.pdf", type: "application/pdf", size: MAX + 1 });
    expect([tooBig.status, tooBig.body]).toEqual([
      400,
      { error: "File size exceeds the maximum upload size of 5242880 bytes.", status: false },
    ]);

    const small = await ws.member.post(attUrl(issue.id), { name: "s.txt", type: "text/plain", size: 4 });
    const over = await send(small.body, new Uint8Array(10).fill(65), "text/plain");
    expect(over.status).toBe(400);
    expect(JSON.parse(over.body)).toEqual({ error: "File size exceeds the allowed size of 4 bytes." });
    expect((await ws.member.patch(`${attUrl(issue.id)}${small.body.asset_id}/`, {})).status).toBe(400);
    // a failed upload frees the slot: the right bytes still go through
    expect((await send(small.body, new Uint8Array(4).fill(66), "text/plain")).status).toBe(204);

    const atLimit = await ws.member.post(attUrl(issue.id), { name: "max.bin.pdf", type: "application/pdf", size: MAX });
    const beyond = await send(atLimit.body, pdf(MAX + 1), "application/pdf");
    expect(beyond.status).toBe(400);
    const exact = await send(atLimit.body, pdf(MAX), "application/pdf");
    expect(exact.status).toBe(204);
    expect((await ws.member.patch(`${attUrl(issue.id)}${atLimit.body.asset_id}/`, {})).status).toBe(204);
  });

  it("refuses types outside the allowlist, mismatched Content-Type and forged tokens", async () => {
    const issue = await createItem(ws, pr);
    const exe = await ws.member.post(attUrl(issue.id), { name: "run.exe", type: "application/x-msdownload", size: 10 });
    expect([exe.status, exe.body]).toEqual([400, { error: "Invalid file type.", status: false }]);
    expect((await ws.member.post(attUrl(issue.id), { name: "x", size: 1 })).body).toEqual({
      type: ["This field is required."],
    });
    expect((await ws.member.post(attUrl(issue.id), { name: "x", type: "text/plain", size: -1 })).status).toBe(400);
    expect((await ws.member.post(attUrl(issue.id), { name: "x", type: "text/plain", size: "big" })).body).toEqual({
      size: ["A valid integer is required."],
    });
    const slot = (await ws.member.post(attUrl(issue.id), { name: "a.txt", type: "text/plain", size: 3 })).body;
    const abc = new TextEncoder().encode("abc");
    expect((await send(slot, abc, "text/html", { "Content-Type": "text/html" })).status).toBe(400);
    expect(
      (await send(slot, abc, "text/plain", { token: slot.upload_data.fields.token.replace(/.$/, "A") + "x" })).status,
    ).toBe(403);
    expect((await send(slot, abc, "text/plain", { key: "someone/else.txt" })).status).toBe(403);
    const noFile = await fetch(slot.upload_data.url, {
      method: "POST",
      body: (() => {
        const f = new FormData();
        f.append("token", slot.upload_data.fields.token);
        return f;
      })(),
    });
    expect(noFile.status).toBe(400);
    const json = await fetch(slot.upload_data.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(json.status).toBe(400);
    expect((await send(slot, abc, "text/plain")).status).toBe(204);
  });

  it("refuses tampered or foreign download links", async () => {
    const issue = await createItem(ws, pr);
    const slot = (await ws.member.post(attUrl(issue.id), { name: "a.txt", type: "text/plain", size: 2 })).body;
    await send(slot, new Uint8Array([104, 105]), "text/plain");
    await ws.member.patch(`${attUrl(issue.id)}${slot.asset_id}/`, {});
    const loc = (await ws.member.get(slot.asset_url)).location!;
    expect((await fetch(t.url + loc.replace("disposition=attachment", "disposition=inline"))).status).toBe(403);
    expect((await fetch(t.url + loc.replace(slot.asset_id, crypto.randomUUID()))).status).toBe(403);
    expect((await fetch(t.url + loc.replace(/sig=.*/, "sig=forged"))).status).toBe(403);
    expect((await fetch(t.url + loc)).status).toBe(200);
  });

  it("applies visibility and the role matrix to attachments", async () => {
    const issue = await createItem(ws, pr);
    // the guest may not see the admin's item (guest_view_all_features is off): 404, as if it did not exist
    await expectMatrix(ws, (c) => c.post(attUrl(issue.id), { name: "m.txt", type: "text/plain", size: 1 }), {
      admin: 200,
      member: 200,
      guest: 404,
      outsider: 403,
      anon: 401,
    });
    await expectMatrix(ws, (c) => c.get(attUrl(issue.id)), {
      admin: 200,
      member: 200,
      guest: 404,
      outsider: 403,
      anon: 401,
    });
    const slot = (await ws.admin.post(attUrl(issue.id), { name: "a.txt", type: "text/plain", size: 1 })).body;
    await send(slot, new Uint8Array([97]), "text/plain");
    // only project admins and the uploader delete attachments
    expect((await ws.member.delete(`${attUrl(issue.id)}${slot.asset_id}/`)).status).toBe(403);
    const foreignIssue = await createItem(ws, other);
    expect((await ws.admin.get(`${attUrl(foreignIssue.id)}`)).status).toBe(404);
    expect(
      (
        await ws.admin.patch(
          `/api/assets/v2/workspaces/${ws.slug}/projects/${pr.id}/issues/${issue.id}/attachments/${crypto.randomUUID()}/`,
          {},
        )
      ).status,
    ).toBe(404);
    await expectMatrix(ws, (c) => c.patch(`${attUrl(issue.id)}${slot.asset_id}/`, {}), {
      admin: 204,
      member: 204,
      guest: 404,
      outsider: 403,
      anon: 401,
    });
    await expectMatrix(ws, (c) => c.get(`${attUrl(issue.id)}${slot.asset_id}/`), {
      admin: 302,
      member: 302,
      guest: 404,
      outsider: 403,
      anon: 401,
    });
  });
});

describe("user, workspace and project assets", () => {
  it("uploads an avatar, makes it the user's avatar and serves it publicly", async () => {
    const slot = await ws.member.post("/api/assets/v2/user-assets/", {
      name: "me.png",
      type: "image/png",
      size: PNG.length,
      entity_type: "USER_AVATAR",
    });
    expect(slot.status).toBe(200);
    expect(slot.body.asset_url).toBe(`/api/assets/v2/static/${slot.body.asset_id}/`);
    expect((await send(slot.body, PNG, "image/png")).status).toBe(204);
    expect((await ws.member.patch(`/api/assets/v2/user-assets/${slot.body.asset_id}/`, {})).status).toBe(204);
    const [u] = await t.db.db.select().from(schema.users).where(eq(schema.users.id, ws.member.userId));
    expect(u.avatarAssetId).toBe(slot.body.asset_id);
    const pub = await t.anon().get(slot.body.asset_url);
    expect(pub.status).toBe(302);
    const file = await download(pub.location);
    expect(Array.from(file.bytes)).toEqual(Array.from(PNG));
    expect(file.headers.get("content-disposition")).toMatch(/^inline/);
    // a second avatar replaces the first, which is retired
    const next = (
      await ws.member.post("/api/assets/v2/user-assets/", {
        name: "me2.png",
        type: "image/png",
        size: PNG.length,
        entity_type: "USER_AVATAR",
      })
    ).body;
    await send(next, PNG, "image/png");
    await ws.member.patch(`/api/assets/v2/user-assets/${next.asset_id}/`, {});
    const [old] = await t.db.db.select().from(schema.fileAssets).where(eq(schema.fileAssets.id, slot.body.asset_id));
    expect(old.isDeleted).toBe(true);
    expect((await t.anon().get(slot.body.asset_url)).status).toBe(404);
    expect((await ws.member.delete(`/api/assets/v2/user-assets/${next.asset_id}/`)).status).toBe(204);
    const [u2] = await t.db.db.select().from(schema.users).where(eq(schema.users.id, ws.member.userId));
    expect(u2.avatarAssetId).toBeNull();
    expect((await ws.admin.patch(`/api/assets/v2/user-assets/${next.asset_id}/`, {})).status).toBe(404);
  });

  it("accepts only images for avatars, covers and logos, and only user types on user-assets", async () => {
    const pdf = await ws.member.post("/api/assets/v2/user-assets/", {
      name: "cv.pdf",
      type: "application/pdf",
      size: 10,
      entity_type: "USER_COVER",
    });
    expect([pdf.status, pdf.body]).toEqual([400, { error: "Invalid file type.", status: false }]);
    const wrong = await ws.member.post("/api/assets/v2/user-assets/", {
      name: "a.png",
      type: "image/png",
      size: 10,
      entity_type: "WORKSPACE_LOGO",
    });
    expect([wrong.status, wrong.body]).toEqual([400, { error: "Invalid entity type.", status: false }]);
    const svg = await ws.admin.post(`/api/assets/v2/workspaces/${ws.slug}/`, {
      name: "l.svg",
      type: "image/svg+xml",
      size: 10,
      entity_type: "WORKSPACE_LOGO",
    });
    expect(svg.body).toEqual({ error: "Invalid file type.", status: false });
    expect(
      (
        await t.anon().post("/api/assets/v2/user-assets/", {
          name: "a.png",
          type: "image/png",
          size: 1,
          entity_type: "USER_AVATAR",
        })
      ).status,
    ).toBe(401);
  });

  it("sets the workspace logo for workspace admins only", async () => {
    const url = `/api/assets/v2/workspaces/${ws.slug}/`;
    const body = {
      name: "logo.png",
      type: "image/png",
      size: PNG.length,
      entity_type: "WORKSPACE_LOGO",
      entity_identifier: ws.id,
    };
    await expectMatrix(ws, (c) => c.post(url, body), { admin: 200, member: 403, guest: 403, outsider: 403, anon: 401 });
    const slot = (await ws.admin.post(url, body)).body;
    await send(slot, PNG, "image/png");
    expect((await ws.admin.patch(`${url}${slot.asset_id}/`, {})).status).toBe(204);
    const [w] = await t.db.db.select().from(schema.workspaces).where(eq(schema.workspaces.id, ws.id));
    expect(w.logoAssetId).toBe(slot.asset_id);
    // the logo is the workspace's: only workspace admins change it
    expect((await ws.member.patch(`${url}${slot.asset_id}/`, {})).status).toBe(403);
    expect((await ws.member.delete(`${url}${slot.asset_id}/`)).status).toBe(403);
    expect((await ws.guest.delete(`${url}${slot.asset_id}/`)).status).toBe(403);
  });

  it("sets a project cover for project admins", async () => {
    const url = `/api/assets/v2/workspaces/${ws.slug}/`;
    const JPEG = jpeg();
    const body = {
      name: "cover.jpg",
      type: "image/jpeg",
      size: JPEG.length,
      entity_type: "PROJECT_COVER",
      entity_identifier: pr.id,
    };
    expect((await ws.member.post(url, body)).status).toBe(403);
    const slot = (await ws.admin.post(url, body)).body;
    expect((await send(slot, JPEG, "image/jpeg")).status).toBe(204);
    expect((await ws.admin.patch(`${url}${slot.asset_id}/`, {})).status).toBe(204);
    const [p] = await t.db.db.select().from(schema.projects).where(eq(schema.projects.id, pr.id));
    expect(p.coverImageAssetId).toBe(slot.asset_id);
    expect((await ws.admin.post(url, { ...body, entity_identifier: crypto.randomUUID() })).body).toEqual({
      error: "Invalid entity identifier.",
      status: false,
    });
  });

  it("uploads description images, links them in bulk, checks, deletes and restores them", async () => {
    const issue = await createItem(ws, pr);
    const purl = `/api/assets/v2/workspaces/${ws.slug}/projects/${pr.id}/`;
    const slot = await ws.member.post(purl, {
      name: "shot.png",
      type: "image/png",
      size: PNG.length,
      entity_type: "ISSUE_DESCRIPTION",
    });
    expect(slot.status).toBe(200);
    expect(slot.body.asset_url).toBe(`${purl}${slot.body.asset_id}/`);
    await send(slot.body, PNG, "image/png");
    expect((await ws.member.patch(`${purl}${slot.body.asset_id}/`, {})).status).toBe(204);
    expect((await ws.member.post(`${purl}${issue.id}/bulk/`, { asset_ids: [slot.body.asset_id] })).status).toBe(204);
    const [row] = await t.db.db.select().from(schema.fileAssets).where(eq(schema.fileAssets.id, slot.body.asset_id));
    expect([row.issueId, row.entityIdentifier]).toEqual([issue.id, issue.id]);
    const shown = await ws.member.get(slot.body.asset_url);
    expect(shown.status).toBe(302);
    expect((await download(shown.location)).headers.get("content-disposition")).toMatch(/^inline/);
    const check = `/api/assets/v2/workspaces/${ws.slug}/check/${slot.body.asset_id}/`;
    expect((await ws.member.get(check)).body).toEqual({ exists: true });
    // the guest may not see the admin's item, nor so its images
    expect((await ws.guest.get(check)).body).toEqual({ exists: false });
    expect((await ws.member.delete(`${purl}${slot.body.asset_id}/`)).status).toBe(204);
    expect((await ws.member.get(check)).body).toEqual({ exists: false });
    expect((await ws.member.post(`/api/assets/v2/workspaces/${ws.slug}/restore/${slot.body.asset_id}/`)).status).toBe(
      204,
    );
    expect((await ws.member.get(check)).body).toEqual({ exists: true });
    expect(
      (await ws.member.post(`${purl}${crypto.randomUUID()}/bulk/`, { asset_ids: [slot.body.asset_id] })).body,
    ).toEqual({ error: "Invalid entity identifier.", status: false });
    expect((await ws.member.post(`${purl}${issue.id}/bulk/`, { asset_ids: [crypto.randomUUID()] })).status).toBe(404);
    expect(
      (
        await ws.member.post(purl, {
          name: "x.pdf",
          type: "application/pdf",
          size: 1,
          entity_type: "ISSUE_DESCRIPTION",
        })
      ).body,
    ).toEqual({ error: "Invalid file type.", status: false });
    expect(
      (await ws.member.post(purl, { name: "x.png", type: "image/png", size: 1, entity_type: "NOPE" })).body,
    ).toEqual({ error: "Invalid entity type.", status: false });
    expect(
      (
        await ws.member.post(purl, {
          name: "x.png",
          type: "image/png",
          size: 1,
          entity_type: "ISSUE_DESCRIPTION",
          entity_identifier: "not-an-id",
        })
      ).body,
    ).toEqual({ error: "Invalid entity identifier.", status: false });
    await expectMatrix(
      ws,
      (c) => c.post(purl, { name: "m.png", type: "image/png", size: 1, entity_type: "COMMENT_DESCRIPTION" }),
      { admin: 200, member: 200, guest: 200, outsider: 403, anon: 401 },
    );
  });

  it("duplicates an uploaded asset for another entity", async () => {
    const wurl = `/api/assets/v2/workspaces/${ws.slug}/`;
    const slot = (
      await ws.member.post(wurl, {
        name: "p.png",
        type: "image/png",
        size: PNG.length,
        entity_type: "PAGE_DESCRIPTION",
      })
    ).body;
    await send(slot, PNG, "image/png");
    await ws.member.patch(`${wurl}${slot.asset_id}/`, {});
    const dup = await ws.member.post(`${wurl}duplicate-assets/${slot.asset_id}/`, {
      entity_type: "ISSUE_DESCRIPTION",
      project_id: pr.id,
    });
    expect(dup.status).toBe(200);
    expect(dup.body.asset_id).not.toBe(slot.asset_id);
    const got = await ws.member.get(`/api/assets/v2/workspaces/${ws.slug}/projects/${pr.id}/${dup.body.asset_id}/`);
    expect(Array.from((await download(got.location)).bytes)).toEqual(Array.from(PNG));
    expect(
      (await ws.member.post(`${wurl}duplicate-assets/${crypto.randomUUID()}/`, { entity_type: "ISSUE_DESCRIPTION" }))
        .status,
    ).toBe(404);
    // Not into a project the caller does not belong to.
    const [secret] = await t.db.db
      .insert(schema.projects)
      .values({ workspaceId: ws.id, name: "Secret dup", identifier: "SDUP", network: 0 })
      .returning();
    const refused = await ws.member.post(`${wurl}duplicate-assets/${slot.asset_id}/`, {
      entity_type: "ISSUE_DESCRIPTION",
      project_id: secret.id,
    });
    expect([refused.status, refused.body]).toEqual([404, { error: "The required object does not exist." }]);
  });

  it("moves draft attachments onto the work item created from the draft", async () => {
    const draft = (
      await ws.member.post(`/api/workspaces/${ws.slug}/draft-issues/`, { name: "with file", project_id: pr.id })
    ).body;
    const wurl = `/api/assets/v2/workspaces/${ws.slug}/`;
    const PDF = pdf();
    const slot = (
      await ws.member.post(wurl, {
        name: "spec.pdf",
        type: "application/pdf",
        size: PDF.length,
        entity_type: "DRAFT_ISSUE_ATTACHMENT",
        entity_identifier: draft.id,
      })
    ).body;
    expect((await send(slot, PDF, "application/pdf")).status).toBe(204);
    await ws.member.patch(`${wurl}${slot.asset_id}/`, {});
    const issue = (await ws.member.post(`/api/workspaces/${ws.slug}/draft-to-issue/${draft.id}/`, {})).body;
    const list = await ws.member.get(attUrl(issue.id));
    expect(list.body.map((a: any) => [a.id, a.entity_type])).toEqual([[slot.asset_id, "ISSUE_ATTACHMENT"]]);
  });
});

describe("upload receiver robustness", () => {
  it("answers 400 to malformed or truncated multipart bodies and frees the slot", async () => {
    const issue = await createItem(ws, pr);
    const slot = (await ws.member.post(attUrl(issue.id), { name: "a.txt", type: "text/plain", size: 5 })).body;
    const post = (ct: string, body: string) =>
      fetch(slot.upload_data.url, { method: "POST", headers: { "content-type": ct }, body });
    for (const [ct, b] of [
      ["multipart/form-data; boundary=xyz", "garbage without boundary"],
      ["multipart/form-data", "--xyz\r\n"],
    ]) {
      const r = await post(ct, b);
      expect(r.status).toBe(400);
      expect(Object.keys(await r.json())).toEqual(["error"]);
    }
    // a body that is not multipart at all is refused by media type
    const plain = await post("text/plain", "hello");
    expect(plain.status).toBe(415);
    expect(await plain.json()).toEqual({ detail: 'Unsupported media type "text/plain" in request.' });
    const f = slot.upload_data.fields;
    const truncated = [
      `--xyz\r\nContent-Disposition: form-data; name="token"\r\n\r\n${f.token}\r\n`,
      `--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nabc`,
    ].join("");
    const r = await post("multipart/form-data; boundary=xyz", truncated);
    expect(r.status).toBe(400);
    const [row] = await t.db.db.select().from(schema.fileAssets).where(eq(schema.fileAssets.id, slot.asset_id));
    expect(row.storageMetadata).toBeNull();
    expect((await send(slot, new TextEncoder().encode("hello"), "text/plain")).status).toBe(204);
  });
});

describe("project covers and Unsplash", () => {
  it("lists Stride's own covers, then the operator's covers found in storage, and serves them", async () => {
    const shipped = STOCK_COVERS.map((n) => `${t.url}/api/project-covers/${n}`);
    expect((await ws.member.get("/api/project-covers/")).body).toEqual(shipped);
    expect(shipped.length).toBeGreaterThanOrEqual(8);
    await t.app.storage.put("static/project-cover/mountains.png", Buffer.from(PNG));
    await t.app.storage.put("static/project-cover/readme.txt", Buffer.from("not a cover"));
    const list = await ws.member.get("/api/project-covers/");
    expect(list.body).toEqual([...shipped, `${t.url}/api/project-covers/mountains.png`]);
    const svg = await fetch(list.body[0]);
    expect(svg.status).toBe(200);
    expect(svg.headers.get("content-type")).toBe("image/svg+xml");
    expect(svg.headers.get("content-security-policy")).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(await svg.text()).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>.*<\/svg>$/s);
    const img = await fetch(list.body.at(-1));
    expect(img.status).toBe(200);
    expect(img.headers.get("content-type")).toBe("image/png");
    expect(Array.from(new Uint8Array(await img.arrayBuffer()))).toEqual(Array.from(PNG));
    expect((await t.anon().get("/api/project-covers/readme.txt")).status).toBe(404);
    expect((await t.anon().get("/api/project-covers/..%2Fsecret.png")).status).toBe(404);
    expect((await t.anon().get("/api/project-covers/")).status).toBe(401);
  });

  it("answers an empty list when no Unsplash key is configured, and checks its parameters", async () => {
    expect(
      await ws.member.get("/api/unsplash/?query=mountains&page=1&per_page=20").then((r) => [r.status, r.body]),
    ).toEqual([200, []]);
    expect((await ws.member.get("/api/unsplash/?per_page=500")).status).toBe(400);
    expect((await ws.member.get("/api/unsplash/?page=abc")).status).toBe(400);
    expect((await t.anon().get("/api/unsplash/")).status).toBe(401);
  });
});
