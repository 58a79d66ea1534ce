import { describe, expect, it } from "vitest";
import { ProviderError, retryAfterMs } from "../providers/errors.ts";
import { MODEL_ATTEMPTS, RETRY_AFTER_MAX_MS, retryDelay } from "./retry.ts";

const err = (kind: ConstructorParameters<typeof ProviderError>[0], retryAfter?: number) =>
  new ProviderError(kind, "x", undefined, undefined, retryAfter);

describe("retryDelay", () => {
  it("tries rate limits, server failures and dropped connections again, doubling the wait with jitter", () => {
    for (const kind of ["rate_limited", "server", "dropped"] as const) {
      expect(retryDelay(err(kind), 1, () => 0.5)).toBe(1000);
      expect(retryDelay(err(kind), 2, () => 0.5)).toBe(2000);
      expect(retryDelay(err(kind), 3, () => 0)).toBe(3200);
      expect(retryDelay(err(kind), 4, () => 1)).toBe(9600);
    }
  });
  it("waits what Retry-After says, but not longer than RETRY_AFTER_MAX_MS", () => {
    expect(retryDelay(err("rate_limited", 7000), 1)).toBe(7000);
    expect(retryDelay(err("server", 0), 1)).toBe(0);
    expect(retryDelay(err("rate_limited", RETRY_AFTER_MAX_MS + 1), 1)).toBeNull();
  });
  it("does not try again what will not pass, nor after the last attempt", () => {
    for (const kind of [
      "auth",
      "model_not_found",
      "not_found",
      "unreachable",
      "bad_request",
      "protocol",
      "aborted",
      "timeout",
    ] as const)
      expect(retryDelay(err(kind), 1)).toBeNull();
    expect(retryDelay(new Error("x"), 1)).toBeNull();
    expect(retryDelay(err("server"), MODEL_ATTEMPTS)).toBeNull();
  });
});

describe("retryAfterMs", () => {
  it("reads retry-after-ms, retry-after in seconds or as an HTTP date", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(retryAfterMs({ "retry-after-ms": "1500", "retry-after": "9" }, now)).toBe(1500);
    expect(retryAfterMs({ "retry-after": "3" }, now)).toBe(3000);
    expect(retryAfterMs({ "retry-after": "Thu, 01 Jan 2026 00:00:05 GMT" }, now)).toBe(5000);
    expect(retryAfterMs({ "retry-after": "Wed, 31 Dec 2025 00:00:00 GMT" }, now)).toBe(0);
    expect(retryAfterMs({ "retry-after": "soon" }, now)).toBeUndefined();
    expect(retryAfterMs({}, now)).toBeUndefined();
  });
});
