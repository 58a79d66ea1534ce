import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema } from "../src/db/client.ts";
import { NOTIFY_TASK } from "../src/routes/notifications/jobs.ts";
import { WEBHOOK_EVENT_TASK } from "../src/domain/webhook-events.ts";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { statementsSent } from "./helpers/statements.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { activityRows, createItem } from "./helpers/work-items.ts";
import { findIssue, issueVersion } from "../src/routes/issues/access.ts";
import { patchIssue, StaleIssueError, updateIssue } from "../src/routes/issues/commands.ts";

/**
 * Issue #13 target 1: a work item's create is a few statements (session and scope lookups, BEGIN, the create,
 * the activity with its jobs, COMMIT), so its latency is not round trips. Counted on the server's own client
 * (postgres.js calls `debug` for every statement it sends), so a change that adds statements fails here.
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

/** The statements the server sends while `fn` runs (nothing else may use the database meanwhile). */
async function statementsOf(fn: () => Promise<unknown>): Promise<string[]> {
  const sent = (await statementsSent(t, fn)).map((x) => x.slice(0, 120));
  // the counter sees the transaction itself, so a count of 0 cannot pass for a fast write
  expect(
    sent.filter((x) => /^(begin|commit)\b/i.test(x)),
    sent.join("\n"),
  ).toHaveLength(2);
  return sent;
}

const jobsOf = async (task: string, issueId: string) =>
  (await t.app.jobs.list(t.db.db, task)).filter(
    (j) => JSON.stringify(j.payload).includes(issueId) || task === NOTIFY_TASK,
  );

describe("statements per write", () => {
  it("creates a plain work item in at most 5 statements, still recording its activity, subscriber and jobs", async () => {
    await createItem(ws, pr); // warm: prepared statements, the scope's caches
    const notifyBefore = (await t.app.jobs.list(t.db.db, NOTIFY_TASK)).length;
    let id = "";
    const sent = await statementsOf(async () => {
      const res = await ws.admin.post(`${pr.base}/issues/`, { name: "Counted", priority: "low" });
      expect(res.status, res.text).toBe(201);
      id = res.body.id;
    });
    expect(sent.length, sent.join("\n")).toBeLessThanOrEqual(5);

    expect(await activityRows(t, id)).toMatchObject([
      { verb: "created", field: null, actorId: ws.admin.userId, comment: "created the work item" },
    ]);
    const subs = await t.db.db.select().from(schema.issueSubscribers).where(eq(schema.issueSubscribers.issueId, id));
    expect(subs.map((s) => s.subscriberId)).toEqual([ws.admin.userId]);
    const notify = await t.app.jobs.list(t.db.db, NOTIFY_TASK);
    expect(notify.length).toBe(notifyBefore + 1);
    const acts = await activityRows(t, id);
    expect(notify.at(-1)!.payload).toEqual({ activity_ids: [acts[0].id] });
    // no webhook listens in this workspace: no webhook job
    expect(await jobsOf(WEBHOOK_EVENT_TASK, id)).toEqual([]);
  });

  it("queues the webhook event in the same statements when a webhook listens for work items", async () => {
    await t.db.db
      .insert(schema.webhooks)
      .values({ workspaceId: ws.id, url: "https://hooks.example.com/x", secretKey: "k", issue: true });
    try {
      let id = "";
      const sent = await statementsOf(async () => {
        const res = await ws.admin.post(`${pr.base}/issues/`, { name: "Counted with a webhook" });
        expect(res.status, res.text).toBe(201);
        id = res.body.id;
      });
      expect(sent.length, sent.join("\n")).toBeLessThanOrEqual(5);
      const jobs = await jobsOf(WEBHOOK_EVENT_TASK, id);
      expect(jobs.map((j) => j.payload)).toEqual([
        {
          workspace_id: ws.id,
          event: "issue",
          action: "created",
          entity_id: id,
          actor_id: ws.admin.userId,
          changes: [],
        },
      ]);
    } finally {
      await t.db.db.delete(schema.webhooks).where(eq(schema.webhooks.workspaceId, ws.id));
    }
  });

  it("patches a work item's name and priority in at most 6 statements, from the row the route read (no second read under lock)", async () => {
    const item = await createItem(ws, pr);
    await ws.admin.patch(`${pr.base}/issues/${item.id}/`, { priority: "high" }); // warm
    const sent = await statementsOf(async () => {
      const res = await ws.admin.patch(`${pr.base}/issues/${item.id}/`, { name: "Renamed", priority: "urgent" });
      expect(res.status, res.text).toBe(204);
    });
    expect(sent.length, sent.join("\n")).toBeLessThanOrEqual(6);
    expect(
      sent.filter((x) => /for update/i.test(x)),
      sent.join("\n"),
    ).toEqual([]);
    const acts = await activityRows(t, item.id);
    expect(acts.slice(-2).map((a) => [a.field, a.newValue])).toEqual([
      ["name", "Renamed"],
      ["priority", "urgent"],
    ]);
  });

  it("reads the caller's session and the project scope in one statement, answering as before", async () => {
    const item = await createItem(ws, pr);
    await ws.admin.get(`${pr.base}/issues/${item.id}/meta/`); // warm
    const sent = await statementsSent(t, async () => {
      const res = await ws.admin.get(`${pr.base}/issues/${item.id}/meta/`);
      expect(res.status, res.text).toBe(200);
    });
    // the session with its scope, then the item
    expect(sent.length, sent.join("\n")).toBe(2);
    expect(sent[0]).toMatch(/"sessions".*"workspaces".*"projects"/);
    // the answers the two lookups gave, from the one statement
    const bogus = "00000000-0000-4000-8000-000000000000";
    expect(
      (await ws.admin.get(`/api/workspaces/no-such-workspace/projects/${pr.id}/issues/${item.id}/meta/`)).status,
    ).toBe(404);
    expect((await ws.admin.get(`/api/workspaces/${ws.slug}/projects/${bogus}/issues/${item.id}/meta/`)).status).toBe(
      404,
    );
    expect((await ws.admin.get(`/api/workspaces/${ws.slug}/projects/not-a-uuid/issues/${item.id}/meta/`)).status).toBe(
      404,
    );
    expect((await ws.anon.get(`${pr.base}/issues/${item.id}/meta/`)).status).toBe(401);
    expect((await ws.outsider.get(`${pr.base}/issues/${item.id}/meta/`)).status).toBe(403);
    expect(
      (await ws.outsider.get(`/api/workspaces/${ws.slug}/projects/not-a-uuid/issues/${item.id}/meta/`)).status,
    ).toBe(403);
  });

  it("makes a patch again from the fresh row, locked, when the item changed after the route read it", async () => {
    const item = await createItem(ws, pr);
    const loaded = (await findIssue(t.db.db, pr.id, item.id))!;
    expect(issueVersion(loaded)).toMatch(/^\d+$/);
    // someone else changes the item between the route's read and the update
    const other = await ws.admin.patch(`${pr.base}/issues/${item.id}/`, {
      name: "Changed meanwhile",
      priority: "high",
    });
    expect(other.status).toBe(204);
    const [project] = await t.db.db.select().from(schema.projects).where(eq(schema.projects.id, pr.id));
    const before = (await activityRows(t, item.id)).length;
    // from the stale row: refused, nothing kept
    await expect(
      t.db.db.transaction((tx) =>
        updateIssue(
          tx,
          project,
          ws.admin.userId,
          item.id,
          { priority: "low" },
          { current: { row: loaded, version: issueVersion(loaded)! } },
        ),
      ),
    ).rejects.toBeInstanceOf(StaleIssueError);
    expect(await activityRows(t, item.id)).toHaveLength(before);
    // as the route makes it: again from the fresh row, so the history's old value is the one it replaced
    const row = await patchIssue(t.db.db, project, ws.admin.userId, loaded, { priority: "low" });
    expect([row.name, row.priority]).toEqual(["Changed meanwhile", "low"]);
    const acts = await activityRows(t, item.id);
    expect(acts.slice(before).map((a) => [a.field, a.oldValue, a.newValue])).toEqual([["priority", "high", "low"]]);
  });

  it("sends a plain create's COMMIT with the create, before PostgreSQL has answered anything of the transaction", async () => {
    // warm: the create statement prepared on the pool's connections (an unprepared statement waits for its
    // description before anything behind it is sent)
    for (let i = 0; i < 4; i++) await ws.admin.post(`${pr.base}/issues/`, { name: `Warm ${i}`, priority: "low" });
    const options = t.db.sql.options as { debug: unknown };
    const sent: string[] = [];
    let answered = false;
    let commitAfterAnswer: boolean | null = null;
    options.debug = (_c: number, text: string) => {
      sent.push(`${answered ? "after" : "before"} ${text.replace(/\s+/g, " ").trim().slice(0, 40)}`);
      // any answer from PostgreSQL arrives after this immediate (BEGIN itself is written on one)
      if (/^begin/i.test(text)) setImmediate(() => (answered = true));
      if (/^commit/i.test(text)) commitAfterAnswer = answered;
    };
    let id = "";
    try {
      const res = await ws.admin.post(`${pr.base}/issues/`, { name: "Committed ahead", priority: "low" });
      expect(res.status, res.text).toBe(201);
      id = res.body.id;
    } finally {
      options.debug = false;
    }
    expect(commitAfterAnswer, sent.join("\n")).toBe(false);
    expect(await activityRows(t, id)).toMatchObject([{ verb: "created" }]);
    // a refused create (unknown state) commits nothing and answers its 400
    const before = await t.db.sql`SELECT count(*)::int AS c FROM issues WHERE project = ${pr.id}`;
    const bad = await ws.admin.post(`${pr.base}/issues/`, {
      name: "Refused",
      state_id: "00000000-0000-4000-8000-000000000000",
    });
    expect(bad.status).toBe(400);
    expect(await t.db.sql`SELECT count(*)::int AS c FROM issues WHERE project = ${pr.id}`).toEqual(before);
  });

  it("gives a new item's assignee, label and subscriber rows the item's own time (BEGIN pipelined: the transaction's now() may be later)", async () => {
    const [label] = await t.db.db
      .insert(schema.labels)
      .values({ name: "Timed", projectId: pr.id, workspaceId: ws.id })
      .returning();
    const item = await createItem(ws, pr, { assignee_ids: [ws.member.userId], label_ids: [label.id] });
    const rows = await t.db.sql<{ t: string }[]>`
      SELECT created_at::text AS t FROM issues WHERE id = ${item.id}
      UNION ALL SELECT created_at::text FROM issue_assignees WHERE issue = ${item.id}
      UNION ALL SELECT created_at::text FROM issue_labels WHERE issue = ${item.id}
      UNION ALL SELECT created_at::text FROM issue_subscribers WHERE issue = ${item.id}`;
    expect(rows.length).toBe(5); // the item, one assignee, one label, two subscribers (creator and assignee)
    expect(new Set(rows.map((r) => r.t)).size).toBe(1);
  });
});
