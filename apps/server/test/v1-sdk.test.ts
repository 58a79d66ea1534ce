import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PlaneClient, HttpError } from "@makeplane/plane-node-sdk";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { workspaceFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { apiKeyFor } from "./helpers/api-key.ts";

/**
 * Plane's own Node SDK (@makeplane/plane-node-sdk, unmodified) as the acceptance client of the public API v1:
 * it sends `X-Api-Key` to `<baseUrl>/api/v1/...` and reads the answers as Plane's server gives them.
 */
let t: TestServer;
let ws: WorkspaceFixture;
let client: PlaneClient;

beforeAll(async () => {
  t = await startTestServer();
  ws = await workspaceFixture(t);
  const key = await apiKeyFor(ws.admin);
  client = new PlaneClient({ baseUrl: t.url, apiKey: key.key });
});
afterAll(async () => {
  await t?.close();
});

describe("Plane's Node SDK against Stride's API v1", () => {
  it("reads the caller", async () => {
    const me = await client.users.me();
    expect(me.id).toBe(ws.admin.userId);
    expect(me.email).toBe(ws.admin.email);
  });

  it("creates a project, a work item, lists, updates, comments, links and deletes", async () => {
    const project = await client.projects.create(ws.slug, { name: "SDK project", identifier: "SDK" });
    expect(project.identifier).toBe("SDK");
    const states = await client.states.list(ws.slug, project.id);
    const done = states.results.find((s) => s.group === "completed")!;
    expect(done).toBeTruthy();
    const label = await client.labels.create(ws.slug, project.id, { name: "from-sdk", color: "#123456" });

    const item = await client.workItems.create(ws.slug, project.id, {
      name: "Made by the SDK",
      priority: "medium",
      labels: [label.id],
      assignees: [ws.admin.userId],
    });
    expect(item.name).toBe("Made by the SDK");
    expect(item.sequence_id).toBe(1);
    expect(item.labels).toEqual([label.id]);

    const list = await client.workItems.list(ws.slug, project.id, { per_page: 10 });
    expect(list.total_count).toBe(1);
    expect(list.results.map((w) => w.id)).toEqual([item.id]);

    const updated = await client.workItems.update(ws.slug, project.id, item.id, {
      name: "Updated by the SDK",
      state: done.id,
    });
    expect(updated.name).toBe("Updated by the SDK");
    expect(updated.state).toBe(done.id);
    expect(updated.completed_at).toBeTruthy();

    const expanded = await client.workItems.retrieve(ws.slug, project.id, item.id, ["state", "labels"]);
    expect(expanded.state).toMatchObject({ id: done.id, group: "completed" });
    expect(expanded.labels).toMatchObject([{ id: label.id, name: "from-sdk" }]);

    const byKey = await client.workItems.retrieveByIdentifier(ws.slug, "SDK-1");
    expect(byKey.id).toBe(item.id);
    const found = await client.workItems.search(ws.slug, "Updated", project.id);
    expect(found.issues.map((i) => i.id)).toEqual([item.id]);

    const comment = await client.workItems.comments.create(ws.slug, project.id, item.id, {
      comment_html: "<p>from the SDK</p>",
    });
    expect(comment.comment_html).toBe("<p>from the SDK</p>");
    const comments = await client.workItems.comments.list(ws.slug, project.id, item.id);
    expect(comments.results.map((c) => c.id)).toEqual([comment.id]);

    const link = await client.links.create(ws.slug, project.id, item.id, {
      url: "https://example.com/sdk",
      title: "SDK",
    });
    expect(link.url).toBe("https://example.com/sdk");

    const activities = await client.workItems.activities.list(ws.slug, project.id, item.id);
    expect(activities.results.some((a) => a.field === "name")).toBe(true);

    await client.workItems.delete(ws.slug, project.id, item.id);
    const gone = await client.workItems.retrieve(ws.slug, project.id, item.id).catch((e: unknown) => e);
    expect(gone).toBeInstanceOf(HttpError);
    expect((gone as HttpError).statusCode).toBe(404);

    await client.projects.archive(ws.slug, project.id);
    await client.projects.unArchive(ws.slug, project.id);
    const members = await client.workspace.getMembers(ws.slug);
    expect(members.map((m) => m.id)).toContain(ws.admin.userId);
  });

  it("surfaces the API's refusals as the SDK's HttpError", async () => {
    const bad = new PlaneClient({ baseUrl: t.url, apiKey: "plane_api_" + "f".repeat(32) });
    const err = await bad.users.me().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).statusCode).toBe(403);
  });
});
