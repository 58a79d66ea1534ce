/**
 * Idempotent POSTs (issue #28: the web's outbox sends a new work item or a comment again when the first answer was
 * lost — the connection dropped after the server had committed it — and must not make a second one).
 *
 * A POST carrying `Idempotency-Key` (8–255 visible ASCII characters) from a signed-in caller (session cookie or
 * API key) is run once: its key is claimed in `idempotent_requests` before the route runs, and a 2xx answer is kept
 * there for a day (IDEMPOTENCY_RETENTION: core/cleanup.ts deletes older ones). The same caller sending the same key again gets that answer replayed (with
 * `Idempotent-Replayed: true`) and nothing runs; with another path or body it is refused (422); while the first is
 * still running it is refused (409: try again). A refusal or a failure frees the key, so the request may be sent
 * again as it is or changed. A claim whose request never ended (the process died) is taken over after a minute.
 * Requests without the header, or from nobody signed in, are untouched.
 */
import crypto from "node:crypto";
import { sql as dsql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../core/context.ts";
import { errors } from "./errors.ts";
import { hashToken, sessionIdOf } from "./session.ts";

export const IDEMPOTENCY_HEADER = "idempotency-key";
export const REPLAYED_HEADER = "idempotent-replayed";
/** A claim older than this whose request never answered is taken over. */
const STALE_CLAIM_SECONDS = 60;
const KEY_FORMAT = /^[\x21-\x7e]{8,255}$/;

export const IDEMPOTENCY_MESSAGES = {
  format: "Idempotency-Key must be 8 to 255 visible ASCII characters.",
  reused: "This Idempotency-Key was already used for another request.",
  running: "A request with this Idempotency-Key is still being processed; try again.",
} as const;

interface Claim {
  key: string;
}
const claims = new WeakMap<FastifyRequest, Claim>();

/** Who is calling, as a stable secret-derived string (null: nobody signed in, the header is ignored). */
function callerOf(app: AppContext, req: FastifyRequest): string | null {
  const apiKey = req.headers["x-api-key"];
  if (typeof apiKey === "string" && apiKey) return `key:${hashToken(apiKey)}`;
  const session = sessionIdOf(app, req, "app") ?? sessionIdOf(app, req, "admin");
  return session ? `session:${session}` : null;
}

const sha256 = (s: string) => crypto.createHash("sha256").update(s).digest("hex");

/** JSON with each object's keys in order: the same body sent with its keys in another order is the same request. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(",")}]`;
  if (v && typeof v === "object")
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  return JSON.stringify(v ?? null);
}

interface KeptRow {
  method: string;
  path: string;
  body_hash: string;
  status: number | null;
  content_type: string | null;
  body: string | null;
  stale: boolean;
}

/** Claim the key for this request: true when it is ours to run, else the row kept under it. */
async function claim(app: AppContext, key: string, req: FastifyRequest, bodyHash: string): Promise<true | KeptRow> {
  const path = req.url.split("?")[0]!;
  const rows = (await app.db.execute(dsql`
    INSERT INTO idempotent_requests (key, method, path, body_hash)
    VALUES (${key}, ${req.method}, ${path}, ${bodyHash})
    ON CONFLICT (key) DO UPDATE SET created_at = now()
      WHERE idempotent_requests.status IS NULL
        AND idempotent_requests.created_at < now() - make_interval(secs => ${STALE_CLAIM_SECONDS})
        AND idempotent_requests.method = excluded.method AND idempotent_requests.path = excluded.path
        AND idempotent_requests.body_hash = excluded.body_hash
    RETURNING 1`)) as unknown[];
  if (rows.length) return true;
  const kept = (await app.db.execute(dsql`
    SELECT method, path, body_hash, status, content_type, body,
      created_at < now() - make_interval(secs => ${STALE_CLAIM_SECONDS}) AS stale
    FROM idempotent_requests WHERE key = ${key}`)) as unknown as KeptRow[];
  // the key was freed between the two statements (the first request refused): claim it again
  return kept[0] ?? claim(app, key, req, bodyHash);
}

export function registerIdempotency(fastify: FastifyInstance, app: AppContext): void {
  fastify.addHook("preHandler", async (req, reply) => {
    if (req.method !== "POST") return;
    const header = req.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) return;
    const caller = callerOf(app, req);
    if (!caller) return;
    if (typeof header !== "string" || !KEY_FORMAT.test(header)) throw errors.badRequest(IDEMPOTENCY_MESSAGES.format);
    const key = sha256(`${caller}\0${header}`);
    const bodyHash = sha256(canonical(req.body));
    const got = await claim(app, key, req, bodyHash);
    if (got === true) {
      claims.set(req, { key });
      return;
    }
    const samePath = got.method === req.method && got.path === req.url.split("?")[0];
    if (!samePath || got.body_hash !== bodyHash) throw errors.body(422, { error: IDEMPOTENCY_MESSAGES.reused });
    if (got.status === null) throw errors.conflict({ error: IDEMPOTENCY_MESSAGES.running });
    reply.code(got.status).header(REPLAYED_HEADER, "true");
    if (got.content_type) reply.header("content-type", got.content_type);
    return reply.send(got.body ?? undefined);
  });

  fastify.addHook("onSend", async (req, reply, payload) => {
    const c = claims.get(req);
    if (!c) return payload;
    claims.delete(req);
    const ok = reply.statusCode >= 200 && reply.statusCode < 300;
    const text = typeof payload === "string" ? payload : Buffer.isBuffer(payload) ? payload.toString("utf8") : null;
    if (ok && (text !== null || payload == null)) {
      const type = reply.getHeader("content-type");
      await app.db.execute(dsql`
        UPDATE idempotent_requests SET status = ${reply.statusCode},
          content_type = ${typeof type === "string" ? type : null}, body = ${text}
        WHERE key = ${c.key}`);
    } else {
      await app.db.execute(dsql`DELETE FROM idempotent_requests WHERE key = ${c.key}`);
    }
    return payload;
  });
}
