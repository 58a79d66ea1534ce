import type postgres from "postgres";
import { LIVE_CATCH_UP_MAX, type LiveEvent, type LiveServerMessage } from "@stride/shared";
import { ACCESS_TABLES, eventAllowed, type LiveScope } from "../domain/live-filter.ts";
import { projectVisible } from "../domain/live-access.ts";

/** The NOTIFY channel the commit-time flush (db/sql/live-events.sql) announces events on. */
export const LIVE_CHANNEL = "stride_live";

/** Where a subscription's messages go and whose rights filter them (a connection). */
export interface LiveSink {
  userId: string;
  send(msg: LiveServerMessage): void;
  /** Re-decide the subscription's scope (null: revoked). */
  rescope(topic: string): Promise<LiveScope | null>;
}

/**
 * One subscription of one connection to one topic. Everything it does (catch-up, live events, rechecks) runs
 * in order on one promise chain, so events reach the client in stream order with no gap and no duplicate:
 * an event numbered beyond `cursor + 1` means some were missed (a lost LISTEN connection, an event too large
 * for NOTIFY) and the missing ones are read from live_events first.
 */
export class LiveSubscription {
  cursor = 0;
  private chain: Promise<void> = Promise.resolve();
  closed = false;

  constructor(
    private hub: LiveHub,
    readonly sink: LiveSink,
    readonly topic: string,
    public scope: LiveScope,
  ) {}

  private run(step: () => Promise<void> | void): Promise<void> {
    this.chain = this.chain
      .then(async () => {
        if (!this.closed) await step();
      })
      .catch((e) =>
        this.hub.log(`live: subscription ${this.topic} failed: ${e instanceof Error ? e.message : String(e)}`),
      );
    return this.chain;
  }

  /** Start at `since` (catch up from there), or at the stream's current end less the last `recentMs`. */
  start(since: number | undefined, recentMs = 0): Promise<void> {
    return this.run(async () => {
      if (since === undefined) {
        this.cursor = await this.hub.head(this.scope.stream, recentMs);
        if (recentMs > 0) await this.catchUp();
      } else {
        this.cursor = since;
        await this.catchUp();
      }
      this.sink.send({ type: "subscribed", topic: this.topic, seq: this.cursor });
    });
  }

  offer(seq: number, event: LiveEvent | null): void {
    void this.run(async () => {
      if (seq <= this.cursor) return;
      if (seq > this.cursor + 1 || !event) {
        await this.catchUp();
        return;
      }
      await this.deliver(seq, event);
    });
  }

  /** Read what was missed since `cursor`; when some of it is no longer kept, tell the client to refetch. */
  resync(): void {
    void this.run(() => this.catchUp());
  }

  recheck(): void {
    void this.run(async () => {
      const scope = await this.sink.rescope(this.topic);
      if (!scope) {
        this.hub.remove(this);
        this.sink.send({ type: "revoked", topic: this.topic });
        return;
      }
      this.scope = scope;
    });
  }

  private async catchUp(): Promise<void> {
    const { head, events } = await this.hub.since(this.scope.stream, this.cursor);
    const gap =
      head < this.cursor ||
      events.length > LIVE_CATCH_UP_MAX ||
      (head > this.cursor && events[0]?.seq !== this.cursor + 1);
    if (gap) {
      this.cursor = head;
      this.sink.send({ type: "reset", topic: this.topic, seq: head });
      return;
    }
    for (const e of events) await this.deliver(e.seq, e.event);
  }

  private async deliver(seq: number, event: LiveEvent): Promise<void> {
    this.cursor = seq;
    let ok = eventAllowed(this.scope, event, this.sink.userId);
    if (ok === "project") ok = (await projectVisible(this.hub.sql, this.sink.userId, event.id)) ? "yes" : "no";
    if (ok === "yes") this.sink.send({ type: "event", topic: this.topic, seq, event });
    if (ACCESS_TABLES.has(event.t)) this.hub.recheckStream(this.scope.stream);
  }
}

/**
 * The instance's side of the fan-out: one LISTEN connection to PostgreSQL, and the subscriptions of this
 * instance's sockets per stream. NOTIFY is delivered to every instance on the database, only after commit.
 */
export class LiveHub {
  private streams = new Map<string, Set<LiveSubscription>>();
  private listener: { unlisten: () => Promise<void> } | null = null;
  private listening = false;
  private recheckTimers = new Map<string, NodeJS.Timeout>();

  constructor(
    readonly sql: postgres.Sql,
    readonly log: (m: string) => void,
  ) {}

  async start(): Promise<void> {
    this.listener = await this.sql.listen(
      LIVE_CHANNEL,
      (payload) => this.onNotify(payload),
      () => {
        // (re)connected: anything committed while the LISTEN connection was down is read from live_events
        if (this.listening) for (const subs of this.streams.values()) for (const s of subs) s.resync();
        this.listening = true;
      },
    );
  }

  async stop(): Promise<void> {
    for (const t of this.recheckTimers.values()) clearTimeout(t);
    this.recheckTimers.clear();
    await this.listener?.unlisten().catch(() => {});
    this.listener = null;
  }

  subscriptionCount(): number {
    let n = 0;
    for (const s of this.streams.values()) n += s.size;
    return n;
  }

  add(sink: LiveSink, topic: string, scope: LiveScope, since: number | undefined, recentMs = 0): LiveSubscription {
    const sub = new LiveSubscription(this, sink, topic, scope);
    let set = this.streams.get(scope.stream);
    if (!set) this.streams.set(scope.stream, (set = new Set()));
    set.add(sub);
    void sub.start(since, recentMs);
    return sub;
  }

  remove(sub: LiveSubscription): void {
    sub.closed = true;
    const set = this.streams.get(sub.scope.stream);
    set?.delete(sub);
    if (set && set.size === 0) this.streams.delete(sub.scope.stream);
  }

  /** Membership or visibility may have changed: re-decide every subscription to the stream (once per burst). */
  recheckStream(stream: string): void {
    if (this.recheckTimers.has(stream)) return;
    this.recheckTimers.set(
      stream,
      setTimeout(() => {
        this.recheckTimers.delete(stream);
        for (const s of this.streams.get(stream) ?? []) s.recheck();
      }, 50),
    );
  }

  /** The stream's last sequence number (0 before its first event), or the last one older than `recentMs`. */
  async head(stream: string, recentMs = 0): Promise<number> {
    if (recentMs > 0) {
      const [r] = await this.sql<{ seq: string }[]>`
        SELECT coalesce(
          (SELECT max(seq) FROM live_events WHERE stream = ${stream} AND at < now() - make_interval(secs => ${recentMs / 1000})),
          (SELECT min(seq) - 1 FROM live_events WHERE stream = ${stream}),
          (SELECT seq FROM live_streams WHERE stream = ${stream}), 0) AS seq`;
      return Number(r.seq);
    }
    const [r] = await this.sql<{ seq: string }[]>`SELECT seq FROM live_streams WHERE stream = ${stream}`;
    return r ? Number(r.seq) : 0;
  }

  /** Events after `cursor` (at most one more than a catch-up replays) and the stream's head, in one snapshot. */
  async since(stream: string, cursor: number): Promise<{ head: number; events: { seq: number; event: LiveEvent }[] }> {
    const rows = await this.sql<{ head: string | null; seq: string | null; event: LiveEvent | null }[]>`
      SELECT h.seq AS head, e.seq, e.event FROM (SELECT coalesce((SELECT seq FROM live_streams WHERE stream = ${stream}), 0) AS seq) h
      LEFT JOIN LATERAL (SELECT seq, event FROM live_events WHERE stream = ${stream} AND seq > ${cursor} ORDER BY seq LIMIT ${LIVE_CATCH_UP_MAX + 1}) e ON true
      ORDER BY e.seq`;
    const head = Number(rows[0]?.head ?? 0);
    return { head, events: rows.filter((r) => r.seq !== null).map((r) => ({ seq: Number(r.seq), event: r.event! })) };
  }

  private onNotify(payload: string): void {
    let msg: { s?: unknown; q?: unknown; e?: LiveEvent };
    try {
      msg = JSON.parse(payload);
    } catch {
      return;
    }
    if (typeof msg.s !== "string" || typeof msg.q !== "number") return;
    const subs = this.streams.get(msg.s);
    if (!subs) return;
    for (const sub of subs) sub.offer(msg.q, msg.e ?? null);
  }
}
