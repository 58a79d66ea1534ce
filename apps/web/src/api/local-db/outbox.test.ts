import { describe, expect, it } from "vitest";
import { isLocalId, newLocalId, outboxRequest, settle, waitsFor, type Answer, type OutboxEntry } from "./outbox.ts";

const NEW = "local-new";
const entry = (seq: number, op: OutboxEntry["op"], issue_id: string, body: Record<string, unknown> = {}) =>
  ({ seq, workspace: "acme", project_id: "p1", issue_id, kind: "issues", op, body, base: {} }) satisfies OutboxEntry;

/**
 * Replays an outbox against a pretend server, as the worker does: the oldest write first, its answer settled
 * (`settle`) before the next is read. Returns the requests made, in order.
 */
function replay(start: OutboxEntry[], answer: (e: OutboxEntry, n: number) => Answer) {
  let entries = [...start];
  const sent: string[] = [];
  for (let n = 0; entries.length; n++) {
    const first = entries.reduce((a, b) => (b.seq < a.seq ? b : a));
    const r = outboxRequest(first);
    sent.push(`${r.method} ${r.path.replace("/api/workspaces/acme/projects/p1", "")} ${JSON.stringify(r.body)}`);
    const s = settle(entries, first, answer(first, n));
    entries = entries
      .filter((e) => !s.drop.includes(e.seq))
      .map((e) => {
        const w = s.rewrite.find((x) => x.seq === e.seq);
        return w ? { ...e, issue_id: w.issue_id, body: w.body } : e;
      });
  }
  return sent;
}

describe("the outbox's requests", () => {
  it("send a create's and a comment's Idempotency-Key (made once on the server however often sent); edits have none", () => {
    const keyed = { ...entry(1, "create", NEW, { name: "New" }), key: "k-1" };
    expect(outboxRequest(keyed).headers).toEqual({ "Idempotency-Key": "k-1" });
    const comment = { ...entry(2, "comment", "i1", { comment_html: "<p>hi</p>" }), key: "k-2" };
    expect(outboxRequest(comment).headers).toEqual({ "Idempotency-Key": "k-2" });
    expect(outboxRequest({ ...entry(3, "update", "i1", { name: "x" }), key: "k-3" }).headers).toEqual({});
    // a write kept before keys were: sent as it always was
    expect(outboxRequest(entry(4, "create", NEW, { name: "Old" })).headers).toEqual({});
  });
});

describe("the outbox's replay (creates, comments and edits made offline)", () => {
  it("sends in the order written; an edit and a comment of an item created offline go after it, on the server's id", () => {
    const sent = replay(
      [
        entry(3, "update", NEW, { priority: "high" }),
        entry(1, "create", NEW, { name: "Made offline" }),
        entry(2, "comment", "i1", { comment_html: "<p>hi</p>" }),
        entry(4, "comment", NEW, { comment_html: "<p>on the new one</p>" }),
      ],
      (e) => (e.op === "create" ? { kind: "created", id: "srv-1" } : { kind: "sent" }),
    );
    expect(sent).toEqual([
      'POST /issues/ {"name":"Made offline"}',
      'POST /issues/i1/comments/ {"access":"INTERNAL","comment_html":"<p>hi</p>"}',
      'PATCH /issues/srv-1/ {"priority":"high"}',
      'POST /issues/srv-1/comments/ {"access":"INTERNAL","comment_html":"<p>on the new one</p>"}',
    ]);
  });

  it("a sub-item created under an item created offline names the parent's server id", () => {
    const sent = replay(
      [
        entry(1, "create", NEW, { name: "Parent" }),
        entry(2, "create", "local-child", { name: "Child", parent_id: NEW }),
        entry(3, "update", "i9", { parent_id: NEW }),
      ],
      (e, n) => (e.op === "create" ? { kind: "created", id: `srv-${n}` } : { kind: "sent" }),
    );
    expect(sent).toEqual([
      'POST /issues/ {"name":"Parent"}',
      'POST /issues/ {"name":"Child","parent_id":"srv-0"}',
      'PATCH /issues/i9/ {"parent_id":"srv-0"}',
    ]);
  });

  it("a refused create takes along the writes that needed it, and only those", () => {
    const entries = [
      entry(1, "create", NEW, { name: "" }),
      entry(2, "update", NEW, { priority: "low" }),
      entry(3, "create", "local-child", { name: "Child", parent_id: NEW }),
      entry(4, "comment", "local-child", { comment_html: "<p>x</p>" }),
      entry(5, "comment", "i1", { comment_html: "<p>kept</p>" }),
      entry(6, "update", "i2", { priority: "urgent" }),
    ];
    expect(settle(entries, entries[0], { kind: "refused" })).toEqual({ drop: [1, 2, 3, 4], rewrite: [] });
    const sent = replay(entries, (e) => (e.op === "create" ? { kind: "refused" } : { kind: "sent" }));
    expect(sent).toEqual([
      'POST /issues/ {"name":""}',
      'POST /issues/i1/comments/ {"access":"INTERNAL","comment_html":"<p>kept</p>"}',
      'PATCH /issues/i2/ {"priority":"urgent"}',
    ]);
  });

  it("an edit or comment refused leaves only itself; a sent one changes no other write", () => {
    const entries = [entry(1, "comment", "i1", { comment_html: "a" }), entry(2, "update", "i1", { name: "b" })];
    expect(settle(entries, entries[0], { kind: "refused" })).toEqual({ drop: [1], rewrite: [] });
    expect(settle(entries, entries[0], { kind: "sent" })).toEqual({ drop: [1], rewrite: [] });
  });

  it("temporary ids: made fresh, told apart from the server's, and what a write still waits for", () => {
    const id = newLocalId();
    expect(isLocalId(id)).toBe(true);
    expect(id).not.toBe(newLocalId());
    expect(isLocalId("0b6c7f7e-8f7e-4c3b-9a1e-2f4d5e6a7b8c")).toBe(false);
    expect(waitsFor(entry(1, "create", NEW, { name: "x" }))).toBeNull();
    expect(waitsFor(entry(2, "comment", NEW))).toBe(NEW);
    expect(waitsFor(entry(3, "update", "i1", { parent_id: NEW }))).toBe(NEW);
    expect(outboxRequest({ ...entry(4, "update", "e1", { name: "x" }), kind: "epics" }).path).toBe(
      "/api/workspaces/acme/projects/p1/epics/e1/",
    );
  });
});
