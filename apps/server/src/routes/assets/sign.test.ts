import { describe, expect, it } from "vitest";
import { signUpload, verifyUpload, signedDownloadPath, verifyDownload, UPLOAD_TTL_SECONDS } from "./sign.ts";

const claims = { a: "asset-1", k: "ws/asset-1-a.png", s: 100, t: "image/png" };

describe("upload tokens", () => {
  it("round-trips the claims", () => {
    const tok = signUpload("secret", claims, 1_000_000);
    expect(verifyUpload("secret", tok, 1_000_000)).toMatchObject(claims);
  });
  it("refuses another secret, tampering and expiry", () => {
    const tok = signUpload("secret", claims, 1_000_000);
    expect(verifyUpload("other", tok, 1_000_000)).toBeNull();
    const [body, sig] = tok.split(".");
    const forged = Buffer.from(JSON.stringify({ ...claims, s: 10_000_000, e: 9e9 })).toString("base64url");
    expect(verifyUpload("secret", `${forged}.${sig}`, 1_000_000)).toBeNull();
    expect(verifyUpload("secret", `${body}.x${sig.slice(1)}`, 1_000_000)).toBeNull();
    expect(verifyUpload("secret", tok, 1_000_000 + (UPLOAD_TTL_SECONDS + 5) * 1000)).toBeNull();
    expect(verifyUpload("secret", undefined)).toBeNull();
    expect(verifyUpload("secret", "garbage")).toBeNull();
  });
});

describe("download links", () => {
  it("verifies its own signature for the same asset and disposition only", () => {
    const path = signedDownloadPath("secret", "a1", "attachment", 5_000_000);
    const q = new URLSearchParams(path.split("?")[1]);
    expect(path.startsWith("/api/assets/v2/files/a1/?")).toBe(true);
    expect(verifyDownload("secret", "a1", q.get("exp")!, "attachment", q.get("sig")!, 5_000_000)).toBe(true);
    expect(verifyDownload("secret", "a2", q.get("exp")!, "attachment", q.get("sig")!, 5_000_000)).toBe(false);
    expect(verifyDownload("secret", "a1", q.get("exp")!, "inline", q.get("sig")!, 5_000_000)).toBe(false);
    expect(verifyDownload("secret", "a1", q.get("exp")!, "attachment", q.get("sig")!, 5_000_000 + 3601_000)).toBe(
      false,
    );
  });
});
