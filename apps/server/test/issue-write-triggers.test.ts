import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { statementsSent } from "./helpers/statements.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { createItem } from "./helpers/work-items.ts";

/**
 * Issue #13: the work PostgreSQL does for a write beyond the statements the server sends — foreign-key checks and
 * the triggers (list_version, counts, kept list columns, live events), most of it at COMMIT. Counted exactly, not
 * timed: the test's database loads auto_explain for every session with every plan (nested ones too: trigger
 * functions, foreign-key checks, deferred triggers at COMMIT) sent to the client as a notice, so each statement
 * the executor runs for the request is one notice on the server's own connections. A change that makes the
 * triggers run more statements per create or patch fails here.
 */
/**
 * main before issue #13's trigger work: 69 and 59. Then 30 and 26; the search dictionary (db/sql/search.sql: a new
 * item's words, a renamed item's new words) adds 2 to a create and 4 to a patch that changes the name; the cycles' and modules' counts (plan-counts.sql) 1 to each
 * (the probe for pending counts at commit). Then 30 and 29: the number from the project's own sequence (no project-row
 * update in the create, so the commit-time bump no longer re-checks the project's workspace key), and the commit-time
 * counts and live publish written out in the flush instead of called (a call is a statement of its own). Then 29 and
 * 27: the session and the scope read in one statement; a patch written from the row the route read (no second read
 * under lock). Then 30 and 28: at commit the projects' rows are locked by a statement of their own before the one that
 * bumps them (issue #24 point 14: locked and bumped in one statement, concurrent commits to one project deadlocked).
 */
const CREATE_LIMIT = 30;
const PATCH_LIMIT = 28;

let t: TestServer;
let ws: WorkspaceFixture;
let pr: ProjectFixture;
let counting = false;
const executed: string[] = [];

beforeAll(async () => {
  t = await startTestServer(
    {},
    {
      settings: {
        session_preload_libraries: "auto_explain",
        "auto_explain.log_min_duration": "0",
        "auto_explain.log_nested_statements": "on",
        "auto_explain.log_level": "notice",
      },
      onNotice: (n) => {
        if (!counting || !/^duration:/.test(n.message ?? "")) return;
        const text = /Query Text: ([\s\S]*?)\n(?:[A-Z][a-z]|\s*->|$)/.exec(n.message)?.[1] ?? n.message;
        executed.push(text.replace(/\s+/g, " ").trim().slice(0, 140));
      },
    },
  );
  ws = await workspaceFixture(t);
  pr = await projectFixture(t, ws);
});
afterAll(async () => {
  await t?.close();
});

/** Every statement the executor ran while `fn` ran (and the statements the server sent among them). */
async function executedBy(fn: () => Promise<unknown>): Promise<{ all: string[]; sent: number }> {
  executed.length = 0;
  counting = true;
  try {
    const sent = await statementsSent(t, fn);
    return { all: [...executed], sent: sent.length };
  } finally {
    counting = false;
  }
}

describe("statements run inside the database per write", () => {
  it("counts the executor's statements, the server's own among them (the counter works)", async () => {
    const { all, sent } = await executedBy(() => t.db.sql`SELECT 1 AS one`);
    expect(sent).toBe(1);
    expect(all).toEqual(["SELECT 1 AS one"]);
  });

  it(`a plain create runs at most ${CREATE_LIMIT} statements in all, triggers and foreign-key checks included`, async () => {
    await createItem(ws, pr); // warm: prepared statements, the scope's caches
    await createItem(ws, pr);
    const { all, sent } = await executedBy(async () => {
      const res = await ws.admin.post(`${pr.base}/issues/`, { name: "Counted", priority: "low" });
      expect(res.status, res.text).toBe(201);
    });
    expect(sent).toBeGreaterThan(0);
    expect(all.length, all.join("\n")).toBeLessThanOrEqual(CREATE_LIMIT);
  });

  it(`a patch of name and priority runs at most ${PATCH_LIMIT} statements in all`, async () => {
    const item = await createItem(ws, pr);
    await ws.admin.patch(`${pr.base}/issues/${item.id}/`, { priority: "high" }); // warm
    const { all, sent } = await executedBy(async () => {
      const res = await ws.admin.patch(`${pr.base}/issues/${item.id}/`, { name: "Renamed", priority: "urgent" });
      expect(res.status, res.text).toBe(204);
    });
    expect(sent).toBeGreaterThan(0);
    expect(all.length, all.join("\n")).toBeLessThanOrEqual(PATCH_LIMIT);
  });
});
