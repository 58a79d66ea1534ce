import { describe, expect, it } from "vitest";
import { capEcho, ECHO_MAX_BYTES, errorUrl, isSafeNextPath, isValidEmail, normalizeEmail, successUrl } from "./flow.ts";

describe("next_path validation", () => {
  it("keeps local absolute paths", () => {
    for (const p of ["/", "/acme/", "/acme/projects/?tab=all", "/acme/browse/WEB-12/", "/invitations"])
      expect(isSafeNextPath(p)).toBe(true);
  });
  it("drops schemes, hosts, traversal, scripts, relative and over-long paths", () => {
    for (const p of [
      "",
      "acme/",
      "https://evil.test/",
      "//evil.test",
      "/\\evil.test",
      "/../x",
      "/a/%2e%2e/b",
      "/%2F%2Fevil.test",
      "javascript:alert(1)",
      "/x?u=javascript:alert(1)",
      "/<script>alert(1)</script>",
      "/a\nb",
      "/" + "a".repeat(500),
      "/%E0%A4%A",
      "/" + "é".repeat(300),
    ])
      expect(isSafeNextPath(p), p).toBe(false);
    expect(isSafeNextPath(undefined)).toBe(false);
    expect(isSafeNextPath(42)).toBe(false);
  });
});

describe("redirect URLs", () => {
  it("success: base with a valid next_path, else the bare base", () => {
    expect(successUrl("http://x.test", "/acme/")).toBe("http://x.test/?next_path=%2Facme%2F");
    expect(successUrl("http://x.test", "https://evil.test")).toBe("http://x.test");
    expect(successUrl("http://x.test", "")).toBe("http://x.test");
  });
  it("error: next_path first, then code, name and extras", () => {
    expect(errorUrl("http://x.test", 5060, "/a/", { email: "a+b@c.co" })).toBe(
      "http://x.test/?next_path=%2Fa%2F&error_code=5060&error_message=USER_DOES_NOT_EXIST&email=a%2Bb%40c.co",
    );
    expect(errorUrl("http://x.test", 5000, undefined)).toBe(
      "http://x.test/?error_code=5000&error_message=INSTANCE_NOT_CONFIGURED",
    );
  });
  it("error: echoed values are capped at 254 bytes of UTF-8, never splitting a character", () => {
    const url = errorUrl("http://x.test", 5075, "/a/", { email: "b".repeat(100_000) });
    expect(new URL(url).searchParams.get("email")).toBe("b".repeat(ECHO_MAX_BYTES));
    expect(capEcho("ann@example.com")).toBe("ann@example.com");
    expect(capEcho("é".repeat(200))).toBe("é".repeat(127));
    expect(capEcho("a" + "😀".repeat(100))).toBe("a" + "😀".repeat(63));
  });
});

describe("emails", () => {
  it("are trimmed and lower-cased, then validated", () => {
    expect(normalizeEmail("  Ann@Example.COM ")).toBe("ann@example.com");
    expect(isValidEmail("ann@example.com")).toBe(true);
    for (const e of ["", "ann", "ann@", "@example.com", "a b@example.com", "a".repeat(250) + "@example.com"])
      expect(isValidEmail(e), e).toBe(false);
  });
});
