import { afterAll, beforeAll, describe, expect, it } from "vitest";
import JSZip from "jszip";
import ExcelJS from "exceljs";
import { eq } from "drizzle-orm";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { apiKeyFor, type ApiKeyClient } from "./helpers/api-key.ts";
import { schema } from "../src/db/client.ts";
import { EXPORT_COLUMNS, headerOf } from "../src/routes/exports/format.ts";
import { runExport } from "../src/routes/exports/job.ts";

let t: TestServer;
let ws: WorkspaceFixture;
let pr: ProjectFixture;
let other: ProjectFixture;
let member: ApiKeyClient;
let E: string;
/** The rows the export must hold for `pr`, in order (built from what the seed made). */
let expected: Record<string, unknown>[];

const HISTORY = () => `${E}?per_page=10&cursor=10:0:0`;
const at = (iso: string) => new Date(iso).toISOString().slice(0, 19).replace("T", " ");

/** A minimal RFC 4180 reader (the test's own, so the writer is checked against an independent parser). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i++;
    } else field += c;
  }
  if (field || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

async function exportAndFetch(body: Record<string, unknown>): Promise<{ row: Record<string, any>; zip: JSZip }> {
  const started = await ws.member.post(E, body);
  expect(started.status).toBe(200);
  expect(started.body).toEqual({ message: "Once the export is ready you will be able to download it" });
  const queued = (await ws.member.get(HISTORY())).body.results[0];
  expect(queued).toMatchObject({
    status: "queued",
    url: null,
    provider: body.provider,
    initiated_by: ws.member.userId,
  });
  await t.app.jobs.drain();
  const row = (await ws.member.get(HISTORY())).body.results.find((r: { id: string }) => r.id === queued.id);
  expect(row).toMatchObject({ status: "completed", error: null });
  expect(row.done_count).toBe(row.total_count);
  // the link works without a session
  const res = await fetch(`${t.url}${row.url}`);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/zip");
  expect(res.headers.get("content-disposition")).toMatch(
    new RegExp(`export-${ws.slug}-${row.token.slice(0, 6)}-\\d{4}-\\d{2}-\\d{2}\\.zip`),
  );
  return { row, zip: await JSZip.loadAsync(Buffer.from(await res.arrayBuffer())) };
}

beforeAll(async () => {
  t = await startTestServer();
  ws = await workspaceFixture(t);
  pr = await projectFixture(t, ws, { identifier: "EXP", name: "Export me" });
  other = await projectFixture(t, ws, { identifier: "OTH", name: "Other one" });
  member = await apiKeyFor(ws.member);
  E = `/api/workspaces/${ws.slug}/export-issues/`;
  const P = `/api/v1/workspaces/${ws.slug}/projects/${pr.id}`;
  const label = (await member.post(`${P}/labels/`, { name: "bug" })).body.id;
  const label2 = (await member.post(`${P}/labels/`, { name: "ui, web" })).body.id;
  const parent = (
    await member.post(`${P}/work-items/`, { name: "Parent", priority: "urgent", state: pr.states["Todo"] })
  ).body;
  const child = (
    await member.post(`${P}/work-items/`, {
      name: 'Child, with "quotes"\nand a line',
      parent: parent.id,
      assignees: [ws.member.userId, ws.admin.userId],
      labels: [label, label2],
      start_date: "2026-02-01",
      target_date: "2026-02-10",
      state: pr.states["In Progress"],
    })
  ).body;
  const done = (await member.post(`${P}/work-items/`, { name: "Finished", state: pr.states["Done"] })).body;
  await member.post(`${P}/work-items/${child.id}/links/`, { url: "https://example.com/spec", title: "Spec" });
  await member.post(`${P}/work-items/${parent.id}/relations/`, { relation_type: "blocking", issues: [child.id] });
  const comment = (
    await member.post(`${P}/work-items/${child.id}/comments/`, { comment_html: "<p>Looks <b>good</b></p>" })
  ).body;
  const cycle = (await member.post(`${P}/cycles/`, { name: "Sprint 1" })).body.id;
  await member.post(`${P}/cycles/${cycle}/cycle-issues/`, { issues: [child.id] });
  const mod = (await member.post(`${P}/modules/`, { name: "Payments" })).body.id;
  await member.post(`${P}/modules/${mod}/module-issues/`, { issues: [child.id] });
  await ws.admin.post(`${pr.base}/issues/${child.id}/subscribe/`);
  expect((await member.post(`${P}/work-items/${done.id}/archive/`)).status).toBe(204);
  await member.post(`/api/v1/workspaces/${ws.slug}/projects/${other.id}/work-items/`, { name: "Elsewhere" });

  const read = async (id: string) => (await member.get(`${P}/work-items/${id}/`)).body;
  const [p, c, d] = await Promise.all([read(parent.id), read(child.id), read(done.id)]);
  const base = {
    project_name: "Export me",
    project_identifier: "EXP",
    estimate: "",
    labels: [],
    cycles: [],
    modules: [],
    links: [],
    relations: [],
    comments: [],
    subscribers: ["Max Member"],
    assignees: [],
    link_count: 0,
    attachment_count: 0,
    is_draft: false,
    custom_properties: [],
    start_date: null,
    target_date: null,
    completed_at: null,
    archived_at: null,
    created_by_name: "Max Member",
  };
  expected = [
    {
      ...base,
      parent: "",
      identifier: "EXP-1",
      sequence_id: 1,
      name: "Parent",
      state_name: "Todo",
      priority: "urgent",
      sub_issues_count: 1,
      created_at: at(p.created_at),
      updated_at: at(p.updated_at),
      relations: [{ type: "blocked_by", issue: "EXP-2", direction: "incoming" }],
    },
    {
      ...base,
      parent: "EXP-1",
      identifier: "EXP-2",
      sequence_id: 2,
      name: c.name,
      state_name: "In Progress",
      priority: "none",
      sub_issues_count: 0,
      assignees: ["Ada Admin", "Max Member"],
      subscribers: ["Ada Admin", "Max Member"],
      start_date: "2026-02-01",
      target_date: "2026-02-10",
      created_at: at(c.created_at),
      updated_at: at(c.updated_at),
      labels: ["bug", "ui, web"],
      cycles: ["Sprint 1"],
      modules: ["Payments"],
      links: [{ url: "https://example.com/spec", title: "Spec" }],
      link_count: 1,
      relations: [{ type: "blocked_by", issue: "EXP-1", direction: "outgoing" }],
      comments: [{ comment: "Looks good", created_by: "Max Member", created_at: at(comment.created_at) }],
    },
    {
      ...base,
      parent: "",
      identifier: "EXP-3",
      sequence_id: 3,
      name: "Finished",
      state_name: "Done",
      priority: "none",
      sub_issues_count: 0,
      created_at: at(d.created_at),
      updated_at: at(d.updated_at),
      completed_at: at(d.completed_at),
      archived_at: d.archived_at,
    },
  ];
});
afterAll(async () => {
  await t?.close();
});

describe("exports (wire-facts-2 §5)", () => {
  it("JSON: one file for the project, every §5 column, 2-space indent", async () => {
    const { zip, row } = await exportAndFetch({ provider: "json", project: [pr.id], multiple: false });
    expect(row).toMatchObject({
      project: [pr.id],
      multiple: false,
      total_count: 3,
      done_count: 3,
      initiated_by_detail: { id: ws.member.userId, display_name: expect.any(String) },
    });
    expect(Object.keys(zip.files)).toEqual([`${ws.slug}-${ws.id}.json`]);
    const text = await zip.file(`${ws.slug}-${ws.id}.json`)!.async("string");
    const rows = JSON.parse(text);
    expect(text).toBe(JSON.stringify(rows, null, 2));
    expect(rows.map((r: object) => Object.keys(r))).toEqual(rows.map(() => [...EXPORT_COLUMNS]));
    expect(rows).toEqual(expected);
  });

  it("CSV: Title Case headers, lists as JSON, quoting, and one file per project when multiple", async () => {
    const { zip } = await exportAndFetch({ provider: "csv", project: [pr.id, other.id], multiple: true });
    expect(Object.keys(zip.files).sort()).toEqual([`${ws.slug}-${other.id}.csv`, `${ws.slug}-${pr.id}.csv`].sort());
    const [header, ...rows] = parseCsv(await zip.file(`${ws.slug}-${pr.id}.csv`)!.async("string"));
    expect(header).toEqual(EXPORT_COLUMNS.map(headerOf));
    expect(header).toContain("Created By Name");
    const want = expected.map((r) =>
      EXPORT_COLUMNS.map((c) => {
        const v = r[c];
        return v === null
          ? ""
          : Array.isArray(v)
            ? JSON.stringify(v)
            : typeof v === "boolean"
              ? v
                ? "True"
                : "False"
              : String(v);
      }),
    );
    expect(rows).toEqual(want);
    const [, ...otherRows] = parseCsv(await zip.file(`${ws.slug}-${other.id}.csv`)!.async("string"));
    expect(otherRows.map((r) => r[EXPORT_COLUMNS.indexOf("identifier")])).toEqual(["OTH-1"]);
  });

  it("CSV: a cell that a spreadsheet would run as a formula (= + - @) is written with a leading quote (issue #24)", async () => {
    const fp = await projectFixture(t, ws, { identifier: "FRM", name: "Formulas" });
    const names = ['=HYPERLINK("http://evil.test","click")', "+1+1", "-2+3", "@SUM(A1:A9)", "plain = fine"];
    for (const name of names) expect((await ws.member.post(`${fp.base}/issues/`, { name })).status).toBe(201);
    const label = (await ws.admin.post(`${fp.base}/issue-labels/`, { name: "=cmd|' /C calc'!A0" })).body.id;
    const items = (await ws.member.get(`${fp.base}/issues/`)).body;
    const first = (Array.isArray(items) ? items : items.results).find((i: { name: string }) => i.name === names[0]);
    expect((await ws.member.patch(`${fp.base}/issues/${first.id}/`, { label_ids: [label] })).status).toBe(204);
    const { zip } = await exportAndFetch({ provider: "csv", project: [fp.id], multiple: false });
    const [header, ...rows] = parseCsv(await zip.file(`${ws.slug}-${ws.id}.csv`)!.async("string"));
    const col = (c: (typeof EXPORT_COLUMNS)[number]) => header.indexOf(headerOf(c));
    expect(rows.map((r) => r[col("name")])).toEqual(["'" + names[0], "'+1+1", "'-2+3", "'@SUM(A1:A9)", "plain = fine"]);
    // lists are JSON text, which starts with "[": nothing to run
    expect(rows[0][col("labels")]).toBe(JSON.stringify(["=cmd|' /C calc'!A0"]));
    expect(rows[0][col("sequence_id")]).toBe("1");
    // (gone again, so the other exports here see only their own projects)
    expect((await ws.admin.delete(fp.base + "/")).status).toBe(204);
  });

  it('XLSX: read back with exceljs; lists joined with ", ", dicts as JSON, None as empty', async () => {
    // an empty `project` means all of the caller's active projects
    const { zip } = await exportAndFetch({ provider: "xlsx", project: [] });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await zip.file(`${ws.slug}-${ws.id}.xlsx`)!.async("nodebuffer")) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const values = sheet
      .getSheetValues()
      .slice(1)
      .map((r) => Array.from((r as unknown[]).slice(1), (v) => v ?? ""));
    expect(values[0]).toEqual(EXPORT_COLUMNS.map(headerOf));
    const ident = EXPORT_COLUMNS.indexOf("identifier");
    expect(
      values
        .slice(1)
        .map((r) => r[ident])
        .sort(),
    ).toEqual(["EXP-1", "EXP-2", "EXP-3", "OTH-1"]);
    const child = values.find((r) => r[ident] === "EXP-2")!;
    const col = (c: (typeof EXPORT_COLUMNS)[number]) => child[EXPORT_COLUMNS.indexOf(c)];
    expect(col("labels")).toBe("bug, ui, web");
    expect(col("assignees")).toBe("Ada Admin, Max Member");
    expect(col("links")).toBe(JSON.stringify({ url: "https://example.com/spec", title: "Spec" }));
    expect(col("relations")).toBe(JSON.stringify({ type: "blocked_by", issue: "EXP-1", direction: "outgoing" }));
    expect(col("archived_at")).toBe("");
    expect(col("sequence_id")).toBe(2);
    expect(col("is_draft")).toBe(false);
    expect(col("name")).toBe(expected[1].name);
  });

  it("refuses unknown providers, missing paging and projects of other workspaces", async () => {
    expect(await ws.member.post(E, { provider: "pdf", project: [] })).toMatchObject({
      status: 400,
      body: { error: "Provider 'pdf' not found." },
    });
    expect(await ws.member.get(E)).toMatchObject({ status: 400, body: { error: "per_page and cursor are required" } });
    expect(await ws.member.get(`${E}?per_page=10`)).toMatchObject({
      status: 400,
      body: { error: "per_page and cursor are required" },
    });
    const elsewhere = await workspaceFixture(t);
    const foreign = await projectFixture(t, elsewhere);
    expect((await ws.member.post(E, { provider: "csv", project: [foreign.id] })).status).toBe(400);
    expect(await ws.member.post(E, { provider: "csv", project: ["nope"] })).toMatchObject({
      status: 400,
      body: { "project.0": ["Must be a valid UUID."] },
    });
  });

  it("role matrix: admins and members export and read the history; guests, outsiders and anonymous callers do not", async () => {
    expect((await ws.admin.post(E, { provider: "csv", project: [pr.id] })).status).toBe(200);
    expect((await ws.admin.get(HISTORY())).status).toBe(200);
    expect(await ws.guest.post(E, { provider: "csv", project: [pr.id] })).toMatchObject({ status: 403 });
    expect(await ws.guest.get(HISTORY())).toMatchObject({ status: 403 });
    expect((await ws.outsider.post(E, { provider: "csv" })).status).toBe(403);
    expect((await ws.outsider.get(HISTORY())).status).toBe(403);
    expect((await ws.anon.post(E, { provider: "csv" })).status).toBe(401);
    // a guest is refused before the body is looked at
    expect((await ws.guest.post(E, { provider: "pdf" })).status).toBe(403);
    await t.app.jobs.drain();
  });

  it("a download link is refused when tampered with or expired, and history pages carry the envelope", async () => {
    const page = (await ws.member.get(`${E}?per_page=2&cursor=2:0:0`)).body;
    expect(page).toMatchObject({ count: 2, next_page_results: true, prev_page_results: false });
    const done = page.results.find((r: { url: string | null }) => r.url)!;
    const bad = await fetch(`${t.url}${done.url.replace(/sig=[^&]+/, "sig=AAAA")}`);
    expect(bad.status).toBe(403);
    const expired = await fetch(`${t.url}${done.url.replace(/exp=\d+/, "exp=1000")}`);
    expect(expired.status).toBe(403);
  });

  it("an initiator who lost access to the projects gets an empty export, not others' items", async () => {
    await ws.member.post(E, { provider: "json", project: [pr.id] });
    const row = (await ws.member.get(HISTORY())).body.results[0];
    // the initiator leaves: the job still runs, with the projects they can still see (none) — an empty export
    await t.db.db
      .update(schema.projectMembers)
      .set({ isActive: false })
      .where(eq(schema.projectMembers.memberId, ws.member.userId));
    await t.app.jobs.drain();
    const after = (await ws.admin.get(HISTORY())).body.results.find((r: { id: string }) => r.id === row.id);
    expect(after).toMatchObject({ status: "completed", total_count: 0, done_count: 0 });
    const res = await fetch(`${t.url}${after.url}`);
    const zip = await JSZip.loadAsync(Buffer.from(await res.arrayBuffer()));
    expect(await zip.file(`${ws.slug}-${ws.id}.json`)!.async("string")).toBe("[]");
    await t.db.db
      .update(schema.projectMembers)
      .set({ isActive: true })
      .where(eq(schema.projectMembers.memberId, ws.member.userId));
  });

  it("a failing attempt goes back to queued; the last one marks the export failed", async () => {
    await ws.member.post(E, { provider: "csv", project: [pr.id] });
    const row = (await ws.member.get(HISTORY())).body.results[0];
    const put = t.app.storage.put;
    t.app.storage.put = async () => {
      throw new Error("disk full");
    };
    try {
      await expect(
        runExport(t.app, { exportId: row.id }, { id: "1", task: "exports:run", attempts: 1, maxAttempts: 3 }),
      ).rejects.toThrow("disk full");
      expect((await ws.member.get(HISTORY())).body.results[0]).toMatchObject({
        id: row.id,
        status: "queued",
        url: null,
      });
      await expect(
        runExport(t.app, { exportId: row.id }, { id: "1", task: "exports:run", attempts: 3, maxAttempts: 3 }),
      ).rejects.toThrow("disk full");
      expect((await ws.member.get(HISTORY())).body.results[0]).toMatchObject({
        id: row.id,
        status: "failed",
        url: null,
        error: "The export could not be written. Please try again.",
      });
    } finally {
      t.app.storage.put = put;
    }
  });
});
