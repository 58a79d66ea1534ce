import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema } from "../src/db/client.ts";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { insertCycle, insertIssues, insertModule, insertRelation } from "./helpers/issue-fixtures.ts";

/** Search (wire-facts-2 §6): W/search/, W/entity-search/, P/search-issues/. */
let t: TestServer;
let ws: WorkspaceFixture;
let pr: ProjectFixture;
let other: ProjectFixture;
let secretId: string;
let I: Record<string, string>;
let cycleId: string;
let moduleId: string;
let described: { id: string; sequence_id: number };

const wsUrl = () => `/api/workspaces/${ws.slug}`;
const names = (rows: { name: string }[]) => rows.map((r) => r.name);

beforeAll(async () => {
  t = await startTestServer();
  ws = await workspaceFixture(t);
  pr = await projectFixture(t, ws, { name: "Web Frontend", identifier: "WEB" });
  other = await projectFixture(t, ws, { name: "Mobile", identifier: "MOB" });
  // a project only its admin belongs to
  const secret = await ws.admin.post(`${wsUrl()}/projects/`, { name: "Secret Plans", identifier: "SEC", network: 0 });
  secretId = secret.body.id;
  cycleId = await insertCycle({ t, ws, pr }, "Sprint Alpha");
  moduleId = await insertModule({ t, ws, pr }, "Checkout Revamp");
  I = await insertIssues({ t, ws, pr }, [
    { name: "Fix the dashboard layout", targetDate: "2025-02-01" },
    { name: "Dashboard child", parent: undefined },
    { name: "Guest own dashboard note", createdBy: ws.guest.userId },
    { name: "Archived dashboard", archivedAt: "2025-01-05" },
    { name: "Deleted dashboard", deletedAt: new Date() },
    { name: "Draft dashboard", isDraft: true },
    { name: "Cycled widget", cycle: cycleId },
    { name: "Moduled widget", modules: [moduleId] },
  ]);
  await t.db.db
    .update(schema.issues)
    .set({ parentId: I["Fix the dashboard layout"] })
    .where(eq(schema.issues.id, I["Dashboard child"]));
  await insertIssues({ t, ws, pr: other }, [{ name: "Mobile dashboard crash" }]);
  await insertIssues({ t, ws, pr: { ...pr, id: secretId } }, [{ name: "Secret dashboard roadmap" }]);
  const created = await ws.member.post(`${pr.base}/issues/`, {
    name: "Onboarding flow",
    description_html: "<p>The welcome carousel stutters on Safari</p>",
  });
  expect(created.status).toBe(201);
  described = { id: created.body.id, sequence_id: created.body.sequence_id };
  await ws.admin.post(`${pr.base}/views/`, { name: "Dashboard triage view" });
});
afterAll(async () => {
  await t?.close();
});

describe("GET W/search/", () => {
  it("finds work items by a misspelled word, ranked, in the wire shape", async () => {
    const res = await ws.member.get(`${wsUrl()}/search/?search=dashbord`);
    expect(res.status).toBe(200);
    const issues = res.body.results.issue;
    expect(names(issues)).toContain("Fix the dashboard layout");
    expect(names(issues)).toContain("Mobile dashboard crash");
    expect(Object.keys(issues[0]).sort()).toEqual([
      "id",
      "name",
      "project__identifier",
      "project_id",
      "sequence_id",
      "workspace__slug",
    ]);
    const fix = issues.find((i: { name: string }) => i.name === "Fix the dashboard layout");
    expect(fix).toMatchObject({
      id: I["Fix the dashboard layout"],
      project__identifier: "WEB",
      project_id: pr.id,
      workspace__slug: ws.slug,
      sequence_id: 1,
    });
    expect(res.body.results.issue_view.map((v: { name: string }) => v.name)).toEqual(["Dashboard triage view"]);
    expect(Object.keys(res.body.results).sort()).toEqual([
      "cycle",
      "intake",
      "issue",
      "issue_view",
      "module",
      "page",
      "project",
      "workspace",
    ]);
  });

  it("never shows archived, deleted, draft items or projects the caller is not a member of", async () => {
    const member = names(
      (await ws.member.get(`${wsUrl()}/search/?search=dashboard&entities=issue`)).body.results.issue,
    );
    for (const hidden of ["Archived dashboard", "Deleted dashboard", "Draft dashboard", "Secret dashboard roadmap"])
      expect(member).not.toContain(hidden);
    const admin = names((await ws.admin.get(`${wsUrl()}/search/?search=dashboard&entities=issue`)).body.results.issue);
    expect(admin).toContain("Secret dashboard roadmap");
    expect(admin).not.toContain("Archived dashboard");
  });

  it("shows a guest only the items they created", async () => {
    const res = await ws.guest.get(`${wsUrl()}/search/?search=dashboard&entities=issue,project`);
    expect(names(res.body.results.issue)).toEqual(["Guest own dashboard note"]);
    expect(Object.keys(res.body.results).sort()).toEqual(["issue", "project"]);
  });

  it("finds an item by its key and by words of its description", async () => {
    const byKey = await ws.member.get(`${wsUrl()}/search/?search=web-${described.sequence_id}&entities=issue`);
    expect(byKey.body.results.issue[0]).toMatchObject({ id: described.id, name: "Onboarding flow" });
    const byText = await ws.member.get(`${wsUrl()}/search/?search=carousel&entities=issue`);
    expect(names(byText.body.results.issue)).toEqual(["Onboarding flow"]);
  });

  it("searches projects, cycles, modules and workspaces by name", async () => {
    const res = await ws.member.get(`${wsUrl()}/search/?search=frontnd`);
    expect(res.body.results.project).toEqual([
      { name: "Web Frontend", id: pr.id, identifier: "WEB", workspace__slug: ws.slug },
    ]);
    const cyc = await ws.member.get(`${wsUrl()}/search/?search=sprint&entities=cycle,module`);
    expect(cyc.body.results.cycle).toEqual([
      { name: "Sprint Alpha", id: cycleId, project_id: pr.id, project__identifier: "WEB", workspace__slug: ws.slug },
    ]);
    expect(cyc.body.results.module).toEqual([]);
    const secret = await ws.member.get(`${wsUrl()}/search/?search=secret&entities=project`);
    expect(secret.body.results.project).toEqual([]);
    const w = await ws.member.get(`${wsUrl()}/search/?search=${ws.slug}&entities=workspace`);
    expect(w.body.results.workspace).toEqual([{ name: ws.slug.toUpperCase(), id: ws.id, slug: ws.slug }]);
  });

  it("limits to one project with workspace_search=false and a project_id", async () => {
    const res = await ws.member.get(
      `${wsUrl()}/search/?search=dashboard&entities=issue&workspace_search=false&project_id=${other.id}`,
    );
    expect(names(res.body.results.issue)).toEqual(["Mobile dashboard crash"]);
    const all = await ws.member.get(
      `${wsUrl()}/search/?search=dashboard&entities=issue&workspace_search=true&project_id=${other.id}`,
    );
    expect(names(all.body.results.issue)).toContain("Fix the dashboard layout");
  });

  it("answers empty lists for an empty query, and refuses outsiders", async () => {
    const res = await ws.member.get(`${wsUrl()}/search/?search=%20`);
    expect(res.body.results.issue).toEqual([]);
    expect((await ws.outsider.get(`${wsUrl()}/search/?search=dashboard`)).status).toBe(403);
    expect((await ws.member.get(`${wsUrl()}/search/?search=x&project_id=nope`)).status).toBe(400);
  });
});

describe("GET W/entity-search/", () => {
  it("answers user mentions by default, matching first, last or display name", async () => {
    const res = await ws.member.get(`${wsUrl()}/entity-search/?query=gus`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["user_mention"]);
    expect(res.body.user_mention.map((u: { member__id: string }) => u.member__id)).toEqual([ws.guest.userId]);
    expect(Object.keys(res.body.user_mention[0]).sort()).toEqual([
      "member__avatar_url",
      "member__display_name",
      "member__id",
    ]);
    const project = await ws.member.get(`${wsUrl()}/entity-search/?query=&project_id=${secretId}`);
    expect(project.body.user_mention.map((u: { member__id: string }) => u.member__id)).toEqual([ws.admin.userId]);
  });

  it("answers each requested type in its shape, `count` items at most", async () => {
    const res = await ws.member.get(
      `${wsUrl()}/entity-search/?query=dashbord&query_type=issue,project,cycle,module,page&count=2&project_id=${pr.id}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.issue.length).toBe(2);
    expect(Object.keys(res.body.issue[0]).sort()).toEqual([
      "id",
      "name",
      "priority",
      "project__identifier",
      "project_id",
      "sequence_id",
      "state_id",
      "type_id",
    ]);
    expect(res.body.page).toEqual([]);
    const cyc = await ws.member.get(`${wsUrl()}/entity-search/?query=alpha&query_type=cycle,module`);
    expect(cyc.body.cycle).toEqual([
      {
        name: "Sprint Alpha",
        id: cycleId,
        project_id: pr.id,
        project__identifier: "WEB",
        status: "DRAFT",
        workspace__slug: ws.slug,
      },
    ]);
    const mod = await ws.member.get(`${wsUrl()}/entity-search/?query=chekout&query_type=module,project`);
    expect(mod.body.module).toEqual([
      {
        name: "Checkout Revamp",
        id: moduleId,
        project_id: pr.id,
        project__identifier: "WEB",
        status: "planned",
        workspace__slug: ws.slug,
      },
    ]);
    const proj = await ws.member.get(`${wsUrl()}/entity-search/?query=mobile&query_type=project`);
    expect(proj.body.project).toEqual([
      { name: "Mobile", id: other.id, identifier: "MOB", logo_props: {}, workspace__slug: ws.slug },
    ]);
  });

  it("refuses a bad count", async () => {
    expect((await ws.member.get(`${wsUrl()}/entity-search/?count=0`)).status).toBe(400);
  });
});

describe("GET P/search-issues/", () => {
  const search = (q: string, c = ws.member) => c.get(`${pr.base}/search-issues/?${q}`);

  it("answers a bare array in the wire shape, limited to the project by default", async () => {
    const res = await search("search=dashbord");
    expect(res.status).toBe(200);
    expect(names(res.body)).not.toContain("Mobile dashboard crash");
    const fix = res.body.find((r: { name: string }) => r.name === "Fix the dashboard layout");
    expect(fix).toEqual({
      name: "Fix the dashboard layout",
      id: I["Fix the dashboard layout"],
      start_date: null,
      sequence_id: 1,
      project__name: "Web Frontend",
      project__identifier: "WEB",
      project_id: pr.id,
      workspace__slug: ws.slug,
      state__name: "Backlog",
      state__group: "backlog",
      state__color: expect.any(String),
    });
    expect(names((await search("search=dashboard&workspace_search=true")).body)).toContain("Mobile dashboard crash");
  });

  it("applies parent, sub_issue, issue_relation, cycle, module and target_date", async () => {
    const parent = I["Fix the dashboard layout"];
    const child = I["Dashboard child"];
    expect(names((await search(`parent=true&issue_id=${parent}`)).body)).not.toEqual(
      expect.arrayContaining(["Fix the dashboard layout"]),
    );
    expect(names((await search(`parent=true&issue_id=${parent}`)).body)).not.toContain("Dashboard child");
    const sub = names((await search(`sub_issue=true&issue_id=${child}`)).body);
    expect(sub).not.toContain("Fix the dashboard layout");
    expect(sub).not.toContain("Dashboard child");
    expect(sub).toContain("Cycled widget");
    await insertRelation({ t, ws, pr }, I["Cycled widget"], I["Moduled widget"], "relates_to");
    const rel = names((await search(`issue_relation=true&issue_id=${I["Moduled widget"]}`)).body);
    expect(rel).not.toContain("Cycled widget");
    expect(rel).not.toContain("Moduled widget");
    expect(rel).toContain("Onboarding flow");
    expect(names((await search("search=widget&cycle=true")).body)).toEqual(["Moduled widget"]);
    expect(names((await search(`search=widget&module=${moduleId}`)).body)).toEqual(["Cycled widget"]);
    const noDate = names((await search("target_date=none")).body);
    expect(noDate).not.toContain("Fix the dashboard layout");
    expect(noDate).toContain("Onboarding flow");
  });

  it("matches a sequence id and shows guests their own items only", async () => {
    expect(names((await search(`search=${described.sequence_id}`)).body)).toContain("Onboarding flow");
    expect(names((await search("search=dashboard", ws.guest)).body)).toEqual(["Guest own dashboard note"]);
  });

  it("refuses non-members of the project", async () => {
    const res = await ws.member.get(`/api/workspaces/${ws.slug}/projects/${secretId}/search-issues/?search=secret`);
    expect([403, 409]).toContain(res.status);
  });
});

describe("pages in search", () => {
  it("finds pages by a misspelled word: public ones of the caller's projects and their own private ones, never archived", async () => {
    const made = async (name: string, access: number) => {
      const res = await ws.admin.post(`${pr.base}/pages/`, { name, access });
      expect(res.status, res.text).toBe(201);
      return res.body.id as string;
    };
    const pub = await made("Dashboard handbook", 0);
    const priv = await made("Dashboard private notes", 1);
    const old = await made("Dashboard archived page", 0);
    expect((await ws.admin.post(`${pr.base}/pages/${old}/archive/`, {})).status).toBe(200);
    const member = await ws.member.get(`${wsUrl()}/search/?search=dashbord&entities=page`);
    expect(member.status).toBe(200);
    expect(member.body.results.page).toEqual([
      {
        name: "Dashboard handbook",
        id: pub,
        project_ids: [pr.id],
        project_identifiers: ["WEB"],
        workspace__slug: ws.slug,
      },
    ]);
    const admin = await ws.admin.get(`${wsUrl()}/search/?search=dashbord&entities=page`);
    expect(names(admin.body.results.page).sort()).toEqual(["Dashboard handbook", "Dashboard private notes"]);
    expect(admin.body.results.page.map((p: { id: string }) => p.id)).toContain(priv);
    // an outsider of the project finds none of its pages
    const outsider = await ws.member.get(
      `${wsUrl()}/search/?search=handbook&entities=page&workspace_search=false&project_id=${secretId}`,
    );
    expect(outsider.body.results.page).toEqual([]);
    const entity = await ws.member.get(`${wsUrl()}/entity-search/?query=handbok&query_type=page`);
    expect(entity.body.page).toEqual([
      { name: "Dashboard handbook", id: pub, logo_props: {}, projects__id: pr.id, workspace__slug: ws.slug },
    ]);
  });
});

describe("intake in search", () => {
  it("finds requests waiting in intake (not accepted ones, which are work items), a guest only their own", async () => {
    expect((await ws.admin.patch(`${pr.base}/`, { intake_view: true })).status).toBe(200);
    const file = async (c: typeof ws.admin, name: string) => {
      const res = await c.post(`${pr.base}/inbox-issues/`, { issue: { name } });
      expect(res.status, res.text).toBe(200);
      return res.body as { issue: { id: string } };
    };
    const waiting = await file(ws.member, "Dashboard export request");
    const guests = await file(ws.guest, "Dashboard colour request");
    const accepted = await file(ws.member, "Dashboard sharing request");
    expect((await ws.admin.patch(`${pr.base}/inbox-issues/${accepted.issue.id}/`, { status: 1 })).status).toBe(200);
    const admin = await ws.admin.get(`${wsUrl()}/search/?search=dashbord request&entities=intake,issue`);
    expect(names(admin.body.results.intake).sort()).toEqual(["Dashboard colour request", "Dashboard export request"]);
    expect(admin.body.results.intake.map((i: { id: string }) => i.id)).toContain(waiting.issue.id);
    // the accepted one is a work item now, and requests are not work items
    expect(names(admin.body.results.issue)).toContain("Dashboard sharing request");
    expect(names(admin.body.results.issue)).not.toContain("Dashboard export request");
    const guest = await ws.guest.get(`${wsUrl()}/search/?search=dashbord request&entities=intake`);
    expect(guest.body.results.intake.map((i: { id: string }) => i.id)).toEqual([guests.issue.id]);
  });
});

describe("work-item search tiers (a common word does not rank every match)", () => {
  let tiers: ProjectFixture;
  let key: string;
  const entity = async (query: string, count: number) => {
    const res = await ws.member.get(
      `${wsUrl()}/entity-search/?query=${encodeURIComponent(query)}&query_type=issue&count=${count}&project_id=${tiers.id}`,
    );
    expect(res.status, res.text).toBe(200);
    return res.body.issue as { id: string; name: string }[];
  };

  beforeAll(async () => {
    tiers = await projectFixture(t, ws, { name: "Tiers", identifier: "TIR" });
    // the oldest items first; the many "Export report" and "Ledger sync" items are the newest
    const ids = await insertIssues({ t, ws, pr: tiers }, [
      { name: "Invoice export", createdAtOffset: 5000 },
      { name: "Ledgr sync backlog", createdAtOffset: 5001 },
      { name: "Quarterly report for the sprint", createdAtOffset: 5002 },
      { name: "Sprint report", createdAtOffset: 5003 },
      { name: "Sprnt reprt draft", createdAtOffset: 5004 },
      { name: "Mentions TIR-1 in its name", createdAtOffset: 5005 },
      { name: "Report sprnt", createdAtOffset: 5006 },
      ...Array.from({ length: 12 }, (_, n) => ({ name: `Export report ${n}`, createdAtOffset: 6000 + n })),
      ...Array.from({ length: 4 }, (_, n) => ({ name: `Ledger sync ${n}`, createdAtOffset: 7000 + n })),
    ]);
    key = ids["Invoice export"];
  });

  it("finds a misspelled word when another word of the query matches many newer items", async () => {
    // the near matches of the whole text are the 12 newer "Export report" items; the item near every word wins
    const found = await entity("invoce export", 5);
    expect(found[0]).toMatchObject({ id: key, name: "Invoice export" });
  });

  it("takes near (misspelled) matches only when the exact ones do not fill the page", async () => {
    expect((await entity("ledger", 3)).map((i) => i.name)).toEqual(["Ledger sync 3", "Ledger sync 2", "Ledger sync 1"]);
    const all = (await entity("ledger", 10)).map((i) => i.name);
    expect(all).toEqual(["Ledger sync 3", "Ledger sync 2", "Ledger sync 1", "Ledger sync 0", "Ledgr sync backlog"]);
    // a prefix while typing is a name match too
    expect((await entity("ledg", 2)).map((i) => i.name)).toEqual(["Ledger sync 3", "Ledger sync 2"]);
  });

  it("ranks the exact key, then the name containing the text, then every word in the name, then near matches", async () => {
    const names = (await entity("sprint report", 20)).map((i) => i.name);
    expect(names.slice(0, 2)).toEqual(["Sprint report", "Quarterly report for the sprint"]);
    // then the near matches, by similarity ("Export report" shares a whole word, so it is nearer than the typo)
    expect(names.slice(2)).toContain("Sprnt reprt draft");
    // every word, in another order, ranks above a closer-looking misspelling
    expect((await entity("report sprint", 3)).map((i) => i.name)).toEqual([
      "Sprint report",
      "Quarterly report for the sprint",
      "Report sprnt",
    ]);
    const byKey = await entity("TIR-1", 5);
    expect(byKey.map((i) => i.name).slice(0, 2)).toEqual(["Invoice export", "Mentions TIR-1 in its name"]);
  });

  it("answers the newest items for an empty query, with the pickers' flags", async () => {
    const res = await ws.member.get(`${wsUrl()}/projects/${tiers.id}/search-issues/?search=`);
    expect(res.status).toBe(200);
    expect(res.body.slice(0, 2).map((i: { name: string }) => i.name)).toEqual(["Ledger sync 3", "Ledger sync 2"]);
    expect(res.body).toHaveLength(23);
  });
});
