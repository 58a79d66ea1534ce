// Makes the upgrade test's fixture of this release (apps/server/test/upgrade.test.ts):
//   node --import tsx scripts/make-upgrade-fixture.ts
// Run it once per release, on the release's own commit (its code and migrations), and commit the folder it writes:
// apps/server/test/fixtures/upgrade/<version>/backup.tar.gz — `stride backup --with-secret-key` of a fresh instance
// filled through that release's API (test/helpers/instance-content.ts: items, comments, a page with binary content, a
// file, an agent template and execution, an encrypted setting) — and content.json, what the test checks on it.
// Every later version must restore it, migrate it and still find all of it. A released fixture is never remade.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startOwnStride } from "../apps/server/test/helpers/stride.ts";
import { startModelServer } from "../apps/server/test/helpers/model-server.ts";
import { fillThroughApi } from "../apps/server/test/helpers/instance-content.ts";
import { run } from "../apps/server/src/cli/stride.ts";
import { STRIDE_VERSION } from "../apps/server/src/version.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const out = path.join(root, "apps/server/test/fixtures/upgrade", STRIDE_VERSION);
if (fs.existsSync(out) && !process.argv.includes("--replace")) {
  console.error(
    `${path.relative(root, out)} exists: a released fixture is not remade (--replace only before the release is out)`,
  );
  process.exit(1);
}
fs.mkdirSync(out, { recursive: true });

const model = await startModelServer({ apiKey: "fixture-key" });
// The secret key lives in the data folder (as by default) and goes into the backup.
const own = await startOwnStride({ secretKey: "", outboundAllowPrivate: true });
try {
  const content = await fillThroughApi(own.t, STRIDE_VERSION, model, () => own.stride.app.jobs.drain());
  const code = await run(["backup", path.join(out, "backup.tar.gz"), "--with-secret-key"], {
    env: { DATA_DIR: own.dataDir },
    print: (l) => console.log(l),
  });
  if (code !== 0) throw new Error(`stride backup failed (${code})`);
  fs.writeFileSync(path.join(out, "content.json"), JSON.stringify(content, null, 2) + "\n");
  console.log(`Wrote ${path.relative(root, out)}/backup.tar.gz and content.json`);
} finally {
  await own.stride.close();
  await model.close();
  fs.rmSync(own.dataDir, { recursive: true, force: true });
}
