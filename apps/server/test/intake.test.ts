import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { schema } from "../src/db/client.ts";
import type { TestServer } from "./helpers/server.ts";
import { startTestServer } from "./helpers/server.ts";
import {
  projectFixture,
  twoProjectWorld,
  workspaceFixture,
  type ProjectFixture,
  type WorkspaceFixture,
} from "./helpers/fixtures.ts";
import { activityRows, expectMatrix } from "./helpers/work-items.ts";
import { INTAKE_WAKE_TASK } from "../src/routes/intake/wake.ts";

let t: TestServer;
let ws: WorkspaceFixture;
let pr: ProjectFixture;
let other: ProjectFixture;
let items: string;

const NOT_FOUND = { error: "Intake not found" };

beforeAll(async () => {
  ({ t, ws, pr, other } = await twoProjectWorld());
  items = `${pr.base}/inbox-issues/`;
});
afterAll(async () => {
  await t?.close();
});

async function turnOn(p: ProjectFixture) {
  const res = await ws.admin.patch(`${p.base}/`, { intake_view: true });
  expect(res.status).toBe(200);
}

async function file(name: string, as = ws.member, extra: Record<string, unknown> = {}) {
  const res = await as.post(items, { issue: { name, ...extra } });
  expect(res.status).toBe(200);
  return res.body as { id: string; issue: { id: string } };
}

async function projectListIds(p: ProjectFixture = pr): Promise<string[]> {
  return (await ws.admin.get(`${p.base}/issues/`)).body.results.map((x: any) => x.id);
}

describe("intake of a project", () => {
  it("is not there until the intake feature is on, then is made once", async () => {
    expect((await ws.admin.get(items)).body).toEqual(NOT_FOUND);
    expect((await ws.admin.get(items)).status).toBe(404);
    expect((await ws.admin.post(items, { issue: { name: "x" } })).body).toEqual(NOT_FOUND);
    expect((await ws.admin.get(`${pr.base}/intake-settings/`)).body).toEqual(NOT_FOUND);
    expect((await ws.admin.get(`${pr.base}/intakes/`)).body).toEqual(NOT_FOUND);
    await turnOn(pr);
    await turnOn(pr);
    const rows = await t.db.db.select().from(schema.intakes).where(eq(schema.intakes.projectId, pr.id));
    expect(rows).toHaveLength(1);
    const intake = await ws.guest.get(`${pr.base}/inboxes/`);
    expect(intake.status).toBe(200);
    expect(intake.body).toMatchObject({
      id: rows[0].id,
      name: "Intake",
      is_default: true,
      pending_issue_count: 0,
      project_detail: { id: pr.id, identifier: pr.identifier },
    });
    // a project created with the feature on has its intake at once
    const made = await ws.admin.post(`/api/workspaces/${ws.slug}/projects/`, {
      name: "Born with intake",
      identifier: "BWI",
      intake_view: true,
    });
    expect(made.status).toBe(201);
    expect((await ws.admin.get(`/api/workspaces/${ws.slug}/projects/${made.body.id}/intakes/`)).status).toBe(200);
  });

  it("files a request into triage (source IN_APP, 200), out of the project's work items", async () => {
    const before = await projectListIds();
    const res = await ws.member.post(`${pr.base}/intake-issues/`, {
      issue: { name: "Printer on fire", priority: "high", description_html: "<p>smoke</p><script>x</script>" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: -2,
      source: "IN_APP",
      snoozed_till: null,
      duplicate_to: null,
      duplicate_issue_detail: null,
      created_by: ws.member.userId,
    });
    expect(res.body.issue).toMatchObject({
      name: "Printer on fire",
      priority: "high",
      description_html: "<p>smoke</p>",
      is_intake: true,
      project_id: pr.id,
    });
    const [triage] = await t.db.db
      .select()
      .from(schema.states)
      .where(and(eq(schema.states.projectId, pr.id), eq(schema.states.group, "triage")));
    expect(res.body.issue.state_id).toBe(triage.id);
    expect(await projectListIds()).toEqual(before);
    expect((await ws.member.get(`${pr.base}/issues/${res.body.issue.id}/`)).body.is_intake).toBe(true);
    expect((await ws.admin.post(items, { issue: { name: "" } })).body).toEqual({
      "issue.name": ["This field may not be blank."],
    });
    expect((await ws.admin.post(items, {})).body).toEqual({ issue: ["This field is required."] });
  });
});

describe("triage", () => {
  it("accepts: default state, into the project's lists (the cached list changes), activity recorded", async () => {
    const it1 = await file("Accept me");
    const cached = await projectListIds();
    expect(cached).not.toContain(it1.issue.id);
    const res = await ws.admin.patch(`${items}${it1.issue.id}/`, { status: 1 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: it1.id, status: 1 });
    expect(res.body.issue).toMatchObject({ state_id: pr.states.Backlog, is_intake: false });
    expect(await projectListIds()).toContain(it1.issue.id);
    const acts = await activityRows(t, it1.issue.id);
    expect(acts.find((a: any) => a.field === "intake")).toMatchObject({
      oldValue: "Pending",
      newValue: "Accepted",
      actorId: ws.admin.userId,
    });
    expect(acts.find((a: any) => a.field === "state")).toMatchObject({ newValue: "Backlog" });
    // leaving accepted takes it out again
    expect((await ws.admin.patch(`${items}${it1.issue.id}/`, { status: -1 })).body.issue.is_intake).toBe(true);
    expect(await projectListIds()).not.toContain(it1.issue.id);
  });

  it("declines and marks duplicates (with duplicate_issue_detail), keeping both out of the lists", async () => {
    const target = (await ws.admin.post(`${pr.base}/issues/`, { name: "The real one" })).body;
    const a = await file("Decline me");
    const b = await file("Same as the real one");
    expect((await ws.admin.patch(`${items}${a.issue.id}/`, { status: -1 })).body).toMatchObject({ status: -1 });
    const dup = await ws.admin.patch(`${items}${b.issue.id}/`, { status: 2, duplicate_to: target.id });
    expect(dup.status).toBe(200);
    expect(dup.body).toMatchObject({
      status: 2,
      duplicate_to: target.id,
      duplicate_issue_detail: { id: target.id, name: "The real one", sequence_id: target.sequence_id },
    });
    const got = await ws.member.get(`${items}${b.issue.id}/`);
    expect(got.body.duplicate_issue_detail).toMatchObject({ id: target.id });
    const ids = await projectListIds();
    expect(ids).not.toContain(a.issue.id);
    expect(ids).not.toContain(b.issue.id);
    const act = (await activityRows(t, b.issue.id)).find((r: any) => r.field === "intake");
    expect(act).toMatchObject({ newValue: "Duplicate", newIdentifier: target.id });
  });

  it("refuses a duplicate without a target, of itself, or of an item elsewhere", async () => {
    const a = await file("Lonely duplicate");
    const url = `${items}${a.issue.id}/`;
    expect((await ws.admin.patch(url, { status: 2 })).body).toEqual({
      duplicate_to: ["A duplicate needs the work item it duplicates."],
    });
    expect((await ws.admin.patch(url, { duplicate_to: a.issue.id })).body).toEqual({
      duplicate_to: ["A work item cannot be a duplicate of itself."],
    });
    await turnOn(other);
    const elsewhere = (await ws.admin.post(`${other.base}/issues/`, { name: "Elsewhere" })).body.id;
    const res = await ws.admin.patch(url, { duplicate_to: elsewhere });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ duplicate_to: [`Invalid pk "${elsewhere}" - object does not exist.`] });
    expect((await ws.admin.patch(url, { status: 5 })).body).toEqual({ status: ['"5" is not a valid choice.'] });
    expect((await ws.admin.patch(url, { snoozed_till: "tomorrow" })).body).toEqual({
      snoozed_till: [
        "Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].",
      ],
    });
    expect((await ws.admin.patch(url, { status: 0 })).body).toEqual({
      snoozed_till: ["A snoozed work item needs a snooze date."],
    });
    expect((await ws.admin.get(url)).body).toMatchObject({ status: -2, duplicate_to: null });
  });

  it("snoozes with a date, hides the item from Open until the date, and clearing the date returns it to pending", async () => {
    const a = await file("Later please");
    const b = await file("Snoozed in the past");
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const res = await ws.admin.patch(`${items}${a.issue.id}/`, { snoozed_till: future });
    expect(res.body.status).toBe(0);
    expect(Date.parse(res.body.snoozed_till)).toBe(Date.parse(future));
    await ws.admin.patch(`${items}${b.issue.id}/`, { status: 0, snoozed_till: "2020-01-01T00:00:00Z" });
    const open = (await ws.admin.get(`${items}?per_page=100`)).body.results.map((r: any) => r.issue.id);
    expect(open).not.toContain(a.issue.id);
    expect(open).toContain(b.issue.id);
    expect((await ws.admin.get(`${items}?status=0&per_page=100`)).body.results.map((r: any) => r.issue.id)).toEqual([
      a.issue.id,
    ]);
    const back = await ws.admin.patch(`${items}${a.issue.id}/`, { snoozed_till: null });
    expect(back.body).toMatchObject({ status: -2, snoozed_till: null });
    expect(
      (await activityRows(t, a.issue.id)).filter((r: any) => r.field === "intake").map((r: any) => r.newValue),
    ).toEqual(["Snoozed", "Pending"]);
  });

  it("lists snoozed requests with status=0 (the Snoozed tab) and brings them back to pending at their date", async () => {
    const a = await file("Back next week");
    const c = await file("Snoozed twice");
    const url = `${items}${a.issue.id}/`;
    const first = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const later = new Date(Date.now() + 7 * 86_400_000).toISOString();
    await ws.admin.patch(url, { snoozed_till: first });
    await ws.admin.patch(`${items}${c.issue.id}/`, { snoozed_till: first });
    await ws.admin.patch(`${items}${c.issue.id}/`, { snoozed_till: later });
    const snoozedTab = async () =>
      (await ws.admin.get(`${items}?status=0&per_page=100`)).body.results.map((r: any) => r.issue.id);
    expect(await snoozedTab()).toEqual(expect.arrayContaining([a.issue.id, c.issue.id]));
    // one wake-up per request, at its latest snooze date
    const wakes = await t.app.jobs.list(t.db.db, INTAKE_WAKE_TASK);
    const of = (id: string) =>
      wakes
        .filter((w) => (w.payload as { intake_issue_id: string }).intake_issue_id === id)
        .map((w) => w.runAt.getTime());
    expect(of(a.id)).toEqual([Date.parse(first)]);
    expect(of(c.id)).toEqual([Date.parse(later)]);
    // nothing happens before the date
    await t.app.jobs.drain();
    expect((await ws.admin.get(url)).body).toMatchObject({ status: 0 });
    expect(await snoozedTab()).toContain(a.issue.id);
    // the date arrives for `a` (its date and its job moved into the past)
    await t.db.db
      .update(schema.intakeIssues)
      .set({ snoozedTill: new Date(Date.now() - 1000) })
      .where(eq(schema.intakeIssues.id, a.id));
    await t.db.db.execute(
      sql`UPDATE graphile_worker._private_jobs SET run_at = now() WHERE key = ${`intake-wake:${a.id}`}`,
    );
    await t.app.jobs.drain();
    expect((await ws.admin.get(url)).body).toMatchObject({ status: -2, snoozed_till: null });
    expect(await snoozedTab()).not.toContain(a.issue.id);
    expect(await snoozedTab()).toContain(c.issue.id);
    expect((await ws.admin.get(`${items}?per_page=100`)).body.results.map((r: any) => r.issue.id)).toContain(
      a.issue.id,
    );
    const hist = (await activityRows(t, a.issue.id)).filter((r) => r.field === "intake");
    expect(hist.map((r) => [r.newValue, r.actorId])).toEqual([
      ["Snoozed", ws.admin.userId],
      ["Pending", null],
    ]);
    // the change is a live event of the project (open intake screens refresh)
    const ev = (await t.db.db.execute(
      sql`SELECT 1 FROM live_events WHERE stream = ${`project:${pr.id}`} AND event->>'t' = 'intake_issues' AND event->>'id' = ${a.id}`,
    )) as unknown as unknown[];
    expect(ev.length).toBeGreaterThan(0);
    // the follower (the requester) gets no notification of a snooze running out
    await t.app.jobs.drain();
    const notes = (await ws.member.get(`/api/workspaces/${ws.slug}/users/notifications/`)).body as {
      entity_identifier: string;
      data: { issue_activity: { field: string } };
    }[];
    expect(
      notes.filter(
        (n) =>
          n.entity_identifier === a.issue.id && n.data.issue_activity.field === "intake" && n.data.issue_activity.field,
      ),
    ).toHaveLength(1); // the admin's snooze only
    // a request triaged before its date is left alone when the date comes
    await ws.admin.patch(`${items}${c.issue.id}/`, { status: 1 });
    await t.db.db.execute(
      sql`UPDATE graphile_worker._private_jobs SET run_at = now() WHERE key = ${`intake-wake:${c.id}`}`,
    );
    await t.app.jobs.drain();
    expect((await ws.admin.get(`${items}${c.issue.id}/`)).body).toMatchObject({ status: 1 });
  });

  it("lets members and the creator edit the item, but only admins triage", async () => {
    const a = await file("Guest request", ws.guest);
    const url = `${items}${a.issue.id}/`;
    const edited = await ws.guest.patch(url, { issue: { name: "Guest request, clearer" } });
    expect(edited.status).toBe(200);
    expect(edited.body.issue.name).toBe("Guest request, clearer");
    expect(
      (await ws.member.patch(url, { issue: { priority: "low", state_id: pr.states.Done } })).body.issue,
    ).toMatchObject({ priority: "low", is_intake: true });
    expect((await ws.member.patch(url, { status: 1 })).body).toEqual({
      error: "You don't have the required permissions.",
    });
    expect((await ws.guest.patch(url, { snoozed_till: "2030-01-01" })).status).toBe(403);
    const mine = await file("Member request");
    expect((await ws.guest.patch(`${items}${mine.issue.id}/`, { issue: { name: "hijack" } })).status).toBe(404);
    await expectMatrix(ws, (c) => c.patch(`${items}${mine.issue.id}/`, { status: -2 }), {
      admin: 200,
      member: 403,
      guest: 404,
      outsider: 403,
      anon: 401,
    });
  });
});

describe("a state change from the work item's own page", () => {
  it("moving an intake item out of triage accepts it, so it is never listed while its intake says otherwise", async () => {
    const a = await file("Moved by hand");
    await ws.admin.patch(`${items}${a.issue.id}/`, { status: -1 });
    const moved = await ws.member.patch(`${pr.base}/issues/${a.issue.id}/`, { state_id: pr.states.Todo });
    expect(moved.status).toBe(204);
    expect((await ws.admin.get(`${items}${a.issue.id}/`)).body).toMatchObject({
      status: 1,
      issue: { state_id: pr.states.Todo, is_intake: false },
    });
    expect(await projectListIds()).toContain(a.issue.id);
    const rows = (await activityRows(t, a.issue.id))
      .filter((r: any) => r.field === "intake")
      .map((r: any) => [r.oldValue, r.newValue, r.actorId]);
    expect(rows).toEqual([
      ["Pending", "Declined", ws.admin.userId],
      ["Declined", "Accepted", ws.member.userId],
    ]);
    // an ordinary item changing state has no intake to touch
    const plain = (await ws.admin.post(`${pr.base}/issues/`, { name: "Plain" })).body;
    expect((await ws.admin.patch(`${pr.base}/issues/${plain.id}/`, { state_id: pr.states.Todo })).status).toBe(204);
    expect((await activityRows(t, plain.id)).some((r: any) => r.field === "intake")).toBe(false);
  });
});

describe("the list", () => {
  it("pages by 10 with cursor 10:0:0, newest first; Closed holds accepted, declined and duplicate", async () => {
    await turnOn(other);
    const base = `${other.base}/inbox-issues/`;
    const ids: string[] = [];
    for (let i = 0; i < 12; i++)
      ids.push(
        (await ws.admin.post(base, { issue: { name: `req ${i}`, priority: i === 3 ? "urgent" : "none" } })).body.issue
          .id,
      );
    const first = await ws.admin.get(`${base}?cursor=10:0:0`);
    expect(first.body).toMatchObject({ total_results: 12, next_cursor: "10:1:0", next_page_results: true, count: 10 });
    expect(first.body.results.map((r: any) => r.issue.id)).toEqual(ids.slice(2).reverse());
    expect(first.body.results[0]).toMatchObject({
      status: -2,
      source: "IN_APP",
      issue: { name: "req 11", sequence_id: expect.any(Number), project_id: other.id, label_ids: [] },
    });
    const second = await ws.admin.get(`${base}?cursor=10:1:0`);
    expect(second.body).toMatchObject({ next_page_results: false, count: 2 });
    expect(second.body.results.map((r: any) => r.issue.id)).toEqual([ids[1], ids[0]]);
    expect((await ws.admin.get(`${base}?order_by=issue__created_at&per_page=1`)).body.results[0].issue.id).toBe(ids[0]);
    expect((await ws.admin.get(`${base}?order_by=-priority&per_page=1`)).body.results[0].issue.id).toBe(ids[3]);
    expect((await ws.admin.get(`${base}?priority=urgent`)).body.results.map((r: any) => r.issue.id)).toEqual([ids[3]]);
    await ws.admin.patch(`${base}${ids[0]}/`, { status: 1 });
    await ws.admin.patch(`${base}${ids[1]}/`, { status: -1 });
    const closed = await ws.admin.get(`${base}?status=-1,1,2`);
    expect(closed.body.results.map((r: any) => r.issue.id).sort()).toEqual([ids[0], ids[1]].sort());
    expect((await ws.admin.get(base)).body.total_results).toBe(10);
    // the project list counts the open items
    const projects = (await ws.admin.get(`/api/workspaces/${ws.slug}/projects/`)).body;
    expect(projects.find((p: any) => p.id === other.id).intake_count).toBe(10);
    expect((await ws.admin.get(`${base}?order_by=bogus`)).body).toEqual({ detail: "Invalid order_by value 'bogus'" });
    expect((await ws.admin.get(`${base}?status=9`)).body).toEqual({ detail: "Invalid status value '9'" });
    expect((await ws.admin.get(`${base}?cursor=nope`)).body).toEqual({ detail: "Invalid cursor parameter." });
  });

  it("shows guests only the requests they filed", async () => {
    const g = await file("Guest's own", ws.guest);
    const listed = (await ws.guest.get(`${items}?per_page=100`)).body.results;
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((r: any) => r.created_by === ws.guest.userId)).toBe(true);
    expect(listed.map((r: any) => r.issue.id)).toContain(g.issue.id);
    await expectMatrix(ws, (c) => c.get(items), { admin: 200, member: 200, guest: 200, outsider: 403, anon: 401 });
    await expectMatrix(ws, (c) => c.post(items, { issue: { name: "matrix" } }), {
      admin: 200,
      member: 200,
      guest: 200,
      outsider: 403,
      anon: 401,
    });
    const a = await file("Admin's");
    await expectMatrix(ws, (c) => c.get(`${items}${a.issue.id}/`), {
      admin: 200,
      member: 200,
      guest: 404,
      outsider: 403,
      anon: 401,
    });
    expect((await ws.admin.get(`${items}00000000-0000-0000-0000-000000000000/`)).status).toBe(404);
  });
});

describe("delete", () => {
  it("removes the item and, unless accepted, its work item; admins or the creator only", async () => {
    const a = await file("Delete me");
    const g = await file("Guest deletes own", ws.guest);
    expect((await ws.member.delete(`${items}${g.issue.id}/`)).status).toBe(403);
    expect((await ws.guest.delete(`${items}${g.issue.id}/`)).status).toBe(204);
    expect((await ws.guest.delete(`${items}${a.issue.id}/`)).status).toBe(404);
    await expectMatrix(ws, (c) => c.delete(`${items}${a.issue.id}/`), {
      admin: 204,
      member: 404,
      guest: 404,
      outsider: 403,
      anon: 401,
    });
    expect((await ws.admin.get(`${pr.base}/issues/${a.issue.id}/`)).status).toBe(404);
    const kept = await file("Accepted, then dropped from intake");
    await ws.admin.patch(`${items}${kept.issue.id}/`, { status: 1 });
    expect((await ws.admin.delete(`${items}${kept.issue.id}/`)).status).toBe(204);
    expect((await ws.admin.get(`${pr.base}/issues/${kept.issue.id}/`)).status).toBe(200);
    expect(await projectListIds()).toContain(kept.issue.id);
  });
});

describe("settings and the public form", () => {
  it("reads and changes settings, regenerates the anchor (admins)", async () => {
    const s = await ws.member.get(`${pr.base}/intake-settings/`);
    expect(s.status).toBe(200);
    expect(s.body).toMatchObject({
      is_in_app_enabled: true,
      is_form_enabled: false,
      is_email_enabled: false,
      project: pr.id,
      anchor: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    await expectMatrix(ws, (c) => c.get(`${pr.base}/intake-settings/`), {
      admin: 200,
      member: 200,
      guest: 403,
      outsider: 403,
      anon: 401,
    });
    await expectMatrix(ws, (c) => c.patch(`${pr.base}/intake-settings/`, { is_form_enabled: true }), {
      admin: 200,
      member: 403,
      guest: 403,
      outsider: 403,
      anon: 401,
    });
    expect((await ws.admin.patch(`${pr.base}/intake-settings/`, { is_form_enabled: "maybe" })).body).toEqual({
      is_form_enabled: ["Must be a valid boolean."],
    });
    const regen = await ws.admin.post(`${pr.base}/publish-intake-regenerate/`, {});
    expect(regen.status).toBe(200);
    expect(regen.body.anchor).not.toBe(s.body.anchor);
    expect(regen.body.is_form_enabled).toBe(true);
    await expectMatrix(ws, (c) => c.post(`${pr.base}/publish-intake-regenerate/`, {}), {
      admin: 200,
      member: 403,
      guest: 403,
      outsider: 403,
      anon: 401,
    });
    // in-app filing off
    await ws.admin.patch(`${pr.base}/intake-settings/`, { is_in_app_enabled: false });
    expect((await ws.member.post(items, { issue: { name: "nope" } })).body).toEqual({
      error: "Intake in the app is turned off for this project",
    });
    await ws.admin.patch(`${pr.base}/intake-settings/`, { is_in_app_enabled: true });
  });

  it("takes requests signed out at the anchor; pending, with the submitter's email; off or unknown → 404", async () => {
    const anchor = (await ws.admin.patch(`${pr.base}/intake-settings/`, { is_form_enabled: true })).body.anchor;
    const url = `/api/public/intake/${anchor}/`;
    const form = await ws.anon.get(url);
    expect(form.status).toBe(200);
    expect(form.body).toEqual({
      anchor,
      workspace_name: expect.any(String),
      project_name: expect.any(String),
      project_identifier: pr.identifier,
      properties: [],
    });
    const sent = await ws.anon.post(url, {
      name: "Cannot log in",
      description: "Since Monday <b>nothing</b>\nworks",
      email: "Pat@Example.com",
    });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ submitted: true, project_name: form.body.project_name });
    const listed = (await ws.admin.get(`${items}?per_page=100`)).body.results.find(
      (r: any) => r.issue.name === "Cannot log in",
    );
    expect(listed).toMatchObject({ status: -2, source: "FORMS", source_email: "pat@example.com", created_by: null });
    const detail = await ws.admin.get(`${items}${listed.issue.id}/`);
    expect(detail.body.issue.description_html).toBe("<p>Since Monday &lt;b&gt;nothing&lt;/b&gt;<br>works</p>");
    expect(await projectListIds()).not.toContain(listed.issue.id);
    expect((await ws.anon.post(url, { name: "x", email: "not-an-email" })).body).toEqual({
      email: ["Enter a valid email address."],
    });
    expect((await ws.anon.post(url, { email: "a@b.co" })).body).toEqual({ name: ["This field is required."] });
    expect((await ws.anon.get("/api/public/intake/0123456789abcdef0123456789abcdef/")).body).toEqual({
      error: "Intake form not found",
    });
    const regen = await ws.admin.post(`${pr.base}/publish-intake-regenerate/`, {});
    expect((await ws.anon.get(url)).status).toBe(404);
    await ws.admin.patch(`${pr.base}/intake-settings/`, { is_form_enabled: false });
    expect(
      (await ws.anon.post(`/api/public/intake/${regen.body.anchor}/`, { name: "x", email: "a@b.co" })).body,
    ).toEqual({ error: "Intake form not found" });
  });

  it("limits submissions per client address", async () => {
    const t2 = await startTestServer({ rateLimitPerMinute: 3 });
    try {
      const w = await workspaceFixture(t2);
      const p = await projectFixture(t2, w);
      await w.admin.patch(`${p.base}/`, { intake_view: true });
      const anchor = (await w.admin.patch(`${p.base}/intake-settings/`, { is_form_enabled: true })).body.anchor;
      const codes = [];
      for (let i = 0; i < 4; i++)
        codes.push((await w.anon.post(`/api/public/intake/${anchor}/`, { name: `r${i}`, email: "a@b.co" })).status);
      expect(codes).toEqual([200, 200, 200, 429]);
      expect((await w.anon.post(`/api/public/intake/${anchor}/`, { name: "r", email: "a@b.co" })).body).toEqual({
        error_code: 5900,
        error_message: "RATE_LIMIT_EXCEEDED",
      });
    } finally {
      await t2.close();
    }
  });
});
