import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PlaneClient, HttpError } from "@makeplane/plane-node-sdk";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { apiKeyFor, type ApiKeyClient } from "./helpers/api-key.ts";
import { send, type Slot } from "./helpers/assets.ts";

/**
 * The v1 resources attachments, intake, stickies and estimates (wire-facts §12) through Plane's Node SDK where it
 * has the call, and raw `X-API-Key` requests for the rest; roles are the app's (a guest key, a member key).
 */
let t: TestServer;
let ws: WorkspaceFixture;
let pr: ProjectFixture;
let client: PlaneClient;
let memberKey: ApiKeyClient;
let guestKey: ApiKeyClient;
let adminKey: ApiKeyClient;

beforeAll(async () => {
  t = await startTestServer();
  ws = await workspaceFixture(t);
  pr = await projectFixture(t, ws);
  adminKey = await apiKeyFor(ws.admin);
  memberKey = await apiKeyFor(ws.member);
  guestKey = await apiKeyFor(ws.guest);
  client = new PlaneClient({ baseUrl: t.url, apiKey: adminKey.key });
});
afterAll(async () => {
  await t?.close();
});

const v1p = () => `/api/v1/workspaces/${ws.slug}/projects/${pr.id}`;
const status = async (p: Promise<unknown>) =>
  p.then(
    () => 200,
    (e) => (e instanceof HttpError ? e.statusCode : -1),
  );

describe("v1 stickies", () => {
  it("creates, lists newest first, reads, updates and deletes the key owner's stickies", async () => {
    const a = await client.stickies.create(ws.slug, { name: "First", description_html: "<p>one</p>" });
    const b = await client.stickies.create(ws.slug, { name: "Second", description_html: "<p>two</p>" });
    expect(a).toMatchObject({
      name: "First",
      description_html: "<p>one</p>",
      workspace: ws.id,
      owner: ws.admin.userId,
    });
    const list = await client.stickies.list(ws.slug);
    expect(list.results.map((s) => s.id)).toEqual([b.id, a.id]);
    expect(list.total_count).toBe(2);
    expect((await client.stickies.retrieve(ws.slug, a.id)).name).toBe("First");
    expect((await client.stickies.update(ws.slug, a.id, { name: "First!" })).name).toBe("First!");
    // Another person's sticky does not exist for them.
    expect((await memberKey.get(`/api/v1/workspaces/${ws.slug}/stickies/${a.id}/`)).status).toBe(404);
    await client.stickies.delete(ws.slug, b.id);
    expect(await status(client.stickies.retrieve(ws.slug, b.id))).toBe(404);
    expect((await guestKey.get(`/api/v1/workspaces/${ws.slug}/stickies/`)).status).toBe(200);
  });
});

describe("v1 intake", () => {
  it("files, lists, reads, triages and deletes intake items", async () => {
    expect((await ws.admin.patch(`${pr.base}/`, { intake_view: true })).status).toBe(200);
    const made = await client.intake.create(ws.slug, pr.id, {
      issue: { name: "Please add dark mode", description_html: "<p>thanks</p>", priority: "low" },
    } as any);
    const m = made as any;
    expect(m.status).toBe(-2);
    expect(m.source).toBe("IN_APP");
    expect(m.issue_detail).toMatchObject({
      name: "Please add dark mode",
      priority: "low",
      description: "<p>thanks</p>",
    });
    expect(m.issue_detail.state.group).toBe("triage");
    expect(m.inbox).toBe(m.intake);
    const list = await client.intake.list(ws.slug, pr.id);
    expect(list.results.map((r: any) => r.issue)).toEqual([m.issue]);
    const got = await client.intake.retrieve(ws.slug, pr.id, m.issue);
    expect((got as any).id).toBe(m.id);
    // Triage is for admins: a member's key may not accept.
    expect((await memberKey.patch(`${v1p()}/intake-issues/${m.issue}/`, { status: 1 })).status).toBe(403);
    const accepted = await client.intake.update(ws.slug, pr.id, m.issue, { status: 1 } as any);
    expect((accepted as any).status).toBe(1);
    expect((accepted as any).issue_detail.state.group).not.toBe("triage");
    const other = await memberKey.post(`${v1p()}/intake-issues/`, { issue: { name: "Member's request" } });
    expect(other.status).toBe(201);
    expect((await memberKey.delete(`${v1p()}/intake-issues/${other.body.issue}/`)).status).toBe(204);
    expect((await memberKey.post(`${v1p()}/intake-issues/`, { issue: {} })).body).toEqual({
      "issue.name": ["This field is required."],
    });
  });
});

describe("v1 estimates", () => {
  it("creates the project's estimate, adds, changes and removes points, and deletes it", async () => {
    expect(await status(client.estimates.retrieve(ws.slug, pr.id))).toBe(404);
    const est = await client.estimates.create(ws.slug, pr.id, { name: "Story points", type: "points" });
    expect(est).toMatchObject({ name: "Story points", type: "points", project: pr.id });
    expect((await adminKey.post(`${v1p()}/estimates/`, { name: "Another" })).body).toEqual({
      error: "An estimate already exists for this project",
      id: est.id,
    });
    expect((await client.estimates.retrieve(ws.slug, pr.id)).id).toBe(est.id);
    const pts = await client.estimates.createPoints(ws.slug, pr.id, est.id, [
      { value: "1" },
      { value: "2" },
      { value: "3" },
    ] as any);
    expect((pts as any).map((p: any) => [p.key, p.value])).toEqual([
      [1, "1"],
      [2, "2"],
      [3, "3"],
    ]);
    const listed = await client.estimates.listPoints(ws.slug, pr.id, est.id);
    expect((listed as any).map((p: any) => p.value)).toEqual(["1", "2", "3"]);
    const bad = await adminKey.post(`${v1p()}/estimates/${est.id}/estimate-points/`, { value: "x" });
    expect(bad.status).toBe(400);
    const up = await client.estimates.updatePoint(ws.slug, pr.id, est.id, (pts as any)[2].id, { value: "5" });
    expect(up.value).toBe("5");
    await client.estimates.deletePoint(ws.slug, pr.id, est.id, (pts as any)[0].id);
    expect(
      ((await client.estimates.listPoints(ws.slug, pr.id, est.id)) as any).map((p: any) => [p.key, p.value]),
    ).toEqual([
      [1, "2"],
      [2, "5"],
    ]);
    expect((await client.estimates.update(ws.slug, pr.id, { name: "Points" })).name).toBe("Points");
    // Members read; only admins change.
    expect((await memberKey.get(`${v1p()}/estimates/`)).status).toBe(200);
    expect((await memberKey.patch(`${v1p()}/estimates/`, { name: "x" })).status).toBe(403);
    expect((await memberKey.post(`${v1p()}/estimates/${est.id}/estimate-points/`, { value: "8" })).status).toBe(403);
    await client.estimates.delete(ws.slug, pr.id);
    expect(await status(client.estimates.retrieve(ws.slug, pr.id))).toBe(404);
  });
});

describe("v1 attachments", () => {
  it("uploads through the slot, lists, downloads and deletes an attachment, under both paths", async () => {
    const item = await client.workItems.create(ws.slug, pr.id, { name: "With a file" });
    const bytes = new TextEncoder().encode("hello from the SDK");
    const slot = (await client.workItems.attachments.create(ws.slug, pr.id, item.id, {
      name: "note.txt",
      type: "text/plain",
      size: bytes.length,
    } as any)) as any;
    expect(slot).toMatchObject({
      asset_id: expect.any(String),
      upload_data: { url: expect.any(String) },
      attachment: { id: slot.asset_id },
    });
    expect((await send(slot as Slot, bytes, "text/plain")).status).toBeLessThan(300);
    expect(await client.workItems.attachments.list(ws.slug, pr.id, item.id)).toEqual([]); // not marked uploaded yet
    await client.workItems.attachments.update(ws.slug, pr.id, item.id, slot.asset_id, {} as any);
    const list = await client.workItems.attachments.list(ws.slug, pr.id, item.id);
    expect(list.map((a: any) => a.id)).toEqual([slot.asset_id]);
    const legacy = await adminKey.get(`${v1p()}/issues/${item.id}/issue-attachments/`);
    expect(legacy.body.map((a: any) => a.id)).toEqual([slot.asset_id]);
    const file = await adminKey.get(`${v1p()}/work-items/${item.id}/attachments/${slot.asset_id}/`);
    expect(file.status).toBe(302);
    expect(
      new TextDecoder().decode(new Uint8Array(await (await fetch(t.url + file.headers.get("location"))).arrayBuffer())),
    ).toBe("hello from the SDK");
    // A member of the project may read but not delete another's file; a guest does not see another's item.
    expect((await memberKey.get(`${v1p()}/work-items/${item.id}/attachments/`)).status).toBe(200);
    expect((await guestKey.get(`${v1p()}/work-items/${item.id}/attachments/`)).status).toBe(404);
    expect((await memberKey.delete(`${v1p()}/work-items/${item.id}/attachments/${slot.asset_id}/`)).status).toBe(403);
    await client.workItems.attachments.delete(ws.slug, pr.id, item.id, slot.asset_id);
    expect(await client.workItems.attachments.list(ws.slug, pr.id, item.id)).toEqual([]);
    expect(
      (
        await adminKey.post(`${v1p()}/work-items/${item.id}/attachments/`, {
          name: "x.exe",
          type: "application/x-msdownload",
          size: 3,
        })
      ).status,
    ).toBe(400);
  });
});

describe("v1 OpenAPI document", () => {
  it("lists the new resources", async () => {
    const doc = (await t.anon().get("/api/v1/openapi.json")).body;
    for (const p of [
      "/api/v1/workspaces/{slug}/stickies/",
      "/api/v1/workspaces/{slug}/projects/{projectId}/intake-issues/{issueId}/",
      "/api/v1/workspaces/{slug}/projects/{projectId}/estimates/{estimateId}/estimate-points/",
      "/api/v1/workspaces/{slug}/projects/{projectId}/work-items/{issueId}/attachments/{assetId}/",
      "/api/v1/workspaces/{slug}/projects/{projectId}/issues/{issueId}/issue-attachments/",
    ])
      expect(Object.keys(doc.paths)).toContain(p);
  });
});
