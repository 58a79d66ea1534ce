import { describe, expect, it } from "vitest";
import { resolveTheme } from "./theme.tsx";

describe("resolveTheme", () => {
  it("follows explicit choices", () => {
    expect(resolveTheme("dark", false)).toBe("dark");
    expect(resolveTheme("light", true)).toBe("light");
    expect(resolveTheme("dark-contrast", false)).toBe("dark");
    expect(resolveTheme("light-contrast", true)).toBe("light");
  });
  it("follows the system for system, custom and unknown", () => {
    expect(resolveTheme("system", true)).toBe("dark");
    expect(resolveTheme("system", false)).toBe("light");
    expect(resolveTheme(undefined, true)).toBe("dark");
    expect(resolveTheme("custom", false)).toBe("light");
  });
});
