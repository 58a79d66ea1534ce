import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { SERVER_NODE_FLAGS } from "../../../bin/launcher.mjs";

/**
 * The server's start command bounds V8's old generation (issue #13 target 4, docs/benchmarks.md): with V8's default
 * limit on this kind of machine (~4 GB) the heap grew to 3–4× its live size under 20 clients before collecting
 * (RSS 366–480 MB for ~76 MB live); a 512 MB limit makes V8 collect at ~1.4× (RSS 240–262 MB) at the same latency.
 * `npm start` and the `stride` bin both run the server with bin/launcher.mjs's SERVER_NODE_FLAGS (npm start gives
 * them to its own process, which then runs the server in itself; the bin starts the server as a child with them);
 * bench/memory.ts runs the benchmark's server with the same flags.
 */
describe("npm start", () => {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
  const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
    bin: Record<string, string>;
  };

  it("runs the server with the old generation limited to 512 MB", () => {
    expect(SERVER_NODE_FLAGS).toContain("--max-old-space-size=512");
    expect(pkg.scripts.start).toBe(`node ${SERVER_NODE_FLAGS.join(" ")} bin/stride.mjs start`);
  });

  it("is `stride start`, the root package's bin", () => {
    expect(pkg.bin).toEqual({ stride: "bin/stride.mjs" });
    const bin = path.join(root, pkg.bin.stride);
    expect(fs.readFileSync(bin, "utf8").startsWith("#!/usr/bin/env node\n")).toBe(true);
    expect(fs.statSync(bin).mode & 0o111).not.toBe(0);
  });

  it("is the command the container and the release archive start (the Dockerfile's CMD; CI's release stage runs it)", () => {
    const cmd = /^CMD (\[.*\])$/m.exec(fs.readFileSync(path.join(root, "Dockerfile"), "utf8"));
    expect(cmd).not.toBeNull();
    expect((JSON.parse(cmd![1]) as string[]).join(" ")).toBe(pkg.scripts.start);
  });
});
