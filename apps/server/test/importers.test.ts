import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, asc, eq, inArray } from "drizzle-orm";
import { schema } from "../src/db/client.ts";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { startGithubStandIn, type GithubStandIn } from "./helpers/github-server.ts";
import type { Client } from "./helpers/client.ts";

const CSV = fs.readFileSync(path.join(import.meta.dirname, "fixtures", "jira", "issues.csv"), "utf8");
const TOKEN = "ghp_standin_token_0123456789";

let t: TestServer;
let ws: WorkspaceFixture;
let pr: ProjectFixture;
let ann: Client;
let gh: GithubStandIn;
let base = "";

beforeAll(async () => {
  gh = await startGithubStandIn({ token: TOKEN, owner: "octo-org", repo: "rocket" });
  t = await startTestServer({ outboundAllowPrivate: true, githubApiBase: gh.url });
  ws = await workspaceFixture(t);
  pr = await projectFixture(t, ws);
  base = `/api/workspaces/${ws.slug}`;
  ann = await t.user({ email: "ann@example.com", displayName: "ann" });
  await t.db.db.insert(schema.workspaceMembers).values({ workspaceId: ws.id, memberId: ann.userId, role: 15 });
  await t.db.db
    .insert(schema.projectMembers)
    .values({ workspaceId: ws.id, projectId: pr.id, memberId: ann.userId, role: 15 });
});
afterAll(async () => {
  await t?.close();
  await gh?.close();
});
beforeEach(() => {
  t.app.config.outboundAllowPrivate = true;
});

async function items(projectId: string, source: string) {
  return t.db.db
    .select()
    .from(schema.issues)
    .where(and(eq(schema.issues.projectId, projectId), eq(schema.issues.externalSource, source)))
    .orderBy(asc(schema.issues.externalId));
}
async function commentsOf(issueIds: string[]) {
  return issueIds.length
    ? t.db.db
        .select()
        .from(schema.issueComments)
        .where(inArray(schema.issueComments.issueId, issueIds))
        .orderBy(asc(schema.issueComments.externalId))
    : [];
}
async function runToEnd(id: string, mapping: unknown) {
  const start = await ws.admin.post(`${base}/importers/${id}/start/`, { mapping });
  expect(start.status, start.text).toBe(200);
  expect(start.body.status).toBe("queued");
  await t.app.jobs.drain();
  const done = await ws.admin.get(`${base}/importers/${id}/`);
  expect(done.status).toBe(200);
  return done.body;
}

describe("Jira CSV importer", () => {
  const jiraMapping = () => ({
    states: {
      "In Progress": pr.states["In Progress"],
      "To Do": pr.states.Todo,
      Done: pr.states.Done,
      "Won't Do": pr.states.Cancelled,
    },
    users: { "ann@example.com": ann.userId, "bob@example.com": ws.member.userId, "carl@example.com": null } as Record<
      string,
      string | null
    >,
  });

  it("reads the file, suggests a mapping, imports with the mapping and re-runs without duplicates", async () => {
    const res = await ws.admin.post(`${base}/importers/`, {
      service: "jira",
      project_id: pr.id,
      file_name: "jira.csv",
      csv: CSV,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      service: "jira",
      status: "mapping",
      source_label: "jira.csv",
      project: pr.id,
      progress: { done: 0, total: 4 },
      summary: null,
    });
    expect(res.body.discovered.states).toEqual([
      { key: "In Progress", name: "In Progress", count: 1 },
      { key: "To Do", name: "To Do", count: 1 },
      { key: "Done", name: "Done", count: 1 },
      { key: "Won't Do", name: "Won't Do", count: 1 },
    ]);
    expect(res.body.discovered.users.map((u: any) => u.key).sort()).toEqual([
      "ann@example.com",
      "bob@example.com",
      "carl@example.com",
    ]);
    // Suggested: same-named states, the group's first state, people by email.
    expect(res.body.mapping.states).toEqual({
      "In Progress": pr.states["In Progress"],
      "To Do": pr.states.Todo,
      Done: pr.states.Done,
      "Won't Do": pr.states.Cancelled,
    });
    expect(res.body.mapping.users).toEqual({
      "ann@example.com": ann.userId,
      "bob@example.com": null,
      "carl@example.com": null,
    });
    expect(await items(pr.id, "jira")).toHaveLength(0);

    const done = await runToEnd(res.body.id, jiraMapping());
    expect(done.status).toBe("completed");
    expect(done.progress).toEqual({ done: 4, total: 4 });
    expect(done.summary).toEqual({
      created: 4,
      updated: 0,
      unchanged: 0,
      comments_created: 3,
      labels_created: 2,
      failed: [],
    });

    const rows = await items(pr.id, "jira");
    expect(rows.map((r) => r.externalId)).toEqual(["ACME-1", "ACME-2", "ACME-3", "ACME-4"]);
    const [a1, a2, a3, a4] = rows;
    expect(a1).toMatchObject({
      name: "Set up the build",
      priority: "high",
      stateId: pr.states["In Progress"],
      parentId: null,
    });
    expect(a1.descriptionHtml).toBe(
      '<p>Make the build "green", then keep it so.</p><p>Second paragraph, with a comma.</p>',
    );
    expect(a1.assigneeIds).toEqual([ann.userId]);
    expect(a2).toMatchObject({ priority: "medium", stateId: pr.states.Todo, parentId: a1.id });
    expect(a2.assigneeIds).toEqual([ws.member.userId]);
    expect(a3).toMatchObject({ priority: "urgent", stateId: pr.states.Done, parentId: a1.id });
    expect(a4).toMatchObject({ priority: "low", stateId: pr.states.Cancelled });
    expect(a4.assigneeIds).toEqual([]); // carl mapped to nobody
    const labels = await t.db.db.select().from(schema.labels).where(eq(schema.labels.projectId, pr.id));
    const labelId = Object.fromEntries(labels.map((l) => [l.name, l.id]));
    expect([...a1.labelIds].sort()).toEqual([labelId.infra, labelId.ci].sort());
    expect(a2.labelIds).toEqual([labelId.ci]);

    const comments = await commentsOf(rows.map((r) => r.id));
    expect(comments.map((c) => [c.externalId, c.actorId, c.commentHtml])).toEqual([
      ["ACME-1#comment-1", ann.userId, "<p>Started on it.</p>"],
      ["ACME-1#comment-2", ws.member.userId, "<p>Thanks, looks good; merged</p>"],
      ["ACME-3#comment-1", ws.admin.userId, "<p>Fixed by retrying</p>"],
    ]);
    // Created through the work-item commands: each has its activity.
    const created = await t.db.db
      .select()
      .from(schema.issueActivities)
      .where(
        and(
          inArray(
            schema.issueActivities.issueId,
            rows.map((r) => r.id),
          ),
          eq(schema.issueActivities.verb, "created"),
        ),
      );
    expect(new Set(created.filter((a) => a.field === null).map((a) => a.issueId)).size).toBe(4);
    const seq = await ws.admin.get(`${pr.base}/issues/${a1.id}/`);
    expect(seq.status).toBe(200);
    expect(seq.body.name).toBe("Set up the build");

    // Same file again: nothing new, nothing changed.
    const again = await ws.admin.post(`${base}/importers/`, {
      service: "jira",
      project_id: pr.id,
      file_name: "jira.csv",
      csv: CSV,
    });
    const second = await runToEnd(again.body.id, jiraMapping());
    expect(second.summary).toEqual({
      created: 0,
      updated: 0,
      unchanged: 4,
      comments_created: 0,
      labels_created: 0,
      failed: [],
    });
    expect(await items(pr.id, "jira")).toHaveLength(4);
    expect(await commentsOf(rows.map((r) => r.id))).toHaveLength(3);

    // A third run with another mapping moves the items it names, still without duplicates.
    const third = await ws.admin.post(`${base}/importers/`, {
      service: "jira",
      project_id: pr.id,
      file_name: "jira.csv",
      csv: CSV,
    });
    const remapped = jiraMapping();
    remapped.states["To Do"] = pr.states.Backlog;
    remapped.users["bob@example.com"] = null;
    const out = await runToEnd(third.body.id, remapped);
    expect(out.summary).toMatchObject({ created: 0, updated: 1, unchanged: 3 });
    const after = await items(pr.id, "jira");
    expect(after).toHaveLength(4);
    expect(after[1]).toMatchObject({ externalId: "ACME-2", stateId: pr.states.Backlog, assigneeIds: [] });
  });

  it("refuses a file that is not a Jira export, another workspace's project and an incomplete mapping", async () => {
    const notJira = await ws.admin.post(`${base}/importers/`, {
      service: "jira",
      project_id: pr.id,
      file_name: "x.csv",
      csv: "name,value\na,b\n",
    });
    expect(notJira.status).toBe(400);
    expect(notJira.body).toEqual({ csv: ["The file has no Summary column: export the issues from Jira as CSV."] });
    const bad = await ws.admin.post(`${base}/importers/`, { service: "trello", project_id: pr.id });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ service: ['"trello" is not a valid choice.'] });
    const missing = await ws.admin.post(`${base}/importers/`, {
      service: "jira",
      project_id: pr.id,
      file_name: "x.csv",
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ csv: ["This field is required."] });
    const ws2 = await workspaceFixture(t);
    const other = await projectFixture(t, ws2);
    const foreign = await ws.admin.post(`${base}/importers/`, {
      service: "jira",
      project_id: other.id,
      file_name: "x.csv",
      csv: CSV,
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toEqual({ project_id: ["Project not found in this workspace."] });

    const imp = await ws.admin.post(`${base}/importers/`, {
      service: "jira",
      project_id: pr.id,
      file_name: "x.csv",
      csv: CSV,
    });
    const partial = await ws.admin.post(`${base}/importers/${imp.body.id}/start/`, {
      mapping: { states: { Done: pr.states.Done }, users: {} },
    });
    expect(partial.status).toBe(400);
    expect(partial.body).toEqual({ mapping: ['Choose a state for "In Progress".'] });
    const foreignState = await ws.admin.post(`${base}/importers/${imp.body.id}/start/`, {
      mapping: {
        states: {
          "In Progress": other.states.Done,
          "To Do": pr.states.Todo,
          Done: pr.states.Done,
          "Won't Do": pr.states.Done,
        },
        users: {},
      },
    });
    expect(foreignState.status).toBe(400);
    expect(foreignState.body).toEqual({
      mapping: ['The state chosen for "In Progress" is not a state of the project.'],
    });
    const outsiderUser = await ws.admin.post(`${base}/importers/${imp.body.id}/start/`, {
      mapping: { states: imp.body.mapping.states, users: { "ann@example.com": ws2.admin.userId } },
    });
    expect(outsiderUser.status).toBe(400);
    expect(outsiderUser.body).toEqual({
      mapping: ['The person chosen for "ann@example.com" is not a member of the project.'],
    });
    const del = await ws.admin.delete(`${base}/importers/${imp.body.id}/`);
    expect(del.status).toBe(204);
    expect((await ws.admin.get(`${base}/importers/${imp.body.id}/`)).status).toBe(404);
  });

  it("maps source fields to custom properties (issue #29): checked at the start, values converted and checked per item, kept on re-runs", async () => {
    const p = await projectFixture(t, ws);
    await ws.admin.patch(`${p.base}/`, { is_issue_type_enabled: true });
    const types = (await ws.admin.get(`${p.base}/issue-types/`)).body as {
      id: string;
      is_default: boolean;
      is_epic: boolean;
    }[];
    const def = types.find((x) => x.is_default)!.id;
    const epic = types.find((x) => x.is_epic)!.id;
    const mk = async (type: string, body: Record<string, unknown>) => {
      const r = await ws.admin.post(`${p.base}/issue-types/${type}/issue-properties/`, body);
      expect(r.status, r.text).toBe(201);
      return r.body as { id: string; options: { id: string; name: string }[] };
    };
    const points = await mk(def, { display_name: "Story points", kind: "number", settings: { min: 0, max: 50 } });
    const team = await mk(def, { display_name: "Team", kind: "option", options: [{ name: "Core" }, { name: "Web" }] });
    const due = await mk(def, { display_name: "Due", kind: "date" });
    const onEpic = await mk(epic, { display_name: "Theme", kind: "text" });
    const csv = [
      "Summary,Issue key,Status,Custom field (Story Points),Custom field (Team),Custom field (Due),Sprint",
      "First,PX-1,To Do,5,core,2026-04-01,S1",
      "Second,PX-2,To Do,8,Web,,S1",
      "Too big,PX-3,To Do,99,Web,,",
      "",
    ].join("\n");
    const imp = await ws.admin.post(`${base}/importers/`, {
      service: "jira",
      project_id: p.id,
      file_name: "px.csv",
      csv,
    });
    expect(imp.status, imp.text).toBe(201);
    expect(imp.body.discovered.fields).toEqual([
      { key: "Custom field (Story Points)", name: "Custom field (Story Points)", count: 3 },
      { key: "Custom field (Team)", name: "Custom field (Team)", count: 3 },
      { key: "Custom field (Due)", name: "Custom field (Due)", count: 1 },
      { key: "Sprint", name: "Sprint", count: 2 },
    ]);
    const states = { "To Do": p.states.Todo };
    const start = (properties: Record<string, string>) =>
      ws.admin.post(`${base}/importers/${imp.body.id}/start/`, { mapping: { states, users: {}, properties } });
    expect((await start({ Nope: points.id })).body).toEqual({ mapping: ['"Nope" is not a field of the source.'] });
    expect((await start({ Sprint: onEpic.id })).body).toEqual({
      mapping: ['The property chosen for "Sprint" is not a property of the project\'s default work item type.'],
    });
    expect((await start({ Sprint: points.id, "Custom field (Story Points)": points.id })).body).toEqual({
      mapping: ['"Story points" is chosen for more than one field.'],
    });
    const properties = {
      "Custom field (Story Points)": points.id,
      "Custom field (Team)": team.id,
      "Custom field (Due)": due.id,
    };
    const done = await runToEnd(imp.body.id, { states, users: {}, properties });
    expect(done.mapping.properties).toEqual(properties);
    expect(done.summary).toMatchObject({
      created: 2,
      failed: [{ external_id: "PX-3", name: "Too big", reason: expect.stringMatching(/Story points/) }],
    });
    const rows = await items(p.id, "jira");
    const valuesOf = async (id: string) => (await ws.admin.get(`${p.base}/issues/${id}/`)).body.property_values;
    expect(await valuesOf(rows[0].id)).toEqual({
      [points.id]: ["5"],
      [team.id]: [team.options[0].id],
      [due.id]: ["2026-04-01"],
    });
    expect(await valuesOf(rows[1].id)).toEqual({ [points.id]: ["8"], [team.id]: [team.options[1].id] });
    // the same file again changes nothing
    const again = await ws.admin.post(`${base}/importers/`, {
      service: "jira",
      project_id: p.id,
      file_name: "px.csv",
      csv,
    });
    expect((await runToEnd(again.body.id, { states, users: {}, properties })).summary).toMatchObject({
      created: 0,
      updated: 0,
      unchanged: 2,
    });
  });

  it("is for workspace admins only", async () => {
    const body = { service: "jira", project_id: pr.id, file_name: "x.csv", csv: CSV };
    const imp = await ws.admin.post(`${base}/importers/`, body);
    for (const c of [ws.member, ws.guest]) {
      expect((await c.get(`${base}/importers/`)).status).toBe(403);
      expect((await c.post(`${base}/importers/`, body)).status).toBe(403);
      expect((await c.get(`${base}/importers/${imp.body.id}/`)).status).toBe(403);
      expect((await c.post(`${base}/importers/${imp.body.id}/start/`, { mapping: imp.body.mapping })).status).toBe(403);
      expect((await c.delete(`${base}/importers/${imp.body.id}/`)).status).toBe(403);
    }
    expect((await ws.outsider.get(`${base}/importers/`)).status).toBe(403);
    expect((await ws.anon.get(`${base}/importers/`)).status).toBe(401);
    const list = await ws.admin.get(`${base}/importers/`);
    expect(list.status).toBe(200);
    expect(list.body.some((i: any) => i.id === imp.body.id)).toBe(true);
    expect(JSON.stringify(list.body)).not.toContain("items");
  });
});

describe("GitHub importer", () => {
  let gp: ProjectFixture;
  beforeAll(async () => {
    gp = await projectFixture(t, ws);
    await t.db.db
      .insert(schema.projectMembers)
      .values({ workspaceId: ws.id, projectId: gp.id, memberId: ann.userId, role: 15 });
  });
  const ghMapping = () => ({
    states: { open: gp.states.Todo, closed: gp.states.Done },
    users: { octocat: ws.member.userId, hubot: null, mona: ann.userId, stranger: null },
  });
  async function analyzed(token = TOKEN, repo = "rocket") {
    const res = await ws.admin.post(`${base}/importers/`, {
      service: "github",
      project_id: gp.id,
      token,
      owner: "octo-org",
      repo,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.status).toBe("analyzing");
    expect(JSON.stringify(res.body)).not.toContain(token);
    await t.app.jobs.drain();
    return (await ws.admin.get(`${base}/importers/${res.body.id}/`)).body;
  }

  it("reads the repository through the API, imports with the mapping and re-runs without duplicates", async () => {
    gh.requests.length = 0;
    const a = await analyzed();
    expect(a.status).toBe("mapping");
    expect(a.source_label).toBe("octo-org/rocket");
    expect(a.progress.total).toBe(3); // the pull request is left out
    expect(a.discovered.states).toEqual([
      { key: "open", name: "open", count: 2 },
      { key: "closed", name: "closed", count: 1 },
    ]);
    expect(a.discovered.users.map((u: any) => u.key)).toEqual(["octocat", "hubot", "mona", "stranger"]);
    expect(a.mapping.users).toMatchObject({ mona: null, octocat: null }); // no member has those names
    expect(a.mapping.states).toEqual({ open: gp.states.Todo, closed: gp.states.Done });
    expect(
      gh.requests.every((r) => r.authorization === `Bearer ${TOKEN}` && r.accept === "application/vnd.github+json"),
    ).toBe(true);
    expect(gh.requests.map((r) => r.path)).toEqual([
      "/repos/octo-org/rocket/issues?state=all&per_page=100&sort=created&direction=asc",
      "/repos/octo-org/rocket/issues?state=all&per_page=100&sort=created&direction=asc&page=2",
      "/repos/octo-org/rocket/issues/1/comments?per_page=100",
      "/repos/octo-org/rocket/issues/4/comments?per_page=100",
    ]);

    const done = await runToEnd(a.id, ghMapping());
    expect(done.status).toBe("completed");
    expect(done.summary).toEqual({
      created: 3,
      updated: 0,
      unchanged: 0,
      comments_created: 3,
      labels_created: 3,
      failed: [],
    });
    const rows = await items(gp.id, "github");
    expect(rows.map((r) => r.externalId)).toEqual(["octo-org/rocket#1", "octo-org/rocket#3", "octo-org/rocket#4"]);
    expect(rows[0]).toMatchObject({
      name: "Launch pad leaks fuel",
      stateId: gp.states.Todo,
      descriptionHtml: "<p>The valve on pad 3 drips.</p><p>Seen twice &lt;b&gt;today&lt;/b&gt;.</p>",
    });
    expect(rows[0].assigneeIds).toEqual([ws.member.userId]);
    expect(rows[1]).toMatchObject({ name: "Paint the tower", stateId: gp.states.Done, descriptionHtml: "<p></p>" });
    expect(rows[1].assigneeIds).toEqual([ann.userId]);
    const labels = await t.db.db.select().from(schema.labels).where(eq(schema.labels.projectId, gp.id));
    expect(labels.map((l) => [l.name, l.color]).sort()).toEqual([
      ["bug", "#d73a4a"],
      ["enhancement", "#a2eeef"],
      ["urgent-fix", "#b60205"],
    ]);
    const comments = await commentsOf(rows.map((r) => r.id));
    expect(comments.map((c) => [c.commentHtml, c.actorId])).toEqual([
      ["<p>I can reproduce this.</p>", ann.userId],
      ["<p>Valve ordered.</p>", ws.member.userId],
      ["<p>+1</p>", ws.admin.userId],
    ]);
    const [sealed] = await t.db.db.select().from(schema.importers).where(eq(schema.importers.id, a.id));
    expect(sealed.tokenSealed).toBeNull(); // the token is dropped once done

    // Again, with one issue retitled and a new comment on GitHub meanwhile.
    (gh.issues[0] as any).title = "Launch pad leaks fuel (pad 3)";
    gh.comments["4"].push({ id: 5004, user: { login: "mona" }, body: "Drafted." });
    const b = await analyzed();
    const again = await runToEnd(b.id, ghMapping());
    expect(again.summary).toEqual({
      created: 0,
      updated: 1,
      unchanged: 2,
      comments_created: 1,
      labels_created: 0,
      failed: [],
    });
    const after = await items(gp.id, "github");
    expect(after).toHaveLength(3);
    expect(after[0].name).toBe("Launch pad leaks fuel (pad 3)");
    expect(await commentsOf(after.map((r) => r.id))).toHaveLength(4);
  });

  it("fails with GitHub's reason for a bad token or an unknown repository", async () => {
    const bad = await analyzed("ghp_wrong");
    expect(bad.status).toBe("failed");
    expect(bad.error).toBe("GitHub refused the token (401): check that it is valid and not expired.");
    const missing = await analyzed(TOKEN, "nope");
    expect(missing.status).toBe("failed");
    expect(missing.error).toBe("Repository octo-org/nope was not found, or the token cannot read it.");
    const start = await ws.admin.post(`${base}/importers/${missing.id}/start/`, { mapping: { states: {}, users: {} } });
    expect(start.status).toBe(400);
    expect(start.body).toEqual({ error: "This import is not waiting for its mapping." });
  });

  it("reaches the API only through the SSRF guard", async () => {
    t.app.config.outboundAllowPrivate = false;
    const a = await analyzed();
    expect(a.status).toBe("failed");
    expect(a.error).toMatch(/^GitHub could not be reached: .*internal address/);
  });

  it("checks the GitHub fields", async () => {
    const res = await ws.admin.post(`${base}/importers/`, {
      service: "github",
      project_id: gp.id,
      token: "",
      owner: "a b",
      repo: "ok",
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      token: ["This field may not be blank."],
      owner: ["Enter a GitHub owner or repository name."],
    });
  });
});
