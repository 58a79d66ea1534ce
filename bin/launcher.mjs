// The `stride` command (bin/stride.mjs; `npm start` is `stride start`). Plain JavaScript with no dependency, so it runs
// from a source checkout and from an unpacked release alike. Every path is resolved from this file's own folder: the
// root is its parent, holding package.json (the version), apps/server/dist/main.js (the server), apps/server/dist/cli.js
// (migrate, backup, restore), apps/server/drizzle (the migrations) and apps/web/dist (the web app).
// In a source checkout (apps/server/src exists) the parts are built first when their sources changed since their last
// build (a stamp in each dist/); a tree without sources (a release) is run as it is.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { spawn, spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Node's flags for the server process. The old generation is capped at 512 MB (issue #13 target 4,
 * docs/benchmarks.md): with V8's default limit (~4 GB here) the heap grew to 3–4× its live size under load before
 * collecting; at 512 MB V8 collects at ~1.4× at the same latency. bench/memory.ts runs its server with these too.
 */
export const SERVER_NODE_FLAGS = ["--max-old-space-size=512"];

/** The file each build leaves in its dist folder: the stamp of the sources it was built from. */
export const STAMP_FILE = ".stride-build";

/**
 * What each part is built from (folders are walked, leaving out tests, dist and node_modules) and what it makes.
 * `shared` is TypeScript source bundled into both.
 */
const COMMON = [
  "package.json",
  "package-lock.json",
  "tsconfig.base.json",
  "patches",
  "packages/shared/package.json",
  "packages/shared/tsconfig.json",
  "packages/shared/src",
];
export const PARTS = {
  web: {
    inputs: [
      ...COMMON,
      "apps/web/package.json",
      "apps/web/tsconfig.json",
      "apps/web/vite.config.ts",
      "apps/web/index.html",
      "apps/web/spaces.html",
      "apps/web/src",
      "apps/web/public",
    ],
    dist: "apps/web/dist",
    output: "apps/web/dist/index.html",
    command: (root) => {
      const vite = createRequire(path.join(root, "apps/web/package.json")).resolve("vite/package.json");
      return {
        cmd: process.execPath,
        args: [path.join(path.dirname(vite), "bin/vite.js"), "build"],
        cwd: path.join(root, "apps/web"),
      };
    },
  },
  server: {
    inputs: [
      ...COMMON,
      "apps/server/package.json",
      "apps/server/build.mjs",
      "apps/server/esbuild-shared.mjs",
      "apps/server/src",
    ],
    dist: "apps/server/dist",
    output: "apps/server/dist/cli.js",
    command: (root) => ({ cmd: process.execPath, args: ["build.mjs"], cwd: path.join(root, "apps/server") }),
  },
};

const SKIPPED_DIRS = new Set(["node_modules", "dist", "test", "__snapshots__"]);
const isTest = (name) => /\.(test|e2e)\.[cm]?[jt]sx?$/.test(name);

/** A hash of a part's inputs: every file's path and content (so a copy, a checkout or an edit each count as it is). */
export function sourceStamp(root, part) {
  const hash = crypto.createHash("sha256");
  const add = (rel) => {
    const full = path.join(root, rel);
    let stat;
    try {
      stat = fs.statSync(full);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(full).sort()) {
        if (SKIPPED_DIRS.has(name) || isTest(name)) continue;
        add(path.posix.join(rel, name));
      }
    } else if (stat.isFile()) {
      hash.update(`${rel}\0${stat.size}\0`);
      hash.update(fs.readFileSync(full));
    }
  };
  for (const input of PARTS[part].inputs) add(input);
  return hash.digest("hex");
}

/** Whether `root` is a source checkout (the parts can be built) rather than a built release. */
export function hasSources(root) {
  return fs.existsSync(path.join(root, "apps/server/src"));
}

/** The parts whose build is missing or older than their sources. */
export function staleParts(root, parts) {
  if (!hasSources(root)) return [];
  return parts.filter((p) => {
    const stamp = readText(path.join(root, PARTS[p].dist, STAMP_FILE));
    return !fs.existsSync(path.join(root, PARTS[p].output)) || stamp !== sourceStamp(root, p);
  });
}

/** Build one part with its own tool (vite, esbuild) and stamp it; throws when the build fails. */
export function buildPart(root, part) {
  const stamp = sourceStamp(root, part); // of the sources the build starts from: an edit during the build rebuilds next time
  const { cmd, args, cwd } = PARTS[part].command(root);
  const r = spawnSync(cmd, args, { cwd, stdio: "inherit" });
  if (r.status !== 0) throw new Error(`building the ${part} failed (${r.error?.message ?? `exit code ${r.status}`})`);
  fs.writeFileSync(path.join(root, PARTS[part].dist, STAMP_FILE), `${stamp}\n`);
}

/**
 * Build the stale parts among `parts` (all of them when the tree has no stamp yet); a part whose sources did not
 * change since its last build is not built again. Returns the parts built.
 */
export function ensureBuilt(root, parts, { build = buildPart, log = (m) => console.log(m) } = {}) {
  const stale = staleParts(root, parts);
  if (stale.length) log(`Building ${stale.join(" and ")} (sources changed since the last build) …`);
  for (const p of stale) build(root, p);
  if (!hasSources(root)) {
    for (const p of parts) {
      if (!fs.existsSync(path.join(root, PARTS[p].output)))
        throw new Error(`no built ${p} at ${path.join(root, PARTS[p].output)} and no sources to build it from`);
    }
  }
  return stale;
}

export function version(root = ROOT) {
  return JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")).version;
}

const USAGE_HINT = "Run `stride help` for the commands.";

/** `stride <args>`: resolves to the exit code. */
export async function main(args, root = ROOT) {
  const [command] = args;
  if (command === "--version" || command === "-v" || command === "version") {
    console.log(version(root));
    return 0;
  }
  try {
    if (command === "build") {
      // npm run build: every part, whatever its stamp says
      if (!hasSources(root)) throw new Error(`${root} holds no sources to build (a release is built already)`);
      for (const p of Object.keys(PARTS)) buildPart(root, p);
      return 0;
    }
    if (command === "start") {
      if (args.length > 1) {
        console.error(`stride start takes no argument. ${USAGE_HINT}`);
        return 2;
      }
      ensureBuilt(root, ["web", "server"]);
      return await startServer(root);
    }
    ensureBuilt(root, ["server"], { log: (m) => console.error(m) });
  } catch (e) {
    console.error(`stride: ${e.message}`);
    return 1;
  }
  const cli = await import(pathToFileURL(path.join(root, "apps/server/dist/cli.js")).href);
  return cli.run(args);
}

/**
 * Run the built server: in this process when it already runs with the server's flags (`npm start`), else in a child
 * with them (the `stride` bin), passing signals on and exiting with its code.
 */
async function startServer(root) {
  const main = path.join(root, "apps/server/dist/main.js");
  if (SERVER_NODE_FLAGS.every((f) => process.execArgv.includes(f))) {
    await import(pathToFileURL(main).href);
    return new Promise(() => {}); // the server exits the process itself (main.ts: signals, start-up failure)
  }
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, main], { stdio: "inherit" });
  const forward = (signal) => () => child.kill(signal);
  for (const s of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(s, forward(s));
  return new Promise((resolve) => {
    child.once("error", (e) => {
      console.error(`stride: ${e.message}`);
      resolve(1);
    });
    child.once("exit", (code, signal) => resolve(code ?? (signal ? 128 + (signalNumber(signal) ?? 1) : 1)));
  });
}

function signalNumber(signal) {
  return { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 }[signal];
}

function readText(file) {
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    return null;
  }
}
