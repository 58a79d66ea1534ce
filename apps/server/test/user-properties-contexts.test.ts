import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "../src/db/client.ts";
import { getOrCreateProps, patchProps, presentUserProperties } from "../src/domain/user-properties.ts";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";

/**
 * The preferences rows the cycle and module `.../user-properties/` routes use (core/user-properties.ts): one row
 * per project, user, kind and cycle/module, created with the defaults, kept apart from the project's own.
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

describe("user properties keyed by context", () => {
  it("keeps one row per cycle and per module, apart from the project's, and patches each alone", async () => {
    const db = t.db.db;
    const [c1] = await db
      .insert(schema.cycles)
      .values({ workspaceId: ws.id, projectId: pr.id, name: "C1", ownedById: ws.admin.userId })
      .returning();
    const [c2] = await db
      .insert(schema.cycles)
      .values({ workspaceId: ws.id, projectId: pr.id, name: "C2", ownedById: ws.admin.userId })
      .returning();
    const key = { workspaceId: ws.id, projectId: pr.id, userId: ws.member.userId };
    const project = await getOrCreateProps(db, key, "issues");
    const cycle1 = await getOrCreateProps(db, { ...key, entityId: c1!.id }, "cycle");
    const cycle2 = await getOrCreateProps(db, { ...key, entityId: c2!.id }, "cycle");
    const mod = await getOrCreateProps(db, { ...key, entityId: c1!.id }, "module");
    expect(new Set([project.id, cycle1.id, cycle2.id, mod.id]).size).toBe(4);
    expect((await getOrCreateProps(db, { ...key, entityId: c1!.id }, "cycle")).id).toBe(cycle1.id);
    expect((await getOrCreateProps(db, key, "issues")).id).toBe(project.id);
    // the project's row is found again whether the key says entityId: null or nothing
    expect((await getOrCreateProps(db, { ...key, entityId: null }, "issues")).id).toBe(project.id);

    const patched = await patchProps(
      db,
      cycle1,
      { display_filters: { layout: "kanban", group_by: "state" } },
      ws.member.userId,
    );
    expect(presentUserProperties(patched).display_filters).toMatchObject({ layout: "kanban", group_by: "state" });
    expect(
      presentUserProperties(await getOrCreateProps(db, { ...key, entityId: c2!.id }, "cycle")).display_filters.layout,
    ).toBe("list");
    // the project's own list preferences, over HTTP, are untouched
    expect((await ws.member.get(`${pr.base}/user-properties/`)).body.display_filters.layout).toBe("list");
  });

  it("creates one row when two requests race for it (unique with nulls not distinct)", async () => {
    const key = { workspaceId: ws.id, projectId: pr.id, userId: ws.admin.userId };
    const rows = await Promise.all([1, 2, 3].map(() => getOrCreateProps(t.db.db, key, "epics")));
    expect(new Set(rows.map((r) => r.id)).size).toBe(1);
  });
});
