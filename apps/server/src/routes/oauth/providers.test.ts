import { describe, expect, it } from "vitest";
import crypto from "node:crypto";
import { hostBase, pickGiteaEmail, pkceChallenge } from "./providers.ts";

describe("pickGiteaEmail", () => {
  const a = { email: "a@x.org", primary: false, verified: false };
  const b = { email: "b@x.org", primary: true, verified: false };
  const c = { email: "c@x.org", primary: false, verified: true };
  const d = { email: "d@x.org", primary: true, verified: true };
  it("prefers primary and verified, then verified, then primary, then the first", () => {
    expect(pickGiteaEmail([a, b, c, d])).toEqual({ email: "d@x.org", verified: true });
    expect(pickGiteaEmail([a, b, c])).toEqual({ email: "c@x.org", verified: true });
    expect(pickGiteaEmail([a, b])).toEqual({ email: "b@x.org", verified: false });
    expect(pickGiteaEmail([a])).toEqual({ email: "a@x.org", verified: false });
  });
  it("ignores anything that is not a list of emails", () => {
    expect(pickGiteaEmail({ message: "x" })).toBeNull();
    expect(pickGiteaEmail([null, 3, { email: 5 }])).toBeNull();
  });
});

describe("hostBase", () => {
  it("keeps http(s) hosts with their path, without trailing slashes", () => {
    expect(hostBase("https://git.example.org/")).toBe("https://git.example.org");
    expect(hostBase(" https://sso.example.org/realms/acme/ ")).toBe("https://sso.example.org/realms/acme");
  });
  it("refuses other schemes and empty values", () => {
    expect(hostBase("ftp://git.example.org")).toBeNull();
    expect(hostBase("javascript:alert(1)")).toBeNull();
    expect(hostBase("")).toBeNull();
    expect(hostBase("not a url")).toBeNull();
  });
});

describe("pkceChallenge", () => {
  it("is the S256 transform of RFC 7636 (appendix B example)", () => {
    expect(pkceChallenge("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")).toBe(
      "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
    );
    expect(pkceChallenge(crypto.randomBytes(32).toString("base64url"))).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
