import { describe, expect, it } from "vitest";
import { authMessage, bodyAuthMessage, safeNextPath } from "./auth-messages.ts";

describe("authMessage", () => {
  it("maps codes to the catalogue's messages", () => {
    expect(authMessage("5065")).toBe("Incorrect email or password.");
    expect(authMessage(5060)).toBe("No account exists with this email. Sign up instead.");
    expect(authMessage("5900")).toBe("Too many requests. Please wait a minute and try again.");
  });
  it("falls back to the error name, then a generic text", () => {
    expect(authMessage("5121", "GITLAB_OAUTH_PROVIDER_ERROR")).toBe("Gitlab oauth provider error.");
    expect(authMessage("1234")).toBe("Something went wrong. Please try again.");
    expect(authMessage(null)).toBeNull();
    expect(authMessage("")).toBeNull();
  });
  it("reads JSON error bodies", () => {
    expect(bodyAuthMessage({ error_code: 5025, error_message: "SMTP_NOT_CONFIGURED" })).toBe("Email is not configured on this instance, so codes cannot be sent.");
    expect(bodyAuthMessage({ error: "x" })).toBeNull();
  });
});

describe("safeNextPath", () => {
  it("accepts same-site paths", () => {
    expect(safeNextPath("/acme/projects/")).toBe("/acme/projects/");
    expect(safeNextPath("/")).toBe("/");
  });
  it("rejects anything else", () => {
    for (const p of ["https://evil.test/", "//evil.test", "acme", "/../x", "/x?u=javascript:alert(1)", null, ""]) expect(safeNextPath(p)).toBeNull();
  });
});
