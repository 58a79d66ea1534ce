// HTTP load generator for bench/run.ts, in its own thread so the server's event loop does not also
// run the clients. Receives {url, headers, total, concurrency}; posts back {times, wall, errors}.
import { parentPort, workerData } from "node:worker_threads";

const { url, headers, total, concurrency } = workerData;
const times = [];
let errors = 0;
let next = 0;
const start = performance.now();
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < total) {
      next++;
      const t = performance.now();
      const res = await fetch(url, { headers });
      await res.text();
      if (res.status !== 200) errors++;
      times.push(performance.now() - t);
    }
  }),
);
parentPort.postMessage({ times, wall: performance.now() - start, errors });
