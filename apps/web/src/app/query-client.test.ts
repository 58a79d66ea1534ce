import { describe, expect, it } from "vitest";
import { shouldRetry } from "./query-client.ts";
import { ApiError, errorMessage, fieldErrors, buildUrl } from "../api/client.ts";

describe("shouldRetry", () => {
  it("retries network and server errors up to 3 times", () => {
    expect(shouldRetry(0, new TypeError("fetch failed"))).toBe(true);
    expect(shouldRetry(2, new ApiError(500, {}))).toBe(true);
    expect(shouldRetry(3, new ApiError(503, {}))).toBe(false);
  });
  it("never retries a 4xx", () => {
    expect(shouldRetry(0, new ApiError(404, { error: "x" }))).toBe(false);
    expect(shouldRetry(0, new ApiError(401, {}))).toBe(false);
  });
});

describe("errorMessage", () => {
  it("reads the server's error shapes", () => {
    expect(errorMessage({ error: "Member not found" })).toBe("Member not found");
    expect(errorMessage({ detail: "Authentication credentials were not provided." })).toBe("Authentication credentials were not provided.");
    expect(errorMessage({ name: ["PROJECT_NAME_ALREADY_EXIST"] })).toBe("name: PROJECT_NAME_ALREADY_EXIST");
    expect(errorMessage({ non_field_errors: ["bad"] })).toBe("bad");
    expect(errorMessage(null)).toBeUndefined();
  });
  it("ApiError carries status and body", () => {
    const e = new ApiError(400, { error: "nope" });
    expect(e.status).toBe(400);
    expect(e.body).toEqual({ error: "nope" });
    expect(e.message).toBe("nope");
  });
  it("fieldErrors flattens field lists", () => {
    expect(fieldErrors(new ApiError(400, { identifier: ["PROJECT_IDENTIFIER_ALREADY_EXIST"], error: "x" }))).toEqual({ identifier: "PROJECT_IDENTIFIER_ALREADY_EXIST" });
    expect(fieldErrors(new Error("x"))).toEqual({});
  });
});

describe("buildUrl", () => {
  it("skips empty values", () => {
    expect(buildUrl("/api/x/", { a: "1", b: "", c: undefined, d: null, e: 0 })).toBe("/api/x/?a=1&e=0");
    expect(buildUrl("/api/x/")).toBe("/api/x/");
  });
});
