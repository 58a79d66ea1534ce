import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { createItem } from "./helpers/work-items.ts";
import { send, uploadAs } from "./helpers/assets.ts";
import { text } from "./helpers/files.ts";

/** FILE_SIZE_LIMIT: the largest upload, in bytes (default 5 MB), enforced at every step and told to the client. */
const worlds: TestServer[] = [];
afterAll(async () => {
  for (const t of worlds) await t.close();
});

async function world(fileSizeLimit: number) {
  const t = await startTestServer({ fileSizeLimit });
  worlds.push(t);
  const ws = await workspaceFixture(t);
  const pr = await projectFixture(t, ws);
  const item = await createItem(ws, pr);
  const att = `/api/assets/v2/workspaces/${ws.slug}/projects/${pr.id}/issues/${item.id}/attachments/`;
  return { t, ws, pr, att };
}

describe("a small limit (FILE_SIZE_LIMIT=1000)", () => {
  let w: { t: TestServer; ws: WorkspaceFixture; pr: ProjectFixture; att: string };
  beforeAll(async () => {
    w = await world(1000);
  });

  it("is the file_size_limit of GET /api/instances/", async () => {
    expect((await w.t.anon().get("/api/instances/")).body.config.file_size_limit).toBe(1000);
  });

  it("refuses a larger slot, and more bytes than it at the receiver", async () => {
    const big = await w.ws.member.post(w.att, { name: "big.txt", type: "text/plain", size: 1001 });
    expect([big.status, big.body]).toEqual([
      400,
      { error: "File size exceeds the maximum upload size of 1000 bytes.", status: false },
    ]);
    const slot = await w.ws.member.post(w.att, { name: "ok.txt", type: "text/plain", size: 1000 });
    expect(slot.status).toBe(200);
    const sent = await send(slot.body, text("x".repeat(1001)), "text/plain");
    expect(sent.status).toBe(400);
    expect(JSON.parse(sent.body)).toEqual({ error: "File size exceeds the allowed size of 1000 bytes." });
    await uploadAs(w.ws.member, w.att, w.att, { name: "fits.txt", type: "text/plain", bytes: text("y".repeat(1000)) });
  });
});

describe("a limit above the default (FILE_SIZE_LIMIT=8 MB)", () => {
  it("takes a 6 MB file that the default would refuse", async () => {
    const w = await world(8 * 1024 * 1024);
    expect((await w.t.anon().get("/api/instances/")).body.config.file_size_limit).toBe(8 * 1024 * 1024);
    await uploadAs(w.ws.member, w.att, w.att, {
      name: "six.txt",
      type: "text/plain",
      bytes: text("z".repeat(6 * 1024 * 1024)),
    });
  });
});
