import WebSocket from "ws";
import type { LiveServerMessage } from "@stride/shared";
import { connect } from "../../src/db/client.ts";
import { createAppContext } from "../../src/boot.ts";
import { buildServer } from "../../src/app.ts";
import type { Client } from "./client.ts";
import type { TestServer } from "./server.ts";

/** A realtime-channel client for API tests: a real websocket to `/live/` with the client's session cookie. */
export class LiveClient {
  messages: LiveServerMessage[] = [];
  closed: { code: number } | null = null;
  private waiters: Array<() => void> = [];

  private constructor(readonly ws: WebSocket) {
    ws.on("message", (d) => {
      this.messages.push(JSON.parse(d.toString()));
      for (const w of this.waiters.splice(0)) w();
    });
    ws.on("close", (code) => {
      this.closed = { code };
      for (const w of this.waiters.splice(0)) w();
    });
  }

  /** Open a socket as `c` (its cookies) on the server at `baseUrl`; rejects with the HTTP status when refused. */
  static open(
    baseUrl: string,
    c: Client | null,
    opts: { origin?: string; path?: string; token?: string } = {},
  ): Promise<LiveClient> {
    const url =
      baseUrl.replace(/^http/, "ws") +
      (opts.path ?? "/live/") +
      (opts.token ? `?token=${encodeURIComponent(opts.token)}` : "");
    const headers: Record<string, string> = {};
    if (c && c.cookies.size) headers.cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    if (opts.origin) headers.origin = opts.origin;
    const ws = new WebSocket(url, { headers });
    return new Promise((resolve, reject) => {
      ws.once("open", () => resolve(new LiveClient(ws)));
      ws.once("unexpected-response", (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
      ws.once("error", reject);
    });
  }

  send(msg: unknown): void {
    this.ws.send(JSON.stringify(msg));
  }

  /** Wait until a message satisfies `pred` (looking at those already received too) and return it. */
  async waitFor<T extends LiveServerMessage>(pred: (m: LiveServerMessage) => boolean, timeoutMs = 10_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.find(pred);
      if (found) return found as T;
      if (this.closed)
        throw new Error(`socket closed (${this.closed.code}) while waiting; got ${JSON.stringify(this.messages)}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out; got ${JSON.stringify(this.messages)}`);
      await new Promise<void>((r) => {
        const timer = setTimeout(r, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          r();
        });
      });
    }
  }

  /** Subscribe and wait for the answer (subscribed or refused). */
  async subscribe(topic: string, since?: number): Promise<LiveServerMessage> {
    const before = this.messages.length;
    this.send({ type: "sub", topic, ...(since !== undefined ? { since } : {}) });
    return this.waitFor(
      (m) =>
        this.messages.indexOf(m) >= before &&
        "topic" in m &&
        m.topic === topic &&
        (m.type === "subscribed" || m.type === "refused"),
    );
  }

  events(topic?: string) {
    return this.messages.flatMap((m) => (m.type === "event" && (!topic || m.topic === topic) ? [m] : []));
  }

  close(): void {
    this.ws.terminate();
  }
}

/** A second Stride instance on the test server's database (its own pool, LISTEN connection and port). */
export async function secondInstance(t: TestServer): Promise<{ url: string; close: () => Promise<void> }> {
  const db = connect(t.dbUrl!, { max: 4, acquireTimeoutMs: t.app.config.dbAcquireTimeoutMs });
  const app = createAppContext(t.app.config, db);
  const server = await buildServer(app, {});
  await server.listen({ port: 0, host: "127.0.0.1" });
  const addr = server.server.address();
  const url = `http://127.0.0.1:${typeof addr === "object" && addr ? addr.port : 0}`;
  return {
    url,
    close: async () => {
      await server.close();
      await app.jobs.stop();
      await db.close();
    },
  };
}
