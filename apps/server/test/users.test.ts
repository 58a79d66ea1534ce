import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { workspaceFixture } from "./helpers/fixtures.ts";
import { schema } from "../src/db/client.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const UNAUTH = { detail: "Authentication credentials were not provided." };

const ME_KEYS = [
  "id",
  "avatar",
  "cover_image",
  "avatar_url",
  "cover_image_url",
  "date_joined",
  "display_name",
  "email",
  "first_name",
  "last_name",
  "is_active",
  "is_bot",
  "is_email_verified",
  "user_timezone",
  "username",
  "is_password_autoset",
  "last_login_medium",
  "last_login_time",
].sort();

const PROFILE_KEYS = [
  "id",
  "created_at",
  "updated_at",
  "user",
  "theme",
  "is_app_rail_docked",
  "is_tour_completed",
  "onboarding_step",
  "use_case",
  "role",
  "is_onboarded",
  "last_workspace_id",
  "billing_address_country",
  "billing_address",
  "has_billing_address",
  "company_name",
  "notification_view_mode",
  "is_smooth_cursor_enabled",
  "is_mobile_onboarded",
  "mobile_onboarding_step",
  "mobile_timezone_auto_set",
  "language",
  "start_of_the_week",
  "goals",
  "background_color",
  "is_navigation_tour_completed",
  "has_marketing_email_consent",
  "is_subscribed_to_changelog",
  "product_tour",
  "time_format",
].sort();

async function makeWorkspace(owner: { userId: string }, slug: string, name = slug) {
  const [ws] = await t.db.db.insert(schema.workspaces).values({ name, slug, ownerId: owner.userId }).returning();
  await t.db.db.insert(schema.workspaceMembers).values({ workspaceId: ws.id, memberId: owner.userId, role: 20 });
  return ws;
}

describe("GET /api/users/me/", () => {
  it("returns the current user with exactly the wire-facts keys", async () => {
    const c = await t.user({ firstName: "Ann", lastName: "Lee", displayName: "ann" });
    const res = await c.get("/api/users/me/");
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(ME_KEYS);
    expect(res.body).toMatchObject({
      id: c.userId,
      email: c.email,
      first_name: "Ann",
      last_name: "Lee",
      display_name: "ann",
      is_active: true,
      is_bot: false,
      user_timezone: "UTC",
      last_login_medium: "email",
      avatar_url: null,
      cover_image_url: null,
    });
  });

  it("refuses anonymous callers with 401", async () => {
    const res = await t.anon().get("/api/users/me/");
    expect(res.status).toBe(401);
    expect(res.body).toEqual(UNAUTH);
  });

  it("accepts the path without the trailing slash", async () => {
    const c = await t.user();
    const res = await c.get("/api/users/me");
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(c.userId);
  });
});

describe("PATCH /api/users/me/", () => {
  it("updates writable fields and returns every column but the password", async () => {
    const c = await t.user();
    const res = await c.patch("/api/users/me/", {
      first_name: "José",
      last_name: "Núñez",
      display_name: "jose",
      user_timezone: "Europe/Berlin",
      avatar: "https://example.com/a.png",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: c.userId,
      first_name: "José",
      last_name: "Núñez",
      display_name: "jose",
      user_timezone: "Europe/Berlin",
      avatar: "https://example.com/a.png",
      avatar_url: "https://example.com/a.png",
    });
    expect(res.body).not.toHaveProperty("password");
    expect(res.body).toHaveProperty("created_at");
    expect(res.body).toHaveProperty("last_login_ip");
    const me = await c.get("/api/users/me/");
    expect(me.body.user_timezone).toBe("Europe/Berlin");
  });

  it("ignores read-only fields such as email and is_active", async () => {
    const c = await t.user();
    const res = await c.patch("/api/users/me/", { email: "other@example.com", is_active: false, username: "hacker" });
    expect(res.status).toBe(200);
    expect(res.body.email).toBe(c.email);
    expect(res.body.is_active).toBe(true);
    expect(res.body.username).not.toBe("hacker");
  });

  it("rejects bad input with field errors", async () => {
    const c = await t.user();
    const tz = await c.patch("/api/users/me/", { user_timezone: "Mars/Olympus" });
    expect(tz.status).toBe(400);
    expect(tz.body).toEqual({ user_timezone: ["Not a valid timezone."] });
    const long = await c.patch("/api/users/me/", { first_name: "x".repeat(256) });
    expect(long.status).toBe(400);
    expect(long.body).toEqual({ first_name: ["Ensure this field has no more than 255 characters."] });
    const type = await c.patch("/api/users/me/", { last_name: 42 });
    expect(type.status).toBe(400);
    expect(type.body).toEqual({ last_name: ["Not a valid string."] });
    const blank = await c.patch("/api/users/me/", { display_name: "   " });
    expect(blank.status).toBe(400);
    expect(blank.body).toEqual({ display_name: ["This field may not be blank."] });
    const url = await c.patch("/api/users/me/", { avatar: "javascript:alert(1)" });
    expect(url.status).toBe(400);
    expect(url.body).toEqual({ avatar: ["Enter a valid URL."] });
    const asset = await c.patch("/api/users/me/", { avatar_asset: "00000000-0000-4000-8000-000000000000" });
    expect(asset.status).toBe(400);
    expect(asset.body).toEqual({ avatar_asset: ["Asset not found."] });
    const badUuid = await c.patch("/api/users/me/", { avatar_asset: "nope" });
    expect(badUuid.status).toBe(400);
    expect(badUuid.body).toEqual({ avatar_asset: ["Must be a valid UUID."] });
  });

  it("answers malformed JSON and non-object bodies with 400", async () => {
    const c = await t.user();
    const bad = await c.request("PATCH", "/api/users/me/", "{not json", { "content-type": "application/json" });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/^JSON parse error/);
    const arr = await c.patch("/api/users/me/", [1, 2]);
    expect(arr.status).toBe(400);
    expect(arr.body).toHaveProperty("non_field_errors");
  });

  it("refuses anonymous callers", async () => {
    const res = await t.anon().patch("/api/users/me/", { first_name: "x" });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(UNAUTH);
  });
});

describe("GET /api/users/session/", () => {
  it("reports anonymous callers as not authenticated", async () => {
    const res = await t.anon().get("/api/users/session/");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ is_authenticated: false });
  });

  it("returns the user for signed-in callers", async () => {
    const c = await t.user();
    const res = await c.get("/api/users/session/");
    expect(res.status).toBe(200);
    expect(res.body.is_authenticated).toBe(true);
    expect(Object.keys(res.body.user).sort()).toEqual(ME_KEYS);
    expect(res.body.user.id).toBe(c.userId);
  });
});

describe("profile", () => {
  it("GET returns the profile with the wire-facts keys", async () => {
    const c = await t.user();
    const res = await c.get("/api/users/me/profile/");
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(PROFILE_KEYS);
    expect(res.body).toMatchObject({
      user: c.userId,
      is_onboarded: true,
      notification_view_mode: "full",
      language: "en",
      start_of_the_week: 0,
      last_workspace_id: null,
      onboarding_step: {
        workspace_join: false,
        profile_complete: false,
        workspace_create: false,
        workspace_invite: false,
      },
      product_tour: { work_items: false, cycles: false, modules: false, intake: false, pages: false },
    });
  });

  it("creates the profile when it is missing", async () => {
    const c = await t.user();
    await t.db.db.delete(schema.profiles).where(eq(schema.profiles.userId, c.userId));
    const res = await c.get("/api/users/me/profile/");
    expect(res.status).toBe(200);
    expect(res.body.user).toBe(c.userId);
    expect(res.body.is_onboarded).toBe(false);
    const again = await c.get("/api/users/me/profile/");
    expect(again.body.id).toBe(res.body.id);
  });

  it("PATCH updates fields and merges step objects", async () => {
    const c = await t.user();
    const res = await c.patch("/api/users/me/profile/", {
      theme: { theme: "dark" },
      onboarding_step: { profile_complete: true },
      role: "Founder / Executive",
      use_case: "planning",
      notification_view_mode: "compact",
      start_of_the_week: 1,
      language: "fr",
      product_tour: { cycles: true },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      theme: { theme: "dark" },
      role: "Founder / Executive",
      use_case: "planning",
      notification_view_mode: "compact",
      start_of_the_week: 1,
      language: "fr",
      onboarding_step: {
        profile_complete: true,
        workspace_create: false,
        workspace_invite: false,
        workspace_join: false,
      },
      product_tour: { cycles: true, work_items: false },
    });
    const step2 = await c.patch("/api/users/me/profile/", { onboarding_step: { workspace_create: true } });
    expect(step2.body.onboarding_step).toEqual({
      profile_complete: true,
      workspace_create: true,
      workspace_invite: false,
      workspace_join: false,
    });
  });

  it("PATCH rejects bad values", async () => {
    const c = await t.user();
    const mode = await c.patch("/api/users/me/profile/", { notification_view_mode: "loud" });
    expect(mode.status).toBe(400);
    expect(mode.body).toEqual({ notification_view_mode: ["Must be one of: full, compact."] });
    const week = await c.patch("/api/users/me/profile/", { start_of_the_week: 7 });
    expect(week.status).toBe(400);
    expect(week.body).toEqual({ start_of_the_week: ["Must be between 0 (Sunday) and 6 (Saturday)."] });
    const theme = await c.patch("/api/users/me/profile/", { theme: "dark" });
    expect(theme.status).toBe(400);
    expect(theme.body).toEqual({ theme: ["Expected a JSON object."] });
    const step = await c.patch("/api/users/me/profile/", { onboarding_step: { profile_complete: "yes" } });
    expect(step.status).toBe(400);
    expect(step.body).toEqual({ "onboarding_step.profile_complete": ["Must be a valid boolean."] });
  });

  it("keeps the user's time format: 24-hour by default, 12-hour on request, nothing else", async () => {
    const c = await t.user();
    expect((await c.get("/api/users/me/profile/")).body.time_format).toBe("24-hour");
    const h12 = await c.patch("/api/users/me/profile/", { time_format: "12-hour" });
    expect([h12.status, h12.body.time_format]).toEqual([200, "12-hour"]);
    expect((await c.get("/api/users/me/profile/")).body.time_format).toBe("12-hour");
    const bad = await c.patch("/api/users/me/profile/", { time_format: "12h" });
    expect([bad.status, bad.body]).toEqual([400, { time_format: ["Must be one of: 24-hour, 12-hour."] }]);
    expect((await c.get("/api/users/me/profile/")).body.time_format).toBe("12-hour");
  });

  it("PATCH last_workspace_id must be a workspace the user belongs to", async () => {
    const c = await t.user();
    const other = await t.user();
    const foreign = await makeWorkspace(other, "foreign-" + Date.now());
    const res = await c.patch("/api/users/me/profile/", { last_workspace_id: foreign.id });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ last_workspace_id: ["You are not a member of this workspace."] });
    const mine = await makeWorkspace(c, "mine-" + Date.now());
    const ok = await c.patch("/api/users/me/profile/", { last_workspace_id: mine.id });
    expect(ok.status).toBe(200);
    expect(ok.body.last_workspace_id).toBe(mine.id);
    const cleared = await c.patch("/api/users/me/profile/", { last_workspace_id: null });
    expect(cleared.body.last_workspace_id).toBeNull();
  });

  it("refuses anonymous callers", async () => {
    const a = t.anon();
    for (const res of [await a.get("/api/users/me/profile/"), await a.patch("/api/users/me/profile/", { role: "x" })]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual(UNAUTH);
    }
  });
});

describe("GET /api/users/me/settings/", () => {
  it("has null workspaces and an invite count for a user without workspaces", async () => {
    const c = await t.user();
    const other = await t.user();
    const ws = await makeWorkspace(other, "inviting-" + Date.now());
    await t.db.db
      .insert(schema.workspaceInvitations)
      .values({ workspaceId: ws.id, email: c.email, token: "tok-settings", role: 15 });
    const res = await c.get("/api/users/me/settings/?t=123");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: c.userId,
      email: c.email,
      workspace: {
        last_workspace_id: null,
        last_workspace_slug: null,
        fallback_workspace_id: null,
        fallback_workspace_slug: null,
        invites: 1,
      },
    });
  });

  it("falls back to the earliest-created workspace, then follows last_workspace_id", async () => {
    const c = await t.user();
    const first = await makeWorkspace(c, "first-" + Date.now(), "Zeta");
    const second = await makeWorkspace(c, "second-" + Date.now(), "Alpha");
    const fb = await c.get("/api/users/me/settings/");
    expect(fb.body.workspace).toEqual({
      last_workspace_id: null,
      last_workspace_slug: null,
      fallback_workspace_id: first.id,
      fallback_workspace_slug: first.slug,
      invites: 0,
    });
    await c.patch("/api/users/me/profile/", { last_workspace_id: second.id });
    const last = await c.get("/api/users/me/settings/");
    expect(last.body.workspace).toEqual({
      last_workspace_id: second.id,
      last_workspace_slug: second.slug,
      last_workspace_name: "Alpha",
      last_workspace_logo: null,
      fallback_workspace_id: second.id,
      fallback_workspace_slug: second.slug,
      invites: 0,
    });
  });

  it("ignores a last workspace the user no longer belongs to", async () => {
    const c = await t.user();
    const ws = await makeWorkspace(c, "gone-" + Date.now());
    await c.patch("/api/users/me/profile/", { last_workspace_id: ws.id });
    await t.db.db
      .update(schema.workspaceMembers)
      .set({ isActive: false })
      .where(eq(schema.workspaceMembers.memberId, c.userId));
    const res = await c.get("/api/users/me/settings/");
    expect(res.body.workspace).toEqual({
      last_workspace_id: null,
      last_workspace_slug: null,
      fallback_workspace_id: null,
      fallback_workspace_slug: null,
      invites: 0,
    });
  });

  it("refuses anonymous callers", async () => {
    const res = await t.anon().get("/api/users/me/settings/");
    expect(res.status).toBe(401);
    expect(res.body).toEqual(UNAUTH);
  });
});

describe("GET /api/users/me/instance-admin/", () => {
  it("is false for ordinary users and true for instance admins", async () => {
    const c = await t.user();
    const res = await c.get("/api/users/me/instance-admin/");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ is_instance_admin: false });
    const [instance] = await t.db.db.select().from(schema.instances).limit(1);
    await t.db.db.insert(schema.instanceAdmins).values({ userId: c.userId, instanceId: instance.id, role: 20 });
    const admin = await c.get("/api/users/me/instance-admin/");
    expect(admin.body).toEqual({ is_instance_admin: true });
  });

  it("refuses anonymous callers", async () => {
    const res = await t.anon().get("/api/users/me/instance-admin/");
    expect(res.status).toBe(401);
    expect(res.body).toEqual(UNAUTH);
  });
});

describe("onboarding and tour", () => {
  it("finishing onboarding sets every step, the first workspace as last, and is_onboarded", async () => {
    const c = await t.user();
    await t.db.db.update(schema.profiles).set({ isOnboarded: false }).where(eq(schema.profiles.userId, c.userId));
    const ws = await makeWorkspace(c, "onb-" + Date.now());
    const res = await c.patch("/api/users/me/onboard/", { is_onboarded: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "Updated successfully" });
    const p = await c.get("/api/users/me/profile/");
    expect(p.body.is_onboarded).toBe(true);
    expect(p.body.onboarding_step).toEqual({
      profile_complete: true,
      workspace_create: true,
      workspace_invite: true,
      workspace_join: true,
    });
    expect(p.body.last_workspace_id).toBe(ws.id);
    const s = await c.get("/api/users/me/settings/");
    expect(s.body.workspace.last_workspace_slug).toBe(ws.slug);
  });

  it("keeps a valid last workspace and can unset onboarded", async () => {
    const c = await t.user();
    await makeWorkspace(c, "onb-a-" + Date.now());
    const b = await makeWorkspace(c, "onb-b-" + Date.now());
    await c.patch("/api/users/me/profile/", { last_workspace_id: b.id });
    await c.patch("/api/users/me/onboard/", { is_onboarded: true });
    expect((await c.get("/api/users/me/profile/")).body.last_workspace_id).toBe(b.id);
    const off = await c.patch("/api/users/me/onboard/", { is_onboarded: false });
    expect(off.status).toBe(200);
    expect((await c.get("/api/users/me/profile/")).body.is_onboarded).toBe(false);
  });

  it("tour-completed sets the flag", async () => {
    const c = await t.user();
    const res = await c.patch("/api/users/me/tour-completed/", { is_tour_completed: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "Updated successfully" });
    expect((await c.get("/api/users/me/profile/")).body.is_tour_completed).toBe(true);
  });

  it("rejects wrong types and anonymous callers", async () => {
    const c = await t.user();
    const bad = await c.patch("/api/users/me/onboard/", { is_onboarded: "yes" });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ is_onboarded: ["Must be a valid boolean."] });
    const badTour = await c.patch("/api/users/me/tour-completed/", { is_tour_completed: 1 });
    expect(badTour.status).toBe(400);
    expect(badTour.body).toEqual({ is_tour_completed: ["Must be a valid boolean."] });
    for (const res of [
      await t.anon().patch("/api/users/me/onboard/", { is_onboarded: true }),
      await t.anon().patch("/api/users/me/tour-completed/", { is_tour_completed: true }),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual(UNAUTH);
    }
  });
});

describe("notification preferences", () => {
  it("GET creates defaults; PATCH updates", async () => {
    const c = await t.user();
    const res = await c.get("/api/users/me/notification-preferences/");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      user: c.userId,
      workspace: null,
      project: null,
      property_change: true,
      state_change: true,
      comment: true,
      mention: true,
      issue_completed: true,
    });
    expect(Object.keys(res.body).sort()).toEqual([
      "comment",
      "created_at",
      "created_by",
      "deleted_at",
      "id",
      "issue_completed",
      "mention",
      "project",
      "property_change",
      "state_change",
      "updated_at",
      "updated_by",
      "user",
      "workspace",
    ]);
    const patch = await c.patch("/api/users/me/notification-preferences/", { comment: false, mention: false });
    expect(patch.status).toBe(200);
    expect(patch.body).toMatchObject({ id: res.body.id, comment: false, mention: false, state_change: true });
    expect((await c.get("/api/users/me/notification-preferences/")).body.comment).toBe(false);
  });

  it("rejects wrong types and anonymous callers", async () => {
    const c = await t.user();
    const bad = await c.patch("/api/users/me/notification-preferences/", { comment: "no" });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ comment: ["Must be a valid boolean."] });
    const anon = await t.anon().get("/api/users/me/notification-preferences/");
    expect(anon.status).toBe(401);
    expect(anon.body).toEqual(UNAUTH);
  });
});

describe("DELETE /api/users/me/ (deactivate)", () => {
  it("deactivates the user, their memberships, invitations and sessions", async () => {
    const ws = await workspaceFixture(t);
    const [project] = await t.db.db
      .insert(schema.projects)
      .values({ workspaceId: ws.id, name: "Deact", identifier: "DEAC" })
      .returning();
    await t.db.db
      .insert(schema.projectMembers)
      .values({ workspaceId: ws.id, projectId: project.id, memberId: ws.member.userId, role: 15 });
    await t.db.db
      .insert(schema.workspaceInvitations)
      .values({ workspaceId: ws.id, email: ws.member.email, token: "tok-deact", role: 5 });
    const res = await ws.member.delete("/api/users/me/");
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    const after = await ws.member.get("/api/users/me/");
    expect(after.status).toBe(401);
    const [u] = await t.db.db.select().from(schema.users).where(eq(schema.users.id, ws.member.userId));
    expect(u.isActive).toBe(false);
    const [wm] = await t.db.db
      .select()
      .from(schema.workspaceMembers)
      .where(eq(schema.workspaceMembers.memberId, ws.member.userId));
    expect(wm.isActive).toBe(false);
    const [pm] = await t.db.db
      .select()
      .from(schema.projectMembers)
      .where(eq(schema.projectMembers.memberId, ws.member.userId));
    expect(pm.isActive).toBe(false);
    const invs = await t.db.db
      .select()
      .from(schema.workspaceInvitations)
      .where(eq(schema.workspaceInvitations.email, ws.member.email));
    expect(invs).toHaveLength(0);
    const sessions = await t.db.db.select().from(schema.sessions).where(eq(schema.sessions.userId, ws.member.userId));
    expect(sessions).toHaveLength(0);
    // The member list still shows the row, inactive.
    const list = await ws.admin.get(`/api/workspaces/${ws.slug}/members/`);
    expect(list.body.find((m: any) => m.member.id === ws.member.userId).is_active).toBe(false);
  });

  it("refuses the only admin of a workspace with other members", async () => {
    const ws = await workspaceFixture(t);
    const res = await ws.admin.delete("/api/users/me/");
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "You cannot deactivate account as you are the only admin in some workspaces." });
    expect((await ws.admin.get("/api/users/me/")).status).toBe(200);
  });

  it("lets the sole member of a workspace deactivate", async () => {
    const c = await t.user();
    await makeWorkspace(c, "solo-" + Date.now());
    const res = await c.delete("/api/users/me/");
    expect(res.status).toBe(204);
  });

  it("refuses instance admins", async () => {
    const c = await t.user();
    const [instance] = await t.db.db.select().from(schema.instances).limit(1);
    await t.db.db.insert(schema.instanceAdmins).values({ userId: c.userId, instanceId: instance.id, role: 20 });
    const res = await c.delete("/api/users/me/");
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "You cannot deactivate your account since you are an instance admin" });
  });

  it("refuses anonymous callers", async () => {
    const res = await t.anon().delete("/api/users/me/");
    expect(res.status).toBe(401);
    expect(res.body).toEqual(UNAUTH);
  });
});

describe("role matrix for the current-user endpoints", () => {
  it("every signed-in user, whatever their workspace role, reads their own data; anonymous callers get 401", async () => {
    const ws = await workspaceFixture(t);
    const paths = [
      "/api/users/me/",
      "/api/users/me/profile/",
      "/api/users/me/settings/",
      "/api/users/me/instance-admin/",
      "/api/users/me/notification-preferences/",
      "/api/users/me/workspaces/",
      "/api/users/me/workspaces/invitations/",
      "/api/users/last-visited-workspace/",
    ];
    for (const path of paths) {
      for (const c of [ws.admin, ws.member, ws.guest, ws.outsider]) {
        const res = await c.get(path);
        expect({ path, status: res.status }).toEqual({ path, status: 200 });
      }
      const res = await ws.anon.get(path);
      expect({ path, status: res.status, body: res.body }).toEqual({ path, status: 401, body: UNAUTH });
    }
    // Each sees only their own account.
    for (const c of [ws.admin, ws.member, ws.guest, ws.outsider]) {
      expect((await c.get("/api/users/me/")).body.id).toBe(c.userId);
      expect((await c.get("/api/users/me/profile/")).body.user).toBe(c.userId);
      expect((await c.get("/api/users/me/notification-preferences/")).body.user).toBe(c.userId);
    }
  });
});
