import { describe, expect, it } from "vitest";
import { CONFIG_KEYS, decryptValue, encryptValue } from "./instance-config.ts";

describe("instance configuration encryption", () => {
  it("round-trips a secret and never stores the plain text", () => {
    const stored = encryptValue("k1", "s3cr3t-value");
    expect(stored).not.toContain("s3cr3t-value");
    expect(stored.startsWith("enc:v1:")).toBe(true);
    expect(decryptValue("k1", stored)).toBe("s3cr3t-value");
  });
  it("uses a fresh IV each time", () => {
    expect(encryptValue("k1", "same")).not.toBe(encryptValue("k1", "same"));
  });
  it("reads a value sealed under another key, or corrupt, as empty", () => {
    const stored = encryptValue("k1", "x");
    expect(decryptValue("k2", stored)).toBe("");
    expect(decryptValue("k1", "enc:v1:AAAA")).toBe("");
    expect(decryptValue("k1", null)).toBe("");
  });
  it("keeps empty values empty", () => {
    expect(encryptValue("k1", "")).toBe("");
  });
  it("marks exactly the secret keys as encrypted", () => {
    expect(
      CONFIG_KEYS.filter((k) => k.encrypted)
        .map((k) => k.key)
        .sort(),
    ).toEqual([
      "EMAIL_HOST_PASSWORD",
      "GITEA_CLIENT_SECRET",
      "GITHUB_CLIENT_SECRET",
      "GITLAB_CLIENT_SECRET",
      "GOOGLE_CLIENT_SECRET",
      "LLM_API_KEY",
      "OIDC_CLIENT_SECRET",
      "UNSPLASH_ACCESS_KEY",
    ]);
  });
});
