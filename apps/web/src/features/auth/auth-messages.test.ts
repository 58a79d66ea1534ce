import { describe, expect, it } from "vitest";
import { authErrorStep, authMessage, bodyAuthMessage, safeNextPath } from "./auth-messages.ts";

describe("authMessage", () => {
  it("maps codes to the catalogue's messages", () => {
    expect(authMessage("5065")).toBe("Incorrect email or password.");
    expect(authMessage(5060)).toBe("No account exists with this email. Sign up instead.");
    expect(authMessage("5900")).toBe("Too many requests. Please wait a minute and try again.");
  });
  it("falls back to the error name, then a generic text", () => {
    expect(authMessage("5121", "GITLAB_OAUTH_PROVIDER_ERROR")).toBe("GitLab sign-in failed. Please try again.");
    expect(authMessage("5998", "SOME_NEW_ERROR")).toBe("Some new error.");
    expect(authMessage("1234")).toBe("Something went wrong. Please try again.");
    expect(authMessage(null)).toBeNull();
    expect(authMessage("")).toBeNull();
  });
  it("reads JSON error bodies", () => {
    expect(bodyAuthMessage({ error_code: 5025, error_message: "SMTP_NOT_CONFIGURED" })).toBe(
      "Email is not configured on this instance, so codes cannot be sent.",
    );
    expect(bodyAuthMessage({ error: "x" })).toBeNull();
  });
});

describe("safeNextPath", () => {
  it("accepts same-site paths", () => {
    expect(safeNextPath("/acme/projects/")).toBe("/acme/projects/");
    expect(safeNextPath("/")).toBe("/");
  });
  it("rejects anything else", () => {
    for (const p of ["https://evil.test/", "//evil.test", "acme", "/../x", "/x?u=javascript:alert(1)", null, ""])
      expect(safeNextPath(p)).toBeNull();
  });
});

describe("authErrorStep", () => {
  it("reopens the password step for a wrong or weak password", () => {
    expect(authErrorStep("5065")).toBe("password");
    expect(authErrorStep(5021)).toBe("password");
  });
  it("reopens the code step for a wrong, expired or missing code", () => {
    for (const c of ["5090", "5092", "5095", "5097", "5085", "5055"]) expect(authErrorStep(c)).toBe("code");
  });
  it("leaves every other code on the email step", () => {
    for (const c of ["5060", "5019", "5100", "5900", "5030", null, ""]) expect(authErrorStep(c)).toBeNull();
  });
});
