import crypto from "node:crypto";

/**
 * The pure parts of webhook delivery (wire-facts §13): the body's bytes, their signature, and the retry schedule.
 */

/** Attempts of one delivery: the first and up to 5 retries. */
export const WEBHOOK_MAX_ATTEMPTS = 6;
/** The receiver has this long to answer. */
export const WEBHOOK_TIMEOUT_MS = 30_000;
/** What of the receiver's answer the log keeps. */
export const RESPONSE_EXCERPT_BYTES = 4096;

/** The wait before retry `retry` (1-based): 30 s, 1 min, 2 min, 4 min, 8 min (exponential, capped at 10 min). */
export function retryDelayMs(retry: number): number {
  return Math.min(10 * 60_000, 30_000 * 2 ** Math.max(0, retry - 1));
}

/**
 * JSON the way Plane's Python writes it (`json.dumps`: `", "` and `": "` separators, non-ASCII as `\uXXXX`), so
 * receivers written for Plane see the same bytes. Keys keep their insertion order.
 */
export function planeJson(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "string")
    return JSON.stringify(value).replace(
      /[\u0080-\uffff]/g,
      (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"),
    );
  if (typeof value === "number") return Number.isFinite(value) ? JSON.stringify(value) : "null";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (value instanceof Date) return planeJson(value.toISOString());
  if (Array.isArray(value)) return "[" + value.map(planeJson).join(", ") + "]";
  if (typeof value === "object") {
    const parts: string[] = [];
    for (const [k, v] of Object.entries(value)) if (v !== undefined) parts.push(`${planeJson(k)}: ${planeJson(v)}`);
    return "{" + parts.join(", ") + "}";
  }
  return "null";
}

/** `X-Plane-Signature`: hex HMAC-SHA256 of the exact body bytes, keyed with the webhook's secret (UTF-8). */
export function signBody(secret: string, body: string | Buffer): string {
  return crypto.createHmac("sha256", Buffer.from(secret, "utf8")).update(body).digest("hex");
}

/** A new secret: `plane_wh_` and 32 hex digits. */
export function newWebhookSecret(): string {
  return "plane_wh_" + crypto.randomBytes(16).toString("hex");
}
