import { describe, expect, it } from "vitest";
import type { IncomingMessage } from "node:http";
import { loadConfig, parseOrigins } from "../config.ts";
import { configuredOrigins, cspDirectives, originOf } from "./security.ts";
import { effectiveLogLevel, requestId } from "../core/request-log.ts";

describe("CORS_ALLOWED_ORIGINS", () => {
  it("parses a comma-separated list into normalised origins", () => {
    expect(parseOrigins(" https://App.Example.com , http://localhost:5173/,https://x.test:443")).toEqual([
      "https://app.example.com",
      "http://localhost:5173",
      "https://x.test",
    ]);
    expect(parseOrigins(undefined)).toEqual([]);
    expect(parseOrigins(" , ")).toEqual([]);
  });

  it("stops the start on anything that is not an origin", () => {
    for (const bad of [
      "*",
      "app.example.com",
      "https://app.example.com/path",
      "ftp://x.test",
      "https://u:p@x.test",
      "https://x.test/?a=1",
      "null",
    ]) {
      expect(() => parseOrigins(bad), bad).toThrow(/^CORS_ALLOWED_ORIGINS must be .*: ".*" is not an origin\.$/);
    }
    expect(() => loadConfig({ CORS_ALLOWED_ORIGINS: "https://ok.test,*" } as NodeJS.ProcessEnv)).toThrow(/"\*"/);
  });

  it("trusts WEB_URL's origin and the list, without duplicates", () => {
    expect(
      configuredOrigins({
        webUrl: "https://stride.example.com/app/",
        corsAllowedOrigins: ["https://stride.example.com", "http://localhost:5173"],
      }),
    ).toEqual(["https://stride.example.com", "http://localhost:5173"]);
    expect(originOf("null")).toBeNull();
    expect(originOf("javascript:alert(1)")).toBeNull();
  });

  it("lets sign-in forms redirect to WEB_URL and upgrades requests only over HTTPS", () => {
    const plain = cspDirectives(loadConfig({ WEB_URL: "https://stride.example.com" } as NodeJS.ProcessEnv));
    expect(plain.formAction).toEqual(["'self'", "https://stride.example.com"]);
    expect(plain.upgradeInsecureRequests).toBeUndefined();
    expect(cspDirectives(loadConfig({ COOKIE_SECURE: "1" } as NodeJS.ProcessEnv)).upgradeInsecureRequests).toEqual([]);
  });
});

describe("request ids and log level", () => {
  const req = (id?: string) =>
    ({ headers: id === undefined ? {} : { "x-request-id": id } }) as unknown as IncomingMessage;
  it("keeps a short safe incoming id and mints a UUID otherwise", () => {
    expect(requestId(req("abc-123_X.y"))).toBe("abc-123_X.y");
    for (const bad of [undefined, "", "a b", "x".repeat(65), "a\u0000b", "é"])
      expect(requestId(req(bad))).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);
  });
  it("never sets the logger above error", () => {
    expect(effectiveLogLevel("warn")).toBe("warn");
    expect(effectiveLogLevel("DEBUG")).toBe("debug");
    expect(effectiveLogLevel("silent")).toBe("error");
    expect(effectiveLogLevel("fatal")).toBe("error");
    expect(effectiveLogLevel("verbose")).toBe("warn");
  });
});
