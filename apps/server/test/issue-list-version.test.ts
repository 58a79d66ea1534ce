import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import {
  insertCycle,
  insertIssues,
  insertLabel,
  insertModule,
  seedStandardDataset,
  type ProjectCtx,
} from "./helpers/issue-fixtures.ts";

/**
 * projects.list_version is kept by database triggers (apps/server/src/db/sql/list-version-triggers.sql):
 * every statement writing a row a work-item list can show bumps the affected projects once per transaction,
 * whoever writes (plain SQL here, no application code involved).
 */
let t: TestServer;
let ws: WorkspaceFixture;
let pr: ProjectFixture;
let other: ProjectFixture;
let c: ProjectCtx;
let I: Record<string, string> = {};
let L: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestServer();
  ws = await workspaceFixture(t);
  pr = await projectFixture(t, ws);
  other = await projectFixture(t, ws);
  c = { t, ws, pr };
  const d = await seedStandardDataset(c);
  I = d.I;
  L = d.L;
});
afterAll(async () => {
  await t?.close();
});

async function version(projectId = pr.id): Promise<number> {
  const [row] = await t.app.sql<{ v: string }[]>`SELECT list_version::text AS v FROM projects WHERE id = ${projectId}`;
  return Number(row.v);
}

/** Run `write` and return how much each project's list_version moved. */
async function bumps(write: () => Promise<unknown>): Promise<{ own: number; other: number }> {
  const a = await version();
  const b = await version(other.id);
  await write();
  return { own: (await version()) - a, other: (await version(other.id)) - b };
}

describe("list_version triggers", () => {
  it("the migration installed the counter and the triggers", async () => {
    const triggers = await t.app.sql<{ tgname: string }[]>`
      SELECT tgname FROM pg_trigger WHERE NOT tgisinternal AND tgname LIKE '%list_version%' ORDER BY tgname`;
    const names = triggers.map((r) => r.tgname);
    for (const table of [
      "issues",
      "issue_labels",
      "issue_assignees",
      "issue_subscribers",
      "issue_mentions",
      "cycle_issues",
      "module_issues",
      "issue_links",
      "file_assets",
      "states",
      "labels",
      "cycles",
      "modules",
      "project_members",
      "estimate_points",
    ]) {
      for (const ev of ["ins", "upd", "del"]) expect(names).toContain(`${table}_list_version_${ev}`);
    }
    expect(names).toContain("projects_list_version_row");
    expect(names).toContain("list_version_flush");
    expect(await version()).toBeGreaterThan(0);
  });

  it("a direct SQL UPDATE of a work item bumps its project once, not other projects", async () => {
    expect(await bumps(() => t.app.sql`UPDATE issues SET name = 'Alpha 2' WHERE id = ${I.Alpha}`)).toEqual({
      own: 1,
      other: 0,
    });
    expect(await bumps(() => t.app.sql`UPDATE issues SET name = 'Alpha' WHERE id = ${I.Alpha}`)).toEqual({
      own: 1,
      other: 0,
    });
  });

  it("a bulk statement over many rows bumps the project once", async () => {
    expect(await bumps(() => t.app.sql`UPDATE issues SET priority = priority WHERE project = ${pr.id}`)).toEqual({
      own: 1,
      other: 0,
    });
  });

  it("a transaction of several statements bumps each project once, at commit", async () => {
    const r = await bumps(() =>
      t.app.sql.begin(async (tx) => {
        await tx`UPDATE issues SET priority = 'high' WHERE id = ${I.Gamma}`;
        await tx`UPDATE issues SET priority = 'none' WHERE id = ${I.Gamma}`;
        await tx`DELETE FROM issue_labels WHERE issue = ${I.Alpha} AND label = ${L.bug}`;
        await tx`INSERT INTO issue_labels (issue, label, project, workspace) VALUES (${I.Alpha}, ${L.bug}, ${pr.id}, ${ws.id})`;
      }),
    );
    expect(r).toEqual({ own: 1, other: 0 });
    const pending = await t.app.sql`SELECT 1 FROM list_version_pending`;
    expect(pending.length).toBe(0);
  });

  it("a rolled-back transaction bumps nothing", async () => {
    const before = await version();
    await expect(
      t.app.sql.begin(async (tx) => {
        await tx`UPDATE issues SET name = 'nope' WHERE id = ${I.Beta}`;
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    expect(await version()).toBe(before);
  });

  it("a statement touching two projects bumps both", async () => {
    const [{ id }] = await insertIssuesIn(other, "Other item");
    expect(await bumps(() => t.app.sql`UPDATE issues SET priority = 'low' WHERE id IN (${I.Beta}, ${id})`)).toEqual({
      own: 1,
      other: 1,
    });
    // moving an item between projects bumps the old and the new project
    expect(
      await bumps(() => t.app.sql`UPDATE issues SET project = ${pr.id}, sequence_id = 100000 WHERE id = ${id}`),
    ).toEqual({ own: 1, other: 1 });
  });

  it("a sub-item's parent in another project is bumped too", async () => {
    const [{ id }] = await insertIssuesIn(other, "Child elsewhere");
    expect(await bumps(() => t.app.sql`UPDATE issues SET parent = ${I.Gamma} WHERE id = ${id}`)).toEqual({
      own: 1,
      other: 1,
    });
    expect(await bumps(() => t.app.sql`DELETE FROM issues WHERE id = ${id}`)).toEqual({ own: 1, other: 1 });
  });

  it("inserts, updates and deletes on every list-related table bump the project", async () => {
    const link = { project: pr.id, workspace: ws.id };
    const label = await insertLabel(c, "fresh");
    const cycle = await insertCycle(c, "Sprint 9");
    const mod = await insertModule(c, "Mod 9");
    const cases: [string, () => Promise<unknown>][] = [
      [
        "label assign",
        () =>
          t.app
            .sql`INSERT INTO issue_labels (issue, label, project, workspace) VALUES (${I.Gamma}, ${label}, ${link.project}, ${link.workspace})`,
      ],
      ["label unassign", () => t.app.sql`DELETE FROM issue_labels WHERE issue = ${I.Gamma} AND label = ${label}`],
      [
        "assignee",
        () =>
          t.app
            .sql`INSERT INTO issue_assignees (issue, assignee, project, workspace) VALUES (${I.Gamma}, ${ws.member.userId}, ${link.project}, ${link.workspace})`,
      ],
      [
        "subscriber",
        () =>
          t.app
            .sql`INSERT INTO issue_subscribers (issue, subscriber, project, workspace) VALUES (${I.Gamma}, ${ws.member.userId}, ${link.project}, ${link.workspace})`,
      ],
      [
        "mention",
        () =>
          t.app
            .sql`INSERT INTO issue_mentions (issue, mention, project, workspace) VALUES (${I.Gamma}, ${ws.member.userId}, ${link.project}, ${link.workspace})`,
      ],
      [
        "cycle membership",
        () =>
          t.app
            .sql`INSERT INTO cycle_issues (issue, cycle, project, workspace) VALUES (${I.Gamma}, ${cycle}, ${link.project}, ${link.workspace})`,
      ],
      [
        "module membership",
        () =>
          t.app
            .sql`INSERT INTO module_issues (issue, module, project, workspace) VALUES (${I.Gamma}, ${mod}, ${link.project}, ${link.workspace})`,
      ],
      [
        "link",
        () =>
          t.app
            .sql`INSERT INTO issue_links (issue, url, project, workspace) VALUES (${I.Gamma}, 'https://example.com', ${link.project}, ${link.workspace})`,
      ],
      ["attachment uploaded", () => t.app.sql`UPDATE file_assets SET is_uploaded = true WHERE project = ${pr.id}`],
      ["state rename", () => t.app.sql`UPDATE states SET name = 'Doing' WHERE id = ${pr.states["In Progress"]}`],
      ["label rename", () => t.app.sql`UPDATE labels SET name = 'fresher' WHERE id = ${label}`],
      ["cycle rename", () => t.app.sql`UPDATE cycles SET name = 'Sprint 10' WHERE id = ${cycle}`],
      ["module archive", () => t.app.sql`UPDATE modules SET archived_at = now() WHERE id = ${mod}`],
      [
        "member role",
        () => t.app.sql`UPDATE project_members SET role = 15 WHERE project = ${pr.id} AND member = ${ws.guest.userId}`,
      ],
      ["estimate point", () => t.app.sql`UPDATE estimate_points SET value = '8' WHERE project = ${pr.id}`],
      ["cycle delete (cascades)", () => t.app.sql`DELETE FROM cycles WHERE id = ${cycle}`],
      ["label delete (cascades)", () => t.app.sql`DELETE FROM labels WHERE id = ${label}`],
      ["project rename", () => t.app.sql`UPDATE projects SET name = 'Renamed project' WHERE id = ${pr.id}`],
      ["guest visibility", () => t.app.sql`UPDATE projects SET guest_view_all_features = true WHERE id = ${pr.id}`],
    ];
    for (const [what, write] of cases) {
      const r = await bumps(write);
      expect({ what, ...r }).toEqual({ what, own: 1, other: 0 });
    }
  });

  it("a workspace-level label bumps every project of its workspace", async () => {
    const [row] = await t.app.sql<
      { id: string }[]
    >`INSERT INTO labels (workspace, project, name) VALUES (${ws.id}, NULL, 'ws-wide') RETURNING id`;
    expect(await bumps(() => t.app.sql`UPDATE labels SET name = 'ws-wide-2' WHERE id = ${row.id}`)).toEqual({
      own: 1,
      other: 1,
    });
  });

  it("work-item creation's sequence counter alone does not bump; other project writes outside lists do not", async () => {
    expect(
      await bumps(() => t.app.sql`UPDATE projects SET issue_sequence = issue_sequence + 1 WHERE id = ${pr.id}`),
    ).toEqual({ own: 0, other: 0 });
    expect(
      await bumps(() => t.app.sql`UPDATE issue_comments SET comment_html = comment_html WHERE project = ${pr.id}`),
    ).toEqual({ own: 0, other: 0 });
  });

  it("deleting a project with its work items succeeds", async () => {
    const doomed = await projectFixture(t, ws);
    await insertIssues({ t, ws, pr: doomed }, [{ name: "Doomed", labels: [] }]);
    await t.app.sql`DELETE FROM projects WHERE id = ${doomed.id}`;
    const left = await t.app.sql`SELECT 1 FROM issues WHERE project = ${doomed.id}`;
    expect(left.length).toBe(0);
  });
});

async function insertIssuesIn(p: ProjectFixture, name: string): Promise<{ id: string }[]> {
  const ids = await insertIssues({ t, ws, pr: p }, [{ name }]);
  return [{ id: ids[name] }];
}
