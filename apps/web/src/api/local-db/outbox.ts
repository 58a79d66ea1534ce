/**
 * The outbox's rules, pure (no SQLite, no fetch): what each kept write sends, and what becomes of the writes after it
 * once the server answered. Writes are sent one at a time, oldest first (`seq`), so an item created here is on the
 * server before any edit or comment of it; its server id then replaces the temporary one in every later write (and
 * in a later create naming it as parent). A create the server refuses takes the writes that needed it along.
 */

/** What a kept write is: an edit of an item (schema 2's only kind), a new item, a comment on an item. */
export type OutboxOp = "update" | "create" | "comment";

/** A write kept in the outbox until the server has it. */
export interface OutboxEntry {
  seq: number;
  workspace: string;
  project_id: string;
  /** The item edited or commented on; for a create, the new item's temporary id. */
  issue_id: string;
  /** `issues` or `epics` (the path it is sent on). */
  kind: string;
  op: OutboxOp;
  /** PATCH fields (update), POST body (create), `{comment_html}` (comment). */
  body: Record<string, unknown>;
  /** Each edited field's value when the edit was made (update only). */
  base: Record<string, unknown>;
  /** A create's or comment's `Idempotency-Key`: sent again, the server answers as the first time (none: older writes). */
  key?: string | null;
}

/** A new item or a comment waiting in the outbox (what the screens show as pending). */
export interface PendingWrite {
  seq: number;
  op: "create" | "comment";
  project_id: string;
  issue_id: string;
  /** The new item's name, or the comment's HTML. */
  text: string;
  created_at: string;
}

/** Temporary ids of items created here, until the server gives theirs. */
export const LOCAL_ID_PREFIX = "local-";
export const isLocalId = (id: unknown): id is string => typeof id === "string" && id.startsWith(LOCAL_ID_PREFIX);
export const newLocalId = (): string => `${LOCAL_ID_PREFIX}${crypto.randomUUID()}`;

const W = (slug: string) => `/api/workspaces/${encodeURIComponent(slug)}`;
const P = (slug: string, pid: string) => `${W(slug)}/projects/${pid}`;

/** The header that makes a POST run once on the server (apps/server/src/http/idempotency.ts). */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";
/** A new request key (a create's or a comment's, before its first send). */
export const newRequestKey = (): string => crypto.randomUUID();

/** The request a write makes (a create or comment with its key: sent again, it is made once). */
export function outboxRequest(e: OutboxEntry): {
  method: "POST" | "PATCH";
  path: string;
  body: Record<string, unknown>;
  headers: Record<string, string>;
} {
  const items = `${P(e.workspace, e.project_id)}/${e.kind === "epics" ? "epics" : "issues"}/`;
  const headers: Record<string, string> = e.op !== "update" && e.key ? { [IDEMPOTENCY_HEADER]: e.key } : {};
  if (e.op === "create") return { method: "POST", path: items, body: e.body, headers };
  if (e.op === "comment")
    return {
      method: "POST",
      path: `${items}${e.issue_id}/comments/`,
      body: { access: "INTERNAL", ...e.body },
      headers,
    };
  return { method: "PATCH", path: `${items}${e.issue_id}/`, body: e.body, headers };
}

/** The temporary id a write still needs the server's id for (it cannot be sent before), or null. */
export function waitsFor(e: OutboxEntry): string | null {
  if (e.op !== "create" && isLocalId(e.issue_id)) return e.issue_id;
  if (isLocalId(e.body.parent_id)) return e.body.parent_id;
  return null;
}

/** What the server made of the oldest write. */
export type Answer = { kind: "sent" } | { kind: "created"; id: string } | { kind: "refused" };

/** What to do to the outbox after an answer: writes to drop (the one answered first), writes to point at new ids. */
export interface Settlement {
  drop: number[];
  rewrite: { seq: number; issue_id: string; body: Record<string, unknown> }[];
}

/**
 * After the server answered `sent` (the oldest of `entries`): it leaves the outbox; a created item's server id
 * replaces its temporary one in the later writes; a refused create takes along every write that needed it (edits and
 * comments of that item, items created under it, and theirs in turn).
 */
export function settle(entries: OutboxEntry[], sent: OutboxEntry, answer: Answer): Settlement {
  const rest = entries.filter((e) => e.seq !== sent.seq);
  if (answer.kind === "created" && sent.op === "create") {
    const from = sent.issue_id;
    const rewrite: Settlement["rewrite"] = [];
    for (const e of rest) {
      const issue_id = e.issue_id === from && e.op !== "create" ? answer.id : e.issue_id;
      const body = e.body.parent_id === from ? { ...e.body, parent_id: answer.id } : e.body;
      if (issue_id !== e.issue_id || body !== e.body) rewrite.push({ seq: e.seq, issue_id, body });
    }
    return { drop: [sent.seq], rewrite };
  }
  if (answer.kind === "refused" && sent.op === "create") {
    const gone = new Set([sent.issue_id]);
    const drop = [sent.seq];
    for (const e of rest) {
      const needs = waitsFor(e);
      if (!needs || !gone.has(needs)) continue;
      drop.push(e.seq);
      if (e.op === "create") gone.add(e.issue_id);
    }
    return { drop, rewrite: [] };
  }
  return { drop: [sent.seq], rewrite: [] };
}
