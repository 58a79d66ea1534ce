import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { newWebhookSecret, planeJson, retryDelayMs, signBody, WEBHOOK_MAX_ATTEMPTS } from "./payload.ts";

describe("webhook payload", () => {
  it("writes JSON as Python's json.dumps does", () => {
    expect(planeJson({ a: 1, b: [true, null, "x"], c: { d: "é✓" } })).toBe(
      '{"a": 1, "b": [true, null, "x"], "c": {"d": "\\u00e9\\u2713"}}',
    );
    expect(planeJson({ emoji: "😀" })).toBe('{"emoji": "\\ud83d\\ude00"}');
    expect(planeJson({ q: 'say "hi"\n', skip: undefined })).toBe('{"q": "say \\"hi\\"\\n"}');
    expect(JSON.parse(planeJson({ s: "Grüße" }))).toEqual({ s: "Grüße" });
  });

  it("signs with HMAC-SHA256 of the bytes", () => {
    const body = planeJson({ event: "issue" });
    expect(signBody("plane_wh_abc", body)).toBe(
      crypto.createHmac("sha256", "plane_wh_abc").update(Buffer.from(body)).digest("hex"),
    );
  });

  it("makes secrets of the documented form", () => {
    expect(newWebhookSecret()).toMatch(/^plane_wh_[0-9a-f]{32}$/);
    expect(newWebhookSecret()).not.toBe(newWebhookSecret());
  });

  it("backs off exponentially, capped", () => {
    expect([1, 2, 3, 4, 5].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000, 480_000]);
    expect(retryDelayMs(9)).toBe(600_000);
    expect(WEBHOOK_MAX_ATTEMPTS).toBe(6);
  });
});
