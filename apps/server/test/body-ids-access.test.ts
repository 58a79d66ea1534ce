import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, or, sql } from "drizzle-orm";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { apiKeyFor, type ApiKeyClient } from "./helpers/api-key.ts";
import type { Client, Res } from "./helpers/client.ts";
import { schema } from "../src/db/client.ts";

/**
 * Ids in bodies respect access (issue #24 point 12). Bob administers project B and is not in the private project A.
 * Every endpoint that takes the id of another work item, cycle, module, page or project in its body is walked with
 * an id of A's: each refuses it exactly as it refuses an id that names nothing (same status and body, a 4xx), and
 * nothing of A changes. Then a guest of B who sees only their own items names B's other items the same way.
 */
let t: TestServer;
let ws: WorkspaceFixture;
let A: ProjectFixture;
let B: ProjectFixture;
let bob: Client;
let bobKey: ApiKeyClient;
/** A's things, which Bob may not read. */
const a = { issue: "", cycle: "", module: "", page: "", project: "" };
/** B's things Bob acts on. */
const b = { issue: "", issue2: "", cycle: "", module: "", page: "", intake: "", draft: "", wsDraft: "" };

type Kind = keyof typeof a;
interface Case {
  name: string;
  kind: Kind;
  method: string;
  url: () => string;
  body: (id: string) => unknown;
  /** Who calls (default Bob's session). */
  as?: () => Client;
  /**
   * The endpoint ignores this field by design (intake requests join no cycle or module; a project draft takes its
   * cycle when published; the realtime token leaves out projects the caller is not in): it answers as for an id of
   * nothing, a 2xx that names nothing of A's.
   */
  ignored?: true;
}

const W = () => `/api/workspaces/${ws.slug}`;
const V1 = () => `/api/v1/workspaces/${ws.slug}/projects/${B.id}`;
const embed = (id: string) =>
  `<issue-embed-component entity_identifier="${id}" entity_name="issue"></issue-embed-component>`;
const mention = (id: string) =>
  `<p>see <mention-component entity_identifier="${id}" entity_name="issue" label="X"></mention-component></p>`;

const CASES: Case[] = [
  // ---- work items
  {
    name: "relation",
    kind: "issue",
    method: "POST",
    url: () => `${B.base}/issues/${b.issue}/issue-relation/`,
    body: (id) => ({ relation_type: "relates_to", issues: [id] }),
  },
  {
    name: "remove relation",
    kind: "issue",
    method: "POST",
    url: () => `${B.base}/issues/${b.issue2}/remove-relation/`,
    body: (id) => ({ related_issue: id }),
  },
  {
    name: "sub-items",
    kind: "issue",
    method: "POST",
    url: () => `${B.base}/issues/${b.issue}/sub-issues/`,
    body: (id) => ({ sub_issue_ids: [id] }),
  },
  {
    name: "create with parent",
    kind: "issue",
    method: "POST",
    url: () => `${B.base}/issues/`,
    body: (id) => ({ name: "x", parent_id: id }),
  },
  {
    name: "update parent",
    kind: "issue",
    method: "PATCH",
    url: () => `${B.base}/issues/${b.issue}/`,
    body: (id) => ({ parent_id: id }),
  },
  {
    name: "bulk operation",
    kind: "issue",
    method: "POST",
    url: () => `${B.base}/bulk-operation-issues/`,
    body: (id) => ({ issue_ids: [id], properties: { priority: "high" } }),
  },
  {
    name: "bulk archive",
    kind: "issue",
    method: "POST",
    url: () => `${B.base}/bulk-archive-issues/`,
    body: (id) => ({ issue_ids: [id] }),
  },
  {
    name: "bulk delete",
    kind: "issue",
    method: "DELETE",
    url: () => `${B.base}/bulk-delete-issues/`,
    body: (id) => ({ issue_ids: [id] }),
  },
  {
    name: "bulk subscribe",
    kind: "issue",
    method: "POST",
    url: () => `${B.base}/bulk-subscribe-issues/`,
    body: (id) => ({ issue_ids: [id] }),
  },
  {
    name: "dates",
    kind: "issue",
    method: "POST",
    url: () => `${B.base}/issue-dates/`,
    body: (id) => ({ updates: [{ id, start_date: "2030-01-01" }] }),
  },
  {
    name: "tasks bulk-fetch",
    kind: "issue",
    method: "POST",
    url: () => `${B.base}/tasks/bulk-fetch/`,
    body: (id) => ({ issue_ids: [id] }),
  },
  {
    name: "cycle membership",
    kind: "issue",
    method: "POST",
    url: () => `${B.base}/cycles/${b.cycle}/cycle-issues/`,
    body: (id) => ({ issues: [id] }),
  },
  {
    name: "module membership",
    kind: "issue",
    method: "POST",
    url: () => `${B.base}/modules/${b.module}/issues/`,
    body: (id) => ({ issues: [id] }),
  },
  {
    name: "intake with parent",
    kind: "issue",
    method: "POST",
    url: () => `${B.base}/inbox-issues/`,
    body: (id) => ({ issue: { name: "x", parent_id: id } }),
  },
  {
    name: "intake duplicate",
    kind: "issue",
    method: "PATCH",
    url: () => `${B.base}/inbox-issues/${b.intake}/`,
    body: (id) => ({ status: 2, duplicate_to: id }),
  },
  {
    name: "project draft with parent",
    kind: "issue",
    method: "POST",
    url: () => `${B.base}/issue-drafts/`,
    body: (id) => ({ name: "x", parent_id: id }),
  },
  {
    name: "project draft parent",
    kind: "issue",
    method: "PATCH",
    url: () => `${B.base}/issue-drafts/${b.draft}/`,
    body: (id) => ({ parent_id: id }),
  },
  {
    name: "workspace draft with parent",
    kind: "issue",
    method: "POST",
    url: () => `${W()}/draft-issues/`,
    body: (id) => ({ name: "x", project_id: B.id, parent_id: id }),
  },
  {
    name: "favourite item",
    kind: "issue",
    method: "POST",
    url: () => `${W()}/user-favorites/`,
    body: (id) => ({ entity_type: "issue", entity_identifier: id, project_id: B.id }),
  },
  {
    name: "agent run on item",
    kind: "issue",
    method: "POST",
    url: () => `${B.base}/agent/execute/`,
    body: (id) => ({ issue_id: id, content: "hi" }),
  },
  {
    name: "embed in a new item",
    kind: "issue",
    method: "POST",
    url: () => `${B.base}/issues/`,
    body: (id) => ({ name: "x", description_html: embed(id) }),
  },
  {
    name: "mention in an item",
    kind: "issue",
    method: "PATCH",
    url: () => `${B.base}/issues/${b.issue}/`,
    body: (id) => ({ description_html: mention(id) }),
  },
  {
    name: "mention in a comment",
    kind: "issue",
    method: "POST",
    url: () => `${B.base}/issues/${b.issue}/comments/`,
    body: (id) => ({ comment_html: mention(id) }),
  },
  {
    name: "embed in a new page",
    kind: "issue",
    method: "POST",
    url: () => `${B.base}/pages/`,
    body: (id) => ({ name: "x", description_html: embed(id) }),
  },
  {
    name: "embed in a page's description",
    kind: "issue",
    method: "PATCH",
    url: () => `${B.base}/pages/${b.page}/description/`,
    body: (id) => ({ description_html: embed(id) }),
  },
  {
    name: "v1 create with parent",
    kind: "issue",
    method: "POST",
    url: () => `${V1()}/work-items/`,
    body: (id) => ({ name: "x", parent: id }),
    as: () => bobKey,
  },
  {
    name: "v1 update parent",
    kind: "issue",
    method: "PATCH",
    url: () => `${V1()}/work-items/${b.issue}/`,
    body: (id) => ({ parent: id }),
    as: () => bobKey,
  },
  {
    name: "v1 relation",
    kind: "issue",
    method: "POST",
    url: () => `${V1()}/work-items/${b.issue}/relations/`,
    body: (id) => ({ relation_type: "blocking", issues: [id] }),
    as: () => bobKey,
  },
  {
    name: "v1 cycle membership",
    kind: "issue",
    method: "POST",
    url: () => `${V1()}/cycles/${b.cycle}/cycle-issues/`,
    body: (id) => ({ issues: [id] }),
    as: () => bobKey,
  },
  {
    name: "v1 module membership",
    kind: "issue",
    method: "POST",
    url: () => `${V1()}/modules/${b.module}/module-issues/`,
    body: (id) => ({ issues: [id] }),
    as: () => bobKey,
  },
  {
    name: "v1 intake with parent",
    kind: "issue",
    method: "POST",
    url: () => `${V1()}/intake-issues/`,
    body: (id) => ({ issue: { name: "x", parent_id: id } }),
    as: () => bobKey,
  },
  {
    name: "v1 intake duplicate",
    kind: "issue",
    method: "PATCH",
    url: () => `${V1()}/intake-issues/${b.intake}/`,
    body: (id) => ({ status: 2, duplicate_to: id }),
    as: () => bobKey,
  },
  {
    name: "v1 mention in a comment",
    kind: "issue",
    method: "POST",
    url: () => `${V1()}/work-items/${b.issue}/comments/`,
    body: (id) => ({ comment_html: mention(id) }),
    as: () => bobKey,
  },
  // ---- cycles
  {
    name: "create in a cycle",
    kind: "cycle",
    method: "POST",
    url: () => `${B.base}/issues/`,
    body: (id) => ({ name: "x", cycle_id: id }),
  },
  {
    name: "move to a cycle",
    kind: "cycle",
    method: "PATCH",
    url: () => `${B.base}/issues/${b.issue}/`,
    body: (id) => ({ cycle_id: id }),
  },
  {
    name: "bulk to a cycle",
    kind: "cycle",
    method: "POST",
    url: () => `${B.base}/bulk-operation-issues/`,
    body: (id) => ({ issue_ids: [b.issue], properties: { cycle_id: id } }),
  },
  {
    name: "transfer",
    kind: "cycle",
    method: "POST",
    url: () => `${B.base}/cycles/${b.cycle}/transfer-issues/`,
    body: (id) => ({ new_cycle_id: id }),
  },
  {
    name: "favourite cycle",
    kind: "cycle",
    method: "POST",
    url: () => `${B.base}/user-favorite-cycles/`,
    body: (id) => ({ cycle: id }),
  },
  {
    name: "favourite cycle (workspace)",
    kind: "cycle",
    method: "POST",
    url: () => `${W()}/user-favorites/`,
    body: (id) => ({ entity_type: "cycle", entity_identifier: id, project_id: B.id }),
  },
  {
    name: "intake in a cycle",
    kind: "cycle",
    method: "POST",
    url: () => `${B.base}/inbox-issues/`,
    body: (id) => ({ issue: { name: "x", cycle_id: id } }),
    ignored: true,
  },
  {
    name: "project draft in a cycle",
    kind: "cycle",
    method: "POST",
    url: () => `${B.base}/issue-drafts/`,
    body: (id) => ({ name: "x", cycle_id: id }),
    ignored: true,
  },
  {
    name: "workspace draft in a cycle",
    kind: "cycle",
    method: "POST",
    url: () => `${W()}/draft-issues/`,
    body: (id) => ({ name: "x", project_id: B.id, cycle_id: id }),
  },
  {
    name: "v1 transfer",
    kind: "cycle",
    method: "POST",
    url: () => `${V1()}/cycles/${b.cycle}/transfer-issues/`,
    body: (id) => ({ new_cycle_id: id }),
    as: () => bobKey,
  },
  // ---- modules
  {
    name: "create in a module",
    kind: "module",
    method: "POST",
    url: () => `${B.base}/issues/`,
    body: (id) => ({ name: "x", module_ids: [id] }),
  },
  {
    name: "update modules",
    kind: "module",
    method: "PATCH",
    url: () => `${B.base}/issues/${b.issue}/`,
    body: (id) => ({ module_ids: [id] }),
  },
  {
    name: "item modules",
    kind: "module",
    method: "POST",
    url: () => `${B.base}/issues/${b.issue}/modules/`,
    body: (id) => ({ modules: [id] }),
  },
  {
    name: "bulk to a module",
    kind: "module",
    method: "POST",
    url: () => `${B.base}/bulk-operation-issues/`,
    body: (id) => ({ issue_ids: [b.issue], properties: { module_ids: [id] } }),
  },
  {
    name: "favourite module",
    kind: "module",
    method: "POST",
    url: () => `${B.base}/user-favorite-modules/`,
    body: (id) => ({ module: id }),
  },
  {
    name: "favourite module (workspace)",
    kind: "module",
    method: "POST",
    url: () => `${W()}/user-favorites/`,
    body: (id) => ({ entity_type: "module", entity_identifier: id, project_id: B.id }),
  },
  {
    name: "intake in a module",
    kind: "module",
    method: "POST",
    url: () => `${B.base}/inbox-issues/`,
    body: (id) => ({ issue: { name: "x", module_ids: [id] } }),
    ignored: true,
  },
  {
    name: "project draft in a module",
    kind: "module",
    method: "POST",
    url: () => `${B.base}/issue-drafts/`,
    body: (id) => ({ name: "x", module_ids: [id] }),
  },
  {
    name: "workspace draft in a module",
    kind: "module",
    method: "POST",
    url: () => `${W()}/draft-issues/`,
    body: (id) => ({ name: "x", project_id: B.id, module_ids: [id] }),
  },
  // ---- pages
  {
    name: "page parent (create)",
    kind: "page",
    method: "POST",
    url: () => `${B.base}/pages/`,
    body: (id) => ({ name: "x", parent: id }),
  },
  {
    name: "page parent (update)",
    kind: "page",
    method: "PATCH",
    url: () => `${B.base}/pages/${b.page}/`,
    body: (id) => ({ parent: id }),
  },
  {
    name: "favourite page (workspace)",
    kind: "page",
    method: "POST",
    url: () => `${W()}/user-favorites/`,
    body: (id) => ({ entity_type: "page", entity_identifier: id, project_id: B.id }),
  },
  // ---- projects
  {
    name: "move a page",
    kind: "project",
    method: "POST",
    url: () => `${B.base}/pages/${b.page}/move/`,
    body: (id) => ({ new_project_id: id }),
  },
  {
    name: "workspace draft of a project",
    kind: "project",
    method: "POST",
    url: () => `${W()}/draft-issues/`,
    body: (id) => ({ name: "x", project_id: id }),
  },
  {
    name: "workspace draft moved to a project",
    kind: "project",
    method: "PATCH",
    url: () => `${W()}/draft-issues/${b.wsDraft}/`,
    body: (id) => ({ project_id: id }),
  },
  {
    name: "draft published to a project",
    kind: "project",
    method: "POST",
    url: () => `${W()}/draft-to-issue/${b.wsDraft}/`,
    body: (id) => ({ project_id: id }),
  },
  {
    name: "favourite project",
    kind: "project",
    method: "POST",
    url: () => `${W()}/user-favorites/`,
    body: (id) => ({ entity_type: "project", entity_identifier: id }),
  },
  {
    name: "favourite project (project favourites)",
    kind: "project",
    method: "POST",
    url: () => `${W()}/user-favorite-projects/`,
    body: (id) => ({ project: id }),
  },
  {
    name: "quick link of a project",
    kind: "project",
    method: "POST",
    url: () => `${W()}/quick-links/`,
    body: (id) => ({ url: "https://example.com/", project: id }),
  },
  {
    name: "export a project",
    kind: "project",
    method: "POST",
    url: () => `${W()}/export-issues/`,
    body: (id) => ({ provider: "csv", project: [id] }),
  },
  {
    name: "realtime token",
    kind: "project",
    method: "POST",
    url: () => `${W()}/agent/get-subscription-token/`,
    body: (id) => ({ project_ids: [id] }),
    ignored: true,
  },
];

/** Everything that ties A's things to anything: it must not change while Bob names them. */
async function fingerprint(): Promise<string> {
  const db = t.db.db;
  const ids = `{${Object.values(a).join(",")}}`;
  const rows = await db.execute(sql`SELECT
    (SELECT count(*) FROM issue_relations WHERE issue = ANY(${ids}::uuid[]) OR related_issue = ANY(${ids}::uuid[])) AS relations,
    (SELECT count(*) FROM issues WHERE parent = ANY(${ids}::uuid[])) AS children,
    (SELECT row(parent, archived_at, deleted_at, priority, start_date)::text FROM issues WHERE id = ${a.issue}) AS item,
    (SELECT count(*) FROM cycle_issues WHERE issue = ${a.issue} OR cycle = ${a.cycle}) AS cycle_links,
    (SELECT count(*) FROM module_issues WHERE issue = ${a.issue} OR module = ${a.module}) AS module_links,
    (SELECT count(*) FROM issue_subscribers WHERE issue = ${a.issue}) AS subscribers,
    (SELECT count(*) FROM pages WHERE parent = ${a.page} OR project = ${a.project}) AS pages,
    (SELECT count(*) FROM user_favorites WHERE entity_identifier = ANY(${ids}::uuid[]) OR project_id = ${a.project}) AS favourites,
    (SELECT count(*) FROM intake_issues WHERE duplicate_to = ${a.issue}) AS duplicates,
    (SELECT count(*) FROM issues WHERE project = ${a.project}) AS items_in_a`);
  return JSON.stringify([...rows]);
}

async function call(c: Client, method: string, url: string, body: unknown): Promise<Res> {
  return c.request(method, url, body);
}

/** An answer with the id it names replaced (a field error may quote the id). */
const answer = (res: Res, id: string) => [
  res.status,
  JSON.parse(JSON.stringify(res.body ?? null).replaceAll(id, "<id>")),
];

beforeAll(async () => {
  t = await startTestServer();
  ws = await workspaceFixture(t);
  A = await projectFixture(t, ws, { identifier: "AAA", network: 0 });
  B = await projectFixture(t, ws, { identifier: "BBB", network: 0 });
  bob = await t.user({ firstName: "Bob" });
  await t.db.db.insert(schema.workspaceMembers).values({ workspaceId: ws.id, memberId: bob.userId, role: 15 });
  await t.db.db
    .insert(schema.projectMembers)
    .values({ workspaceId: ws.id, projectId: B.id, memberId: bob.userId, role: 20 });
  bobKey = await apiKeyFor(bob);
  const admin = ws.admin;
  for (const p of [A, B])
    expect(
      (await admin.patch(`${p.base}/`, { intake_view: true, cycle_view: true, module_view: true, page_view: true }))
        .status,
    ).toBe(200);
  a.project = A.id;
  a.issue = (await admin.post(`${A.base}/issues/`, { name: "A secret item" })).body.id;
  a.cycle = (await admin.post(`${A.base}/cycles/`, { name: "A cycle" })).body.id;
  a.module = (await admin.post(`${A.base}/modules/`, { name: "A module" })).body.id;
  a.page = (await admin.post(`${A.base}/pages/`, { name: "A page" })).body.id;
  b.issue = (await bob.post(`${B.base}/issues/`, { name: "B item" })).body.id;
  b.issue2 = (await bob.post(`${B.base}/issues/`, { name: "B item 2" })).body.id;
  // a relation made by someone in both projects: Bob may not remove it from his side
  expect(
    (
      await admin.post(`${B.base}/issues/${b.issue2}/issue-relation/`, {
        relation_type: "relates_to",
        issues: [a.issue],
      })
    ).status,
  ).toBe(201);
  b.cycle = (
    await bob.post(`${B.base}/cycles/`, { name: "B cycle", start_date: "2020-01-01", end_date: "2020-01-10" })
  ).body.id;
  b.module = (await bob.post(`${B.base}/modules/`, { name: "B module" })).body.id;
  b.page = (await bob.post(`${B.base}/pages/`, { name: "B page" })).body.id;
  b.intake = (await bob.post(`${B.base}/inbox-issues/`, { issue: { name: "B request" } })).body.issue.id;
  b.draft = (await bob.post(`${B.base}/issue-drafts/`, { name: "B draft" })).body.id;
  b.wsDraft = (await bob.post(`${W()}/draft-issues/`, { name: "Bob's draft", project_id: B.id })).body.id;
  for (const [k, v] of Object.entries({ ...a, ...b })) expect(v, k).toMatch(/^[0-9a-f-]{36}$/);
});
afterAll(async () => {
  await t?.close();
});

describe("an id of a private project the caller is not in is refused like an id of nothing", () => {
  for (const c of CASES) {
    it(`${c.name}: ${c.method} ${c.url.toString().replace(/^\(\) => /, "")}`, async () => {
      const who = c.as?.() ?? bob;
      const before = await fingerprint();
      const nothing = crypto.randomUUID();
      const ghost = await call(who, c.method, c.url(), c.body(nothing));
      const foreign = await call(who, c.method, c.url(), c.body(a[c.kind]));
      if (c.ignored) {
        expect([foreign.status, ghost.status]).toEqual([ghost.status, foreign.status]);
        expect(foreign.status).toBeLessThan(300);
        expect(foreign.text).not.toContain(a[c.kind]);
      } else {
        expect(foreign.status, `${c.name}: ${foreign.text}`).toBeGreaterThanOrEqual(400);
        expect(foreign.status).toBeLessThan(500);
        expect(answer(foreign, a[c.kind]), c.name).toEqual(answer(ghost, nothing));
      }
      expect(foreign.text).not.toContain("A secret item");
      expect(await fingerprint(), c.name).toBe(before);
    });
  }
});

describe("what Bob reads of a relation made by someone in both projects", () => {
  it("the relation lists leave out an item he may not read", async () => {
    const lists = (await bob.get(`${B.base}/issues/${b.issue2}/issue-relation/`)).body;
    expect(JSON.stringify(lists)).not.toContain(a.issue);
    const v1 = (await bobKey.get(`${V1()}/work-items/${b.issue2}/relations/`)).body;
    expect(JSON.stringify(v1)).not.toContain(a.issue);
    // someone in both still sees it
    expect(JSON.stringify((await ws.admin.get(`${B.base}/issues/${b.issue2}/issue-relation/`)).body)).toContain(
      a.issue,
    );
  });
});

describe("a guest who sees only their own items names B's other items", () => {
  it("is refused like an id of nothing", async () => {
    const guest = ws.guest;
    // the guest's own item in B (made by an admin on their behalf) and their own intake request
    const own = (await ws.admin.post(`${B.base}/issues/`, { name: "guest's" })).body.id;
    await t.db.db.update(schema.issues).set({ createdById: guest.userId }).where(eq(schema.issues.id, own));
    const hidden = b.issue;
    const cases: [string, string, (id: string) => unknown][] = [
      ["PATCH", `${B.base}/issues/${own}/`, (id) => ({ parent_id: id })],
      ["POST", `${B.base}/inbox-issues/`, (id) => ({ issue: { name: "x", parent_id: id } })],
      ["POST", `${B.base}/bulk-subscribe-issues/`, (id) => ({ issue_ids: [id] })],
      ["POST", `${B.base}/tasks/bulk-fetch/`, (id) => ({ issue_ids: [id] })],
      ["POST", `${B.base}/issues/${own}/comments/`, (id) => ({ comment_html: mention(id) })],
    ];
    for (const [method, url, body] of cases) {
      const nothing = crypto.randomUUID();
      const ghost = await guest.request(method, url, body(nothing));
      const res = await guest.request(method, url, body(hidden));
      expect([method, url, res.status >= 400 && res.status < 500]).toEqual([method, url, true]);
      expect([method, url, ...answer(res, hidden)]).toEqual([method, url, ...answer(ghost, nothing)]);
    }
    const [row] = await t.db.db
      .select()
      .from(schema.issues)
      .where(or(eq(schema.issues.id, own)));
    expect(row.parentId).toBeNull();
  });
});
