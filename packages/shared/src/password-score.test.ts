import { describe, expect, it } from "vitest";
import { checkPasswordStrength, isPasswordStrong, passwordScore } from "./password-score.ts";

describe("password strength (platform.md §4)", () => {
  it("is empty for no password", () => {
    expect(checkPasswordStrength("")).toBe("empty");
    expect(checkPasswordStrength(undefined)).toBe("empty");
  });
  it("rejects passwords shorter than 8 or longer than 128 characters", () => {
    expect(checkPasswordStrength("aB3$xY9")).toBe("length_not_valid");
    expect(checkPasswordStrength("Zq8!vR2#".repeat(17))).toBe("length_not_valid");
  });
  it("rejects common or guessable passwords", () => {
    expect(checkPasswordStrength("password")).toBe("strength_not_valid");
    expect(checkPasswordStrength("password123")).toBe("strength_not_valid");
    expect(checkPasswordStrength("qwertyuiop")).toBe("strength_not_valid");
    expect(passwordScore("password")).toBeLessThan(3);
  });
  it("accepts a long unusual password", () => {
    expect(checkPasswordStrength("Tangerine-Ostrich-Ballad-42")).toBe("strength_valid");
    expect(isPasswordStrong("Tangerine-Ostrich-Ballad-42")).toBe(true);
    expect(passwordScore("Tangerine-Ostrich-Ballad-42")).toBeGreaterThanOrEqual(3);
  });
  it("counts user inputs (the email) against the password", () => {
    expect(passwordScore("jonathan.smithers1", ["jonathan.smithers1@example.com", "jonathan.smithers1"])).toBeLessThan(
      passwordScore("jonathan.smithers1"),
    );
  });
});
