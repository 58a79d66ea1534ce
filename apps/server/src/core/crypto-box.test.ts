import { describe, expect, it } from "vitest";
import { maskSecret, open, seal } from "./crypto-box.ts";
import { decryptValue, encryptValue } from "./instance-config.ts";

describe("crypto box", () => {
  it("seals and opens per purpose; another purpose or key cannot open it", () => {
    const s = seal("k", "user-secret", "hunter2");
    expect(s.startsWith("enc:v1:")).toBe(true);
    expect(s).not.toContain("hunter2");
    expect(open("k", "user-secret", s)).toBe("hunter2");
    expect(open("k", "model-config", s)).toBe("");
    expect(open("k2", "user-secret", s)).toBe("");
    expect(seal("k", "user-secret", "")).toBe("");
  });

  it("keeps the instance configuration's stored format", () => {
    expect(open("k", "instance-config", encryptValue("k", "v"))).toBe("v");
    expect(decryptValue("k", seal("k", "instance-config", "v"))).toBe("v");
  });

  it("masks: nothing of short values, the last four of long ones", () => {
    expect(maskSecret("")).toBe("");
    expect(maskSecret("short-secret")).toBe("••••••••");
    expect(maskSecret("sk-abcdefghijklmnop1234")).toBe("••••••••1234");
  });
});
