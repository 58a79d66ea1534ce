import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import type { Client } from "./helpers/client.ts";
import { schema } from "../src/db/client.ts";

let t: TestServer;
let ws: WorkspaceFixture;
let other: WorkspaceFixture;
/** A workspace member who belongs to no project. */
let loner: Client;
let n = 0;

const FORBIDDEN = { error: "You don't have the required permissions." };
const DENIED = { detail: "You do not have permission to perform this action." };
const UNAUTH = { detail: "Authentication credentials were not provided." };
const NOT_FOUND = { error: "The required object does not exist." };

const FULL_KEYS = [
  "id",
  "workspace",
  "name",
  "description",
  "description_text",
  "description_html",
  "network",
  "identifier",
  "default_assignee",
  "project_lead",
  "emoji",
  "icon_prop",
  "module_view",
  "cycle_view",
  "issue_views_view",
  "page_view",
  "intake_view",
  "is_time_tracking_enabled",
  "is_issue_type_enabled",
  "is_project_updates_enabled",
  "is_epic_enabled",
  "is_workflow_enabled",
  "guest_view_all_features",
  "cover_image",
  "cover_image_asset",
  "estimate",
  "archive_in",
  "close_in",
  "logo_props",
  "default_state",
  "archived_at",
  "timezone",
  "external_source",
  "external_id",
  "created_at",
  "updated_at",
  "deleted_at",
  "created_by",
  "updated_by",
  "is_favorite",
  "sort_order",
  "member_role",
  "anchor",
  "members",
  "cover_image_url",
  "inbox_view",
  "next_work_item_sequence",
  "latest_update",
].sort();

const LITE_KEYS = [
  "id",
  "name",
  "identifier",
  "sort_order",
  "logo_props",
  "member_role",
  "intake_count",
  "archived_at",
  "workspace",
  "cycle_view",
  "issue_views_view",
  "module_view",
  "page_view",
  "inbox_view",
  "guest_view_all_features",
  "project_lead",
  "network",
  "created_at",
  "updated_at",
  "created_by",
  "updated_by",
].sort();

const W = () => `/api/workspaces/${ws.slug}`;
const uniq = () => `X${(++n).toString(36).toUpperCase()}${Math.random().toString(36).slice(2, 5).toUpperCase()}`;

async function addWsMember(w: WorkspaceFixture, role: number, firstName = "Extra"): Promise<Client> {
  const c = await t.user({ firstName });
  await t.db.db.insert(schema.workspaceMembers).values({ workspaceId: w.id, memberId: c.userId, role });
  return c;
}

beforeAll(async () => {
  t = await startTestServer();
  ws = await workspaceFixture(t);
  other = await workspaceFixture(t);
  loner = await addWsMember(ws, 15, "Lone");
});
afterAll(async () => {
  await t?.close();
});

describe("POST W/projects/", () => {
  it("creates the project: 201 full object, identifier upper-cased, creator admin, default states", async () => {
    const res = await ws.member.post(`${W()}/projects/`, {
      name: "Website",
      identifier: " web ",
      description: "Marketing site",
      network: 0,
      logo_props: { in_use: "emoji", emoji: { value: "128640" } },
      cover_image: "https://example.com/cover.png",
      cycle_view: false,
      module_view: true,
      page_view: true,
      inbox_view: true,
      is_epic_enabled: true,
      close_in: 3,
      archive_in: 6,
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(FULL_KEYS);
    expect(res.body).toMatchObject({
      name: "Website",
      identifier: "WEB",
      description: "Marketing site",
      network: 0,
      workspace: ws.id,
      logo_props: { in_use: "emoji", emoji: { value: "128640" } },
      cover_image: "https://example.com/cover.png",
      cover_image_url: "https://example.com/cover.png",
      cycle_view: false,
      module_view: true,
      page_view: true,
      issue_views_view: false,
      intake_view: true,
      inbox_view: true,
      is_epic_enabled: true,
      close_in: 3,
      archive_in: 6,
      timezone: "UTC",
      is_favorite: false,
      sort_order: 65535,
      member_role: 20,
      anchor: null,
      members: [ws.member.userId],
      archived_at: null,
      created_by: ws.member.userId,
      next_work_item_sequence: 1,
      deleted_at: null,
      estimate: null,
    });
    const states = await ws.member.get(`${W()}/projects/${res.body.id}/states/`);
    expect(res.body.default_state).toBe(states.body.find((s: any) => s.name === "Backlog").id);
    const me = await ws.member.get(`${W()}/projects/${res.body.id}/project-members/me/`);
    expect(me.body.role).toBe(20);
  });

  it("creates exactly the default-state table of wire-facts §4 (Triage hidden, no labels)", async () => {
    const res = await ws.admin.post(`${W()}/projects/`, { name: "States " + uniq(), identifier: uniq() });
    expect(res.status).toBe(201);
    const rows = await t.db.db.select().from(schema.states).where(eq(schema.states.projectId, res.body.id));
    const table = rows
      .sort((a, b) => a.sequence - b.sequence)
      .map((s) => ({
        name: s.name,
        color: s.color,
        sequence: s.sequence,
        group: s.group,
        default: s.default,
        is_triage: s.isTriage,
      }));
    expect(table).toEqual([
      { name: "Backlog", color: "#60646C", sequence: 15000, group: "backlog", default: true, is_triage: false },
      { name: "Todo", color: "#60646C", sequence: 25000, group: "unstarted", default: false, is_triage: false },
      { name: "In Progress", color: "#F59E0B", sequence: 35000, group: "started", default: false, is_triage: false },
      { name: "Done", color: "#46A758", sequence: 45000, group: "completed", default: false, is_triage: false },
      { name: "Cancelled", color: "#9AA4BC", sequence: 55000, group: "cancelled", default: false, is_triage: false },
      { name: "Triage", color: "#4E5355", sequence: 65000, group: "triage", default: false, is_triage: true },
    ]);
    const labels = await ws.admin.get(`${W()}/projects/${res.body.id}/issue-labels/`);
    expect(labels.body).toEqual([]);
  });

  it("adds the project lead as a second admin member and places new projects first in the creator's order", async () => {
    const first = await ws.admin.post(`${W()}/projects/`, { name: "Lead A " + uniq(), identifier: uniq() });
    const res = await ws.admin.post(`${W()}/projects/`, {
      name: "Lead B " + uniq(),
      identifier: uniq(),
      project_lead: ws.member.userId,
    });
    expect(res.status).toBe(201);
    expect(res.body.project_lead).toBe(ws.member.userId);
    expect(res.body.members.sort()).toEqual([ws.admin.userId, ws.member.userId].sort());
    expect(res.body.sort_order).toBe(first.body.sort_order - 10000);
    const lead = await ws.member.get(`${W()}/projects/${res.body.id}/project-members/me/`);
    expect(lead.status).toBe(200);
    expect(lead.body.role).toBe(20);
  });

  it("uses the workspace time zone by default", async () => {
    await t.db.db
      .update(schema.workspaces)
      .set({ timezone: "Europe/Berlin" })
      .where(eq(schema.workspaces.id, other.id));
    const res = await other.admin.post(`/api/workspaces/${other.slug}/projects/`, { name: "TZ", identifier: "TZ" });
    expect(res.status).toBe(201);
    expect(res.body.timezone).toBe("Europe/Berlin");
  });

  it("refuses duplicate names and identifiers with the spec's codes, both at once", async () => {
    const id = uniq();
    await ws.admin.post(`${W()}/projects/`, { name: "Dup " + id, identifier: id });
    const both = await ws.admin.post(`${W()}/projects/`, { name: "Dup " + id, identifier: id.toLowerCase() });
    expect(both.status).toBe(400);
    expect(both.body).toEqual({
      name: ["PROJECT_NAME_ALREADY_EXIST"],
      identifier: ["PROJECT_IDENTIFIER_ALREADY_EXIST"],
    });
    const name = await ws.admin.post(`${W()}/projects/`, { name: "Dup " + id, identifier: uniq() });
    expect(name.body).toEqual({ name: ["PROJECT_NAME_ALREADY_EXIST"] });
    // The same name and identifier are free in another workspace.
    const elsewhere = await other.admin.post(`/api/workspaces/${other.slug}/projects/`, {
      name: "Dup " + id,
      identifier: id,
    });
    expect(elsewhere.status).toBe(201);
  });

  it("answers concurrent creates of one name with the spec's field error, not a generic 400 (unique index race)", async () => {
    const id = uniq();
    const results = await Promise.all(
      [1, 2, 3, 4].map((i) => ws.admin.post(`${W()}/projects/`, { name: "Race " + id, identifier: id + i })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 400, 400, 400]);
    for (const r of results.filter((x) => x.status === 400))
      expect(r.body).toEqual({ name: ["PROJECT_NAME_ALREADY_EXIST"] });
  });

  it("refuses special characters, reserved and over-long identifiers", async () => {
    const special = await ws.admin.post(`${W()}/projects/`, { name: "Special", identifier: "AB-1" });
    expect(special.status).toBe(400);
    expect(special.body).toEqual({ identifier: ["PROJECT_IDENTIFIER_CANNOT_CONTAIN_SPECIAL_CHARACTERS"] });
    const reserved = await ws.admin.post(`${W()}/projects/`, { name: "Reserved", identifier: "new" });
    expect(reserved.status).toBe(400);
    expect(reserved.body).toEqual({ identifier: ["PROJECT_IDENTIFIER_RESERVED"] });
    const long = await ws.admin.post(`${W()}/projects/`, { name: "Long", identifier: "ABCDEFGHIJKLM" });
    expect(long.status).toBe(400);
    expect(long.body).toEqual({ identifier: ["Ensure this field has no more than 12 characters."] });
  });

  it("validates the body: required fields, types, lengths, choices, lead", async () => {
    const empty = await ws.admin.post(`${W()}/projects/`, {});
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ name: ["This field is required."], identifier: ["This field is required."] });
    const blank = await ws.admin.post(`${W()}/projects/`, { name: "  ", identifier: "" });
    expect(blank.body).toEqual({
      name: ["This field may not be blank."],
      identifier: ["This field may not be blank."],
    });
    const types = await ws.admin.post(`${W()}/projects/`, {
      name: 5,
      identifier: "OK",
      network: 1,
      cycle_view: "yes",
      close_in: 13,
      logo_props: [],
    });
    expect(types.status).toBe(400);
    expect(types.body).toEqual({
      name: ["Not a valid string."],
      network: ['"1" is not a valid choice.'],
      cycle_view: ["Must be a valid boolean."],
      close_in: ["Ensure this value is less than or equal to 12."],
      logo_props: ["Expected a dictionary of items."],
    });
    const long = await ws.admin.post(`${W()}/projects/`, { name: "x".repeat(256), identifier: "LONG" });
    expect(long.body).toEqual({ name: ["Ensure this field has no more than 255 characters."] });
    const tz = await ws.admin.post(`${W()}/projects/`, { name: "Bad tz", identifier: "BTZ", timezone: "Mars/Olympus" });
    expect(tz.body).toEqual({ timezone: ["Enter a valid time zone, e.g. Europe/Berlin."] });
    const lead = await ws.admin.post(`${W()}/projects/`, {
      name: "Lead",
      identifier: "LEAD",
      project_lead: other.admin.userId,
    });
    expect(lead.status).toBe(400);
    expect(lead.body).toEqual({ project_lead: [`Invalid pk "${other.admin.userId}" - object does not exist.`] });
    const guestLead = await ws.admin.post(`${W()}/projects/`, {
      name: "Lead",
      identifier: "LEAD",
      project_lead: ws.guest.userId,
    });
    expect(guestLead.body).toEqual({ project_lead: ["A workspace guest cannot lead a project."] });
    const badUuid = await ws.admin.post(`${W()}/projects/`, { name: "Lead", identifier: "LEAD", project_lead: "nope" });
    expect(badUuid.body).toEqual({ project_lead: ["Must be a valid UUID."] });
  });

  it("answers malformed JSON with 400", async () => {
    const res = await ws.admin.request("POST", `${W()}/projects/`, "{not json", { "content-type": "application/json" });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/^JSON parse error/);
  });

  it("role matrix: admin and member create, guest refused, outsider denied, anonymous 401", async () => {
    const body = () => ({ name: "M " + uniq(), identifier: uniq() });
    expect((await ws.admin.post(`${W()}/projects/`, body())).status).toBe(201);
    expect((await ws.member.post(`${W()}/projects/`, body())).status).toBe(201);
    const guest = await ws.guest.post(`${W()}/projects/`, body());
    expect([guest.status, guest.body]).toEqual([403, FORBIDDEN]);
    const outsider = await ws.outsider.post(`${W()}/projects/`, body());
    expect([outsider.status, outsider.body]).toEqual([403, DENIED]);
    const anon = await ws.anon.post(`${W()}/projects/`, body());
    expect([anon.status, anon.body]).toEqual([401, UNAUTH]);
    const unknownWs = await ws.admin.post(`/api/workspaces/no-such-ws/projects/`, body());
    expect([unknownWs.status, unknownWs.body]).toEqual([404, NOT_FOUND]);
  });
});

describe("GET W/projects/ and details/", () => {
  let pub: ProjectFixture;
  let secret: ProjectFixture;
  let archived: ProjectFixture;
  beforeAll(async () => {
    pub = await projectFixture(t, ws, { network: 2 });
    secret = await projectFixture(t, ws, { network: 0 });
    archived = await projectFixture(t, ws, { network: 2 });
    await ws.admin.post(`${archived.base}/archive/`);
    // The guest leaves the secret project: guests then see only projects they belong to.
    await t.db.db
      .update(schema.projectMembers)
      .set({ isActive: false })
      .where(eq(schema.projectMembers.memberId, ws.guest.userId));
    await t.db.db
      .update(schema.projectMembers)
      .set({ isActive: true })
      .where(eq(schema.projectMembers.projectId, pub.id));
  });

  it("returns lite rows with exact keys, archived included", async () => {
    const res = await ws.admin.get(`${W()}/projects/`);
    expect(res.status).toBe(200);
    const row = res.body.find((p: any) => p.id === pub.id);
    expect(Object.keys(row).sort()).toEqual(LITE_KEYS);
    expect(row).toMatchObject({
      identifier: pub.identifier,
      member_role: 20,
      intake_count: 0,
      network: 2,
      inbox_view: false,
      archived_at: null,
    });
    const arch = res.body.find((p: any) => p.id === archived.id);
    expect(arch.archived_at).toEqual(expect.any(String));
  });

  it("filters by visibility: admin all, member own + public, guest own only", async () => {
    const ids = (r: any) => r.body.map((p: any) => p.id);
    const admin = await ws.admin.get(`${W()}/projects/`);
    expect(ids(admin)).toEqual(expect.arrayContaining([pub.id, secret.id, archived.id]));
    const lone = await loner.get(`${W()}/projects/`);
    expect(ids(lone)).toContain(pub.id);
    expect(ids(lone)).not.toContain(secret.id);
    expect(lone.body.find((p: any) => p.id === pub.id).member_role).toBeNull();
    const guest = await ws.guest.get(`${W()}/projects/`);
    expect(ids(guest)).toEqual([pub.id]);
    const details = await ws.guest.get(`${W()}/projects/details/`);
    expect(details.status).toBe(200);
    expect(details.body.map((p: any) => p.id)).toEqual([pub.id]);
    expect(Object.keys(details.body[0]).sort()).toEqual(FULL_KEYS);
  });

  it("orders details by the caller's sort_order, then name", async () => {
    await ws.member.post(`${secret.base}/project-views/`, { sort_order: -1e9 });
    const res = await ws.member.get(`${W()}/projects/details/`);
    expect(res.status).toBe(200);
    expect(res.body[0].id).toBe(secret.id);
    expect(res.body[0].sort_order).toBe(-1e9);
  });

  it("returns the paginated envelope when per_page and cursor are given", async () => {
    const res = await ws.admin.get(`${W()}/projects/details/?per_page=2&cursor=2:0:0`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual([
      "count",
      "extra_stats",
      "grouped_by",
      "next_cursor",
      "next_page_results",
      "prev_cursor",
      "prev_page_results",
      "results",
      "sub_grouped_by",
      "total_count",
      "total_pages",
      "total_results",
    ]);
    expect(res.body.results).toHaveLength(2);
    expect(res.body.count).toBe(2);
    expect(res.body.next_cursor).toBe("2:1:0");
    expect(res.body.next_page_results).toBe(res.body.total_count > 2);
    // Newest first by default.
    expect(Date.parse(res.body.results[0].created_at)).toBeGreaterThanOrEqual(
      Date.parse(res.body.results[1].created_at),
    );
    const bad = await ws.admin.get(`${W()}/projects/details/?per_page=2&cursor=abc`);
    expect([bad.status, bad.body]).toEqual([400, { detail: "Invalid cursor parameter." }]);
    const tooMany = await ws.admin.get(`${W()}/projects/details/?per_page=5000&cursor=1:0:0`);
    expect([tooMany.status, tooMany.body]).toEqual([400, { detail: "Invalid per_page value. Cannot exceed 1000." }]);
    const badOrder = await ws.admin.get(`${W()}/projects/details/?per_page=2&cursor=2:0:0&order_by=drop`);
    expect([badOrder.status, badOrder.body]).toEqual([400, { detail: "Invalid order_by value: drop." }]);
  });

  it("role matrix for both lists", async () => {
    for (const path of [`${W()}/projects/`, `${W()}/projects/details/`]) {
      expect((await ws.admin.get(path)).status).toBe(200);
      expect((await ws.member.get(path)).status).toBe(200);
      expect((await ws.guest.get(path)).status).toBe(200);
      const o = await ws.outsider.get(path);
      expect([o.status, o.body]).toEqual([403, DENIED]);
      const a = await ws.anon.get(path);
      expect([a.status, a.body]).toEqual([401, UNAUTH]);
    }
  });
});

describe("GET P/", () => {
  it("returns the full object to members; 409 public / 403 secret to non-members; 404 missing or archived", async () => {
    const pub = await projectFixture(t, ws, { network: 2 });
    const secret = await projectFixture(t, ws, { network: 0 });
    for (const c of [ws.admin, ws.member, ws.guest]) {
      const res = await c.get(`${pub.base}/`);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(FULL_KEYS);
      expect(res.body.members.sort()).toEqual([ws.admin.userId, ws.member.userId, ws.guest.userId].sort());
    }
    expect((await ws.member.get(`${pub.base}/`)).body.member_role).toBe(15);
    expect((await ws.guest.get(`${pub.base}/`)).body.member_role).toBe(5);
    const conflict = await loner.get(`${pub.base}/`);
    expect([conflict.status, conflict.body]).toEqual([409, { error: "You are not a member of this project" }]);
    const denied = await loner.get(`${secret.base}/`);
    expect([denied.status, denied.body]).toEqual([403, DENIED]);
    const outsider = await ws.outsider.get(`${pub.base}/`);
    expect([outsider.status, outsider.body]).toEqual([403, DENIED]);
    const anon = await ws.anon.get(`${pub.base}/`);
    expect([anon.status, anon.body]).toEqual([401, UNAUTH]);
    const missing = await ws.admin.get(`${W()}/projects/00000000-0000-4000-8000-000000000000/`);
    expect([missing.status, missing.body]).toEqual([404, NOT_FOUND]);
    const notUuid = await ws.admin.get(`${W()}/projects/not-a-uuid/`);
    expect(notUuid.status).toBe(404);
    await ws.admin.post(`${pub.base}/archive/`);
    const archived = await ws.admin.get(`${pub.base}/`);
    expect([archived.status, archived.body]).toEqual([404, NOT_FOUND]);
  });

  it("another workspace's project id is not found through this workspace", async () => {
    const foreign = await projectFixture(t, other);
    const res = await ws.admin.get(`${W()}/projects/${foreign.id}/`);
    expect([res.status, res.body]).toEqual([404, NOT_FOUND]);
    const patch = await ws.admin.patch(`${W()}/projects/${foreign.id}/`, { name: "stolen" });
    expect(patch.status).toBe(404);
  });
});

describe("PATCH P/", () => {
  it("updates settings and feature flags (inbox_view alias) as admin", async () => {
    const p = await projectFixture(t, ws);
    const res = await ws.admin.patch(`${p.base}/`, {
      name: "Renamed " + p.identifier,
      description: "new",
      network: 0,
      inbox_view: true,
      cycle_view: false,
      module_view: false,
      issue_views_view: true,
      page_view: false,
      is_time_tracking_enabled: true,
      is_project_updates_enabled: true,
      is_epic_enabled: true,
      is_workflow_enabled: true,
      is_issue_type_enabled: true,
      guest_view_all_features: true,
      timezone: "Asia/Tokyo",
      project_lead: ws.member.userId,
      logo_props: { in_use: "icon", icon: { name: "home", color: "#ff0000" } },
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(FULL_KEYS);
    expect(res.body).toMatchObject({
      name: "Renamed " + p.identifier,
      description: "new",
      network: 0,
      intake_view: true,
      inbox_view: true,
      cycle_view: false,
      module_view: false,
      issue_views_view: true,
      page_view: false,
      is_time_tracking_enabled: true,
      is_project_updates_enabled: true,
      is_epic_enabled: true,
      is_workflow_enabled: true,
      is_issue_type_enabled: true,
      guest_view_all_features: true,
      timezone: "Asia/Tokyo",
      project_lead: ws.member.userId,
      logo_props: { in_use: "icon", icon: { name: "home", color: "#ff0000" } },
      updated_by: ws.admin.userId,
    });
    const off = await ws.admin.patch(`${p.base}/`, { intake_view: false });
    expect(off.body.inbox_view).toBe(false);
  });

  it("changes the identifier (upper-cased) and refuses another project's name or identifier", async () => {
    const a = await projectFixture(t, ws);
    const b = await projectFixture(t, ws);
    const ok = await ws.admin.patch(`${a.base}/`, { identifier: "ren" + n });
    expect(ok.status).toBe(200);
    expect(ok.body.identifier).toBe(("REN" + n).toUpperCase());
    const same = await ws.admin.patch(`${a.base}/`, { identifier: ok.body.identifier, name: ok.body.name });
    expect(same.status).toBe(200);
    const dup = await ws.admin.patch(`${b.base}/`, { identifier: ok.body.identifier, name: ok.body.name });
    expect([dup.status, dup.body]).toEqual([
      400,
      { name: ["PROJECT_NAME_ALREADY_EXIST"], identifier: ["PROJECT_IDENTIFIER_ALREADY_EXIST"] },
    ]);
  });

  it("default_state moves the default flag; states of other projects are refused", async () => {
    const a = await projectFixture(t, ws);
    const b = await projectFixture(t, ws);
    const res = await ws.admin.patch(`${a.base}/`, { default_state: a.states.Todo });
    expect(res.status).toBe(200);
    expect(res.body.default_state).toBe(a.states.Todo);
    const states = await ws.admin.get(`${a.base}/states/`);
    expect(states.body.filter((s: any) => s.default).map((s: any) => s.name)).toEqual(["Todo"]);
    const foreign = await ws.admin.patch(`${a.base}/`, { default_state: b.states.Todo });
    expect([foreign.status, foreign.body]).toEqual([
      400,
      { default_state: [`Invalid pk "${b.states.Todo}" - object does not exist.`] },
    ]);
    const est = await ws.admin.patch(`${a.base}/`, { estimate: b.states.Todo });
    expect([est.status, est.body]).toEqual([
      400,
      { estimate: [`Invalid pk "${b.states.Todo}" - object does not exist.`] },
    ]);
  });

  it("refuses an archived project and bad input", async () => {
    const p = await projectFixture(t, ws);
    const bad = await ws.admin.patch(`${p.base}/`, { name: "", network: "2", archive_in: -1 });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      name: ["This field may not be blank."],
      network: ['"2" is not a valid choice.'],
      archive_in: ["Ensure this value is greater than or equal to 0."],
    });
    const malformed = await ws.admin.request("PATCH", `${p.base}/`, "{", { "content-type": "application/json" });
    expect(malformed.status).toBe(400);
    await ws.admin.post(`${p.base}/archive/`);
    const res = await ws.admin.patch(`${p.base}/`, { name: "x" });
    expect([res.status, res.body]).toEqual([400, { error: "Archived projects cannot be updated" }]);
  });

  it("role matrix: project admin and workspace admin update; member and guest refused", async () => {
    const p = await projectFixture(t, ws);
    const wsAdmin = await addWsMember(ws, 20, "Wsadmin");
    expect((await ws.admin.patch(`${p.base}/`, { description: "a" })).status).toBe(200);
    expect((await wsAdmin.patch(`${p.base}/`, { description: "b" })).status).toBe(200);
    const m = await ws.member.patch(`${p.base}/`, { description: "c" });
    expect([m.status, m.body]).toEqual([403, FORBIDDEN]);
    const g = await ws.guest.patch(`${p.base}/`, { description: "d" });
    expect([g.status, g.body]).toEqual([403, FORBIDDEN]);
    const l = await loner.patch(`${p.base}/`, { description: "e" });
    expect([l.status, l.body]).toEqual([403, DENIED]);
    const o = await ws.outsider.patch(`${p.base}/`, { description: "f" });
    expect([o.status, o.body]).toEqual([403, DENIED]);
    const a = await ws.anon.patch(`${p.base}/`, { description: "g" });
    expect([a.status, a.body]).toEqual([401, UNAUTH]);
  });

  it("a workspace admin outside a private project administers nothing in it (issue #24)", async () => {
    const p = await projectFixture(t, ws, { network: 0 });
    const wsAdmin = await addWsMember(ws, 20, "Wsadminprivate");
    const calls: [string, string, unknown][] = [
      ["GET", `${p.base}/`, undefined],
      ["PATCH", `${p.base}/`, { description: "x" }],
      ["POST", `${p.base}/archive/`, {}],
      ["DELETE", `${p.base}/archive/`, undefined],
      ["POST", `${p.base}/members/`, { members: [{ member_id: wsAdmin.userId, role: 20 }] }],
      ["PATCH", `${p.base}/members/${ws.member.userId}/`, { role: 5 }],
      ["DELETE", `${p.base}/members/${ws.member.userId}/`, undefined],
      ["DELETE", `${p.base}/`, undefined],
    ];
    for (const [method, url, body] of calls) {
      const r = await wsAdmin.request(method, url, body);
      expect([method, url, r.status, r.body]).toEqual([method, url, 403, DENIED]);
    }
    const [row] = await t.db.db.select().from(schema.projects).where(eq(schema.projects.id, p.id));
    expect([row?.description, row?.archivedAt]).toEqual(["", null]);
  });
});

describe("DELETE P/", () => {
  it("deletes the project with its states and favourites (admin); others refused", async () => {
    const p = await projectFixture(t, ws);
    await ws.member.post(`${W()}/user-favorite-projects/`, { project: p.id });
    for (const [c, status] of [
      [ws.member, 403],
      [ws.guest, 403],
      [loner, 403],
      [ws.outsider, 403],
      [ws.anon, 401],
    ] as const) {
      expect((await c.delete(`${p.base}/`)).status).toBe(status);
    }
    const res = await ws.admin.delete(`${p.base}/`);
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect((await ws.admin.get(`${p.base}/`)).status).toBe(404);
    expect(await t.db.db.select().from(schema.states).where(eq(schema.states.projectId, p.id))).toEqual([]);
    expect(
      await t.db.db.select().from(schema.userFavorites).where(eq(schema.userFavorites.entityIdentifier, p.id)),
    ).toEqual([]);
    expect((await ws.admin.delete(`${p.base}/`)).status).toBe(404);
  });
});

describe("P/archive/", () => {
  it("archives (200 {archived_at}, favourites dropped) and restores (204)", async () => {
    const p = await projectFixture(t, ws);
    await ws.member.post(`${W()}/user-favorite-projects/`, { project: p.id });
    const res = await ws.admin.post(`${p.base}/archive/`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["archived_at"]);
    expect(Date.parse(res.body.archived_at)).not.toBeNaN();
    const list = await ws.member.get(`${W()}/projects/`);
    expect(list.body.find((x: any) => x.id === p.id).archived_at).toBe(res.body.archived_at);
    const favs = await t.db.db
      .select()
      .from(schema.userFavorites)
      .where(eq(schema.userFavorites.entityIdentifier, p.id));
    expect(favs).toEqual([]);
    const restore = await ws.admin.delete(`${p.base}/archive/`);
    expect(restore.status).toBe(204);
    expect((await ws.member.get(`${p.base}/`)).body.archived_at).toBeNull();
  });

  it("role matrix", async () => {
    const p = await projectFixture(t, ws);
    for (const [c, status, body] of [
      [ws.member, 403, FORBIDDEN],
      [ws.guest, 403, FORBIDDEN],
      [loner, 403, DENIED],
      [ws.outsider, 403, DENIED],
      [ws.anon, 401, UNAUTH],
    ] as const) {
      const a = await c.post(`${p.base}/archive/`);
      expect([a.status, a.body]).toEqual([status, body]);
      const r = await c.delete(`${p.base}/archive/`);
      expect([r.status, r.body]).toEqual([status, body]);
    }
  });
});

describe("W/project-identifiers/", () => {
  it("reports whether an identifier is taken (case-insensitive), and refuses deleting a used one", async () => {
    const p = await projectFixture(t, ws);
    const res = await ws.member.get(`${W()}/project-identifiers/?name=${p.identifier.toLowerCase()}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ exists: 1, identifiers: [{ id: p.id, name: p.identifier, project: p.id }] });
    const free = await ws.member.get(`${W()}/project-identifiers/?name=FREE99`);
    expect(free.body).toEqual({ exists: 0, identifiers: [] });
    const noName = await ws.member.get(`${W()}/project-identifiers/`);
    expect([noName.status, noName.body]).toEqual([400, { error: "Name is required" }]);
    const noSlash = await ws.member.get(`${W()}/project-identifiers?name=${p.identifier}`);
    expect(noSlash.body.exists).toBe(1);
    const del = await ws.member.delete(`${W()}/project-identifiers/`, { name: p.identifier });
    expect([del.status, del.body]).toEqual([400, { error: "Cannot delete an identifier of an existing project" }]);
    const delFree = await ws.member.delete(`${W()}/project-identifiers/`, { name: "free99" });
    expect(delFree.status).toBe(204);
    const delEmpty = await ws.member.delete(`${W()}/project-identifiers/`, { name: " " });
    expect([delEmpty.status, delEmpty.body]).toEqual([400, { error: "Name is required" }]);
  });

  it("role matrix", async () => {
    for (const [c, status, body] of [
      [ws.guest, 403, FORBIDDEN],
      [ws.outsider, 403, DENIED],
      [ws.anon, 401, UNAUTH],
    ] as const) {
      const g = await c.get(`${W()}/project-identifiers/?name=ABC`);
      expect([g.status, g.body]).toEqual([status, body]);
      const d = await c.delete(`${W()}/project-identifiers/`, { name: "ABC" });
      expect([d.status, d.body]).toEqual([status, body]);
    }
    expect((await ws.admin.get(`${W()}/project-identifiers/?name=ABC`)).status).toBe(200);
  });
});

describe("GET W/project-stats/", () => {
  it("counts work items, completed items, members, cycles and modules per project of the caller", async () => {
    const p = await projectFixture(t, ws);
    const base = { workspaceId: ws.id, projectId: p.id };
    await t.db.db.insert(schema.issues).values([
      { ...base, name: "a", sequenceId: 1, stateId: p.states.Backlog },
      { ...base, name: "b", sequenceId: 2, stateId: p.states.Done },
      { ...base, name: "c", sequenceId: 3, stateId: p.states.Cancelled },
      { ...base, name: "deleted", sequenceId: 4, stateId: p.states.Done, deletedAt: new Date() },
      { ...base, name: "draft", sequenceId: 5, stateId: p.states.Done, isDraft: true },
    ]);
    await t.db.db.insert(schema.cycles).values({ ...base, name: "C1", ownedById: ws.admin.userId });
    await t.db.db.insert(schema.modules).values([
      { ...base, name: "M1" },
      { ...base, name: "M2" },
    ]);
    const res = await ws.member.get(`${W()}/project-stats/?project_ids=${p.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: p.id, total_issues: 3, completed_issues: 2, total_members: 3, total_cycles: 1, total_modules: 2 },
    ]);
    const some = await ws.member.get(`${W()}/project-stats/?project_ids=${p.id}&fields=total_issues,total_members`);
    expect(some.body).toEqual([{ id: p.id, total_issues: 3, total_members: 3 }]);
    const clientFields = await ws.member.get(
      `${W()}/project-stats/?project_ids=${p.id}&fields=total_work_items,total_completed_work_items`,
    );
    expect(Object.keys(clientFields.body[0]).sort()).toEqual([
      "completed_issues",
      "id",
      "total_cycles",
      "total_issues",
      "total_members",
      "total_modules",
    ]);
    const bad = await ws.member.get(`${W()}/project-stats/?project_ids=nope`);
    expect([bad.status, bad.body]).toEqual([400, { detail: "Invalid project_ids value." }]);
    // Projects the caller does not belong to are not reported.
    const lone = await loner.get(`${W()}/project-stats/?project_ids=${p.id}`);
    expect(lone.body).toEqual([]);
  });

  it("role matrix", async () => {
    for (const c of [ws.admin, ws.member, ws.guest]) expect((await c.get(`${W()}/project-stats/`)).status).toBe(200);
    const o = await ws.outsider.get(`${W()}/project-stats/`);
    expect([o.status, o.body]).toEqual([403, DENIED]);
    const a = await ws.anon.get(`${W()}/project-stats/`);
    expect([a.status, a.body]).toEqual([401, UNAUTH]);
  });
});

describe("W/user-favorite-projects/", () => {
  it("favourites once (idempotent), shows is_favorite, and unfavourites", async () => {
    const p = await projectFixture(t, ws);
    const fav = await ws.guest.post(`${W()}/user-favorite-projects/`, { project: p.id });
    expect([fav.status, fav.text]).toEqual([204, ""]);
    expect((await ws.guest.post(`${W()}/user-favorite-projects/`, { project: p.id })).status).toBe(204);
    const rows = await t.db.db
      .select()
      .from(schema.userFavorites)
      .where(eq(schema.userFavorites.entityIdentifier, p.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      entityType: "project",
      projectId: p.id,
      userId: ws.guest.userId,
      workspaceId: ws.id,
    });
    expect((await ws.guest.get(`${p.base}/`)).body.is_favorite).toBe(true);
    expect((await ws.member.get(`${p.base}/`)).body.is_favorite).toBe(false);
    const del = await ws.guest.delete(`${W()}/user-favorite-projects/${p.id}/`);
    expect(del.status).toBe(204);
    expect((await ws.guest.get(`${p.base}/`)).body.is_favorite).toBe(false);
    const again = await ws.guest.delete(`${W()}/user-favorite-projects/${p.id}/`);
    expect([again.status, again.body]).toEqual([404, NOT_FOUND]);
  });

  it("refuses unknown, invisible and foreign projects and bad input", async () => {
    const secret = await projectFixture(t, ws, { network: 0 });
    const foreign = await projectFixture(t, other);
    const invisible = await loner.post(`${W()}/user-favorite-projects/`, { project: secret.id });
    expect([invisible.status, invisible.body]).toEqual([404, NOT_FOUND]);
    const f = await ws.admin.post(`${W()}/user-favorite-projects/`, { project: foreign.id });
    expect([f.status, f.body]).toEqual([404, NOT_FOUND]);
    const bad = await ws.admin.post(`${W()}/user-favorite-projects/`, { project: "x" });
    expect([bad.status, bad.body]).toEqual([400, { project: ["Must be a valid UUID."] }]);
    const missing = await ws.admin.post(`${W()}/user-favorite-projects/`, {});
    expect([missing.status, missing.body]).toEqual([400, { project: ["This field is required."] }]);
    const badPath = await ws.admin.delete(`${W()}/user-favorite-projects/nope/`);
    expect(badPath.status).toBe(404);
  });

  it("role matrix", async () => {
    const p = await projectFixture(t, ws);
    for (const c of [ws.admin, ws.member, ws.guest]) {
      expect((await c.post(`${W()}/user-favorite-projects/`, { project: p.id })).status).toBe(204);
      expect((await c.delete(`${W()}/user-favorite-projects/${p.id}/`)).status).toBe(204);
    }
    for (const [c, status, body] of [
      [ws.outsider, 403, DENIED],
      [ws.anon, 401, UNAUTH],
    ] as const) {
      const a = await c.post(`${W()}/user-favorite-projects/`, { project: p.id });
      expect([a.status, a.body]).toEqual([status, body]);
      const d = await c.delete(`${W()}/user-favorite-projects/${p.id}/`);
      expect([d.status, d.body]).toEqual([status, body]);
    }
  });
});

describe("POST P/project-views/", () => {
  it("stores the caller's own view props, default props, preferences and sort order", async () => {
    const p = await projectFixture(t, ws);
    const prefs = { pages: { block_display: false }, navigation: { default_tab: "cycles", hide_in_more_menu: [] } };
    const res = await ws.guest.post(`${p.base}/project-views/`, {
      view_props: { a: 1 },
      default_props: { b: 2 },
      preferences: prefs,
      sort_order: 12.5,
    });
    expect([res.status, res.text]).toEqual([204, ""]);
    const me = await ws.guest.get(`${p.base}/project-members/me/`);
    expect(me.body).toMatchObject({
      view_props: { a: 1 },
      default_props: { b: 2 },
      preferences: prefs,
      sort_order: 12.5,
    });
    const adminMe = await ws.admin.get(`${p.base}/project-members/me/`);
    expect(adminMe.body.view_props).toEqual({});
    const bad = await ws.guest.post(`${p.base}/project-views/`, { view_props: "x", sort_order: "high" });
    expect([bad.status, bad.body]).toEqual([
      400,
      { view_props: ["Expected a dictionary of items."], sort_order: ["A valid number is required."] },
    ]);
  });

  it("role matrix", async () => {
    const p = await projectFixture(t, ws);
    for (const c of [ws.admin, ws.member, ws.guest])
      expect((await c.post(`${p.base}/project-views/`, { sort_order: 1 })).status).toBe(204);
    for (const [c, status, body] of [
      [loner, 403, DENIED],
      [ws.outsider, 403, DENIED],
      [ws.anon, 401, UNAUTH],
    ] as const) {
      const r = await c.post(`${p.base}/project-views/`, { sort_order: 1 });
      expect([r.status, r.body]).toEqual([status, body]);
    }
  });
});
