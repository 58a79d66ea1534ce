import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { cleanupExpired } from "../src/core/cleanup.ts";

/**
 * Every write publishes a realtime event because every table carries the live_capture trigger
 * (db/sql/live-events.sql installs it on every table with a workspace column). A table without it must be
 * named here with the reason nobody needs to hear of its changes live; a new table fails this test until
 * it has the trigger (give it a workspace column, or add it here).
 */
const SILENT: Record<string, string> = {
  users: "accounts: no workspace; what screens show of people comes with workspace_members / project_members",
  profiles: "a user's own settings, no workspace",
  sessions: "authentication",
  magic_codes: "authentication",
  password_reset_tokens: "authentication",
  accounts: "authentication: sign-in provider links",
  user_notification_preferences: "a user's own settings, no workspace",
  user_secrets: "a user's own secrets, no workspace; only their owner reads them",
  instances: "instance admin (god mode), no workspace",
  server_instances: "the running server processes (god mode → Instances, core/instance-registry.ts), no workspace",
  instance_configurations: "instance admin",
  instance_admins: "instance admin",
  rate_limits: "throttling bookkeeping",
  idempotent_requests: "request bookkeeping (http/idempotency.ts): a POST's kept answer; the write it made publishes",
  list_version_pending: "list-cache bookkeeping inside a transaction",
  issue_list_counts: "derived counters (their source rows publish)",
  issue_list_counts_pending: "list-engine bookkeeping inside a transaction",
  cycle_item_counts: "derived counters of the cycle lists (their source rows publish)",
  cycle_assignee_counts: "derived counters of the cycle lists (their source rows publish)",
  module_item_counts: "derived counters of the module lists (their source rows publish)",
  plan_counts_pending: "cycle and module counters' bookkeeping inside a transaction",
  issue_list_attrs_pending: "list-engine bookkeeping inside a transaction",
  tx_flush_pending: "the commit-time flush's bookkeeping inside a transaction",
  live_streams: "the channel's own bookkeeping",
  live_events: "the channel's own bookkeeping",
  live_pending: "the channel's own bookkeeping",
  dashboards: "a person's own home dashboard, no workspace (only its owner reads it)",
  dashboard_widgets: "a person's own dashboard widgets, no workspace (only its owner reads them)",
  page_collab_updates: "the page collaboration relay's own bookkeeping (its documents travel on the Yjs socket)",
  search_words: "the search dictionary, derived from work items (their rows publish)",
};

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

describe("realtime coverage", () => {
  it("every table publishes its changes, or is named as silent with a reason", async () => {
    const tables = (
      await t.app.sql<{ name: string }[]>`SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema()`
    ).map((r) => r.name);
    const withTrigger = new Set(
      (
        await t.app.sql<{ name: string }[]>`
      SELECT DISTINCT c.relname AS name FROM pg_trigger tg JOIN pg_class c ON c.oid = tg.tgrelid JOIN pg_proc p ON p.oid = tg.tgfoid
      WHERE NOT tg.tgisinternal AND p.proname = 'live_capture' AND (tg.tgtype::int & 1) = 1 AND (tg.tgtype::int & 28) = 28`
      ).map((r) => r.name),
    );
    const missing = tables.filter((name) => !withTrigger.has(name) && !SILENT[name]).sort();
    expect(missing).toEqual([]);
    // the silent list names only real tables that really are silent
    expect(Object.keys(SILENT).filter((name) => !tables.includes(name) || withTrigger.has(name))).toEqual([]);
    for (const name of [
      "issues",
      "issue_comments",
      "states",
      "labels",
      "project_members",
      "workspace_members",
      "projects",
      "cycles",
      "modules",
      "user_favorites",
    ]) {
      expect(withTrigger).toContain(name);
    }
  });

  it("events older than the retention window are cleaned up; newer ones stay", async () => {
    await t.app
      .sql`INSERT INTO live_events (stream, seq, at, event) VALUES ('user:x', 1, now() - interval '2 days', '{}'), ('user:x', 2, now(), '{}')`;
    const res = await cleanupExpired(t.app);
    expect(res.liveEvents).toBeGreaterThanOrEqual(1);
    expect((await t.app.sql`SELECT seq FROM live_events WHERE stream = 'user:x'`).map((r) => Number(r.seq))).toEqual([
      2,
    ]);
  });
});
