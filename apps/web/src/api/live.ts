import { useEffect, useSyncExternalStore } from "react";
import { useQuery, useQueryClient, type QueryClient, type QueryKey } from "@tanstack/react-query";
import { LIVE_PATH, type LiveClientMessage, type LiveEvent, type LiveServerMessage } from "@stride/shared";
import {
  docAfter,
  eventIsOlder,
  liveInvalidations,
  liveRemovals,
  liveTopicKeys,
  mergeDoc,
  type LiveCtx,
} from "./live-map.ts";
import { cachedItem } from "./work-items.ts";
import { qk } from "./query-keys.ts";
import { bootLiveCursor, forgetBootAnswers } from "./boot-data.ts";
import { tellLiveEvent, tellLiveGap } from "./live-listeners.ts";

/**
 * The web side of the realtime channel (`/live/`): one websocket per tab, opened when a signed-in screen first
 * asks for a topic (useLiveTopic) and closed when none is wanted. Events become TanStack Query invalidations
 * (api/live-map.ts), batched and held back while the tab's own writes are in flight (their optimistic state is
 * not refetched away mid-write). Each topic's last sequence number is kept for the tab's life: a reconnect or a
 * return to a screen catches up from it exactly; a first subscribe replays the last moments, covering writes
 * made between the screen's fetches and the subscription. When the socket is down the status is
 * "reconnecting" (LiveIndicator) and it retries with backoff.
 */
export type LiveStatus = "idle" | "connecting" | "open" | "reconnecting";

/** A first subscribe replays at most this much recent history (the server caps it too). */
const RECENT_MS = 15_000;
/** After the page's first moments, a new subscription (in-app navigation, data asked for moments before) replays this much. */
const LATER_SCREEN_MS = 2_000;
const COMMIT_SLACK_MS = 250;
/**
 * How far back a new subscription replays: while the page is young, the time since navigation began (the page's
 * data, embedded or fetched, was read after it, so older writes are in it); later, a short window. Replaying older
 * writes would only refetch what the screen already shows.
 */
function recentWindow(): number {
  const age = typeof performance !== "undefined" ? performance.now() : RECENT_MS;
  const since = age < RECENT_MS ? age + COMMIT_SLACK_MS : LATER_SCREEN_MS;
  return Math.max(1, Math.min(RECENT_MS, Math.round(since)));
}

/** The server's stream of a topic: a work item's events come on its project's stream (server live/access.ts). */
function liveStream(topic: string, ctx: LiveCtx): string {
  return topic.startsWith("issue:") ? (ctx.pid ? `project:${ctx.pid}` : "") : topic;
}

/** A topic no screen wants any more stays subscribed this long (back-and-forth navigation). */
const LINGER_MS = 30_000;
const BATCH_MS = 40;
/** How long the item of a delete or archive event is treated as gone (the rest of its transaction's events). */
const GONE_MS = 5_000;

interface Topic {
  refs: number;
  ctx: LiveCtx;
  linger: ReturnType<typeof setTimeout> | null;
  /** Refused or revoked: not asked again until a screen asks anew. */
  refused: boolean;
}

export class LiveChannel {
  status: LiveStatus = "idle";
  private ws: WebSocket | null = null;
  private topics = new Map<string, Topic>();
  private cursors = new Map<string, number>();
  private listeners = new Set<() => void>();
  private attempt = 0;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private pending = new Map<string, QueryKey>();
  private gone = new Map<string, number>();
  private flushTimer: ReturnType<typeof setTimeout> | null = null;
  private unwatchMutations: (() => void) | null = null;

  constructor(
    private qc: QueryClient,
    private url: () => string = defaultUrl,
  ) {}

  subscribeStatus = (fn: () => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  /** A screen wants `topic`; returns the release. */
  retain(topic: string, ctx: LiveCtx): () => void {
    let t = this.topics.get(topic);
    if (!t) this.topics.set(topic, (t = { refs: 0, ctx, linger: null, refused: false }));
    else if (t.refs === 0) t.refused = false;
    t.ctx = ctx;
    t.refs++;
    if (t.linger) clearTimeout(t.linger);
    t.linger = null;
    if (t.refs === 1) this.ensureOpen(topic);
    return () => {
      const cur = this.topics.get(topic);
      if (!cur || --cur.refs > 0) return;
      cur.linger = setTimeout(() => this.drop(topic), LINGER_MS);
    };
  }

  /** Whether the server refused (or revoked) `topic` for this tab. */
  isRefused(topic: string): boolean {
    return this.topics.get(topic)?.refused ?? false;
  }

  close(): void {
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    const ws = this.ws;
    this.ws = null;
    ws?.close();
    this.setStatus("idle");
  }

  private drop(topic: string) {
    this.topics.delete(topic);
    this.send({ type: "unsub", topic });
    if (this.topics.size === 0) this.close();
  }

  private ensureOpen(topic: string) {
    if (this.ws?.readyState === WebSocket.OPEN) this.sub(topic);
    else if (!this.ws && !this.retry) this.connect();
  }

  private connect() {
    this.retry = null;
    this.setStatus(this.attempt === 0 ? "connecting" : "reconnecting");
    let ws: WebSocket;
    try {
      ws = new WebSocket(this.url());
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.ws = ws;
    ws.onmessage = (m) => {
      if (this.ws !== ws) return;
      try {
        this.onMessage(JSON.parse(String(m.data)) as LiveServerMessage);
      } catch {
        // not ours
      }
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.topics.size) this.scheduleReconnect();
      else this.setStatus("idle");
    };
  }

  private scheduleReconnect() {
    this.setStatus("reconnecting");
    const delay = Math.min(10_000, 300 * 2 ** this.attempt) * (0.75 + Math.random() * 0.5);
    this.attempt++;
    this.retry = setTimeout(() => this.connect(), delay);
  }

  private send(msg: LiveClientMessage) {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(msg));
  }

  private sub(topic: string) {
    const t = this.topics.get(topic);
    if (!t || t.refused) return;
    if (topic.includes("/")) {
      // a document: the server sends it whole on subscribe (an execution's records after those held)
      const held = this.qc.getQueryData<{ updated_at: string; records?: { seq: number }[] }>(qk.liveDoc(topic));
      this.send({ type: "sub", topic, ...(topic.startsWith("executions/") ? { after: docAfter(held) } : {}) });
      return;
    }
    // from this tab's last number; on the first subscribe, from where the page's data was read, else the last moments
    const since = this.cursors.get(topic) ?? bootLiveCursor(liveStream(topic, t.ctx));
    this.send(since === undefined ? { type: "sub", topic, recent: recentWindow() } : { type: "sub", topic, since });
  }

  private onMessage(msg: LiveServerMessage) {
    switch (msg.type) {
      case "hello": {
        const reconnected = this.attempt > 0;
        this.attempt = 0;
        this.setStatus("open");
        for (const topic of this.topics.keys()) this.sub(topic);
        // a topic never subscribed before this socket has nothing to catch up from: refetch what it shows
        if (reconnected)
          for (const [topic, t] of this.topics)
            if (!this.cursors.has(topic)) this.invalidate(liveTopicKeys(topic, t.ctx));
        if (reconnected) for (const [topic, t] of this.topics) if (!topic.includes("/")) tellLiveGap(topic, t.ctx);
        return;
      }
      case "doc":
        this.qc.setQueryData<{ updated_at: string }>(qk.liveDoc(msg.topic), (held) =>
          mergeDoc(msg.topic, held, msg.doc),
        );
        return;
      case "subscribed":
        if (msg.topic.includes("/")) return;
        this.cursors.set(msg.topic, Math.max(this.cursors.get(msg.topic) ?? 0, msg.seq));
        return;
      case "event": {
        this.cursors.set(msg.topic, Math.max(this.cursors.get(msg.topic) ?? 0, msg.seq));
        const t = this.topics.get(msg.topic);
        if (t) this.apply(msg.event, t.ctx);
        return;
      }
      case "reset": {
        this.cursors.set(msg.topic, msg.seq);
        const t = this.topics.get(msg.topic);
        if (t) tellLiveGap(msg.topic, t.ctx);
        if (t) this.invalidate(liveTopicKeys(msg.topic, t.ctx));
        return;
      }
      case "refused":
      case "revoked": {
        const t = this.topics.get(msg.topic);
        if (t) t.refused = true;
        if (t && msg.type === "revoked") this.invalidate(liveTopicKeys(msg.topic, t.ctx));
        return;
      }
    }
  }

  private apply(e: LiveEvent, ctx: LiveCtx) {
    // first: the local database marks what it reads again, so the lists invalidated below wait for it
    tellLiveEvent(e, ctx);
    const pid = e.p ?? ctx.pid;
    if (e.t === "issues" && pid && eventIsOlder(e, cachedItem(this.qc, e.id)?.updated_at)) return;
    if (
      e.t === "projects" &&
      eventIsOlder(e, this.qc.getQueryData<{ updated_at?: string }>(qk.project(ctx.slug, e.id))?.updated_at)
    )
      return;
    // a gone item's entries leave the cache; a screen still showing it (this tab deleting it, on its way back to the
    // list) keeps what it has rather than asking for it again
    const removals = liveRemovals(e, ctx);
    if (removals.length) this.gone.set(e.id, Date.now() + GONE_MS);
    for (const queryKey of removals) this.qc.removeQueries({ queryKey, predicate: (q) => q.getObserversCount() === 0 });
    this.invalidate(liveInvalidations(e, ctx));
  }

  /** Batch invalidations; none while this tab's own writes are in flight (flushed when they settle). */
  private invalidate(keys: QueryKey[]) {
    for (const k of keys) this.pending.set(JSON.stringify(k), k);
    if (!this.flushTimer) this.flushTimer = setTimeout(() => this.flush(), BATCH_MS);
  }

  private flush() {
    this.flushTimer = null;
    if (this.qc.isMutating() > 0) {
      this.unwatchMutations ??= this.qc.getMutationCache().subscribe(() => {
        if (this.qc.isMutating() > 0) return;
        this.unwatchMutations?.();
        this.unwatchMutations = null;
        if (!this.flushTimer) this.flushTimer = setTimeout(() => this.flush(), BATCH_MS);
      });
      return;
    }
    // the other rows of a deleted or archived item's transaction (its activity, assignees, …) refetch nothing of it
    const now = Date.now();
    for (const [id, until] of this.gone) if (until < now) this.gone.delete(id);
    const keys = [...this.pending.values()];
    this.pending.clear();
    const alive = (q: { queryKey: QueryKey }) =>
      !q.queryKey.some((part) => typeof part === "string" && this.gone.has(part));
    // what changed is asked of the server, not answered from the page's embedded data
    if (keys.length) forgetBootAnswers(true);
    for (const queryKey of keys) void this.qc.invalidateQueries({ queryKey, predicate: alive });
  }

  private setStatus(s: LiveStatus) {
    if (this.status === s) return;
    this.status = s;
    for (const fn of this.listeners) fn();
  }
}

function defaultUrl(): string {
  return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}${LIVE_PATH}`;
}

const channels = new WeakMap<QueryClient, LiveChannel>();
function channelOf(qc: QueryClient): LiveChannel {
  let c = channels.get(qc);
  if (!c) channels.set(qc, (c = new LiveChannel(qc)));
  return c;
}

/** Keep the screen's cache live for `topic` (`project:<id>`, `workspace:<id>`, `issue:<id>`, `user:<id>`) while mounted. */
export function useLiveTopic(topic: string | null, slug: string, pid?: string): void {
  const qc = useQueryClient();
  useEffect(() => {
    if (!topic || !slug || typeof WebSocket === "undefined") return;
    return channelOf(qc).retain(topic, { slug, pid });
  }, [qc, topic, slug, pid]);
}

/**
 * A realtime document (agents.md §4: `clusters/<projectId>`, `executions/<id>`, `sandboxes/<id>`) while mounted:
 * undefined until the server sends it, then kept current (older updates ignored, execution records appended).
 * With `watch` false the held document stays but is no longer followed (a finished or stale execution).
 */
export function useLiveDoc<D extends { updated_at: string }>(
  topic: string | null,
  slug: string,
  pid?: string,
  watch = true,
): D | undefined {
  const qc = useQueryClient();
  useEffect(() => {
    if (!topic || !slug || !watch || typeof WebSocket === "undefined") return;
    return channelOf(qc).retain(topic, { slug, pid });
  }, [qc, topic, slug, pid, watch]);
  const q = useQuery<D | null>({
    queryKey: qk.liveDoc(topic ?? ""),
    queryFn: () => null,
    enabled: false,
    staleTime: Infinity,
    gcTime: 10 * 60_000,
  });
  return topic ? (q.data ?? undefined) : undefined;
}

/**
 * Follow a document outside a component (an action that needs it once, e.g. a run's checks) and wait up to
 * `timeoutMs` for it; the subscription lingers like a screen's. Resolves undefined when none came, at once when the
 * server refuses the topic.
 */
export async function readLiveDoc<D extends { updated_at: string }>(
  qc: QueryClient,
  topic: string,
  ctx: LiveCtx,
  timeoutMs = 5000,
): Promise<D | undefined> {
  if (typeof WebSocket === "undefined") return undefined;
  const release = channelOf(qc).retain(topic, ctx);
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const d = qc.getQueryData<D>(qk.liveDoc(topic));
      // a refusal is final for this subscription: nothing more will come, so stop waiting
      if (d || Date.now() > deadline || channelOf(qc).isRefused(topic)) return d ?? undefined;
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    release();
  }
}

/** Whether the server refused this tab `topic` (a document it may not read, or one that does not exist). */
export function liveTopicRefused(qc: QueryClient, topic: string): boolean {
  return channelOf(qc).isRefused(topic);
}

/** The channel's state, for the reconnecting indicator. */
export function useLiveStatus(): LiveStatus {
  const c = channelOf(useQueryClient());
  return useSyncExternalStore(
    c.subscribeStatus,
    () => c.status,
    () => "idle",
  );
}
