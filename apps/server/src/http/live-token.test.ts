import { describe, expect, it } from "vitest";
import { LIVE_TOKEN_MAX_SECONDS, signLiveToken, verifyLiveToken } from "./live-token.ts";

const S = "secret-a";
const U = "5b0c3d9e-1111-4222-8333-444455556666";

describe("live tokens", () => {
  it("verifies its own tokens and returns the claims", () => {
    const now = Date.UTC(2025, 0, 1);
    const t = signLiveToken(S, { u: U, t: ["project:" + U] }, 60, now);
    expect(verifyLiveToken(S, t, now + 1000)).toEqual({ u: U, exp: now / 1000 + 60, t: ["project:" + U] });
  });

  it("refuses expired tokens, other secrets and tampered payloads", () => {
    const now = Date.UTC(2025, 0, 1);
    const t = signLiveToken(S, { u: U }, 60, now);
    expect(verifyLiveToken(S, t, now + 60_000)).toBeNull();
    expect(verifyLiveToken("secret-b", t, now)).toBeNull();
    const [v, payload, mac] = t.split(".");
    const forged = Buffer.from(JSON.stringify({ u: "someone-else", exp: now / 1000 + 60 })).toString("base64url");
    expect(verifyLiveToken(S, `${v}.${forged}.${mac}`, now)).toBeNull();
    expect(verifyLiveToken(S, `v2.${payload}.${mac}`, now)).toBeNull();
    for (const bad of ["", "v1..", "v1.x.y", 42, null, "a".repeat(5000)])
      expect(verifyLiveToken(S, bad, now)).toBeNull();
  });

  it("caps the lifetime: a token never lives longer than the maximum", () => {
    const now = Date.UTC(2025, 0, 1);
    const t = signLiveToken(S, { u: U }, 10 * LIVE_TOKEN_MAX_SECONDS, now);
    expect(verifyLiveToken(S, t, now)!.exp).toBe(now / 1000 + LIVE_TOKEN_MAX_SECONDS);
  });

  it("carries a subscription token's workspace and projects; one without the other is refused", () => {
    const now = Date.UTC(2025, 0, 1);
    const t = signLiveToken(S, { u: U, w: U, p: [U] }, 60, now);
    expect(verifyLiveToken(S, t, now)).toEqual({ u: U, exp: now / 1000 + 60, w: U, p: [U] });
    expect(verifyLiveToken(S, signLiveToken(S, { u: U, w: U }, 60, now), now)).toBeNull();
    expect(verifyLiveToken(S, signLiveToken(S, { u: U, p: [U] }, 60, now), now)).toBeNull();
  });
});
