/**
 * One seeded project (bench/seed.ts): the project, its members, states, labels, cycles, modules and estimate, then
 * its work items with their labels, assignees, subscribers, cycles, modules, links, attachments and relations.
 * Every random draw comes from `env.r` in the order of the code here: moving a draw changes the seeded data.
 */
import type postgres from "postgres";
import { DEFAULT_STATES } from "@stride/shared";
import { copyRows, LABELS, NOUNS, VERBS, type Cell, type prng } from "./seed-rows.ts";

export interface SeedEnv {
  r: ReturnType<typeof prng>;
  users: { id: string; first: string; last: string; email: string }[];
  admin: { id: string };
  workspaceId: string;
  now: number;
  t0: number;
}

interface ProjectSpec {
  name: string;
  identifier: string;
  count: number;
}

/** The project's rows its work items point at. */
interface ProjectParts {
  projectId: string;
  stateIds: Record<string, string>;
  labelIds: string[];
  cycleIds: string[];
  moduleIds: string[];
  pointIds: string[];
}

/** The rows of the items' links, in the tables' order. */
interface ItemRelations {
  labels: Cell[][];
  assignees: Cell[][];
  subscribers: Cell[][];
  cycles: Cell[][];
  modules: Cell[][];
  links: Cell[][];
  assets: Cell[][];
  relations: Cell[][];
}

/** One project with `count` work items and their labels, assignees, cycles, modules, links, attachments, relations. */
export async function seedProject(sql: postgres.Sql, env: SeedEnv, spec: ProjectSpec) {
  const projectId = await seedProjectRow(sql, env, spec);
  const stateIds = await seedStates(sql, env, projectId);
  const labelIds = await seedLabels(sql, env, projectId);
  const cycleIds = await seedCycles(sql, env, projectId);
  const moduleIds = await seedModules(sql, env, projectId);
  const pointIds = await seedEstimate(sql, env, projectId);
  const parts: ProjectParts = { projectId, stateIds, labelIds, cycleIds, moduleIds, pointIds };
  const { issueRows, rel } = generateItems(env, spec, parts);
  const counts = await copyItems(sql, issueRows, rel);
  return { projectId, stateIds, counts };
}

/** The project and its members. */
async function seedProjectRow(sql: postgres.Sql, env: SeedEnv, spec: ProjectSpec): Promise<string> {
  const { r, users, admin, workspaceId, t0 } = env;
  const projectId = r.uuid();
  await copyRows(
    sql,
    "projects",
    [
      "id",
      "workspace",
      "name",
      "identifier",
      "network",
      "project_lead",
      "created_by",
      "updated_by",
      "created_at",
      "updated_at",
      "issue_sequence",
    ],
    [
      [
        projectId,
        workspaceId,
        spec.name,
        spec.identifier,
        2,
        admin.id,
        admin.id,
        admin.id,
        new Date(t0),
        new Date(t0),
        spec.count,
      ],
    ],
  );
  await copyRows(
    sql,
    "project_members",
    ["id", "workspace", "project", "member", "role", "created_at", "updated_at"],
    users.map((u, i) => [
      r.uuid(),
      workspaceId,
      projectId,
      u.id,
      i === 0 ? 20 : i < 30 ? 15 : 5,
      new Date(t0),
      new Date(t0),
    ]),
  );
  return projectId;
}

async function seedStates(sql: postgres.Sql, env: SeedEnv, projectId: string): Promise<Record<string, string>> {
  const { r, workspaceId, t0 } = env;
  const stateIds: Record<string, string> = {};
  await copyRows(
    sql,
    "states",
    [
      "id",
      "workspace",
      "project",
      "name",
      "color",
      "sequence",
      "group",
      "default",
      "is_triage",
      "created_at",
      "updated_at",
    ],
    DEFAULT_STATES.map((s) => {
      const id = r.uuid();
      stateIds[s.name] = id;
      return [
        id,
        workspaceId,
        projectId,
        s.name,
        s.color,
        s.sequence,
        s.group,
        "default" in s ? !!s.default : false,
        s.group === "triage",
        new Date(t0),
        new Date(t0),
      ];
    }),
  );
  await sql`UPDATE projects SET default_state = ${stateIds.Backlog} WHERE id = ${projectId}`;
  return stateIds;
}

async function seedLabels(sql: postgres.Sql, env: SeedEnv, projectId: string): Promise<string[]> {
  const { r, workspaceId, t0 } = env;
  const labelIds = LABELS.map(() => r.uuid());
  await copyRows(
    sql,
    "labels",
    ["id", "workspace", "project", "name", "color", "sort_order", "created_at", "updated_at"],
    LABELS.map((name, i) => [
      labelIds[i],
      workspaceId,
      projectId,
      name,
      "#4455ee",
      65535 + i * 10000,
      new Date(t0),
      new Date(t0),
    ]),
  );
  return labelIds;
}

async function seedCycles(sql: postgres.Sql, env: SeedEnv, projectId: string): Promise<string[]> {
  const { r, admin, workspaceId, t0 } = env;
  const cycleIds = Array.from({ length: 12 }, () => r.uuid());
  await copyRows(
    sql,
    "cycles",
    ["id", "workspace", "project", "name", "owned_by", "start_date", "end_date", "created_at", "updated_at"],
    cycleIds.map((id, i) => [
      id,
      workspaceId,
      projectId,
      `Sprint ${i + 1}`,
      admin.id,
      new Date(t0 + i * 14 * 86400_000),
      new Date(t0 + (i + 1) * 14 * 86400_000 - 1000),
      new Date(t0 + i * 86400_000),
      new Date(t0),
    ]),
  );
  return cycleIds;
}

async function seedModules(sql: postgres.Sql, env: SeedEnv, projectId: string): Promise<string[]> {
  const { r, workspaceId, t0 } = env;
  const moduleIds = Array.from({ length: 10 }, () => r.uuid());
  await copyRows(
    sql,
    "modules",
    ["id", "workspace", "project", "name", "status", "created_at", "updated_at"],
    moduleIds.map((id, i) => [
      id,
      workspaceId,
      projectId,
      `Module ${String.fromCharCode(65 + i)}`,
      "in-progress",
      new Date(t0),
      new Date(t0),
    ]),
  );
  return moduleIds;
}

/** The project's Fibonacci estimate: its point ids. */
async function seedEstimate(sql: postgres.Sql, env: SeedEnv, projectId: string): Promise<string[]> {
  const { r, workspaceId, t0 } = env;
  const estimateId = r.uuid();
  await copyRows(
    sql,
    "estimates",
    ["id", "workspace", "project", "name", "type", "created_at", "updated_at"],
    [[estimateId, workspaceId, projectId, "Fibonacci", "points", new Date(t0), new Date(t0)]],
  );
  const pointIds = [1, 2, 3, 5, 8, 13].map(() => r.uuid());
  await copyRows(
    sql,
    "estimate_points",
    ["id", "workspace", "project", "estimate", "key", "value", "created_at", "updated_at"],
    [1, 2, 3, 5, 8, 13].map((v, i) => [
      pointIds[i],
      workspaceId,
      projectId,
      estimateId,
      i,
      String(v),
      new Date(t0),
      new Date(t0),
    ]),
  );
  await sql`UPDATE projects SET estimate = ${estimateId} WHERE id = ${projectId}`;
  return pointIds;
}

const priorities = ["urgent", "high", "medium", "low", "none"] as const;

function stateRoll(r: SeedEnv["r"]): string {
  const x = r.next();
  if (x < 0.24) return "Backlog";
  if (x < 0.44) return "Todo";
  if (x < 0.58) return "In Progress";
  if (x < 0.9) return "Done";
  if (x < 0.995) return "Cancelled";
  return "Triage";
}

/** The work items' rows and their links' rows, item by item (each item's row, then its links). */
function generateItems(env: SeedEnv, spec: ProjectSpec, parts: ProjectParts) {
  const { now, t0 } = env;
  const sortInState: Record<string, number> = {};
  const issueRows: Cell[][] = [];
  const ids: string[] = [];
  const rel: ItemRelations = {
    labels: [],
    assignees: [],
    subscribers: [],
    cycles: [],
    modules: [],
    links: [],
    assets: [],
    relations: [],
  };
  const span = now - t0;
  for (let n = 1; n <= spec.count; n++) {
    const item = itemRow(env, spec, parts, { n, span, ids, sortInState, issueRows });
    itemRelations(env, parts, { n, ids, rel, ...item });
  }
  return { issueRows, rel };
}

/** Item n's row (appended to `issueRows`, its id to `ids`). */
function itemRow(
  env: SeedEnv,
  spec: ProjectSpec,
  parts: ProjectParts,
  at: { n: number; span: number; ids: string[]; sortInState: Record<string, number>; issueRows: Cell[][] },
) {
  const { r, users, workspaceId, t0 } = env;
  const { projectId, stateIds, pointIds } = parts;
  const { n, span, ids, sortInState, issueRows } = at;
  const id = r.uuid();
  ids.push(id);
  const state = stateRoll(r);
  sortInState[state] = (sortInState[state] ?? 55535) + 10000;
  const createdAt = new Date(t0 + Math.floor((n / spec.count) * span) + r.int(60_000));
  const updatedAt = new Date(createdAt.getTime() + r.int(30 * 86400_000));
  const creator = users[r.int(30)];
  const hasDates = r.chance(0.4);
  const start = hasDates ? new Date(createdAt.getTime() + r.int(20) * 86400_000) : null;
  const target = hasDates ? new Date((start as Date).getTime() + (1 + r.int(30)) * 86400_000) : null;
  const parent = n > 1000 && r.chance(0.2) ? ids[r.int(n - 1)] : null;
  const group = DEFAULT_STATES.find((s) => s.name === state)!.group;
  const completed = group === "completed" ? updatedAt : null;
  const archived = group === "completed" && r.chance(0.03) ? updatedAt.toISOString().slice(0, 10) : null;
  const draft = !archived && r.chance(0.005);
  const deleted = !archived && !draft && r.chance(0.005) ? updatedAt : null;
  const epic = r.chance(0.002);
  issueRows.push([
    id,
    workspaceId,
    projectId,
    `${r.pick(VERBS)} ${r.pick(NOUNS)} #${n}`,
    `<p>Work item ${n}</p>`,
    r.pick(priorities),
    stateIds[state],
    parent,
    r.chance(0.5) ? r.pick(pointIds) : null,
    start ? start.toISOString().slice(0, 10) : null,
    target ? target.toISOString().slice(0, 10) : null,
    n,
    sortInState[state],
    completed,
    archived,
    draft,
    epic,
    deleted,
    createdAt,
    updatedAt,
    creator.id,
    creator.id,
  ]);
  return { id, createdAt, creator };
}

/** Item n's labels, assignees, subscribers, cycle, modules, links, attachment and relation (appended to `rel`). */
function itemRelations(
  env: SeedEnv,
  parts: ProjectParts,
  item: { n: number; ids: string[]; rel: ItemRelations; id: string; createdAt: Date; creator: { id: string } },
) {
  const { r, users, workspaceId } = env;
  const { projectId, labelIds, cycleIds, moduleIds } = parts;
  const { n, ids, rel, id, createdAt, creator } = item;
  const link = (extra: Cell[]) => [r.uuid(), id, projectId, workspaceId, createdAt, createdAt, creator.id, ...extra];
  const nLabels = ((x) => (x < 0.3 ? 0 : x < 0.7 ? 1 : x < 0.9 ? 2 : 3))(r.next());
  const chosenLabels = new Set<string>();
  while (chosenLabels.size < nLabels)
    chosenLabels.add(labelIds[Math.min(LABELS.length - 1, Math.floor(Math.pow(r.next(), 1.6) * LABELS.length))]);
  for (const l of chosenLabels) rel.labels.push(link([l]));
  const nAssignees = ((x) => (x < 0.25 ? 0 : x < 0.8 ? 1 : 2))(r.next());
  const chosenUsers = new Set<string>();
  while (chosenUsers.size < nAssignees) chosenUsers.add(users[r.int(30)].id);
  for (const u of chosenUsers) rel.assignees.push(link([u]));
  const subs = new Set<string>([creator.id, ...chosenUsers]);
  for (const u of subs) rel.subscribers.push(link([u]));
  if (r.chance(0.35)) rel.cycles.push(link([r.pick(cycleIds)]));
  if (r.chance(0.25)) {
    const ms = new Set<string>([r.pick(moduleIds)]);
    if (r.chance(0.3)) ms.add(r.pick(moduleIds));
    for (const m of ms) rel.modules.push(link([m]));
  }
  if (r.chance(0.08))
    for (let k = 0; k < 1 + r.int(2); k++)
      rel.links.push(link([`https://example.com/${n}/${k}`, `Reference ${k + 1}`]));
  if (r.chance(0.04)) {
    rel.assets.push([
      r.uuid(),
      `${workspaceId}/${id}/spec.pdf`,
      JSON.stringify({ name: "spec.pdf", type: "application/pdf", size: 1024 }),
      workspaceId,
      projectId,
      id,
      "ISSUE_ATTACHMENT",
      id,
      1024,
      true,
      creator.id,
      createdAt,
      createdAt,
    ]);
  }
  if (n > 100 && r.chance(0.08)) {
    const other = ids[r.int(n - 1)];
    rel.relations.push(link([other, r.pick(["blocked_by", "relates_to", "duplicate"])]));
  }
}

const ISSUE_COLS = [
  "id",
  "workspace",
  "project",
  "name",
  "description_html",
  "priority",
  "state",
  "parent",
  "estimate_point",
  "start_date",
  "target_date",
  "sequence_id",
  "sort_order",
  "completed_at",
  "archived_at",
  "is_draft",
  "is_epic",
  "deleted_at",
  "created_at",
  "updated_at",
  "created_by",
  "updated_by",
];
const FILE_ASSET_COLS = [
  "id",
  "asset",
  "attributes",
  "workspace",
  "project",
  "issue",
  "entity_type",
  "entity_identifier",
  "size",
  "is_uploaded",
  "user",
  "created_at",
  "updated_at",
];

/** COPY the items and their links, in this order; returns the rows per table. */
async function copyItems(sql: postgres.Sql, issueRows: Cell[][], rel: ItemRelations): Promise<Record<string, number>> {
  await copyRows(sql, "issues", ISSUE_COLS, issueRows);
  const linkCols = ["id", "issue", "project", "workspace", "created_at", "updated_at", "created_by"];
  await copyRows(sql, "issue_labels", [...linkCols, "label"], rel.labels);
  await copyRows(sql, "issue_assignees", [...linkCols, "assignee"], rel.assignees);
  await copyRows(sql, "issue_subscribers", [...linkCols, "subscriber"], rel.subscribers);
  await copyRows(sql, "cycle_issues", [...linkCols, "cycle"], rel.cycles);
  await copyRows(sql, "module_issues", [...linkCols, "module"], rel.modules);
  await copyRows(sql, "issue_links", [...linkCols, "url", "title"], rel.links);
  await copyRows(
    sql,
    "issue_relations",
    [...linkCols, "related_issue", "relation_type"],
    dedupeRelations(rel.relations),
  );
  await copyRows(sql, "file_assets", FILE_ASSET_COLS, rel.assets);
  const counts: Record<string, number> = {};
  counts.issues = issueRows.length;
  counts.issue_labels = rel.labels.length;
  counts.issue_assignees = rel.assignees.length;
  counts.issue_subscribers = rel.subscribers.length;
  counts.cycle_issues = rel.cycles.length;
  counts.module_issues = rel.modules.length;
  counts.issue_links = rel.links.length;
  counts.issue_relations = rel.relations.length;
  counts.attachments = rel.assets.length;
  return counts;
}

/** One relation per pair of items (the unique index on issue, related_issue). */
function dedupeRelations(rows: Cell[][]): Cell[][] {
  const seen = new Set<string>();
  return rows.filter((row) => {
    const key = `${row[1]}:${row[7]}`;
    if (seen.has(key) || row[1] === row[7]) return false;
    seen.add(key);
    return true;
  });
}
