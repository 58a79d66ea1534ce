import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import type { LiveClientMessage, LiveServerMessage } from "@stride/shared";
import { readLiveDoc } from "./live.ts";
import { qk } from "./query-keys.ts";

/** A socket that answers like the server's `/live/`: hello on open, then whatever `answer` says to each message. */
class FakeSocket {
  static OPEN = 1;
  static answer: (msg: LiveClientMessage) => LiveServerMessage | null = () => null;
  static sent: LiveClientMessage[] = [];
  readyState = 0;
  onmessage: ((m: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor() {
    setTimeout(() => {
      this.readyState = FakeSocket.OPEN;
      this.push({ type: "hello", user: "u1" });
    }, 0);
  }
  send(data: string) {
    const msg = JSON.parse(data) as LiveClientMessage;
    FakeSocket.sent.push(msg);
    const reply = FakeSocket.answer(msg);
    if (reply) setTimeout(() => this.push(reply), 0);
  }
  close() {
    this.readyState = 3;
  }
  private push(msg: LiveServerMessage) {
    this.onmessage?.({ data: JSON.stringify(msg) });
  }
}

describe("readLiveDoc", () => {
  beforeEach(() => {
    FakeSocket.sent = [];
    vi.stubGlobal("WebSocket", FakeSocket);
    vi.stubGlobal("location", { protocol: "http:", host: "stride.test" });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("gives up at once when the server refuses the document, instead of waiting out its timeout", async () => {
    FakeSocket.answer = (m) => (m.type === "sub" ? { type: "refused", topic: m.topic, reason: "forbidden" } : null);
    const qc = new QueryClient();
    // a timeout no test could outwait (vitest's own ends it first): only the refusal can end the wait
    const doc = await readLiveDoc(qc, "clusters/p-refused", { slug: "acme", pid: "p-refused" }, 3_600_000);
    expect(doc).toBeUndefined();
    expect(FakeSocket.sent).toContainEqual({ type: "sub", topic: "clusters/p-refused" });
  });

  it("resolves with the document the server sends", async () => {
    FakeSocket.answer = (m) =>
      m.type === "sub"
        ? ({
            type: "doc",
            topic: m.topic,
            doc: { updated_at: "2026-11-25T00:00:00Z", id: "p-sent" },
          } as LiveServerMessage)
        : null;
    const qc = new QueryClient();
    const doc = await readLiveDoc<{ updated_at: string; id: string }>(
      qc,
      "clusters/p-sent",
      { slug: "acme", pid: "p-sent" },
      3_600_000,
    );
    expect(doc?.id).toBe("p-sent");
    expect(qc.getQueryData(qk.liveDoc("clusters/p-sent"))).toMatchObject({ id: "p-sent" });
  });
});
