import { describe, expect, it } from "vitest";
import { apiKeyOf, perMinute } from "./api-key.ts";
import type { FastifyRequest } from "fastify";

describe("perMinute", () => {
  it("reads Plane's allowed_rate_limit strings", () => {
    expect(perMinute("60/min", false)).toBe(60);
    expect(perMinute("300/minute", true)).toBe(300);
    expect(perMinute("2/s", false)).toBe(120);
    expect(perMinute("600/hour", false)).toBe(10);
    expect(perMinute(" 5 / m ", false)).toBe(5);
  });
  it("falls back to 60 (service tokens 300) when unreadable", () => {
    expect(perMinute("lots", false)).toBe(60);
    expect(perMinute("", true)).toBe(300);
  });
});

describe("apiKeyOf", () => {
  const req = (headers: Record<string, string | string[] | undefined>) => ({ headers }) as unknown as FastifyRequest;
  it("takes the X-API-Key header, trimmed; none when blank", () => {
    expect(apiKeyOf(req({ "x-api-key": " plane_api_x " }))).toBe("plane_api_x");
    expect(apiKeyOf(req({ "x-api-key": ["a", "b"] }))).toBe("a");
    expect(apiKeyOf(req({ "x-api-key": "  " }))).toBeNull();
    expect(apiKeyOf(req({}))).toBeNull();
  });
});
