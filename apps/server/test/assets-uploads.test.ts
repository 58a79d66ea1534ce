import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema } from "../src/db/client.ts";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { createItem } from "./helpers/work-items.ts";
import { download, send, uploadAs } from "./helpers/assets.ts";
import { jpeg, pdf, png, text } from "./helpers/files.ts";

/**
 * Upload integrity (issue #6 point 5): the type is fixed when the slot is made, the bytes must match it, and no
 * stored value reaches a response header unchecked.
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

const W = () => `/api/assets/v2/workspaces/${ws.slug}/`;
const PA = () => `${W()}projects/${pr.id}/`;
const ATT = (issueId: string) => `${PA()}issues/${issueId}/attachments/`;
const row = async (id: string) =>
  (await t.db.db.select().from(schema.fileAssets).where(eq(schema.fileAssets.id, id)))[0];

describe("the declared type is fixed at slot time", () => {
  it("PATCH attributes may not change the type (nor the name); other keys may be added", async () => {
    const item = await createItem(ws, pr);
    const slot = await uploadAs(ws.member, ATT(item.id), ATT(item.id), {
      name: "notes.txt",
      type: "text/plain",
      bytes: text("hello\n"),
    });
    const url = `${ATT(item.id)}${slot.asset_id}/`;
    const changed = await ws.member.patch(url, { attributes: { type: "text/html" } });
    expect([changed.status, changed.body]).toEqual([
      400,
      { attributes: ["The file's type is set when the upload slot is created and cannot be changed."] },
    ]);
    const crlf = await ws.member.patch(url, { attributes: { type: "text/plain\r\nSet-Cookie: a=b" } });
    expect(crlf.status).toBe(400);
    const renamed = await ws.member.patch(url, { attributes: { name: "index.html" } });
    expect([renamed.status, renamed.body]).toEqual([
      400,
      { attributes: ["The file's name is set when the upload slot is created and cannot be changed."] },
    ]);
    // the same on the workspace path
    expect((await ws.member.patch(`${W()}${slot.asset_id}/`, { attributes: { type: "text/html" } })).status).toBe(400);
    // repeating them unchanged is fine, descriptive keys are kept, the size is what was received
    expect(
      (await ws.member.patch(url, { attributes: { name: "notes.txt", type: "text/plain", size: 999, note: "q3" } }))
        .status,
    ).toBe(204);
    expect((await row(slot.asset_id)).attributes).toEqual({
      name: "notes.txt",
      type: "text/plain",
      size: 6,
      note: "q3",
    });
    const file = await download(t, (await ws.member.get(url)).location);
    expect([file.status, file.headers.get("content-type")]).toEqual([200, "text/plain"]);
  });

  it("refuses a type or name with CR/LF or other control characters at slot time, on every slot route (400, never 500)", async () => {
    const item = await createItem(ws, pr);
    const badTypes = [
      "text/plain\r\nX-Injected: 1",
      "text/plain;\r\n charset=utf-8",
      "image/png\n",
      "image/png\u000b",
      "image/png\u007f",
    ];
    const slotCalls = async (type: string, name = "a.png") => [
      await ws.member.post(ATT(item.id), { name, type, size: 10 }),
      await ws.member.post(PA(), { name, type, size: 10, entity_type: "ISSUE_DESCRIPTION" }),
      await ws.member.post(W(), { name, type, size: 10, entity_type: "PAGE_DESCRIPTION" }),
      await ws.member.post("/api/assets/v2/user-assets/", { name, type, size: 10, entity_type: "USER_AVATAR" }),
    ];
    for (const type of badTypes) {
      for (const res of await slotCalls(type))
        expect([type, res.status, res.body]).toEqual([type, 400, { error: "Invalid file type.", status: false }]);
    }
    for (const res of await slotCalls("image/png", "a\r\nb.png")) {
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ name: ["File names may not contain control characters."] });
    }
    // parameters are dropped: the slot's type is the bare media type, which is what the receiver expects
    const withParams = await ws.member.post(ATT(item.id), {
      name: "a.txt",
      type: "Text/Plain; charset=UTF-8",
      size: 2,
    });
    expect(withParams.body.upload_data.fields["Content-Type"]).toBe("text/plain");
    expect(withParams.body.attachment.attributes.type).toBe("text/plain");
  });

  it("serves a stored type that is not a media type as application/octet-stream, never a 500", async () => {
    const item = await createItem(ws, pr);
    const slot = await uploadAs(ws.member, ATT(item.id), ATT(item.id), {
      name: "n.txt",
      type: "text/plain",
      bytes: text("x"),
    });
    // rows written before this check (or by hand) may hold anything
    await t.db.db
      .update(schema.fileAssets)
      .set({ attributes: { name: 'evil"\r\nSet-Cookie: a=b.txt', type: "text/html\r\nX-Injected: 1", size: 1 } })
      .where(eq(schema.fileAssets.id, slot.asset_id));
    const file = await download(t, (await ws.member.get(`${W()}${slot.asset_id}/`)).location);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/octet-stream");
    expect(file.headers.get("content-disposition")).toBe(
      `attachment; filename="evil_Set-Cookie: a=b.txt"; filename*=UTF-8''evil%22Set-Cookie%3A%20a%3Db.txt`,
    );
    expect(file.headers.get("x-injected")).toBeNull();
    expect(file.headers.get("set-cookie")).toBeNull();
  });
});

describe("the bytes must match the declared type", () => {
  it("refuses HTML bytes declared as image/png with a clear 400, stores nothing and leaves the slot unmarked", async () => {
    const html = text("<html><body><script>alert(document.cookie)</script></body></html>");
    const slot = await ws.member.post(PA(), {
      name: "shot.png",
      type: "image/png",
      size: html.length,
      entity_type: "ISSUE_DESCRIPTION",
    });
    expect(slot.status).toBe(200);
    const sent = await send(slot.body, html, "image/png");
    expect([sent.status, JSON.parse(sent.body)]).toEqual([
      400,
      { error: "The file's contents do not match its type image/png: its signature is missing." },
    ]);
    expect(await t.app.storage.exists(slot.body.upload_data.fields.key)).toBe(false);
    const mark = await ws.member.patch(`${PA()}${slot.body.asset_id}/`, {});
    expect([mark.status, mark.body]).toEqual([400, { error: "The file has not been uploaded yet.", status: false }]);
    const r = await row(slot.body.asset_id);
    expect([r.isUploaded, r.storageMetadata]).toEqual([false, null]);
    expect((await ws.member.get(slot.body.asset_url)).status).toBe(404);
    // the slot is still usable for the real file
    const real = png();
    const retry = await ws.member.post(PA(), {
      name: "shot.png",
      type: "image/png",
      size: real.length,
      entity_type: "ISSUE_DESCRIPTION",
    });
    expect((await send(retry.body, real, "image/png")).status).toBe(204);
  });

  it("refuses other mismatches: a JPEG as PNG, a truncated PDF, HTML or SVG as text/plain, binary as text/csv", async () => {
    const item = await createItem(ws, pr);
    const cases: [string, string, Uint8Array<ArrayBuffer>][] = [
      ["image/png", "a.png", jpeg()],
      ["application/pdf", "a.pdf", text("%PD")],
      ["text/plain", "a.txt", text("<!DOCTYPE html><html><script>alert(1)</script>")],
      ["text/plain", "a.txt", text("\n  <svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>")],
      ["text/csv", "a.csv", png()],
      ["application/zip", "a.zip", text("PK but not really")],
    ];
    for (const [type, name, bytes] of cases) {
      const slot = await ws.member.post(ATT(item.id), { name, type, size: bytes.length });
      expect(slot.status).toBe(200);
      const sent = await send(slot.body, bytes, type);
      expect([type, sent.status]).toEqual([type, 400]);
      expect(JSON.parse(sent.body).error).toMatch(
        new RegExp(`^The file's contents do not match its type ${type.replace("/", "\\/")}: `),
      );
    }
  });

  it("accepts a real PNG and serves it inline as image/png with nosniff and a sandbox CSP", async () => {
    const bytes = png([0, 128, 255]);
    const slot = await uploadAs(
      ws.member,
      PA(),
      PA(),
      { name: "chart.png", type: "image/png", bytes },
      { entity_type: "ISSUE_DESCRIPTION" },
    );
    const shown = await ws.member.get(slot.asset_url);
    expect(shown.status).toBe(302);
    const file = await download(t, shown.location);
    expect(file.status).toBe(200);
    expect(Array.from(file.bytes)).toEqual(Array.from(bytes));
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(file.headers.get("content-disposition")).toBe(`inline; filename="chart.png"; filename*=UTF-8''chart.png`);
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    expect(file.headers.get("content-security-policy")).toContain("sandbox");
    expect(file.headers.get("content-length")).toBe(String(bytes.length));
    // the download path of the same asset forces a download
    const dl = await download(t, (await ws.member.get(`${PA()}download/${slot.asset_id}/`)).location);
    expect(dl.headers.get("content-disposition")).toMatch(/^attachment; /);
  });

  it("accepts real PDFs, plain text and SVG attachments; SVG is never served inline", async () => {
    const item = await createItem(ws, pr);
    const svg = text("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>");
    const att = await uploadAs(ws.member, ATT(item.id), ATT(item.id), {
      name: "logo.svg",
      type: "image/svg+xml",
      bytes: svg,
    });
    // even through the workspace path, whose links ask for inline display
    const link = (await ws.member.get(`${W()}${att.asset_id}/`)).location;
    expect(link).toContain("disposition=inline");
    const file = await download(t, link);
    expect(file.headers.get("content-disposition")).toMatch(/^attachment; filename="logo.svg"/);
    expect(file.headers.get("content-security-policy")).toContain("sandbox");
    // SVG is no image for avatars, covers, logos or descriptions
    const desc = await ws.member.post(PA(), {
      name: "x.svg",
      type: "image/svg+xml",
      size: svg.length,
      entity_type: "ISSUE_DESCRIPTION",
    });
    expect([desc.status, desc.body]).toEqual([400, { error: "Invalid file type.", status: false }]);

    await uploadAs(ws.member, ATT(item.id), ATT(item.id), { name: "spec.pdf", type: "application/pdf", bytes: pdf() });
    const txt = await uploadAs(ws.member, ATT(item.id), ATT(item.id), {
      name: "readme.txt",
      type: "text/plain",
      bytes: text("plain words, <b>later</b> markup is just text\n"),
    });
    const shown = await download(t, (await ws.member.get(`${W()}${txt.asset_id}/`)).location);
    expect([shown.headers.get("content-type"), shown.headers.get("content-disposition")?.split(";")[0]]).toEqual([
      "text/plain",
      "inline",
    ]);
  });
});
