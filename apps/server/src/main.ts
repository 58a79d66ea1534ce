import path from "node:path";
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { startStride } from "./boot.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
// The built web app sits beside the server bundle's repo: apps/web/dist.
const webDist = process.env.WEB_DIST || [path.resolve(here, "../../web/dist"), path.resolve(here, "../../../apps/web/dist")].find((p) => fs.existsSync(path.join(p, "index.html")));

let stride: Awaited<ReturnType<typeof startStride>>;
try {
  stride = await startStride({ webDist }, (m) => console.log(m));
} catch (e) {
  console.error(`Stride could not start: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
console.log(`Stride is running at ${stride.url}`);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    console.log("Stopping Stride …");
    await stride.close().catch((e) => console.error(e));
    process.exit(0);
  });
}
