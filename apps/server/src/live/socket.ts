import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { WebSocketServer, type WebSocket } from "ws";
import {
  LIVE_PATH,
  LIVE_RECENT_MAX_MS,
  isCollabPath,
  parseLiveDoc,
  parseLiveTopic,
  type LiveClientMessage,
  type LiveServerMessage,
} from "@stride/shared";
import type { AppContext } from "../core/context.ts";
import { originTrust } from "../http/security.ts";
import { jsonTooDeep } from "../http/json-depth.ts";
import { resolveSession } from "../http/session.ts";
import { LiveHub, type LiveSink, type LiveSubscription } from "./hub.ts";
import { stillSignedIn, topicScope } from "../domain/live-access.ts";
import { verifyLiveToken } from "../http/live-token.ts";
import { DocumentFeed, documentScope } from "./documents.ts";
import type { LiveScope } from "../domain/live-filter.ts";

/** Subscriptions one socket may hold. */
const MAX_TOPICS = 200;
/** A client that reads slower than this much queued output is dropped (it reconnects and catches up). */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/** How often a connection's session and every subscription's access are checked again. */
const RECHECK_MS = 60_000;
/** A client message is one flat object (`{type, topic, since}`); anything nested deeper is dropped unparsed. */
const LIVE_MESSAGE_DEPTH = 8;
/** Websocket pings; a socket that misses one is closed. */
const PING_MS = 30_000;

export interface LiveOptions {
  recheckMs?: number;
}

/**
 * The realtime channel: GET `/live/` upgraded to a websocket, authenticated by the session cookie (or a signed
 * short-lived `?token=`, token.ts), from a trusted origin only (core/security.ts). See hub.ts for the fan-out.
 */
export async function registerLive(
  fastify: FastifyInstance,
  app: AppContext,
  opts: LiveOptions = {},
): Promise<LiveHub> {
  const hub = new LiveHub(app.sql, (m) => fastify.log.warn(m));
  const wss = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 });
  const trusted = originTrust(app.config);
  const connections = new Set<LiveConnection>();
  let started: Promise<void> | null = null;
  app.metrics?.realtimeSource("live", () => connections.size);

  const refuse = (socket: Duplex, status: number, text: string) => {
    socket.end(
      `HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: application/json\r\n\r\n${JSON.stringify({ detail: text })}`,
    );
  };

  fastify.server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://x");
      // the collaboration server (src/collab/) answers its own upgrades
      if (isCollabPath(url.pathname)) return;
      if (url.pathname !== LIVE_PATH && url.pathname !== LIVE_PATH.slice(0, -1))
        return refuse(socket, 404, "Not Found");
      const origin = req.headers.origin;
      if (typeof origin === "string" && !trusted({ host: req.headers.host ?? "" } as FastifyRequest, origin))
        return refuse(socket, 403, "Forbidden");
      let user: { id: string; sessionId: string | null; topics?: string[]; within?: TokenScope } | null = null;
      const token = url.searchParams.get("token");
      if (token) {
        const claims = verifyLiveToken(app.secretKey, token);
        if (claims && (await stillSignedIn(app.sql, claims.u, null))) {
          user = {
            id: claims.u,
            sessionId: null,
            topics: claims.t,
            ...(claims.w ? { within: { workspace: claims.w, projects: new Set(claims.p) } } : {}),
          };
        }
      } else {
        const cookies = fastify.parseCookie(req.headers.cookie ?? "");
        const s = await resolveSession(app, { cookies } as unknown as FastifyRequest, "app");
        if (s) user = { id: s.user.id, sessionId: s.sessionId };
      }
      if (!user) return refuse(socket, 401, "Unauthorized");
      // LISTEN starts with the first socket; a failed start (database away) is tried again by the next one
      started ??= hub.start().catch((e) => {
        started = null;
        throw e;
      });
      await started;
      const who = user;
      wss.handleUpgrade(req, socket, head, (ws) => {
        const c = new LiveConnection(
          ws,
          app,
          hub,
          who.id,
          who.sessionId,
          who.topics,
          who.within,
          opts.recheckMs ?? RECHECK_MS,
        );
        connections.add(c);
        ws.on("close", () => {
          c.dispose();
          connections.delete(c);
        });
      });
    })().catch((e) => {
      fastify.log.warn(`live: upgrade failed: ${e instanceof Error ? e.message : String(e)}`);
      refuse(socket, 503, "Service Unavailable");
    });
  });

  fastify.addHook("preClose", async () => {
    for (const c of connections) c.ws.terminate();
    connections.clear();
    await hub.stop();
  });
  return hub;
}

/** A subscription token's reach: the streams of its workspace and projects (and the user's own). */
interface TokenScope {
  workspace: string;
  projects: Set<string>;
}

function withinToken(within: TokenScope | undefined, scope: LiveScope): boolean {
  if (!within) return true;
  const [kind, id] = scope.stream.split(":");
  if (kind === "project") return within.projects.has(id);
  if (kind === "workspace") return id === within.workspace;
  return kind === "user";
}

class LiveConnection implements LiveSink {
  private subs = new Map<string, LiveSubscription>();
  private feeds = new Map<string, DocumentFeed>();
  private timers: NodeJS.Timeout[] = [];
  private alive = true;

  constructor(
    readonly ws: WebSocket,
    private app: AppContext,
    private hub: LiveHub,
    readonly userId: string,
    private sessionId: string | null,
    private allowedTopics: string[] | undefined,
    private within: TokenScope | undefined,
    recheckMs: number,
  ) {
    ws.on("message", (data, isBinary) => this.onMessage(isBinary ? "" : data.toString()));
    ws.on("pong", () => {
      this.alive = true;
    });
    this.timers.push(
      setInterval(() => {
        if (!this.alive) return ws.terminate();
        this.alive = false;
        ws.ping();
      }, PING_MS),
    );
    this.timers.push(setInterval(() => void this.recheck(), recheckMs));
    this.send({ type: "hello", user: userId });
  }

  send(msg: LiveServerMessage): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    if (this.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.ws.close(4008, "too slow");
      return;
    }
    this.ws.send(JSON.stringify(msg));
  }

  rescope(topic: string) {
    return topicScope(this.app.sql, this.userId, topic);
  }

  dispose(): void {
    for (const t of this.timers) clearInterval(t);
    for (const topic of [...this.subs.keys()]) this.drop(topic);
  }

  private drop(topic: string): void {
    const s = this.subs.get(topic);
    if (s) this.hub.remove(s);
    this.subs.delete(topic);
    const f = this.feeds.get(topic);
    if (f) f.closed = true;
    this.feeds.delete(topic);
  }

  private async recheck(): Promise<void> {
    try {
      if (!(await stillSignedIn(this.app.sql, this.userId, this.sessionId))) {
        this.ws.close(4401, "signed out");
        return;
      }
      for (const s of this.subs.values()) s.recheck();
    } catch {
      // the database is away: try again at the next tick
    }
  }

  private onMessage(text: string): void {
    let msg: LiveClientMessage;
    // a message nested deeper than any the protocol has is dropped unparsed, as malformed ones are
    if (jsonTooDeep(text, LIVE_MESSAGE_DEPTH)) return;
    try {
      msg = JSON.parse(text);
    } catch {
      return;
    }
    if (!msg || typeof msg !== "object") return;
    if (msg.type === "ping") return this.send({ type: "pong" });
    if (msg.type === "unsub" && typeof msg.topic === "string") return this.drop(msg.topic);
    if (msg.type === "sub" && parseLiveDoc(msg.topic)) void this.subscribeDoc(msg.topic as string, msg.after);
    else if (msg.type === "sub") void this.subscribe(msg.topic, msg.since, msg.recent);
  }

  /** A document (documents.ts): checked like a topic, then fed from its project's stream. */
  private async subscribeDoc(topic: string, after: unknown): Promise<void> {
    const doc = parseLiveDoc(topic)!;
    const afterOk = after === undefined || (typeof after === "number" && Number.isSafeInteger(after) && after >= 0);
    if (!afterOk || (!this.subs.has(topic) && this.subs.size >= MAX_TOPICS))
      return this.send({ type: "refused", topic, reason: "invalid" });
    let scope;
    try {
      scope = await documentScope(this.app, this.userId, doc);
    } catch {
      scope = null;
    }
    if (!scope || this.allowedTopics || !withinToken(this.within, scope))
      return this.send({ type: "refused", topic, reason: "forbidden" });
    this.drop(topic);
    const feed = new DocumentFeed(this.app, this, topic, doc, scope, (after as number | undefined) ?? 0);
    feed.start(this.hub, { stream: scope.stream });
    this.feeds.set(topic, feed);
    this.subs.set(topic, feed.sub!);
  }

  private async subscribe(topic: unknown, since: unknown, recent: unknown): Promise<void> {
    const t = parseLiveTopic(topic);
    const name = typeof topic === "string" ? topic.slice(0, 80) : "";
    const sinceOk = since === undefined || (typeof since === "number" && Number.isSafeInteger(since) && since >= 0);
    if (!t || !sinceOk || (!this.subs.has(name) && this.subs.size >= MAX_TOPICS))
      return this.send({ type: "refused", topic: name, reason: "invalid" });
    const key = `${t.kind}:${t.id}`;
    if (this.allowedTopics && !this.allowedTopics.includes(key))
      return this.send({ type: "refused", topic: name, reason: "forbidden" });
    let scope;
    try {
      scope = await topicScope(this.app.sql, this.userId, key);
    } catch {
      scope = null;
    }
    if (!scope || !withinToken(this.within, scope))
      return this.send({ type: "refused", topic: name, reason: "forbidden" });
    this.drop(name);
    const recentMs = typeof recent === "number" && recent > 0 ? Math.min(recent, LIVE_RECENT_MAX_MS) : 0;
    this.subs.set(name, this.hub.add(this, name, scope, since as number | undefined, recentMs));
  }
}
