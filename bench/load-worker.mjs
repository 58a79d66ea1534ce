// HTTP load generator for bench/run.ts, in its own thread so the server's event loop does not also
// run the clients. Receives {url, headers, total, concurrency} and optionally {method, urls, body, ok}:
// request i goes to urls[i % urls.length] (else url) with body's "{i}" replaced by i; statuses in `ok`
// (default [200]) count as answered. Posts back {times, wall, errors, bodies?} (bodies when `keepBodies`).
import { parentPort, workerData } from "node:worker_threads";

const {
  url,
  urls,
  headers,
  total,
  concurrency,
  method = "GET",
  body = null,
  ok = [200],
  keepBodies = false,
} = workerData;
const times = [];
const bodies = [];
let errors = 0;
let next = 0;
const start = performance.now();
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < total) {
      const i = next++;
      const t = performance.now();
      const res = await fetch(urls ? urls[i % urls.length] : url, {
        method,
        headers: body === null ? headers : { ...headers, "content-type": "application/json" },
        body: body === null ? undefined : body.replaceAll("{i}", String(i)),
      });
      const text = await res.text();
      if (!ok.includes(res.status)) errors++;
      times.push(performance.now() - t);
      if (keepBodies) bodies.push(text);
    }
  }),
);
parentPort.postMessage({ times, wall: performance.now() - start, errors, bodies: keepBodies ? bodies : undefined });
