import { describe, expect, it } from "vitest";
import { loadSent, recordSent } from "./sent.ts";

/** The local database's options, in memory. */
function options() {
  const m = new Map<string, string>();
  return {
    m,
    setOption: (k: string, v: string | null) => void (v === null ? m.delete(k) : m.set(k, v)),
    optionsLike: (p: string) => [...m].filter(([k]) => k.startsWith(p)).map(([key, value]) => ({ key, value })),
  };
}

describe("new items sent, by temporary id", () => {
  it("are kept across a reopen for a day, then forgotten (a damaged record too)", () => {
    const o = options();
    const t0 = Date.UTC(2026, 11, 7, 12);
    const known = recordSent(o, undefined, "local-a", "srv-a", 7, t0);
    expect(recordSent(o, known, "local-b", "srv-b", 8, t0 + 1000)).toEqual({
      "local-a": { id: "srv-a", sequence_id: 7, at: t0 },
      "local-b": { id: "srv-b", sequence_id: 8, at: t0 + 1000 },
    });
    o.m.set("sent:local-bad", "{not json");
    o.m.set("project:p1:complete", "1");
    // reopened an hour later: both, and the damaged one dropped
    expect(Object.keys(loadSent(o, t0 + 3_600_000))).toEqual(["local-a", "local-b"]);
    expect(o.m.has("sent:local-bad")).toBe(false);
    // a day after the first was sent: only the second is left; other options are untouched
    expect(loadSent(o, t0 + 24 * 3_600_000 + 500)).toEqual({
      "local-b": { id: "srv-b", sequence_id: 8, at: t0 + 1000 },
    });
    expect([...o.m.keys()].sort()).toEqual(["project:p1:complete", "sent:local-b"]);
  });
});
