import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The server's start command bounds V8's old generation (issue #13 target 4, docs/benchmarks.md): with V8's default
 * limit on this kind of machine (~4 GB) the heap grew to 3–4× its live size under 20 clients before collecting
 * (RSS 366–480 MB for ~76 MB live); a 512 MB limit makes V8 collect at ~1.4× (RSS 240–262 MB) at the same latency.
 * bench/memory.ts runs the benchmark's server with these same flags (read from this script).
 */
describe("npm start", () => {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
  const start = (JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts.start;

  it("runs the server bundle with the old generation limited to 512 MB", () => {
    const m = /\bnode ((?:--\S+ )*)apps\/server\/dist\/main\.js/.exec(start);
    expect(m, start).not.toBeNull();
    expect(m![1].split(" ").filter(Boolean)).toContain("--max-old-space-size=512");
  });

  it("is the command the container and the release archive start (the Dockerfile's CMD; CI's release stage runs it)", () => {
    const cmd = /^CMD (\[.*\])$/m.exec(fs.readFileSync(path.join(root, "Dockerfile"), "utf8"));
    expect(cmd).not.toBeNull();
    expect((JSON.parse(cmd![1]) as string[]).join(" ")).toBe(start.replace(/^npm run build && /, ""));
  });
});
