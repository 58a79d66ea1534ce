// CI's release stage (.ci/run; issue #25 points 5 and 8): `npm run release`, the archive installed into an empty
// folder by scripts/release-install.sh (the Dockerfile's own steps: production dependencies only), then started
// with an embedded PostgreSQL in a fresh DATA_DIR and smoke-tested over HTTP — on this machine's Node, then on
// Node 22 and 24 from the npm registry's `node` package (one build and one install for all three). Last, the
// install's postgres.js has its patch taken back out, and the start must stop with the driver check's sentence.
//   node --import tsx scripts/release-test.ts
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { Client } from "../apps/server/test/helpers/client.ts";

const OTHER_NODES = [22, 24];
const DEV_ONLY = ["patch-package", "vitest", "typescript", "esbuild", "vite", "tsx", "drizzle-kit", "eslint"];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// The Dockerfile's steps are these: it makes the archive with `npm run release`, installs it with
// scripts/release-install.sh and starts it with its CMD, which is how the release is started here too (in the
// install folder, with the chosen Node first on the PATH).
const dockerfile = fs.readFileSync(path.join(root, "Dockerfile"), "utf8");
for (const step of ["npm run release", "sh /tmp/release-install.sh "])
  check(dockerfile.includes(step), `the Dockerfile no longer runs ${step}`);
const START = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)?.[1] ?? "null") as string[];
check(Array.isArray(START), 'the Dockerfile has no CMD ["…"] line');
const began = Date.now();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "stride-release-"));
const app = path.join(tmp, "app");
const seconds = () => `${((Date.now() - began) / 1000).toFixed(0)} s`;
const log = (m: string) => console.log(`[release ${seconds()}] ${m}`);

function check(ok: unknown, message: string): asserts ok {
  if (!ok) throw new Error(message);
}

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, "127.0.0.1", resolve));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((resolve) => srv.close(resolve));
  return port;
}

/** A Node of the npm registry's `node` package (whose install script fetches node-<platform>-<arch> from the registry). */
function registryNode(major: number): string {
  const dir = path.join(tmp, `node${major}`);
  fs.mkdirSync(dir);
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ private: true, allowScripts: { node: true } }));
  const npm = spawnSync(
    "npm",
    ["install", `node@${major}`, "--no-save", "--no-audit", "--no-fund", "--foreground-scripts", "--loglevel", "http"],
    { cwd: dir, encoding: "utf8" },
  );
  const out = npm.stdout + npm.stderr;
  check(npm.status === 0, `npm install node@${major} failed:\n${out}`);
  const binDir = path.join(dir, "node_modules/node/bin");
  const version = execFileSync(path.join(binDir, "node"), ["--version"], { encoding: "utf8" }).trim();
  check(version.startsWith(`v${major}.`), `node@${major} gave ${version}`);
  // the binary is the registry's package: its tarball's URL is in npm's log (fetched, or from npm's cache of it)
  const registry = execFileSync("npm", ["config", "get", "registry"], { encoding: "utf8" }).trim().replace(/\/?$/, "/");
  const platformPackage = `node-${process.platform}-${process.arch}`;
  const tarball = `${registry}${platformPackage}/-/${platformPackage}-${version.slice(1)}.tgz`;
  check(out.includes(tarball), `npm's log of node@${major} does not name ${tarball}:\n${out}`);
  log(`Node ${version} from ${tarball}`);
  return binDir;
}

/** The environment a start gets: only the PATH (the chosen Node first), HOME and Stride's own settings. */
function startEnv(binDir: string, settings: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: `${binDir}${path.delimiter}${process.env.PATH}`,
    HOME: process.env.HOME ?? tmp,
    LOG_LEVEL: "warn",
    ...settings,
  };
}

interface Started {
  url: string;
  pid: number;
  output: () => string;
  stop: () => Promise<number | null>;
  exited: Promise<number | null>;
}

async function start(binDir: string, dataDir: string): Promise<Started> {
  const port = await freePort();
  const env = startEnv(binDir, {
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(await freePort()),
  });
  const nodeVersion = execFileSync("node", ["--version"], { env, encoding: "utf8" }).trim();
  log(`starting the release on Node ${nodeVersion}: ${START.join(" ")}`);
  const child = spawn(START[0], START.slice(1), { cwd: app, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    output: () => output,
    exited,
    stop: async () => {
      child.kill("SIGTERM");
      return exited;
    },
  };
}

async function waitReady(s: Started): Promise<void> {
  let done = false;
  void s.exited.then(() => (done = true));
  for (let i = 0; i < 600; i++) {
    if (done) throw new Error(`the release exited before it was ready:\n${s.output()}`);
    const res = await fetch(`${s.url}/api/ready`).catch(() => null);
    if (res?.status === 200) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the release was not ready in 150 s:\n${s.output()}`);
}

async function formPost(c: Client, url: string, fields: Record<string, string>) {
  const token = (await c.get("/auth/get-csrf-token/")).body.csrf_token as string;
  return c.form(url, { csrfmiddlewaretoken: token, ...fields });
}

/** Ready, the web app, instance set-up, a sign-up, a workspace, a project and a work item, all over HTTP. */
async function smoke(url: string): Promise<void> {
  const anon = new Client(url);
  const health = await anon.get("/api/health");
  check(health.status === 200 && health.body.status === "ok", `/api/health: ${health.status} ${health.text}`);
  const ready = await anon.get("/api/ready");
  check(ready.status === 200 && ready.body.status === "ready", `/api/ready: ${ready.status} ${ready.text}`);
  const page = await anon.get("/");
  check(
    page.status === 200 && /<script type="module"/.test(page.text),
    `GET / is not the built web app: ${page.status}`,
  );
  const password = "Tangerine-Ostrich-Ballad-42";
  const admin = await formPost(new Client(url), "/api/instances/admins/sign-up/", {
    email: "root@example.com",
    password,
    first_name: "Root",
    last_name: "Admin",
    company_name: "Acme",
    is_telemetry_enabled: "False",
  });
  check(
    admin.status === 302 && admin.location?.endsWith("/god-mode/general/"),
    `instance set-up: ${admin.status} ${admin.location}`,
  );
  const user = new Client(url);
  const signUp = await formPost(user, "/auth/sign-up/", { email: "ada@example.com", password });
  check(signUp.status === 302 && user.cookies.has("session-id"), `sign-up: ${signUp.status} ${signUp.location}`);
  const slug = `acme-${crypto.randomBytes(3).toString("hex")}`;
  const ws = await user.post("/api/workspaces/", { name: "Acme", slug });
  check(ws.status === 201, `workspace: ${ws.status} ${ws.text}`);
  const project = await user.post(`/api/workspaces/${slug}/projects/`, { name: "Launch", identifier: "LAUNCH" });
  check(project.status === 201, `project: ${project.status} ${project.text}`);
  const base = `/api/workspaces/${slug}/projects/${project.body.id}`;
  const item = await user.post(`${base}/issues/`, { name: "Ship the release" });
  check(item.status === 201 && item.body.sequence_id === 1, `work item: ${item.status} ${item.text}`);
  const read = await user.get(`${base}/issues/${item.body.id}/`);
  check(
    read.status === 200 && read.body.name === "Ship the release",
    `work item read back: ${read.status} ${read.text}`,
  );
}

async function startSmokeStop(binDir: string, dataDir: string): Promise<void> {
  const s = await start(binDir, dataDir);
  try {
    await waitReady(s);
    const runs = fs.realpathSync(`/proc/${s.pid}/exe`);
    check(runs === fs.realpathSync(path.join(binDir, "node")), `the release runs on ${runs}, not on ${binDir}/node`);
    await smoke(s.url);
  } catch (e) {
    await s.stop();
    throw e;
  }
  const code = await s.stop();
  check(code === 0, `the release exited with ${code} on SIGTERM:\n${s.output()}`);
  check(
    !fs.existsSync(path.join(dataDir, "postgres/postmaster.pid")),
    `the embedded PostgreSQL still runs after the stop:\n${s.output()}`,
  );
  log("smoke passed, stopped cleanly");
}

try {
  log("npm run release");
  execFileSync("npm", ["run", "release"], { cwd: root, stdio: "inherit" });
  const version = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")).version as string;
  const archive = path.join(root, "release", `stride-${version}.tgz`);
  log(`installing ${path.relative(root, archive)} into an empty folder (scripts/release-install.sh)`);
  execFileSync("sh", [path.join(root, "scripts/release-install.sh"), archive, app], { stdio: "inherit" });
  const present = DEV_ONLY.filter((p) => fs.existsSync(path.join(app, "node_modules", p)));
  check(present.length === 0, `development packages in the release install: ${present.join(", ")}`);

  const thisNode = path.dirname(process.execPath);
  await startSmokeStop(thisNode, path.join(tmp, "data-here"));
  for (const major of OTHER_NODES) await startSmokeStop(registryNode(major), path.join(tmp, `data-${major}`));

  log("the install's postgres.js with its patch taken back out");
  const patch = fs.readdirSync(path.join(root, "patches")).find((f) => f.startsWith("postgres+"))!;
  execFileSync("git", ["apply", "-R", "-p3", path.join(root, "patches", patch)], {
    cwd: path.join(app, "node_modules/postgres"),
  });
  const dataDir = path.join(tmp, "data-here");
  const s = await start(thisNode, dataDir);
  // The timer is unref'd: a pending 120 s timer kept this script alive for two minutes after the test had passed.
  const code = await Promise.race([
    s.exited,
    new Promise<"timeout">((r) => setTimeout(() => r("timeout"), 120_000).unref()),
  ]);
  if (code === "timeout") await s.stop();
  check(
    code === 1 &&
      s.output().includes("Stride could not start: the postgres.js driver at ") &&
      s.output().includes("is not the patched one Stride needs"),
    `a stock postgres.js did not stop the start (exit ${code}):\n${s.output()}`,
  );
  check(
    !fs.existsSync(path.join(dataDir, "postgres/postmaster.pid")),
    `the embedded PostgreSQL still runs after the refused start:\n${s.output()}`,
  );
  log("refused with the driver check's sentence");
  log("release test passed");
} finally {
  // Deleting the ~45,000 files of the install, three data folders and two Nodes took two minutes on our CI disk
  // (its metadata writes are slow), so a detached `rm` does it after this script has ended.
  spawn("rm", ["-rf", tmp], { detached: true, stdio: "ignore" }).unref();
}
