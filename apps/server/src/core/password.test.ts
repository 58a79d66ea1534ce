import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./password.ts";

describe("password hashing", () => {
  it("verifies the right password and refuses a wrong one", async () => {
    const h = await hashPassword("Tangerine-Ostrich-Ballad-42");
    expect(h.startsWith("scrypt$32768$8$1$")).toBe(true);
    expect(h).not.toContain("Tangerine");
    expect(await verifyPassword("Tangerine-Ostrich-Ballad-42", h)).toBe(true);
    expect(await verifyPassword("tangerine-ostrich-ballad-42", h)).toBe(false);
  });
  it("salts every hash", async () => {
    expect(await hashPassword("same-password")).not.toBe(await hashPassword("same-password"));
  });
  it("refuses missing or malformed hashes", async () => {
    expect(await verifyPassword("x", null)).toBe(false);
    expect(await verifyPassword("x", "")).toBe(false);
    expect(await verifyPassword("x", "md5$abc")).toBe(false);
    expect(await verifyPassword("x", "scrypt$99999999$8$1$AAAA$AAAA")).toBe(false);
    expect(await verifyPassword("", await hashPassword("x"))).toBe(false);
  });
});
