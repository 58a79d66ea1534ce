import { describe, expect, it } from "vitest";
import type { LiveEvent } from "@stride/shared";
import {
  LIVE_ENTITIES,
  docAfter,
  eventIsOlder,
  liveInvalidations,
  liveRemovals,
  liveTopicKeys,
  mergeDoc,
} from "./live-map.ts";

const slug = "acme";
const pid = "p1";
const ev = (e: Partial<LiveEvent> & Pick<LiveEvent, "t">): LiveEvent => ({ id: "x", op: "update", p: pid, ...e });
const has = (keys: readonly (readonly unknown[])[], key: unknown[]) =>
  keys.some((k) => JSON.stringify(k) === JSON.stringify(key));

describe("liveInvalidations", () => {
  it("time logs refresh the item's time and the report; project updates their screen and the projects' latest status", () => {
    const w = liveInvalidations(ev({ t: "issue_worklogs", i: "i1", op: "insert" }), { slug, pid });
    expect(has(w, ["tt", slug, pid])).toBe(true);
    expect(has(w, ["wi", slug, pid, "history", "i1"])).toBe(true);
    expect(has(w, ["wi", slug, pid, "list"])).toBe(false);
    const u = liveInvalidations(ev({ t: "project_updates", op: "insert" }), { slug, pid });
    expect(has(u, ["updates", slug, pid])).toBe(true);
    expect(has(u, ["ws", slug, "projects", "details"])).toBe(true);
    expect(liveInvalidations(ev({ t: "project_update_comments", op: "insert" }), { slug, pid })).toEqual([
      ["updates", slug, pid],
    ]);
  });

  it("a person's home rows refresh their home screen's lists", () => {
    expect(liveInvalidations(ev({ t: "stickies", p: undefined }), { slug })).toEqual([["home", slug, "stickies"]]);
    expect(liveInvalidations(ev({ t: "workspace_user_links", p: undefined }), { slug })).toEqual([
      ["home", slug, "quick-links"],
    ]);
    expect(liveInvalidations(ev({ t: "workspace_home_preferences", p: undefined }), { slug })).toEqual([
      ["home", slug, "preferences"],
    ]);
    expect(liveInvalidations(ev({ t: "workspace_sidebar_preferences", p: undefined }), { slug })).toEqual([
      ["home", slug, "sidebar"],
    ]);
    // a person's display properties changed in another tab
    expect(liveInvalidations(ev({ t: "project_user_properties", op: "update" }), { slug, pid })).toEqual([
      ["wi", slug, pid, "props"],
    ]);
  });

  it("a work item change refreshes its page, every list layout of its project and sub-item lists", () => {
    const keys = liveInvalidations(ev({ t: "issues", id: "i1", i: "i1", f: ["state"] }), { slug, pid });
    expect(has(keys, ["wi", slug, pid, "detail", "i1"])).toBe(true);
    expect(has(keys, ["wi", slug, pid, "history", "i1"])).toBe(true);
    expect(has(keys, ["wi", slug, pid, "list"])).toBe(true);
    expect(has(keys, ["wi", slug, pid, "sub-issues"])).toBe(true);
    // an item's state moves its cycle's progress and burndown
    expect(has(keys, ["wi", slug, pid, "cycles"])).toBe(true);
  });

  it("a work item of any project refreshes the teamspaces' lists and overviews; teamspace rows their screens", () => {
    for (const t of ["issues", "issue_assignees", "issue_labels"]) {
      const keys = liveInvalidations(ev({ t, id: "i1", i: "i1" }), { slug, pid });
      expect(has(keys, ["wi", slug, "teamspaces", "list"]), t).toBe(true);
    }
    expect(
      has(liveInvalidations(ev({ t: "issues", id: "i1", i: "i1" }), { slug, pid }), ["teamspaces", slug, "progress"]),
    ).toBe(true);
    expect(
      has(liveInvalidations(ev({ t: "issue_comments", i: "i1" }), { slug, pid }), ["wi", slug, "teamspaces", "list"]),
    ).toBe(false);
    for (const t of ["teamspaces", "teamspace_members", "teamspace_projects"]) {
      const keys = liveInvalidations(ev({ t, p: t === "teamspace_projects" ? pid : undefined }), { slug });
      expect(keys, t).toEqual([
        ["teamspaces", slug],
        ["wi", slug, "teamspaces", "list"],
      ]);
    }
    expect(liveInvalidations(ev({ t: "issue_views", p: undefined }), { slug })).toEqual([["views", slug]]);
  });

  it("comments and activity refresh only the item's page; assignees also the lists", () => {
    const c = liveInvalidations(ev({ t: "issue_comments", i: "i1", op: "insert" }), { slug, pid });
    expect(has(c, ["wi", slug, pid, "history", "i1"])).toBe(true);
    expect(has(c, ["wi", slug, pid, "list"])).toBe(false);
    const a = liveInvalidations(ev({ t: "issue_assignees", i: "i1", op: "insert" }), { slug, pid });
    expect(has(a, ["wi", slug, pid, "list"])).toBe(true);
  });

  it("work-item changes refresh analytics and people's profiles; activity only the profiles", () => {
    for (const t of ["issues", "issue_assignees", "issue_labels", "cycle_issues", "module_issues"]) {
      const keys = liveInvalidations(ev({ t, id: "i1", i: "i1" }), { slug, pid });
      expect(has(keys, ["analytics", slug]), t).toBe(true);
      expect(has(keys, ["people", slug]), t).toBe(true);
    }
    const a = liveInvalidations(ev({ t: "issue_activities", i: "i1", op: "insert" }), { slug, pid });
    expect(has(a, ["people", slug])).toBe(true);
    expect(has(a, ["analytics", slug])).toBe(false);
  });

  it("states, labels, members and projects map to their screens' keys", () => {
    expect(liveInvalidations(ev({ t: "states" }), { slug, pid })).toEqual([
      ["ws", slug, "project", pid, "states"],
      ["wi", slug, pid, "list"],
    ]);
    expect(has(liveInvalidations(ev({ t: "labels" }), { slug, pid }), ["ws", slug, "project", pid, "labels"])).toBe(
      true,
    );
    expect(
      has(liveInvalidations(ev({ t: "project_members" }), { slug, pid }), ["ws", slug, "project", pid, "members"]),
    ).toBe(true);
    const p = liveInvalidations({ t: "projects", id: "p9", op: "update", f: ["name"] }, { slug });
    expect(has(p, ["ws", slug, "project", "p9"])).toBe(true);
    expect(has(p, ["ws", slug, "projects"])).toBe(true);
  });

  it("a notification on the user stream refreshes the inbox and its unread counts", () => {
    expect(liveInvalidations({ t: "notifications", id: "n1", op: "insert", p: pid, i: "i1" }, { slug })).toEqual([
      ["notifications", slug],
    ]);
  });

  it("the project comes from the event, else from the topic; an unknown table touches its item only", () => {
    expect(
      has(liveInvalidations(ev({ t: "states", p: undefined }), { slug, pid: "p2" }), ["wi", slug, "p2", "list"]),
    ).toBe(true);
    expect(liveInvalidations(ev({ t: "some_new_table", i: "i1" }), { slug, pid })).toEqual(
      ["detail", "item", "history", "sub-issues", "relations", "attachments", "meta"].map((part) => [
        "wi",
        slug,
        pid,
        part,
        "i1",
      ]),
    );
    expect(liveInvalidations(ev({ t: "some_new_table" }), { slug, pid })).toEqual([]);
  });

  it("a page or a page version refreshes the project's pages (lists, counts, the page, its versions)", () => {
    expect(liveInvalidations(ev({ t: "pages", id: "g1", f: ["name"] }), { slug, pid })).toEqual([["pages", slug, pid]]);
    expect(liveInvalidations(ev({ t: "page_versions", op: "insert" }), { slug, pid })).toEqual([
      ["pages", slug, pid, "versions"],
    ]);
    expect(has(liveTopicKeys("project:p1", { slug }), ["pages", slug, "p1"])).toBe(true);
  });

  it("every entry yields keys under the workspace's slug", () => {
    for (const [t, fn] of Object.entries(LIVE_ENTITIES)) {
      for (const k of fn(ev({ t, i: "i1" }), { slug, pid })) expect(JSON.stringify(k), t).toMatch(/acme|"me"/);
    }
  });
});

describe("liveTopicKeys", () => {
  it("a project reset refetches everything of the project", () => {
    expect(has(liveTopicKeys("project:p1", { slug }), ["wi", slug, "p1"])).toBe(true);
    expect(has(liveTopicKeys("project:p1", { slug }), ["ws", slug, "project", "p1"])).toBe(true);
    expect(liveTopicKeys("issue:i1", { slug, pid })).toContainEqual(["wi", slug, pid, "detail", "i1"]);
  });
});

describe("eventIsOlder", () => {
  it("ignores updates the cache already holds, never inserts or deletes", () => {
    const e = ev({ t: "issues", v: "2025-01-01T10:00:00.123000Z" });
    expect(eventIsOlder(e, "2025-01-01T10:00:00.123Z")).toBe(true);
    expect(eventIsOlder(e, "2025-01-01T10:00:01Z")).toBe(true);
    expect(eventIsOlder(e, "2025-01-01T09:59:59Z")).toBe(false);
    expect(eventIsOlder(e, undefined)).toBe(false);
    expect(eventIsOlder({ ...e, op: "delete" }, "2025-01-02T00:00:00Z")).toBe(false);
  });
});

describe("liveRemovals", () => {
  const ctx = { slug: "acme", pid: "p1" };
  const detail = ["wi", "acme", "p1", "detail", "i1"];
  it("a deleted or archived item's entries are dropped, not refetched; its lists are still refreshed", () => {
    for (const e of [
      { t: "issues", id: "i1", i: "i1", op: "delete", p: "p1" },
      { t: "issues", id: "i1", i: "i1", op: "update", p: "p1", f: ["archived_at", "updated_at"] },
    ] as LiveEvent[]) {
      expect(liveRemovals(e, ctx)).toContainEqual(detail);
      expect(liveInvalidations(e, ctx)).not.toContainEqual(detail);
      expect(liveInvalidations(e, ctx)).toContainEqual(["wi", "acme", "p1", "list"]);
    }
  });
  it("any other change of an item is refetched", () => {
    const e = { t: "issues", id: "i1", i: "i1", op: "update", p: "p1", f: ["name"] } as LiveEvent;
    expect(liveRemovals(e, ctx)).toEqual([]);
    expect(liveInvalidations(e, ctx)).toContainEqual(detail);
  });
});

describe("realtime documents", () => {
  const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s)).toISOString();
  it("an older document is ignored, a newer one replaces the held one", () => {
    const held = { id: "c", updated_at: at(10), running_sandboxes: [1] };
    expect(mergeDoc("clusters/x", held, { id: "c", updated_at: at(5), running_sandboxes: [] })).toBe(held);
    const newer = { id: "c", updated_at: at(11), running_sandboxes: [] };
    expect(mergeDoc("clusters/x", held, newer)).toBe(newer);
    expect(mergeDoc("sandboxes/x", undefined, newer)).toBe(newer);
  });

  it("an execution's records are appended once each, whatever order the documents come in", () => {
    const rec = (seq: number) => ({ seq, content: `r${seq}` });
    const held = { status: "running", updated_at: at(10), records: [rec(1), rec(2)] };
    expect(docAfter(held)).toBe(2);
    expect(docAfter(undefined)).toBe(0);
    const next = mergeDoc("executions/x", held, { status: "completed", updated_at: at(12), records: [rec(2), rec(3)] });
    expect(next).toEqual({ status: "completed", updated_at: at(12), records: [rec(1), rec(2), rec(3)] });
    // an older document still brings records not held yet, but not its older status
    const late = mergeDoc("executions/x", next, { status: "running", updated_at: at(11), records: [rec(4)] });
    expect(late.status).toBe("completed");
    expect(late.records.map((r) => r.seq)).toEqual([1, 2, 3, 4]);
  });

  it("a record that comes again changed (a message streamed into it) replaces the held one, never by an older copy", () => {
    const rec = (seq: number, content: string, s: number) => ({ seq, content, updated_at: at(s) });
    const held = { status: "running", updated_at: at(10), records: [rec(1, "Hi", 10), rec(2, "Work", 10)] };
    const grown = mergeDoc("executions/x", held, {
      status: "running",
      updated_at: at(11),
      records: [rec(2, "Working on it", 11), rec(3, "ls", 11)],
    });
    expect(grown.records).toEqual([rec(1, "Hi", 10), rec(2, "Working on it", 11), rec(3, "ls", 11)]);
    const stale = mergeDoc("executions/x", grown, {
      status: "running",
      updated_at: at(11),
      records: [rec(2, "Work", 10)],
    });
    expect(stale.records[1].content).toBe("Working on it");
  });
});
