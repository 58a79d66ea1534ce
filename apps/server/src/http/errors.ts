import { errorCode } from "../db/errors.ts";

/**
 * The one error catalogue. Every failure a handler can produce is an HttpError built here,
 * and the app's error handler turns it into the status and body the wire facts (§11) name.
 */
export class HttpError extends Error {
  constructor(
    public status: number,
    public body: unknown,
    public headers: Record<string, string> = {},
  ) {
    super(
      typeof body === "object" && body && "error" in body
        ? String((body as { error: unknown }).error)
        : `HTTP ${status}`,
    );
  }
}

/** The generic 404 text of the app's API. */
export const NOT_FOUND_TEXT = "The required object does not exist.";

export const errors = {
  /** 401: no session / no API key. */
  unauthenticated: () => new HttpError(401, { detail: "Authentication credentials were not provided." }),
  /** 403: bad API key. */
  badApiKey: () => new HttpError(403, { detail: "Given API token is not valid" }),
  /** 403: role check failed. */
  forbidden: () => new HttpError(403, { error: "You don't have the required permissions." }),
  /** 403: permission class failed (not a member of the workspace, and so on). */
  permissionDenied: () => new HttpError(403, { detail: "You do not have permission to perform this action." }),
  /** 404 with the generic body, or a specific message such as "Member not found". */
  notFound: (message = NOT_FOUND_TEXT) => new HttpError(404, { error: message }),
  /** 404 of the public API v1 (wire-facts §11). */
  v1NotFound: () => new HttpError(404, { error: "The requested resource does not exist." }),
  /** 400 `{error: msg}`. */
  badRequest: (message: string, extra: Record<string, unknown> = {}) =>
    new HttpError(400, { error: message, ...extra }),
  /** 400 `{field: [msg]}`. */
  field: (field: string, message: string) => new HttpError(400, { [field]: [message] }),
  /**
   * 400 `{field: [reason]}`: the project's workflow refuses a work item's move (core/workflow.ts); the error's message
   * is the reason (an importer's summary and an agent's tool answer quote it).
   */
  workflowRefused: (reason: string, field = "state_id") => {
    const e = new HttpError(400, { [field]: [reason] });
    e.message = reason;
    return e;
  },
  /** 400 with an arbitrary body (DRF-style validation dicts, domain error codes). */
  body: (status: number, body: unknown) => new HttpError(status, body),
  /** 400 `{detail}` for bad query parameters. */
  badParam: (detail: string) => new HttpError(400, { detail }),
  /** 400 for a JSON body nested deeper than MAX_JSON_DEPTH (core/json-depth.ts), refused before it is parsed. */
  jsonTooDeep: (max: number) => new HttpError(400, { detail: `JSON parse error - nesting deeper than ${max} levels.` }),
  invalidPayload: () => new HttpError(400, { error: "The payload is not valid" }),
  conflict: (body: unknown) => new HttpError(409, body),
  /** 429 5900; with `retryAfter`, the seconds until the caller may try again (Retry-After). */
  rateLimited: (retryAfter?: number) =>
    new HttpError(
      429,
      { error_code: 5900, error_message: "RATE_LIMIT_EXCEEDED" },
      retryAfter ? { "retry-after": String(retryAfter) } : {},
    ),
  pageNotFound: () => new HttpError(404, { error: "Page not found." }),
  /** 403 HTML page for a failed CSRF check on form endpoints (wire-facts §1). */
  csrfFailed: () =>
    new HttpError(
      403,
      "<!doctype html><html><head><title>403 Forbidden</title></head><body><h1>Forbidden (403)</h1><p>CSRF verification failed. Request aborted.</p></body></html>",
      { "content-type": "text/html; charset=utf-8" },
    ),
  /** 403 for a cookie-authenticated change sent from a page of another origin (core/security.ts). */
  originRefused: (origin: string | null) =>
    new HttpError(403, {
      detail:
        origin === null
          ? "CSRF Failed: Origin checking failed - a cross-site request without an Origin header is not trusted."
          : `CSRF Failed: Origin checking failed - ${origin.slice(0, 200)} does not match any trusted origins.`,
    }),
  /** 415 for a body in a media type the route does not take. */
  unsupportedMediaType: (contentType: string) =>
    new HttpError(415, { detail: `Unsupported media type "${contentType.slice(0, 200)}" in request.` }),
  /** 400 `{error_code, error_message[, email]}` with an authentication code (platform.md §8). */
  authCode: (code: number, name: string, extra: Record<string, unknown> = {}) =>
    new HttpError(400, { error_code: code, error_message: name, ...extra }),
  /** Domain error with a numeric code, e.g. 4091 INVALID_ARCHIVE_STATE_GROUP. */
  domain: (code: number, name: string, status = 400) =>
    new HttpError(status, { error_code: code, error_message: name }),
  /** 507 when a file cannot be stored: the storage is full, or cannot be written (storage/storage.ts StorageWriteError). */
  storageFull: () =>
    new HttpError(507, {
      error: "There is no space left to store this file. Ask your administrator to free some space, then try again.",
    }),
  storageReadOnly: () =>
    new HttpError(507, {
      error:
        "Files cannot be stored right now: the server's storage cannot be written. Ask your administrator to check it.",
    }),
  /** 503 while the database cannot be reached or no connection frees up in time: try again shortly. */
  unavailable: () =>
    new HttpError(503, { error: "The service is temporarily unavailable, please try again." }, { "retry-after": "5" }),
  /** 503 from the readiness probe, naming the checks that failed. */
  notReady: (checks: Record<string, string>) => new HttpError(503, { status: "unavailable", checks }),
};

export const CRASH_BODY = { error: "Something went wrong please try again later" };

/**
 * Failures of the connection rather than of the query: the pool's acquire timeout, network errors (and a
 * missing Unix socket, see socketGone),
 * postgres.js's connection states, and SQLSTATE 57P01-57P03 (shutdown, crash, starting up), 53300 (too many
 * connections) and class 08 (connection exception).
 */
const CONNECTION_ERRORS = new Set([
  "DB_ACQUIRE_TIMEOUT",
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
  "57P01",
  "57P02",
  "57P03",
  "53300",
]);

/** The error's code: in db/ (the database layer reads it too, and imports nothing above it). */
export { errorCode };

/**
 * The constraint a unique violation (23505) broke, looking through wrappers; null for any other error.
 * Commands turn known constraints into the spec's field errors (a concurrent duplicate name, slug, …).
 */
export function uniqueViolation(err: unknown): string | null {
  if (errorCode(err) !== "23505") return null;
  for (
    let e = err as { constraint_name?: unknown; constraint?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    e = e.cause as typeof e, depth++
  ) {
    const c = e.constraint_name ?? e.constraint;
    if (typeof c === "string" && c) return c;
  }
  return "";
}

/** A Unix-socket connect to a database whose socket file is gone (the embedded PostgreSQL is down): ENOENT from connect(). */
function socketGone(err: unknown, code: string): boolean {
  if (code !== "ENOENT") return false;
  for (
    let e = err as { syscall?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    e = e.cause as typeof e, depth++
  ) {
    if (e.syscall === "connect") return true;
  }
  return false;
}

/** Postgres error codes that mean the input was bad (4xx) or the database is out of reach (503), not that the server broke. */
export function pgErrorToHttp(err: unknown): HttpError | undefined {
  const code = errorCode(err);
  if (!code) return undefined;
  if (CONNECTION_ERRORS.has(code) || code.startsWith("08") || socketGone(err, code)) return errors.unavailable();
  // the database's disk is full: nothing the request did wrong, and it passes once space is freed (issue #24)
  if (code === "53100") return errors.unavailable();
  if (code === "23505") return errors.invalidPayload(); // unique_violation
  if (code === "23503") return errors.badRequest("Please provide valid detail"); // foreign_key_violation
  if (code === "22P02" || code === "22007" || code === "22008" || code === "22003" || code === "22001")
    return errors.badRequest("Please provide valid detail");
  if (code === "23502") return errors.badRequest("The required key does not exist.");
  if (code === "22021" || code === "22P05") return errors.badRequest("Please provide valid detail"); // a NUL or invalid byte in text/jsonb
  return undefined;
}

/** A public API v1 handler's run: a missing object is named its own way there (wire-facts §11). */
export async function asV1Answer<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const plain = err instanceof HttpError && err.status === 404;
    if (plain && (err.body as { error?: unknown }).error === NOT_FOUND_TEXT) throw errors.v1NotFound();
    throw err;
  }
}
