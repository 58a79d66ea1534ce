import fs from "node:fs";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { eq } from "drizzle-orm";
import { schema } from "../src/db/client.ts";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { createItem } from "./helpers/work-items.ts";
import { send, type Slot } from "./helpers/assets.ts";
import { pdf } from "./helpers/files.ts";

/**
 * Issue #24 point 17: the local storage driver's uploads folder full, or read-only. The upload answers 507 with a body
 * that says which (never a generic 500), keeps no partial file, and leaves the slot free, so the same upload succeeds
 * once the folder is writable again. The folder is a small tmpfs mounted over DATA_DIR/uploads (CI runs as root).
 */
let t: TestServer;
let ws: WorkspaceFixture;
let pr: ProjectFixture;
let uploads: string;

beforeAll(async () => {
  t = await startTestServer();
  ws = await workspaceFixture(t);
  pr = await projectFixture(t, ws);
  uploads = path.join(t.app.config.dataDir, "uploads");
  fs.mkdirSync(uploads, { recursive: true });
  execFileSync("mount", ["-t", "tmpfs", "-o", "size=256k", "tmpfs", uploads]);
});
afterAll(async () => {
  if (uploads) execFileSync("umount", ["-l", uploads]);
  await t?.close();
});

const FULL = {
  error: "There is no space left to store this file. Ask your administrator to free some space, then try again.",
};
const READ_ONLY = {
  error:
    "Files cannot be stored right now: the server's storage cannot be written. Ask your administrator to check it.",
};

async function slotFor(bytes: Uint8Array<ArrayBuffer>): Promise<Slot> {
  const item = await createItem(ws, pr);
  const res = await ws.member.post(
    `/api/assets/v2/workspaces/${ws.slug}/projects/${pr.id}/issues/${item.id}/attachments/`,
    { name: "report.pdf", type: "application/pdf", size: bytes.length },
  );
  expect(res.status, res.text).toBe(200);
  return res.body as Slot;
}
const stored = async (slot: Slot) =>
  (await t.db.db.select().from(schema.fileAssets).where(eq(schema.fileAssets.id, slot.asset_id)))[0];

describe("the uploads folder cannot take the file", () => {
  it("full: 507 with a clear body, no partial file kept, and the same upload succeeds once space is freed", async () => {
    const bytes = pdf(100_000);
    const slot = await slotFor(bytes);
    const filler = path.join(uploads, "filler");
    const fd = fs.openSync(filler, "w");
    onTestFinished(() => fs.rmSync(filler, { force: true }));
    try {
      for (;;) fs.writeSync(fd, Buffer.alloc(4096));
    } catch (e) {
      expect((e as NodeJS.ErrnoException).code).toBe("ENOSPC");
    } finally {
      fs.closeSync(fd);
    }
    const refused = await send(slot, bytes, "application/pdf");
    expect(refused.status).toBe(507);
    expect(JSON.parse(refused.body)).toEqual(FULL);
    const files = fs
      .readdirSync(uploads, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => e.name);
    expect(files).toEqual(["filler"]);
    expect((await stored(slot)).storageMetadata).toBeNull();

    fs.rmSync(filler);
    expect((await send(slot, bytes, "application/pdf")).status).toBe(204);
    expect((await stored(slot)).storageMetadata).toMatchObject({ size: bytes.length });
  });

  it("read-only: 507 with a clear body, and the same upload succeeds once it is writable", async () => {
    const bytes = pdf(1000);
    const slot = await slotFor(bytes);
    execFileSync("mount", ["-o", "remount,ro", uploads]);
    try {
      const refused = await send(slot, bytes, "application/pdf");
      expect(refused.status).toBe(507);
      expect(JSON.parse(refused.body)).toEqual(READ_ONLY);
    } finally {
      execFileSync("mount", ["-o", "remount,rw", uploads]);
    }
    expect((await send(slot, bytes, "application/pdf")).status).toBe(204);
  });
});
