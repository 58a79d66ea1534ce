import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema } from "../src/db/client.ts";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { insertEstimatePoint } from "./helpers/issue-fixtures.ts";
import { createItem } from "./helpers/work-items.ts";

/**
 * The counts of the cycle and module lists (P/cycles/, P/modules/, P/archived-modules/) come from counters the
 * database keeps per cycle and module (db/sql/plan-counts.sql), not from counting the items on each read. Driven
 * through the API, they must follow every way an item enters, leaves or changes inside a cycle or module: create
 * with a cycle and modules, add and remove links, move between cycles, state changes (single and bulk), assignees,
 * estimate points, sub-items, archiving, deleting and restoring, a module archived and restored.
 */
let t: TestServer;
let ws: WorkspaceFixture;
let p: ProjectFixture;

beforeAll(async () => {
  t = await startTestServer();
  ws = await workspaceFixture(t);
  p = await projectFixture(t, ws);
});
afterAll(async () => {
  await t?.close();
});

type Counts = Record<string, unknown>;
const CYCLE_KEYS = [
  "total_issues",
  "backlog_issues",
  "unstarted_issues",
  "started_issues",
  "completed_issues",
  "cancelled_issues",
] as const;
const MODULE_KEYS = [
  ...CYCLE_KEYS,
  "sub_issues",
  "total_estimate_points",
  "completed_estimate_points",
  "started_estimate_points",
  "backlog_estimate_points",
] as const;

async function cycleCounts(id: string): Promise<Counts> {
  const res = await ws.admin.get(`${p.base}/cycles/`);
  expect(res.status, res.text).toBe(200);
  const c = (res.body as Counts[]).find((x) => x.id === id)!;
  return {
    ...Object.fromEntries(CYCLE_KEYS.map((k) => [k, c[k]])),
    assignee_ids: [...(c.assignee_ids as string[])].sort(),
  };
}

/** A module's counts from its detail, after checking that the list shows the same for the keys it has. */
async function moduleCounts(id: string, archived = false): Promise<Counts> {
  const base = `${p.base}/${archived ? "archived-modules" : "modules"}/`;
  const [list, detail] = await Promise.all([ws.admin.get(base), ws.admin.get(`${base}${id}/`)]);
  expect(list.status, list.text).toBe(200);
  expect(detail.status, detail.text).toBe(200);
  const counts = Object.fromEntries(MODULE_KEYS.map((k) => [k, detail.body[k]]));
  const row = (list.body as Counts[]).find((x) => x.id === id)!;
  expect(Object.fromEntries(MODULE_KEYS.filter((k) => k in row).map((k) => [k, row[k]]))).toEqual(
    Object.fromEntries(MODULE_KEYS.filter((k) => k in row).map((k) => [k, counts[k]])),
  );
  expect(Object.keys(row)).toContain("total_issues");
  return counts;
}

const cyc = (o: Partial<Record<(typeof CYCLE_KEYS)[number], number>>, assignees: string[] = []) => ({
  ...Object.fromEntries(CYCLE_KEYS.map((k) => [k, o[k] ?? 0])),
  assignee_ids: [...assignees].sort(),
});
const mod = (o: Partial<Record<(typeof MODULE_KEYS)[number], number>>) =>
  Object.fromEntries(MODULE_KEYS.map((k) => [k, o[k] ?? 0]));

describe("cycle and module list counts", () => {
  it("follow adds, removes, moves, state and assignee changes, archiving and deleting", async () => {
    const c1 = (await ws.admin.post(`${p.base}/cycles/`, { name: "Counted 1" })).body as { id: string };
    const c2 = (await ws.admin.post(`${p.base}/cycles/`, { name: "Counted 2" })).body as { id: string };
    const m1 = (await ws.admin.post(`${p.base}/modules/`, { name: "Counted module" })).body as { id: string };
    const ctx = { t, ws, pr: p };
    const three = await insertEstimatePoint(ctx, 1, "3");
    const five = await insertEstimatePoint(ctx, 2, "5");
    const [est] = await t.db.db.select().from(schema.estimatePoints).where(eq(schema.estimatePoints.id, three));
    await t.db.db.update(schema.projects).set({ estimateId: est.estimateId }).where(eq(schema.projects.id, p.id));
    const { member, admin } = { member: ws.member.userId, admin: ws.admin.userId };

    // created in a cycle and a module, with states, assignees and points
    const a = await createItem(ws, p, {
      cycle_id: c1.id,
      module_ids: [m1.id],
      state_id: p.states.Todo,
      assignee_ids: [member],
      estimate_point: three,
    });
    const b = await createItem(ws, p, {
      cycle_id: c1.id,
      module_ids: [m1.id],
      state_id: p.states["In Progress"],
      assignee_ids: [member, admin],
      estimate_point: five,
    });
    const c = await createItem(ws, p, { cycle_id: c1.id, state_id: p.states.Done });
    expect(await cycleCounts(c1.id)).toEqual(
      cyc({ total_issues: 3, unstarted_issues: 1, started_issues: 1, completed_issues: 1 }, [member, admin]),
    );
    expect(await moduleCounts(m1.id)).toEqual(
      mod({
        total_issues: 2,
        unstarted_issues: 1,
        started_issues: 1,
        total_estimate_points: 8,
        started_estimate_points: 5,
      }),
    );

    // a sub-item added to the module; a state change moves a count (and its points) between groups
    await createItem(ws, p, { parent_id: a.id, module_ids: [m1.id] });
    expect((await ws.admin.patch(`${p.base}/issues/${b.id}/`, { state_id: p.states.Done })).status).toBe(204);
    expect(await moduleCounts(m1.id)).toEqual(
      mod({
        total_issues: 3,
        unstarted_issues: 1,
        completed_issues: 1,
        backlog_issues: 1,
        sub_issues: 1,
        total_estimate_points: 8,
        completed_estimate_points: 5,
      }),
    );
    expect(await cycleCounts(c1.id)).toEqual(
      cyc({ total_issues: 3, unstarted_issues: 1, completed_issues: 2 }, [member, admin]),
    );

    // assignees change; an item moves to another cycle; another leaves its cycle
    expect((await ws.admin.patch(`${p.base}/issues/${b.id}/`, { assignee_ids: [member] })).status).toBe(204);
    expect(await cycleCounts(c1.id)).toEqual(
      cyc({ total_issues: 3, unstarted_issues: 1, completed_issues: 2 }, [member]),
    );
    expect((await ws.admin.post(`${p.base}/cycles/${c2.id}/cycle-issues/`, { issues: [b.id] })).status).toBe(201);
    expect((await ws.admin.delete(`${p.base}/cycles/${c1.id}/cycle-issues/${c.id}/`)).status).toBe(204);
    expect(await cycleCounts(c1.id)).toEqual(cyc({ total_issues: 1, unstarted_issues: 1 }, [member]));
    expect(await cycleCounts(c2.id)).toEqual(cyc({ total_issues: 1, completed_issues: 1 }, [member]));

    // a bulk state change; a changed estimate point
    expect(
      (
        await ws.admin.post(`${p.base}/bulk-operation-issues/`, {
          issue_ids: [a.id, b.id],
          properties: { state_id: p.states.Cancelled },
        })
      ).status,
    ).toBe(204);
    expect((await ws.admin.patch(`${p.base}/issues/${a.id}/`, { estimate_point: five })).status).toBe(204);
    expect(await cycleCounts(c1.id)).toEqual(cyc({ total_issues: 1, cancelled_issues: 1 }, [member]));
    expect(await moduleCounts(m1.id)).toEqual(
      mod({ total_issues: 3, cancelled_issues: 2, backlog_issues: 1, sub_issues: 1, total_estimate_points: 10 }),
    );

    // archived and deleted items (a deleted item's sub-items go with it) no longer count; restored ones count again
    expect((await ws.admin.post(`${p.base}/issues/${b.id}/archive/`)).status).toBe(200);
    expect((await ws.admin.delete(`${p.base}/issues/${a.id}/`)).status).toBe(204);
    expect(await cycleCounts(c1.id)).toEqual(cyc({}));
    expect(await cycleCounts(c2.id)).toEqual(cyc({}));
    expect(await moduleCounts(m1.id)).toEqual(mod({}));
    expect((await ws.admin.delete(`${p.base}/issues/${b.id}/archive/`)).status).toBe(204);
    expect(await cycleCounts(c2.id)).toEqual(cyc({ total_issues: 1, cancelled_issues: 1 }, [member]));
    expect(await moduleCounts(m1.id)).toEqual(mod({ total_issues: 1, cancelled_issues: 1, total_estimate_points: 5 }));

    // removed from the module; the module archived (counted from its links) and restored
    expect((await ws.admin.delete(`${p.base}/modules/${m1.id}/issues/${b.id}/`)).status).toBe(204);
    expect(await moduleCounts(m1.id)).toEqual(mod({}));
    await createItem(ws, p, { module_ids: [m1.id], state_id: p.states.Done, estimate_point: three });
    await createItem(ws, p, { module_ids: [m1.id], parent_id: b.id });
    expect((await ws.admin.patch(`${p.base}/modules/${m1.id}/`, { status: "completed" })).status).toBe(200);
    expect((await ws.admin.post(`${p.base}/modules/${m1.id}/archive/`)).status).toBe(200);
    const whileArchived = mod({
      total_issues: 2,
      backlog_issues: 1,
      completed_issues: 1,
      sub_issues: 1,
      total_estimate_points: 3,
      completed_estimate_points: 3,
    });
    expect(await moduleCounts(m1.id, true)).toEqual(whileArchived);
    expect((await ws.admin.delete(`${p.base}/modules/${m1.id}/archive/`)).status).toBe(204);
    expect(await moduleCounts(m1.id)).toEqual(whileArchived);
  });
});
