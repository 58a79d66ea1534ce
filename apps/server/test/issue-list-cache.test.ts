import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema } from "../src/db/client.ts";
import { listCacheOf, type ListCache } from "../src/domain/work-item-list/index.ts";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import type { Client } from "./helpers/client.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { insertCycle, insertModule, seedStandardDataset, type ProjectCtx } from "./helpers/issue-fixtures.ts";
import { createItem, expectMatrix } from "./helpers/work-items.ts";

/**
 * The list response cache (core/issue-list/cache.ts) of GET P/issues/, P/epics/, P/archived-issues/ and P/issues-detail/:
 * hits send the stored body; every kind of write (through the API or plain SQL) makes the next response
 * fresh, byte-identical to what the uncached engine returns at that moment.
 */
let t: TestServer;
let ws: WorkspaceFixture;
let pr: ProjectFixture;
let c: ProjectCtx;
let cache: ListCache;
let I: Record<string, string> = {};
let L: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestServer();
  ws = await workspaceFixture(t);
  pr = await projectFixture(t, ws);
  c = { t, ws, pr };
  const d = await seedStandardDataset(c);
  I = d.I;
  L = d.L;
  cache = listCacheOf(t.app);
});
afterAll(async () => {
  await t?.close();
});

const GROUPED = () => `${pr.base}/issues/?group_by=state_id&per_page=50`;

/** The response the engine gives right now without the cache (the route's uncached path). */
async function uncached(client: Client, url: string) {
  cache.enabled = false;
  try {
    return await client.get(url);
  } finally {
    cache.enabled = true;
  }
}

/** Prime and hit the cache for `url`, run `write`, and check the next response is fresh and changed. */
async function expectInvalidated(write: () => Promise<unknown>, url = GROUPED(), client: Client = ws.admin) {
  const first = await client.get(url);
  expect(first.status).toBe(200);
  const hits = cache.hits;
  const again = await client.get(url);
  expect(cache.hits).toBe(hits + 1);
  expect(again.text).toBe(first.text);
  await write();
  const after = await client.get(url);
  expect(after.status).toBe(200);
  const truth = await uncached(client, url);
  expect(after.text).toBe(truth.text);
  expect(after.text).not.toBe(first.text);
  return { before: first.body, after: after.body };
}

/** All items of a grouped response, flattened. */
function items(body: {
  results: Record<string, { results: { id: string; name: string }[] }> | { id: string; name: string }[];
}) {
  return Array.isArray(body.results) ? body.results : Object.values(body.results).flatMap((g) => g.results);
}
const find = (body: any, id: string) => items(body).find((i) => i.id === id) as Record<string, any> | undefined;

describe("list cache: hits", () => {
  it("returns the cached body again without asking the database for the items", async () => {
    const url = GROUPED();
    const first = await ws.admin.get(url);
    expect(first.status).toBe(200);
    expect(find(first.body, I.Alpha)?.name).toBe("Alpha");
    // a change made with the list_version trigger switched off (inside one transaction) is invisible to the cache…
    await t.app.sql.begin(async (tx) => {
      await tx`ALTER TABLE issues DISABLE TRIGGER issues_list_version_upd`;
      await tx`UPDATE issues SET name = 'Alpha (untracked)' WHERE id = ${I.Alpha}`;
      await tx`ALTER TABLE issues ENABLE TRIGGER issues_list_version_upd`;
    });
    const hits = cache.hits;
    const cached = await ws.admin.get(url);
    expect(cache.hits).toBe(hits + 1);
    expect(cached.text).toBe(first.text);
    expect(find(cached.body, I.Alpha)?.name).toBe("Alpha");
    // …until an ordinary SQL write (the trigger on), even of another item, moves the project's list_version
    await t.app.sql`UPDATE issues SET priority = 'high' WHERE id = ${I.Gamma}`;
    const fresh = await ws.admin.get(url);
    expect(fresh.text).toBe((await uncached(ws.admin, url)).text);
    expect(find(fresh.body, I.Alpha)?.name).toBe("Alpha (untracked)");
    expect(find(fresh.body, I.Gamma)?.priority).toBe("high");
    await t.app.sql`UPDATE issues SET name = 'Alpha' WHERE id = ${I.Alpha}`;
    await t.app.sql`UPDATE issues SET priority = 'none' WHERE id = ${I.Gamma}`;
    expect((await ws.admin.get(url)).text).toBe(first.text);
  });

  it("sends byte-identical bodies and the same content type with and without the cache", async () => {
    const queries = [
      "",
      "?group_by=state_id&per_page=50",
      "?group_by=priority&sub_group_by=state_id&per_page=2",
      "?group_by=labels__id&order_by=-created_at&per_page=1&cursor=1:1:0",
      "?order_by=priority&per_page=2&cursor=2:1:0",
      `?labels=${L.bug}&assignees=${ws.admin.userId}`,
      "?order_by=labels__name",
      "?order_by=-assignees__first_name",
      "?sub_issue=false&group_by=state__group",
      `?filters=${encodeURIComponent(JSON.stringify({ and: [{ priority__in: "high,urgent" }] }))}`,
    ];
    for (const path of ["issues", "epics", "archived-issues"]) {
      for (const q of queries) {
        const url = `${pr.base}/${path}/${q}`;
        const plain = await uncached(ws.member, url);
        const miss = await ws.member.get(url);
        const hit = await ws.member.get(url);
        expect(plain.status, url).toBe(200);
        expect([miss.status, hit.status]).toEqual([200, 200]);
        expect(miss.text, url).toBe(plain.text);
        expect(hit.text, url).toBe(plain.text);
        expect(hit.headers.get("content-type")).toBe(plain.headers.get("content-type"));
        expect(hit.headers.get("content-type")).toBe("application/json; charset=utf-8");
        expect(hit.headers.get("content-length")).toBe(plain.headers.get("content-length"));
      }
    }
  });

  it("keys by the whole request: different pages, orders and groupings are different entries", async () => {
    const a = await ws.admin.get(`${pr.base}/issues/?per_page=2`);
    const b = await ws.admin.get(`${pr.base}/issues/?per_page=2&cursor=2:1:0`);
    const c2 = await ws.admin.get(`${pr.base}/issues/?per_page=2&order_by=sort_order`);
    expect(a.body.results.map((i: { name: string }) => i.name)).toEqual(["Epsilon", "Delta"]);
    expect(b.body.results.map((i: { name: string }) => i.name)).toEqual(["Gamma", "Beta"]);
    expect(c2.body.results.map((i: { name: string }) => i.name)).toEqual(["Alpha", "Beta"]);
  });

  it("renders datetimes in each viewer's time zone (the zone is part of the key)", async () => {
    const url = `${pr.base}/issues/?per_page=1&order_by=created_at`;
    await t.db.db
      .update(schema.users)
      .set({ userTimezone: "Asia/Kolkata" })
      .where(eq(schema.users.id, ws.member.userId));
    const utc = await ws.admin.get(url);
    const ist = await ws.member.get(url);
    expect(utc.body.results[0].created_at).toBe("2025-01-01T00:00:01.000000Z");
    expect(ist.body.results[0].created_at).toBe("2025-01-01T05:30:01.000000+05:30");
    await t.db.db.update(schema.users).set({ userTimezone: "UTC" }).where(eq(schema.users.id, ws.member.userId));
    expect((await ws.member.get(url)).body.results[0].created_at).toBe("2025-01-01T00:00:01.000000Z");
  });

  it("keeps the role matrix and bad-input answers on the cached path", async () => {
    const url = GROUPED();
    await ws.admin.get(url);
    await expectMatrix(ws, (cl) => cl.get(url), { admin: 200, member: 200, guest: 200, outsider: 403, anon: 401 });
    const outsider = await ws.outsider.get(url);
    expect(outsider.text).not.toContain("Alpha");
    for (const [q, body] of [
      ["?per_page=abc", { detail: "Invalid per_page value." }],
      ["?cursor=zz", { detail: "Invalid cursor parameter." }],
      ["?group_by=state_id&sub_group_by=state_id", { error: "Group by and sub group by cannot have same parameters" }],
    ] as const) {
      const res = await ws.admin.get(`${pr.base}/issues/${q}`);
      expect([res.status, res.body]).toEqual([400, body]);
    }
    const unknown = await ws.admin.get(`/api/workspaces/${ws.slug}/projects/${crypto.randomUUID()}/issues/`);
    expect(unknown.status).toBe(404);
  });
});

describe("list cache: guests", () => {
  it("never serves one guest-restricted viewer another viewer's response", async () => {
    const g2 = await t.user({ firstName: "Gil", lastName: "Guest" });
    await t.db.db.insert(schema.workspaceMembers).values({ workspaceId: ws.id, memberId: g2.userId, role: 5 });
    await t.db.db
      .insert(schema.projectMembers)
      .values({ workspaceId: ws.id, projectId: pr.id, memberId: g2.userId, role: 5 });
    const mine = await createItem(ws, pr, { name: "Gil's own" });
    await t.db.db.update(schema.issues).set({ createdById: g2.userId }).where(eq(schema.issues.id, mine.id));
    const url = GROUPED();
    const member = await ws.member.get(url);
    const guest = await ws.guest.get(url);
    const gil = await g2.get(url);
    const guestAgain = await ws.guest.get(url);
    const gilAgain = await g2.get(url);
    expect(items(member.body).length).toBeGreaterThan(2);
    // the fixture guest created Gamma; Gil created Gil's own
    expect(items(guest.body).map((i) => i.name)).toEqual(["Gamma"]);
    expect(items(gil.body).map((i) => i.name)).toEqual(["Gil's own"]);
    expect(guestAgain.text).toBe(guest.text);
    expect(gilAgain.text).toBe(gil.text);
    expect(gil.text).toBe((await uncached(g2, url)).text);
  });

  it("a project member role change or the guest-visibility switch changes what a guest sees", async () => {
    const wsMember = await t.user({ firstName: "Pat", lastName: "Projectguest" });
    await t.db.db.insert(schema.workspaceMembers).values({ workspaceId: ws.id, memberId: wsMember.userId, role: 15 });
    await t.db.db
      .insert(schema.projectMembers)
      .values({ workspaceId: ws.id, projectId: pr.id, memberId: wsMember.userId, role: 5 });
    const url = GROUPED();
    const asGuest = await wsMember.get(url);
    expect(items(asGuest.body)).toEqual([]);
    const { after } = await expectInvalidated(
      async () => {
        const res = await ws.admin.patch(`${pr.base}/members/${wsMember.userId}/`, { role: 15 });
        expect(res.status).toBe(200);
      },
      url,
      wsMember,
    );
    expect(items(after).length).toBeGreaterThan(2);
    // and the visibility switch of the project (PATCH of the project row)
    await ws.admin.patch(`${pr.base}/members/${wsMember.userId}/`, { role: 5 });
    const res = await expectInvalidated(
      async () => {
        const r = await ws.admin.patch(`/api/workspaces/${ws.slug}/projects/${pr.id}/`, {
          guest_view_all_features: true,
        });
        expect(r.status).toBe(200);
      },
      url,
      wsMember,
    );
    expect(items(res.after).length).toBeGreaterThan(2);
    await ws.admin.patch(`/api/workspaces/${ws.slug}/projects/${pr.id}/`, { guest_view_all_features: false });
  });
});

describe("list cache: every write invalidates", () => {
  it("create", async () => {
    let id = "";
    const { after } = await expectInvalidated(async () => {
      id = (await createItem(ws, pr, { name: "Fresh item" })).id;
    });
    expect(find(after, id)?.name).toBe("Fresh item");
  });

  it("PATCH name, state, priority and dates", async () => {
    const patch = (body: object) => async () => {
      const r = await ws.admin.patch(`${pr.base}/issues/${I.Beta}/`, body);
      expect(r.status).toBe(204);
    };
    expect(find((await expectInvalidated(patch({ name: "Beta renamed" }))).after, I.Beta)?.name).toBe("Beta renamed");
    const moved = (await expectInvalidated(patch({ state_id: pr.states["In Progress"] }))).after;
    expect(moved.results[pr.states["In Progress"]].results.map((i: { id: string }) => i.id)).toContain(I.Beta);
    expect(find((await expectInvalidated(patch({ priority: "low" }))).after, I.Beta)?.priority).toBe("low");
    const dated = find(
      (await expectInvalidated(patch({ start_date: "2025-05-01", target_date: "2025-05-09" }))).after,
      I.Beta,
    );
    expect([dated?.start_date, dated?.target_date]).toEqual(["2025-05-01", "2025-05-09"]);
  });

  it("labels and assignees change", async () => {
    const patch = (body: object) => async () =>
      expect((await ws.admin.patch(`${pr.base}/issues/${I.Gamma}/`, body)).status).toBe(204);
    expect(find((await expectInvalidated(patch({ label_ids: [L.feature] }))).after, I.Gamma)?.label_ids).toEqual([
      L.feature,
    ]);
    expect(
      find((await expectInvalidated(patch({ assignee_ids: [ws.member.userId] }))).after, I.Gamma)?.assignee_ids,
    ).toEqual([ws.member.userId]);
  });

  it("sub-item parent change", async () => {
    const patch = (body: object) => async () =>
      expect((await ws.admin.patch(`${pr.base}/issues/${I.Gamma}/`, body)).status).toBe(204);
    const { after } = await expectInvalidated(patch({ parent_id: I.Epsilon }));
    expect(find(after, I.Gamma)?.parent_id).toBe(I.Epsilon);
    expect(find(after, I.Epsilon)?.sub_issues_count).toBe(1);
    const back = (await expectInvalidated(patch({ parent_id: null }))).after;
    expect(find(back, I.Epsilon)?.sub_issues_count).toBe(0);
  });

  it("link add", async () => {
    const { after } = await expectInvalidated(async () => {
      const r = await ws.admin.post(`${pr.base}/issues/${I.Gamma}/issue-links/`, {
        url: "https://example.com/cache",
        title: "x",
      });
      expect(r.status).toBe(201);
    });
    expect(find(after, I.Gamma)?.link_count).toBe(1);
  });

  it("attachment marked uploaded", async () => {
    const att = `/api/assets/v2/workspaces/${ws.slug}/projects/${pr.id}/issues/${I.Gamma}/attachments/`;
    const bytes = new TextEncoder().encode("hello");
    const slot = await ws.admin.post(att, { name: "hello.txt", type: "text/plain", size: bytes.length });
    expect(slot.status).toBe(200);
    const fd = new FormData();
    for (const [k, v] of Object.entries(slot.body.upload_data.fields as Record<string, string>)) fd.append(k, v);
    fd.append("file", new Blob([bytes], { type: "text/plain" }), "hello.txt");
    expect((await fetch(slot.body.upload_data.url, { method: "POST", body: fd })).status).toBe(204);
    const { after } = await expectInvalidated(async () =>
      expect((await ws.admin.patch(`${att}${slot.body.asset_id}/`, {})).status).toBe(204),
    );
    expect(find(after, I.Gamma)?.attachment_count).toBe(1);
  });

  it("cycle and module membership (written by SQL: the cycle and module endpoints come later)", async () => {
    const cycle = await insertCycle(c, "Cache sprint");
    const mod = await insertModule(c, "Cache module");
    const link = { issueId: I.Gamma, projectId: pr.id, workspaceId: ws.id };
    expect(
      find(
        (await expectInvalidated(() => t.db.db.insert(schema.cycleIssues).values({ ...link, cycleId: cycle }))).after,
        I.Gamma,
      )?.cycle_id,
    ).toBe(cycle);
    expect(
      find(
        (await expectInvalidated(() => t.db.db.insert(schema.moduleIssues).values({ ...link, moduleId: mod }))).after,
        I.Gamma,
      )?.module_ids,
    ).toEqual([mod]);
    // archiving the module hides it from module_ids
    expect(
      find(
        (await expectInvalidated(() => t.app.sql`UPDATE modules SET archived_at = now() WHERE id = ${mod}`)).after,
        I.Gamma,
      )?.module_ids,
    ).toEqual([]);
    expect(
      find((await expectInvalidated(() => t.app.sql`DELETE FROM cycles WHERE id = ${cycle}`)).after, I.Gamma)?.cycle_id,
    ).toBe(null);
  });

  it("state rename and regroup", async () => {
    const byName = `${pr.base}/issues/?order_by=state__name`;
    const renamed = await expectInvalidated(
      async () =>
        expect((await ws.admin.patch(`${pr.base}/states/${pr.states.Todo}/`, { name: "Aaa to do" })).status).toBe(200),
      byName,
    );
    expect(renamed.after.results[0].id).toBe(I.Alpha);
    const url = `${pr.base}/issues/?group_by=state__group`;
    const { after } = await expectInvalidated(
      async () =>
        expect((await ws.admin.patch(`${pr.base}/states/${pr.states.Todo}/`, { group: "started" })).status).toBe(200),
      url,
    );
    expect(after.results.started.results.map((i: { id: string }) => i.id)).toContain(I.Alpha);
  });

  it("label delete", async () => {
    const { after } = await expectInvalidated(async () =>
      expect((await ws.admin.delete(`${pr.base}/issue-labels/${L.bug}/`)).status).toBe(204),
    );
    expect(find(after, I.Alpha)?.label_ids).toEqual([]);
  });

  it("archive and restore (project list and archived list)", async () => {
    const done = await createItem(ws, pr, { name: "To archive", state_id: pr.states.Done });
    const archived = `${pr.base}/archived-issues/`;
    await ws.admin.get(archived);
    const { after } = await expectInvalidated(async () =>
      expect((await ws.admin.post(`${pr.base}/issues/${done.id}/archive/`, {})).status).toBe(200),
    );
    expect(find(after, done.id)).toBeUndefined();
    expect(find((await ws.admin.get(archived)).body, done.id)?.name).toBe("To archive");
    const restored = await expectInvalidated(
      async () => expect((await ws.admin.delete(`${pr.base}/issues/${done.id}/archive/`)).status).toBe(204),
      archived,
    );
    expect(find(restored.after, done.id)).toBeUndefined();
    expect(find((await ws.admin.get(GROUPED())).body, done.id)?.name).toBe("To archive");
  });

  it("delete", async () => {
    const doomed = await createItem(ws, pr, { name: "Doomed" });
    const { before, after } = await expectInvalidated(async () =>
      expect((await ws.admin.delete(`${pr.base}/issues/${doomed.id}/`)).status).toBe(204),
    );
    expect(find(before, doomed.id)).toBeDefined();
    expect(find(after, doomed.id)).toBeUndefined();
  });

  it("epics list", async () => {
    const url = `${pr.base}/epics/`;
    const { after } = await expectInvalidated(
      () => t.app.sql`UPDATE issues SET name = 'Epic renamed' WHERE id = ${I.Epic}`,
      url,
    );
    expect(find(after, I.Epic)?.name).toBe("Epic renamed");
  });

  it("relations on issues-detail/: add, change of the related item (also in another project), remove", async () => {
    const url = `${pr.base}/issues-detail/?per_page=50`;
    const rel = (body: any, id: string, side = "issue_relation") =>
      (find(body, id)?.[side] as { id: string; name: string; relation_type: string }[]).map((r) => [
        r.id,
        r.relation_type,
        r.name,
      ]);
    const relate = (from: string, type: string, to: string) => async () =>
      expect(
        (await ws.admin.post(`${pr.base}/issues/${from}/issue-relation/`, { relation_type: type, issues: [to] }))
          .status,
      ).toBe(201);
    const added = await expectInvalidated(relate(I.Alpha, "relates_to", I.Beta), url);
    expect(rel(added.after, I.Alpha)).toEqual([[I.Beta, "relates_to", find(added.after, I.Beta)?.name]]);
    expect(rel(added.after, I.Beta, "issue_related")).toEqual([
      [I.Alpha, "relates_to", find(added.after, I.Alpha)?.name],
    ]);
    // another type between the same pair replaces it
    const replaced = await expectInvalidated(relate(I.Alpha, "duplicate", I.Beta), url);
    expect(rel(replaced.after, I.Alpha)).toEqual([[I.Beta, "duplicate", find(replaced.after, I.Beta)?.name]]);

    // an item of another project: its writes must reach this project's cached detail list
    const elsewhere = await projectFixture(t, ws);
    const far = await createItem(ws, elsewhere, { name: "Far away" });
    const farRelated = await expectInvalidated(relate(I.Gamma, "blocking", far.id), url);
    expect(rel(farRelated.after, I.Gamma, "issue_related")).toEqual([[far.id, "blocked_by", "Far away"]]);
    const renamed = await expectInvalidated(
      async () =>
        expect((await ws.admin.patch(`${elsewhere.base}/issues/${far.id}/`, { name: "Far renamed" })).status).toBe(204),
      url,
    );
    expect(rel(renamed.after, I.Gamma, "issue_related")).toEqual([[far.id, "blocked_by", "Far renamed"]]);
    const farGone = await expectInvalidated(
      async () => expect((await ws.admin.delete(`${elsewhere.base}/issues/${far.id}/`)).status).toBe(204),
      url,
    );
    expect(rel(farGone.after, I.Gamma, "issue_related")).toEqual([]);

    const removed = await expectInvalidated(
      async () =>
        expect(
          (await ws.admin.post(`${pr.base}/issues/${I.Alpha}/remove-relation/`, { related_issue: I.Beta })).status,
        ).toBe(204),
      url,
    );
    expect(rel(removed.after, I.Alpha)).toEqual([]);
    expect(rel(removed.after, I.Beta, "issue_related")).toEqual([]);
  });

  it("a direct SQL UPDATE on issues (the triggers, not application code, invalidate)", async () => {
    const { after } = await expectInvalidated(
      () => t.app.sql`UPDATE issues SET priority = 'urgent' WHERE id = ${I.Epsilon}`,
    );
    expect(find(after, I.Epsilon)?.priority).toBe("urgent");
  });
});
