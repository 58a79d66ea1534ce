import { expect } from "vitest";
import { eq } from "drizzle-orm";
import { schema } from "../../src/db/client.ts";
import type { Client, Res } from "./client.ts";
import type { TestServer } from "./server.ts";
import type { ProjectFixture, WorkspaceFixture } from "./fixtures.ts";

export type Role = "admin" | "member" | "guest" | "outsider" | "anon";
export const ROLES: Role[] = ["admin", "member", "guest", "outsider", "anon"];

/**
 * Call `fn` as every role of the matrix and assert the status each gets (and, for denials, the
 * spec's body: 401 detail, 403 permission bodies).
 */
export async function expectMatrix(
  ws: WorkspaceFixture,
  fn: (c: Client, role: Role) => Promise<Res>,
  expected: Record<Role, number>,
) {
  const got: Record<string, number> = {};
  const bodies: Record<string, unknown> = {};
  for (const role of ROLES) {
    const res = await fn(ws[role], role);
    got[role] = res.status;
    bodies[role] = res.body;
    if (res.status === 401) expect(res.body).toEqual({ detail: "Authentication credentials were not provided." });
    if (res.status === 403) {
      expect([
        { detail: "You do not have permission to perform this action." },
        { error: "You don't have the required permissions." },
        { error: "You are not allowed to view this issue" },
      ]).toContainEqual(res.body);
    }
  }
  expect(got, JSON.stringify(bodies).slice(0, 2000)).toEqual(expected);
}

/** Create a work item through the API as the workspace admin. */
export async function createItem(
  ws: WorkspaceFixture,
  pr: ProjectFixture,
  body: Record<string, unknown> = {},
  as: Client = ws.admin,
) {
  const res = await as.post(`${pr.base}/issues/`, { name: "Item " + Math.random().toString(36).slice(2, 8), ...body });
  expect(res.status, res.text).toBe(201);
  return res.body as Record<string, any> & { id: string; sequence_id: number };
}

/** Make a user the creator of an item (guests cannot create items through the API). */
export async function setCreator(t: TestServer, issueId: string, userId: string) {
  await t.db.db.update(schema.issues).set({ createdById: userId }).where(eq(schema.issues.id, issueId));
}

export async function setGuestViewAll(t: TestServer, projectId: string, value: boolean) {
  await t.db.db.update(schema.projects).set({ guestViewAllFeatures: value }).where(eq(schema.projects.id, projectId));
}

/** Activity rows of an item, oldest first, straight from the database. */
export async function activityRows(t: TestServer, issueId: string) {
  const rows = await t.db.db.select().from(schema.issueActivities).where(eq(schema.issueActivities.issueId, issueId));
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}
