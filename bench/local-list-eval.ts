/**
 * A micro-bench of the local database's list evaluation (the worker's `answerList` → `localListEnvelope`), in Node:
 * 10,000 synthetic items shaped like the bench seed's, the switches of bench/local-db.ts, and the size of each answer's
 * structured clone. `node --import tsx bench/local-list-eval.ts`. Not part of `npm run bench`.
 */
import { serialize } from "node:v8";
import {
  localListEnvelope,
  parseLocalListQuery,
  sortLocalRows,
  toLocalRow,
  type LocalItem,
  type LocalRefs,
  type LocalRow,
} from "@stride/shared";

const N = Number(process.env.N ?? 10_000);
const pick = <T>(a: T[], i: number) => a[i % a.length];
const ids = (p: string, n: number) => Array.from({ length: n }, (_, i) => `${p}-${String(i).padStart(4, "0")}-0000`);
const states = ids("state", 6);
const labels = ids("label", 10);
const members = ids("member", 8);
const cycles = ids("cycle", 10);
const modules = ids("module", 6);
const refs: LocalRefs = {
  projects: [{ id: "p1", name: "LOC" }],
  states: states.map((id, i) => ({
    id,
    name: `State ${i}`,
    group: ["backlog", "unstarted", "started", "completed", "cancelled", "started"][i],
    sequence: i * 1000,
  })),
  labels: labels.map((id, i) => ({ id, name: `Label ${i}` })),
  members: members.map((id, i) => ({ id, first_name: `M${i}` })),
  cycles: cycles.map((id, i) => ({ id, name: `Sprint ${i}`, created_at: `2026-0${1 + (i % 9)}-01T00:00:00Z` })),
  modules: modules.map((id, i) => ({ id, name: `Module ${i}` })),
  estimatePoints: [],
};
let seed = 7;
const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const items: LocalItem[] = Array.from({ length: N }, (_, i) => {
  const at = new Date(Date.UTC(2026, 0, 1) + Math.floor(rnd() * 300 * 86400e3)).toISOString().replace("Z", "123+00:00");
  return {
    id: `${Math.floor(rnd() * 1e12).toString(16)}-${i}`,
    name: `Work item ${i} with a name of a usual length`,
    state_id: pick(states, Math.floor(rnd() * 6)),
    sort_order: 65535 + i * 1000,
    completed_at: null,
    estimate_point: null,
    priority: pick(["urgent", "high", "medium", "low", "none"], Math.floor(rnd() * 5)),
    start_date: null,
    target_date: rnd() < 0.3 ? "2026-12-20" : null,
    sequence_id: i + 1,
    project_id: "p1",
    parent_id: null,
    cycle_id: rnd() < 0.3 ? pick(cycles, i) : null,
    module_ids: rnd() < 0.3 ? [pick(modules, i)] : [],
    label_ids: rnd() < 0.5 ? [pick(labels, i), pick(labels, i + 3)] : [],
    assignee_ids: rnd() < 0.6 ? [pick(members, i)] : [],
    sub_issues_count: 0,
    created_at: at,
    updated_at: at,
    created_by: pick(members, i),
    updated_by: null,
    attachment_count: 0,
    link_count: 0,
    is_draft: false,
    archived_at: null,
    type_id: null,
  };
});
const rows = items.map(toLocalRow);

const steps: [string, Record<string, string>][] = [
  ["list by state", { group_by: "state_id", order_by: "-created_at", per_page: "50", cursor: "50:0:0" }],
  ["spreadsheet", { order_by: "-created_at", per_page: "100", cursor: "100:0:0" }],
  ["board by state", { group_by: "state_id", order_by: "-created_at", per_page: "30", cursor: "30:0:0" }],
  ["filter urgent", { group_by: "state_id", order_by: "-created_at", priority: "urgent", per_page: "50" }],
  ["filter urgent,high", { group_by: "state_id", order_by: "-created_at", priority: "urgent,high", per_page: "50" }],
  ["order priority", { group_by: "state_id", order_by: "priority", priority: "urgent,high", per_page: "50" }],
];

const ROUNDS = Number(process.env.ROUNDS ?? 30);
const fmt = (times: number[]) => {
  times.sort((a, b) => a - b);
  const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(2);
  return `min ${times[0].toFixed(2)} p50 ${p(0.5)} / p95 ${p(0.95)} ms`;
};
// the worker's order cache (worker's lists.ts): rows sorted once per order
const sortedBy = new Map<string, LocalRow[]>();
for (const [name, params] of steps) {
  const fresh: number[] = [];
  const cached: number[] = [];
  const parse: number[] = [];
  let bytes = 0;
  for (let i = 0; i < ROUNDS; i++) {
    let t = performance.now();
    const req = parseLocalListQuery(params, "UTC");
    parse.push(performance.now() - t);
    t = performance.now();
    localListEnvelope(rows, refs, req);
    fresh.push(performance.now() - t);
    const key = params.order_by;
    let sorted = sortedBy.get(key);
    if (!sorted) sortedBy.set(key, (sorted = sortLocalRows(rows, refs, req.order)));
    t = performance.now();
    const env = localListEnvelope(sorted, refs, req, { sorted: true });
    cached.push(performance.now() - t);
    bytes = serialize(env).length;
  }
  console.log(
    `${name.padEnd(20)} parse ${fmt(parse)} | sorting ${fmt(fresh)} | pre-sorted ${fmt(cached)} | clone ${(bytes / 1024).toFixed(0)} KB`,
  );
}
