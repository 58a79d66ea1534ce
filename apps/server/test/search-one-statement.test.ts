import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { statementsSent } from "./helpers/statements.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { insertCycle, insertIssues, insertModule, setProject } from "./helpers/issue-fixtures.ts";

/**
 * W/search/ and W/entity-search/ look every entity type up in one statement (routes/search/commands.ts
 * `searchInOne`), after one statement that makes the search's settings and reads the dictionary's corrections
 * (`inSearch`). Pinned here: what each entity type finds and what each caller may see of it (archived things,
 * projects the caller is not a member of, guests, private views and pages), for a plain and a misspelled word, and
 * the statements a search sends.
 */
let t: TestServer;
let ws: WorkspaceFixture;
let pr: ProjectFixture;
let secret: ProjectFixture;

beforeAll(async () => {
  t = await startTestServer();
  ws = await workspaceFixture(t);
  pr = await projectFixture(t, ws, { name: "Lantern Works", identifier: "LAN" });
  // a project only the admin belongs to
  const made = await ws.admin.post(`/api/workspaces/${ws.slug}/projects/`, {
    name: "Lantern secret project",
    identifier: "LSP",
    network: 0,
  });
  expect(made.status, made.text).toBe(201);
  secret = { ...pr, id: made.body.id, base: `/api/workspaces/${ws.slug}/projects/${made.body.id}` };

  await insertIssues({ t, ws, pr }, [
    { name: "Lantern repair" },
    { name: "Lantern guest note", createdBy: ws.guest.userId },
    { name: "Lantern archived item", archivedAt: "2025-01-05" },
    { name: "Lantern deleted item", deletedAt: new Date() },
  ]);
  await insertIssues({ t, ws, pr: secret }, [{ name: "Lantern secret item" }]);
  await insertCycle({ t, ws, pr }, "Lantern sprint");
  await insertCycle({ t, ws, pr }, "Lantern old sprint", 0, true);
  await insertCycle({ t, ws, pr: secret }, "Lantern secret sprint");
  await insertModule({ t, ws, pr }, "Lantern module");
  await insertModule({ t, ws, pr }, "Lantern old module", true);
  await insertModule({ t, ws, pr: secret }, "Lantern secret module");
  const view = async (p: ProjectFixture, name: string, access: number, c = ws.admin) => {
    const res = await c.post(`${p.base}/views/`, { name, access });
    expect(res.status, res.text).toBe(201);
    return res.body.id as string;
  };
  await view(pr, "Lantern public view", 1);
  await view(pr, "Lantern admin view", 0);
  await view(pr, "Lantern member view", 0, ws.member);
  await view(secret, "Lantern secret view", 1);
  const archivedView = await view(pr, "Lantern archived view", 1);
  await t.app.sql`UPDATE issue_views SET archived_at = now() WHERE id = ${archivedView}::uuid`;
  const page = async (p: ProjectFixture, name: string, access: number) => {
    const res = await ws.admin.post(`${p.base}/pages/`, { name, access });
    expect(res.status, res.text).toBe(201);
    return res.body.id as string;
  };
  await page(pr, "Lantern handbook", 0);
  await page(pr, "Lantern admin notes", 1);
  await page(secret, "Lantern secret page", 0);
  const old = await page(pr, "Lantern archived page", 0);
  expect((await ws.admin.post(`${pr.base}/pages/${old}/archive/`, {})).status).toBe(200);
  // intake: one waiting request of the member's, one of the guest's
  expect((await ws.admin.patch(`${pr.base}/`, { intake_view: true })).status).toBe(200);
  for (const [c, name] of [
    [ws.member, "Lantern member request"],
    [ws.guest, "Lantern guest request"],
  ] as const) {
    expect((await c.post(`${pr.base}/inbox-issues/`, { issue: { name } })).status).toBe(200);
  }
});
afterAll(async () => {
  await t?.close();
});

type Found = Record<string, { name: string }[]>;
const byType = (results: Found) =>
  Object.fromEntries(Object.entries(results).map(([k, rows]) => [k, rows.map((r) => r.name).sort()]));
const search = async (c: typeof ws.admin, text: string) => {
  const res = await c.get(`/api/workspaces/${ws.slug}/search/?search=${encodeURIComponent(text)}`);
  expect(res.status, res.text).toBe(200);
  return byType(res.body.results as Found);
};

/** What the member sees: the project's things, never archived ones, the secret project's, others' private ones. */
const MEMBER = {
  workspace: [],
  project: ["Lantern Works"],
  issue: ["Lantern guest note", "Lantern repair"],
  cycle: ["Lantern sprint"],
  module: ["Lantern module"],
  issue_view: ["Lantern member view", "Lantern public view"],
  page: ["Lantern handbook"],
  intake: ["Lantern guest request", "Lantern member request"],
};

describe("W/search/: every entity type in one statement, each with its own access rules", () => {
  it("finds for a member, by the word and by a misspelling of it, what a member may see of each type", async () => {
    expect(await search(ws.member, "lantern")).toEqual(MEMBER);
    // a misspelling pg_trgm's default threshold (0.6) would miss: found only with the search's own (0.4) in force
    const [{ near }] = await t.app.sql<{ near: number }[]>`SELECT word_similarity('lantren', 'lantern') AS near`;
    expect(near).toBeLessThan(0.6);
    expect(await search(ws.member, "lantren")).toEqual(MEMBER);
  });

  it("corrects a misspelled word of a description with the search's threshold in force (read in the settings' statement)", async () => {
    const made = await ws.member.post(`${pr.base}/issues/`, {
      name: "Plain lamp",
      description_html: "<p>next to the gazebo</p>",
    });
    expect(made.status, made.text).toBe(201);
    // near enough for the search's threshold (0.4), not for pg_trgm's default (0.6); the name is near nothing
    const [{ near, name }] = await t.app.sql<{ near: number; name: number }[]>`
      SELECT word_similarity('gazbeo', 'gazebo') AS near, word_similarity('gazbeo', 'Plain lamp') AS name`;
    expect(near).toBeGreaterThanOrEqual(0.4);
    expect(near).toBeLessThan(0.6);
    expect(name).toBeLessThan(0.4);
    const res = await ws.member.get(`/api/workspaces/${ws.slug}/search/?search=gazbeo&entities=issue,cycle`);
    expect(res.body.results.issue.map((i: { id: string }) => i.id)).toEqual([made.body.id]);
    const picked = await ws.member.get(`${pr.base}/search-issues/?search=gazbeo`);
    expect(picked.body.map((i: { id: string }) => i.id)).toEqual([made.body.id]);
    expect((await ws.admin.delete(`${pr.base}/issues/${made.body.id}/`)).status).toBe(204);
  });

  it("finds the secret project's things and the admin's private ones for the admin", async () => {
    expect(await search(ws.admin, "lantern")).toEqual({
      workspace: [],
      project: ["Lantern Works", "Lantern secret project"],
      issue: ["Lantern guest note", "Lantern repair", "Lantern secret item"],
      cycle: ["Lantern secret sprint", "Lantern sprint"],
      module: ["Lantern module", "Lantern secret module"],
      issue_view: ["Lantern admin view", "Lantern public view", "Lantern secret view"],
      page: ["Lantern admin notes", "Lantern handbook", "Lantern secret page"],
      intake: ["Lantern guest request", "Lantern member request"],
    });
  });

  it("shows a guest their own items and requests, and every item once the project lets guests see all", async () => {
    const guest = {
      ...MEMBER,
      issue: ["Lantern guest note"],
      issue_view: ["Lantern public view"],
      intake: ["Lantern guest request"],
    };
    expect(await search(ws.guest, "lantern")).toEqual(guest);
    await setProject({ t, ws, pr }, { guestViewAllFeatures: true });
    try {
      expect(await search(ws.guest, "lantern")).toEqual({ ...guest, issue: ["Lantern guest note", "Lantern repair"] });
    } finally {
      await setProject({ t, ws, pr }, { guestViewAllFeatures: false });
    }
  });

  it("answers W/entity-search/ per type with the same rules", async () => {
    const res = await ws.member.get(
      `/api/workspaces/${ws.slug}/entity-search/?query=lantren&query_type=issue,project,cycle,module,page&count=10`,
    );
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body)).toEqual(["issue", "project", "cycle", "module", "page"]);
    expect(byType(res.body as Found)).toEqual({
      issue: MEMBER.issue,
      project: MEMBER.project,
      cycle: MEMBER.cycle,
      module: MEMBER.module,
      page: MEMBER.page,
    });
    const guest = await ws.guest.get(
      `/api/workspaces/${ws.slug}/entity-search/?query=lantern&query_type=issue,page&count=10`,
    );
    expect(byType(guest.body as Found)).toEqual({ issue: ["Lantern guest note"], page: MEMBER.page });
  });
});

describe("statements a search sends", () => {
  const sentBy = (fn: () => Promise<unknown>) => statementsSent(t, fn);
  const reads = (s: string, table: string) => new RegExp(`\\b(FROM|JOIN) ${table}\\b`).test(s);
  const TABLES = ["workspaces", "projects", "issues", "cycles", "modules", "issue_views", "pages", "intake_issues"];

  it("W/search/ looks every entity type up in one statement, after one for its settings and the dictionary", async () => {
    await search(ws.member, "lantren"); // warm: sessions and caches
    for (const text of ["lantren", "lantern repair", "LAN-1"]) {
      const statements = await sentBy(() => search(ws.member, text));
      const lookups = statements.filter((s) =>
        ["cycles", "modules", "issue_views", "pages"].some((tb) => reads(s, tb)),
      );
      expect(lookups, statements.join("\n")).toHaveLength(1);
      for (const table of TABLES) expect(reads(lookups[0], table), table).toBe(true);
      // the settings and the dictionary: one statement before it (none for a key, whose parts are no words)
      const settings = statements.filter((s) => s.includes("set_config("));
      expect(settings).toHaveLength(1);
      expect(settings[0].includes("search_words")).toBe(text !== "LAN-1");
      expect(statements.indexOf(settings[0])).toBeLessThan(statements.indexOf(lookups[0]));
      expect(statements.filter((s) => s.includes("search_words"))).toHaveLength(text === "LAN-1" ? 0 : 1);
    }
  });

  it("W/entity-search/ looks its types up in one statement", async () => {
    const statements = await sentBy(() =>
      ws.member.get(
        `/api/workspaces/${ws.slug}/entity-search/?query=lantren&query_type=user_mention,issue,project,cycle,module,page`,
      ),
    );
    const lookups = statements.filter(
      (s) => ["cycles", "modules", "pages", "users"].some((tb) => reads(s, tb)) && !s.includes("set_config("),
    );
    expect(lookups, statements.join("\n")).toHaveLength(1);
    for (const table of ["users", "projects", "issues", "cycles", "modules", "pages"])
      expect(reads(lookups[0], table), table).toBe(true);
  });
});
