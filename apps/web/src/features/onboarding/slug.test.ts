import { describe, expect, it } from "vitest";
import { slugify, slugProblem } from "./slug.ts";

describe("slugify", () => {
  it("lower-cases, dashes spaces and drops other characters", () => {
    expect(slugify("Acme Corp")).toBe("acme-corp");
    expect(slugify("  Café & Co. 2 ")).toBe("cafe--co-2");
    expect(slugify("x".repeat(60))).toHaveLength(48);
  });
});

describe("slugProblem", () => {
  it("accepts valid slugs", () => expect(slugProblem("acme_1-x")).toBeUndefined());
  it("rejects reserved slugs case-insensitively", () => {
    expect(slugProblem("god-mode")).toBe("This URL is reserved. Choose another one.");
    expect(slugProblem("Settings")).toBe("This URL is reserved. Choose another one.");
  });
  it("rejects bad characters, empty and long slugs", () => {
    expect(slugProblem("a b")).toBe("Use only letters, digits, - and _.");
    expect(slugProblem("")).toBe("Workspace URL is required.");
    expect(slugProblem("a".repeat(49))).toBe("At most 48 characters.");
  });
});
