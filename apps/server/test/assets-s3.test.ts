import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import S3rver from "s3rver";
import { GetObjectCommand, HeadObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { schema } from "../src/db/client.ts";
import { loadConfig, storageOrigin } from "../src/config.ts";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { createItem } from "./helpers/work-items.ts";
import { send, type Slot } from "./helpers/assets.ts";
import { png, text } from "./helpers/files.ts";

/**
 * STORAGE=s3 against a real S3-compatible server on loopback (s3rver, started here): presigned POST uploads straight
 * to the bucket, the server's checks when the upload is marked, presigned GET downloads.
 */
const BUCKET = "stride-uploads";
let s3: S3rver;
let s3Dir: string;
let endpoint: string;
let client: S3Client;
let t: TestServer;
let ws: WorkspaceFixture;
let pr: ProjectFixture;

beforeAll(async () => {
  s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), "stride-s3-"));
  s3 = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const addr = await s3.run();
  endpoint = `http://127.0.0.1:${addr.port}`;
  const cfg = {
    bucket: BUCKET,
    region: "us-east-1",
    endpoint,
    forcePathStyle: true,
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
  };
  client = new S3Client({
    region: cfg.region,
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  });
  t = await startTestServer({ storage: "s3", s3: cfg });
  ws = await workspaceFixture(t);
  pr = await projectFixture(t, ws);
});
afterAll(async () => {
  await t?.close();
  client?.destroy();
  await s3?.close();
  if (s3Dir) fs.rmSync(s3Dir, { recursive: true, force: true });
});

const ATT = (issueId: string) =>
  `/api/assets/v2/workspaces/${ws.slug}/projects/${pr.id}/issues/${issueId}/attachments/`;
const row = async (id: string) =>
  (await t.db.db.select().from(schema.fileAssets).where(eq(schema.fileAssets.id, id)))[0];

async function objectSize(key: string): Promise<number | null> {
  try {
    return (await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }))).ContentLength ?? 0;
  } catch {
    return null;
  }
}

async function slotFor(issueId: string, name: string, type: string, size: number): Promise<Slot> {
  const res = await ws.member.post(ATT(issueId), { name, type, size });
  expect(res.status, res.text).toBe(200);
  return res.body as Slot;
}

describe("S3 storage", () => {
  it("uploads an attachment with a presigned POST to the bucket and downloads it by a presigned GET", async () => {
    const item = await createItem(ws, pr);
    const bytes = png();
    const slot = await slotFor(item.id, "chart.png", "image/png", bytes.length);
    // the form is the bucket's, signed: no token of ours
    expect(slot.upload_data.url.startsWith(endpoint)).toBe(true);
    const asset = await row(slot.asset_id);
    expect(slot.upload_data.fields).toMatchObject({
      key: `pending/${asset.asset}`,
      "Content-Type": "image/png",
      "X-Amz-Algorithm": "AWS4-HMAC-SHA256",
    });
    expect(slot.upload_data.fields.Policy).toEqual(expect.any(String));
    expect(slot.upload_data.fields["X-Amz-Signature"]).toMatch(/^[0-9a-f]{64}$/);
    expect(slot.upload_data.fields.token).toBeUndefined();
    const policy = JSON.parse(Buffer.from(slot.upload_data.fields.Policy, "base64").toString("utf8"));
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ["content-length-range", 0, bytes.length],
        ["eq", "$Content-Type", "image/png"],
      ]),
    );

    // marking before the bytes arrived is refused
    const early = await ws.member.patch(`${ATT(item.id)}${slot.asset_id}/`, {});
    expect([early.status, early.body]).toEqual([400, { error: "The file has not been uploaded yet.", status: false }]);

    const sent = await send(slot, bytes, "image/png");
    expect(sent.status, sent.body).toBeGreaterThanOrEqual(200);
    expect(sent.status).toBeLessThan(300);
    expect(await objectSize(`pending/${asset.asset}`)).toBe(bytes.length);
    expect(await objectSize(asset.asset)).toBeNull();

    const marked = await ws.member.patch(`${ATT(item.id)}${slot.asset_id}/`, {});
    expect(marked.status, marked.text).toBe(204);
    // checked bytes became the file; the pending upload is gone
    expect(await objectSize(asset.asset)).toBe(bytes.length);
    expect(await objectSize(`pending/${asset.asset}`)).toBeNull();
    expect(await row(slot.asset_id)).toMatchObject({ isUploaded: true, size: bytes.length });
    const stored = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: asset.asset }));
    expect(Buffer.from(await stored.Body!.transformToByteArray())).toEqual(Buffer.from(bytes));

    // the item lists the attachment; its download is a presigned GET of the bucket
    const listed = await ws.member.get(ATT(item.id));
    expect(listed.body.map((a: any) => a.id)).toContain(slot.asset_id);
    const link = await ws.member.get(`${ATT(item.id)}${slot.asset_id}/`);
    expect(link.status).toBe(302);
    const location = link.location!;
    expect(location.startsWith(`${endpoint}/${BUCKET}/`)).toBe(true);
    expect(new URL(location).searchParams.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);
    const file = await fetch(location);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(file.headers.get("content-disposition")).toMatch(/^attachment; filename="chart.png"/);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(Buffer.from(bytes));
    // valid for the download lifetime of our own links (s3rver does not check SigV4 signatures, a real store does)
    expect(new URL(location).searchParams.get("X-Amz-Expires")).toBe("3600");
    expect(new URL(location).searchParams.get("X-Amz-Credential")).toMatch(/^S3RVER\//);

    // a text file downloads as an attachment, as with the local driver
    const note = text("hello s3\n");
    const slot2 = await slotFor(item.id, "notes.txt", "text/plain", note.length);
    await send(slot2, note, "text/plain");
    expect((await ws.member.patch(`${ATT(item.id)}${slot2.asset_id}/`, {})).status).toBe(204);
    const dl = await fetch((await ws.member.get(`${ATT(item.id)}${slot2.asset_id}/?disposition=attachment`)).location!);
    expect(await dl.text()).toBe("hello s3\n");
  });

  it("refuses bytes that do not match the slot's type or size, and keeps nothing of them", async () => {
    const item = await createItem(ws, pr);
    const fake = text("<html>not an image</html>");
    const slot = await slotFor(item.id, "x.png", "image/png", fake.length);
    await send(slot, fake, "image/png");
    const asset = await row(slot.asset_id);
    const res = await ws.member.patch(`${ATT(item.id)}${slot.asset_id}/`, {});
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^The file's contents do not match its type image\/png/);
    expect(await objectSize(asset.asset)).toBeNull();
    expect(await objectSize(`pending/${asset.asset}`)).toBeNull();
    expect((await row(slot.asset_id)).isUploaded).toBe(false);

    const small = png();
    const slot2 = await slotFor(item.id, "y.png", "image/png", 10);
    // the bucket's policy limits the size; whatever a store lets through, marking checks it again
    await send(slot2, small, "image/png");
    const big = await ws.member.patch(`${ATT(item.id)}${slot2.asset_id}/`, {});
    expect(big.status).toBe(400);
    expect((await row(slot2.asset_id)).isUploaded).toBe(false);
  });

  it("serves public images (avatars) through presigned GETs and lets the page load from the bucket (CSP)", async () => {
    const bytes = png([0, 128, 255]);
    const slot = await ws.member.post("/api/assets/v2/user-assets/", {
      name: "me.png",
      type: "image/png",
      size: bytes.length,
      entity_type: "USER_AVATAR",
    });
    expect(slot.status).toBe(200);
    await send(slot.body, bytes, "image/png");
    expect((await ws.member.patch(`/api/assets/v2/user-assets/${slot.body.asset_id}/`, {})).status).toBe(204);
    const pub = await t.anon().get(`/api/assets/v2/static/${slot.body.asset_id}/`);
    expect(pub.status).toBe(302);
    const img = await fetch(pub.location!);
    expect([img.status, img.headers.get("content-type")]).toEqual([200, "image/png"]);
    const csp = (await fetch(`${t.url}/api/health`)).headers.get("content-security-policy")!;
    expect(csp).toMatch(new RegExp(`connect-src 'self' ${endpoint.replace(/[.]/g, "\\.")}`));
    expect(csp).toMatch(new RegExp(`img-src [^;]*${endpoint.replace(/[.]/g, "\\.")}`));
  });
});

describe("S3 configuration", () => {
  it("reads STORAGE=s3 and its settings from the environment", () => {
    const c = loadConfig({
      STORAGE: "s3",
      S3_BUCKET: "b",
      S3_REGION: "eu-west-1",
      S3_ENDPOINT: "https://s3.example.com/",
      S3_FORCE_PATH_STYLE: "1",
      S3_ACCESS_KEY_ID: "k",
      S3_SECRET_ACCESS_KEY: "s",
    } as NodeJS.ProcessEnv);
    expect(c.storage).toBe("s3");
    expect(c.s3).toEqual({
      bucket: "b",
      region: "eu-west-1",
      endpoint: "https://s3.example.com",
      forcePathStyle: true,
      accessKeyId: "k",
      secretAccessKey: "s",
    });
    expect(storageOrigin(c)).toBe("https://s3.example.com");
    expect(
      storageOrigin(
        loadConfig({ STORAGE: "s3", S3_BUCKET: "b", S3_ENDPOINT: "https://s3.example.com" } as NodeJS.ProcessEnv),
      ),
    ).toBe("https://b.s3.example.com");
    expect(storageOrigin(loadConfig({ STORAGE: "s3", S3_BUCKET: "b" } as NodeJS.ProcessEnv))).toBe(
      "https://b.s3.us-east-1.amazonaws.com",
    );
    expect(loadConfig({} as NodeJS.ProcessEnv).s3).toBeUndefined();
    expect(() => loadConfig({ STORAGE: "s3" } as NodeJS.ProcessEnv)).toThrow(/S3_BUCKET/);
    expect(() =>
      loadConfig({ STORAGE: "s3", S3_BUCKET: "b", S3_ENDPOINT: "s3.example.com/x" } as NodeJS.ProcessEnv),
    ).toThrow(/S3_ENDPOINT/);
  });
});
