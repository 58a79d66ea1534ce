import path from "node:path";
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { startStride } from "./boot.ts";
import { loadConfig } from "./config.ts";
import { createLogger, noticeLog } from "./core/log.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
// The built web app sits beside the server bundle's repo: apps/web/dist (WEB_DIST overrides it).
const builtWeb = [path.resolve(here, "../../web/dist"), path.resolve(here, "../../../apps/web/dist")].find((p) =>
  fs.existsSync(path.join(p, "index.html")),
);

// A bad setting stops the start with one sentence naming the variable (config.ts), in the log's format.
let logger = createLogger("info");
let notice = noticeLog(logger, "server");
let stride: Awaited<ReturnType<typeof startStride>>;
try {
  logger = createLogger(loadConfig(process.env).logLevel);
  notice = noticeLog(logger, "server");
  stride = await startStride({}, (m) => notice.info(m), { logger, defaultWebDist: builtWeb });
} catch (e) {
  notice.fatal(`Stride could not start: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
notice.info(`Stride is running at ${stride.url}`);
if (stride.metricsUrl) notice.info(`Metrics are served at ${stride.metricsUrl}`);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    notice.info(`Stopping Stride (${signal}) …`);
    stride.close().then(
      () => {
        notice.info("Stride stopped");
        process.exit(0);
      },
      (e: unknown) => {
        notice.error({ err: e }, "Stride did not stop cleanly");
        process.exit(1);
      },
    );
  });
}
