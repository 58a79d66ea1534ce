import { describe, expect, it } from "vitest";
import { isRepositoryUrl } from "@stride/shared/contract";
import { safeRelative } from "./runtime.ts";
import { bwrapArgs } from "./bwrap.ts";

describe("safeRelative", () => {
  it("keeps paths inside the checkout", () => {
    expect(safeRelative("src/app.ts")).toBe("src/app.ts");
    expect(safeRelative("./a/../b/")).toBe("b");
    expect(safeRelative(".")).toBe(".");
    for (const p of ["/etc/passwd", "..", "../x", "a/../../x", "a\0b"])
      expect(() => safeRelative(p), p).toThrow(/outside the checkout/);
  });
});

describe("isRepositoryUrl", () => {
  it("takes what git fetches and refuses options and transport helpers", () => {
    for (const u of [
      "https://github.com/a/b.git",
      "ssh://git@host/a.git",
      "git://host/a",
      "file:///srv/a.git",
      "/srv/git/a",
      "git@github.com:a/b.git",
    ])
      expect(isRepositoryUrl(u), u).toBe(true);
    for (const u of [
      "",
      "-uhttps://x",
      "--upload-pack=touch /tmp/x",
      "ext::sh -c id",
      "fd::3",
      "relative/path",
      "https://x y",
    ])
      expect(isRepositoryUrl(u), u).toBe(false);
  });
});

describe("bwrapArgs", () => {
  const base = {
    checkoutDir: "/s/work",
    tmpDir: "/s/tmp",
    limits: { cpuSeconds: 5, memoryBytes: 1 << 30, wallSeconds: 10, maxProcesses: 64 },
    command: "make",
  };
  it("unshares everything, the network too unless allowed", () => {
    const off = bwrapArgs({ ...base, network: false });
    expect(off).toContain("--unshare-all");
    expect(off).not.toContain("--share-net");
    expect(bwrapArgs({ ...base, network: true })).toContain("--share-net");
  });
  it("binds the checkout read-write, /tmp privately, and remounts the root read-only", () => {
    const a = bwrapArgs({ ...base, network: false }).join(" ");
    expect(a).toContain("--bind /s/work /workspace");
    expect(a).toContain("--bind /s/tmp /tmp");
    expect(a).toContain("--ro-bind /usr /usr");
    expect(a).toContain("--remount-ro /");
    expect(a).toContain("--cap-drop ALL");
    expect(a).toContain("--die-with-parent");
    expect(a).not.toMatch(/--bind \/ /);
  });
});
