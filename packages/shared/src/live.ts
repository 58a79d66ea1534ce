/**
 * The realtime channel's protocol (`/live/` websocket), shared by the server (apps/server/src/live/) and the web
 * client (apps/web/src/api/live.ts). Events are ids and field names, never rows: a client refetches or patches.
 */

/** Path of the websocket endpoint. */
export const LIVE_PATH = "/live/";

/** Path of the collaborative page editing websocket (Yjs / Hocuspocus; one document per page, named by its id). */
export const COLLAB_PATH = "/live/collaboration";
/** Whether an upgrade request is for the collaboration server (with or without the trailing slash). */
export const isCollabPath = (pathname: string): boolean => pathname === COLLAB_PATH || pathname === `${COLLAB_PATH}/`;

/** Topics a client may subscribe to; the server checks the caller may read each one on every subscribe. */
export type LiveTopicKind = "workspace" | "project" | "issue" | "user";
export interface LiveTopic {
  kind: LiveTopicKind;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const KINDS: readonly LiveTopicKind[] = ["workspace", "project", "issue", "user"];

/** `kind:uuid` → topic, or null when it is not one. */
export function parseLiveTopic(topic: unknown): LiveTopic | null {
  if (typeof topic !== "string" || topic.length > 80) return null;
  const i = topic.indexOf(":");
  const kind = topic.slice(0, i) as LiveTopicKind;
  const id = topic.slice(i + 1).toLowerCase();
  if (i < 0 || !KINDS.includes(kind) || !UUID.test(id)) return null;
  return { kind, id };
}

export function liveTopic(kind: LiveTopicKind, id: string): string {
  return `${kind}:${id}`;
}

/**
 * Documents (agents.md §4) on the same channel: `clusters/<projectId>`, `executions/<id>` (its records after
 * the subscribe's `after` seq) and `sandboxes/<id>`. A subscribe answers `subscribed`, then a `doc` message
 * with the whole document and again on every change; each carries `updated_at` and the client ignores one
 * older than what it holds.
 */
export type LiveDocKind = "clusters" | "executions" | "sandboxes";
const DOC_KINDS: readonly LiveDocKind[] = ["clusters", "executions", "sandboxes"];
export interface LiveDoc {
  kind: LiveDocKind;
  id: string;
}

/** `kind/uuid` → document, or null when it is not one. */
export function parseLiveDoc(topic: unknown): LiveDoc | null {
  if (typeof topic !== "string" || topic.length > 80) return null;
  const i = topic.indexOf("/");
  const kind = topic.slice(0, i) as LiveDocKind;
  const id = topic.slice(i + 1).toLowerCase();
  if (i < 0 || !DOC_KINDS.includes(kind) || !UUID.test(id)) return null;
  return { kind, id };
}

export function liveDoc(kind: LiveDocKind, id: string): string {
  return `${kind}/${id}`;
}

/** Whether a document's `updated_at` is older than the one held (then the update is ignored; platform.md §4). */
export function docIsOlder(incoming: string | null | undefined, held: string | null | undefined): boolean {
  if (!incoming || !held) return false;
  return Date.parse(incoming) < Date.parse(held);
}

/**
 * One committed change of one row (db/sql/live-events.sql): `t` the table, `id` the row, `op` what happened,
 * `p` its project, `i` the work item it belongs to, `c` that item's creator, `f` the changed columns (updates),
 * `v` the row's updated_at after the change (ISO).
 */
export interface LiveEvent {
  t: string;
  id: string;
  op: "insert" | "update" | "delete";
  p?: string;
  i?: string;
  c?: string;
  f?: string[];
  v?: string;
}

/**
 * Client → server. `since`: the last sequence number the client holds of the topic (catch-up from there).
 * `recent` (first subscribe, no number yet): also replay the events of the last `recent` ms (at most
 * LIVE_RECENT_MAX_MS), covering writes committed between the screen's fetches and the subscription.
 * `after` (an `executions/<id>` document): send only the records numbered after it.
 */
export type LiveClientMessage =
  | { type: "sub"; topic: string; since?: number; recent?: number; after?: number }
  | { type: "unsub"; topic: string }
  | { type: "ping" };

/** Refusal reasons of a subscribe. */
export type LiveRefusal = "invalid" | "forbidden";

/** Server → client. */
export type LiveServerMessage =
  | { type: "hello"; user: string }
  | { type: "subscribed"; topic: string; seq: number }
  | { type: "refused"; topic: string; reason: LiveRefusal }
  /** The caller may no longer read the topic (membership removed): the subscription is gone. */
  | { type: "revoked"; topic: string }
  | { type: "event"; topic: string; seq: number; event: LiveEvent }
  /** A document's current state (documents only; `doc.updated_at` orders them). */
  | { type: "doc"; topic: string; doc: { updated_at: string } }
  /** Events since the client's `since` are no longer all kept: refetch everything of the topic. */
  | { type: "reset"; topic: string; seq: number }
  | { type: "pong" };

/** Events a catch-up replays at most; beyond that the client gets `reset` and refetches. */
export const LIVE_CATCH_UP_MAX = 500;
export const LIVE_RECENT_MAX_MS = 60_000;
