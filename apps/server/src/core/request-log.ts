import crypto from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { FastifyInstance, FastifyRequest } from "fastify";

/**
 * Every request has an id: the caller's `X-Request-Id` when it is a short safe token, else a fresh UUID.
 * It is answered in `X-Request-Id` and carried by every log line of the request (`reqId`), and every 5xx
 * is logged at `error` with its stack whatever LOG_LEVEL says.
 */

export const REQUEST_ID_HEADER = "x-request-id";
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Fastify's genReqId: keep a well-formed incoming id (a proxy's or a client's), else mint one. */
export function requestId(raw: IncomingMessage): string {
  const given = raw.headers[REQUEST_ID_HEADER];
  return typeof given === "string" && SAFE_REQUEST_ID.test(given) ? given : crypto.randomUUID();
}

const LEVELS = new Set(["trace", "debug", "info", "warn", "error"]);

/** The logger level for LOG_LEVEL: never above `error`, so server errors are always written. */
export function effectiveLogLevel(configured: string): string {
  const level = configured.trim().toLowerCase();
  if (LEVELS.has(level)) return level;
  return level === "fatal" || level === "silent" ? "error" : "warn";
}

const logged = new WeakSet<FastifyRequest>();

/** Log a failed request (status ≥ 500) once, with the error's stack when there is one. */
export function logServerError(req: FastifyRequest, statusCode: number, err?: unknown): void {
  if (logged.has(req)) return;
  logged.add(req);
  req.log.error({ err, method: req.method, url: req.url, statusCode }, `${req.method} ${req.url} failed with ${statusCode}`);
}

/** Answer the request id on every response, and log 5xx answers that did not come through the error handler. */
export function registerRequestLog(fastify: FastifyInstance): void {
  fastify.addHook("onRequest", async (req, reply) => {
    reply.header(REQUEST_ID_HEADER, req.id);
  });
  fastify.addHook("onResponse", async (req, reply) => {
    if (reply.statusCode >= 500) logServerError(req, reply.statusCode);
  });
}
