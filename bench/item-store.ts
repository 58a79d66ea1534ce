/**
 * `npm run bench:item-store` (issue #28 point 7): the work of one edit in the web's item store, with three cached lists
 * of 10,000 items (flat by manual order, grouped by state, grouped by priority). A rename writes the one record and no
 * list; a state change writes the record and moves the id in the list grouped by state. In-process, no browser: the
 * optimistic write's own cost, before React renders the one row that changed.
 */
import { fromEnvelope, makeComparator, moveItem, type ListData } from "../apps/web/src/api/work-items-list-data.ts";
import { ItemStore } from "../apps/web/src/api/work-item-store.ts";
import { env, item } from "../apps/web/src/api/work-items-test-data.ts";

const N = 10_000;
const RUNS = 500;
const items = Array.from({ length: N }, (_, i) =>
  item({ state_id: `s${i % 5}`, priority: (["none", "low", "high"] as const)[i % 3] }),
);
const groups = (field: "state_id" | "priority", keys: string[]) =>
  env(
    Object.fromEntries(
      keys.map((k) => [k, { results: items.filter((it) => it[field] === k), total_results: N / keys.length }]),
    ),
    { grouped_by: field },
  );
const store = new ItemStore();
let lists: ListData[] = [
  fromEnvelope(env(items, { total_count: N })),
  fromEnvelope(groups("state_id", ["s0", "s1", "s2", "s3", "s4"])),
  fromEnvelope(groups("priority", ["none", "low", "high"])),
];
for (const d of lists) {
  store.put(d.incoming ?? []);
  delete d.incoming;
}
const cmp = makeComparator("sort_order");
const get = (id: string) => store.get(id);
/** What `editItem` (api/work-items.ts) does to the cached lists, without the query cache around it. */
function edit(id: string, fields: object) {
  const prev = store.patch(id, fields);
  const next = store.get(id);
  if (prev && next && prev !== next) lists = lists.map((d) => moveItem(d, prev, next, get, cmp));
}
function measure(label: string, fn: (i: number) => void) {
  for (let i = 0; i < 50; i++) fn(i);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    fn(i + 50);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(3);
  console.log(`${label}: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms (${RUNS} edits)`);
}
console.log(`item store: ${store.size} items, 3 cached lists`);
measure("rename (no list moves)", (i) => edit(items[i % N].id, { name: `Renamed ${i}` }));
measure("state change (moves in the list grouped by state)", (i) =>
  edit(items[i % N].id, { state_id: `s${(i + 1) % 5}` }),
);
