import { describe, expect, it } from "vitest";
import { DETAIL_EXPAND, requestKey, screenRequests, workItemKeyAnnouncement } from "./screen-data.ts";

/**
 * The order of the requests the server runs for a screen (screenRequests with a `get` whose answers the test
 * releases one by one): what starts before which answer, never timings.
 */
function harness() {
  const started: string[] = [];
  const answers = new Map<string, (v: unknown) => void>();
  // as the server's `get`: one request per key, a repeated one joins it
  const asked = new Map<string, Promise<unknown>>();
  const get = (url: string) => {
    const key = requestKey(url);
    if (!asked.has(key)) {
      started.push(key);
      asked.set(key, new Promise<unknown>((resolve) => answers.set(key, resolve)));
    }
    return asked.get(key)!;
  };
  /** Answer the request of `url` (it must have started), then let what its answer starts go out. */
  const answer = async (url: string, body: unknown) => {
    const key = requestKey(url);
    const resolve = answers.get(key);
    expect(resolve, `${key} was not requested, or answered already`).toBeDefined();
    answers.delete(key);
    resolve!(body);
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  /** Answer every request started so far that is not answered yet with `{}`. */
  const answerRest = async () => {
    for (let pending = [...answers.keys()]; pending.length; pending = [...answers.keys()]) {
      for (const k of pending) await answer(k, k.endsWith("/projects/") ? [] : {});
    }
  };
  return { started, get, answer, answerRest };
}

const W = "/api/workspaces/acme";
const pid = "0b6c7a8e-1111-4222-8333-944445555666";
const id = "1c6c7a8e-1111-4222-8333-944445555777";
const P = `${W}/projects/${pid}`;
const lookup = requestKey(`${W}/work-items/WEB-12/?expand=${DETAIL_EXPAND}`);
const ME = `${W}/workspace-members/me/`;
const ROLES = "/api/users/me/workspaces/acme/project-roles/";
/** The caller's roles: a member of the workspace and of the project, unless told otherwise. */
async function roles(
  h: ReturnType<typeof harness>,
  workspaceRole = 15,
  projectRoles: Record<string, number> = { [pid]: 15 },
) {
  await h.answer(ME, { member: "me-id", role: workspaceRole });
  await h.answer(ROLES, projectRoles);
}
const byId = requestKey(`${P}/issues/${id}/?expand=${DETAIL_EXPAND}`);

describe("screenRequests: the full work-item page (/browse/KEY/)", () => {
  it("starts the lookup by key first, and the project's data from the projects list while the lookup is still out", async () => {
    const h = harness();
    const done = screenRequests("/acme/browse/web-12/", "", h.get);
    // the lookup is the first request of the workspace's screen (the caller's two come before any screen's)
    expect(h.started.slice(2)[0]).toBe(lookup);
    expect(h.started).toContain(requestKey(`${W}/projects/`));
    expect(h.started).not.toContain(requestKey(`${P}/`));
    // the projects list names the key's project: its data goes out once the roles say the caller is in it, the lookup still unanswered
    await h.answer(`${W}/projects/`, [
      { id: "other", identifier: "WEBX" },
      { id: pid, identifier: "web" },
    ]);
    expect(h.started).not.toContain(requestKey(`${P}/`));
    await roles(h);
    for (const url of [`${P}/`, `${P}/states/`, `${P}/issue-labels/`, `${P}/members/`, `${P}/cycles/`, `${P}/modules/`])
      expect(h.started, url).toContain(requestKey(url));
    // and the project's answer starts its estimates, still before the lookup's
    await h.answer(`${P}/`, { estimate: "e1", cycle_view: true, module_view: true });
    expect(h.started).toContain(requestKey(`${P}/estimates/`));
    expect(h.started.filter((k) => k.includes(`/issues/${id}/`))).toEqual([]);
    // the lookup's answer starts the item's parts, and not the item again by id
    await h.answer(lookup, { id, project_id: pid, is_epic: false });
    for (const url of [
      `${P}/issues/${id}/history/?activity_type=issue-property`,
      `${P}/issues/${id}/history/?activity_type=issue-comment`,
      `${P}/issues/${id}/sub-issues/`,
      `${P}/issues/${id}/issue-relation/`,
      `/api/assets/v2/workspaces/acme/projects/${pid}/issues/${id}/attachments/`,
    ])
      expect(h.started, url).toContain(requestKey(url));
    expect(h.started).not.toContain(byId);
    await h.answerRest();
    await done;
  });

  it("starts the project's data from the lookup when the projects list does not name the key's project", async () => {
    const h = harness();
    const done = screenRequests("/acme/browse/WEB-12/", "", h.get);
    await h.answer(`${W}/projects/`, []);
    await roles(h);
    expect(h.started).not.toContain(requestKey(`${P}/`));
    await h.answer(lookup, { id, project_id: pid, is_epic: false });
    for (const url of [`${P}/`, `${P}/states/`, `${P}/members/`, `${P}/issues/${id}/sub-issues/`])
      expect(h.started, url).toContain(requestKey(url));
    expect(h.started).not.toContain(byId);
    await h.answerRest();
    await done;
  });

  it("starts the item's parts at the lookup's announcement, before its answer, and only once", async () => {
    const h = harness();
    let announce!: (v: unknown) => void;
    const asked: string[] = [];
    const announced = (key: string) => (asked.push(key), new Promise<unknown>((r) => (announce = r)));
    const done = screenRequests("/acme/browse/web-12/", "", h.get, announced);
    expect(asked).toEqual([workItemKeyAnnouncement("acme", "WEB-12")]);
    await roles(h);
    expect(h.started.filter((k) => k.includes(`/issues/${id}/`))).toEqual([]);
    // the lookup has found the item (its answer still out): the parts go out now
    announce({ id, project_id: pid, is_epic: false });
    for (let i = 0; i < 5; i++) await Promise.resolve();
    const parts = [
      `${P}/issues/${id}/history/?activity_type=issue-property`,
      `${P}/issues/${id}/sub-issues/`,
      `${P}/issues/${id}/issue-relation/`,
      `${P}/states/`,
    ];
    for (const url of parts) expect(h.started, url).toContain(requestKey(url));
    const before = h.started.length;
    // the answer, coming after, starts nothing again
    await h.answer(lookup, { id, project_id: pid, is_epic: false });
    expect(h.started.slice(before).filter((k) => k.includes(`/issues/${id}/`))).toEqual([]);
    expect(h.started).not.toContain(byId);
    await h.answerRest();
    await done;
  });

  it("does not wait for an announcement that never comes (the item is not found): the lookup's answer ends it", async () => {
    const h = harness();
    const done = screenRequests("/acme/browse/WEB-12/", "", h.get, () => new Promise(() => undefined));
    await h.answer(lookup, undefined);
    await h.answerRest();
    await done;
    expect(h.started.filter((k) => k.includes(`/issues/${id}/`))).toEqual([]);
  });

  it("still reads the item by id where the screen asks for it by id (the item's own page)", async () => {
    const h = harness();
    const done = screenRequests(`/acme/projects/${pid}/issues/${id}/`, "", h.get);
    await roles(h);
    expect(h.started).toContain(byId);
    await h.answerRest();
    await done;
  });
});

describe("screenRequests: nothing the caller may not read (issue #27 point 10)", () => {
  const projectScreens = [
    `/acme/projects/${pid}/issues/`,
    `/acme/projects/${pid}/issues/${id}/`,
    `/acme/projects/${pid}/issues/?peekId=${id}`,
    `/acme/projects/${pid}/intake/`,
    `/acme/projects/${pid}/settings/states/`,
    `/acme/projects/${pid}/settings/`,
    `/acme/projects/${pid}/worklogs/`,
    `/acme/projects/${pid}/updates/`,
  ];
  const ofProject = (started: string[]) =>
    started.filter((k) => k.startsWith(`${P}/`) || k.includes(`/projects/${pid}/`));

  it("asks nothing of a project for a workspace member who is not in it", async () => {
    for (const path of projectScreens) {
      const h = harness();
      const [pathname, search = ""] = path.split("?");
      const done = screenRequests(pathname, search ? `?${search}` : "", h.get);
      await roles(h, 15, {});
      await h.answerRest();
      await done;
      expect(ofProject(h.started), path).toEqual([]);
    }
  });

  it("asks a guest for no favourites, no admin settings page, and a hidden item's parts only once the item is read", async () => {
    const home = harness();
    let done = screenRequests("/acme/", "", home.get);
    await roles(home, 5, { [pid]: 5 });
    await home.answer(`${W}/dashboard/?dashboard_type=home`, { dashboard: { id: "d" }, widgets: [] });
    await home.answerRest();
    await done;
    expect(home.started.filter((k) => k.includes("user-favorites"))).toEqual([]);
    expect(home.started).toContain(ROLES);

    for (const path of [
      `/acme/projects/${pid}/settings/repositories/`,
      `/acme/projects/${pid}/settings/model-configuration/`,
      `/acme/projects/${pid}/settings/states/`,
      "/acme/settings/members/",
      "/acme/settings/webhooks/",
      "/acme/settings/api-tokens/",
      "/acme/settings/imports/",
    ]) {
      const h = harness();
      done = screenRequests(path, "", h.get);
      await roles(h, 5, { [pid]: 5 });
      await h.answerRest();
      await done;
      const page = h.started.filter((k) =>
        /environments|model-configs|states\/|invitations|webhooks|api-tokens|importers/.test(k),
      );
      expect(page, path).toEqual([]);
    }

    // the item's page: the item first; its parts once it is read (a hidden item's answer is a refusal: nothing more)
    const item = harness();
    done = screenRequests(`/acme/projects/${pid}/issues/${id}/`, "", item.get);
    await roles(item, 5, { [pid]: 5 });
    expect(item.started).toContain(byId);
    expect(item.started.filter((k) => k.includes(`/issues/${id}/`) && k !== byId)).toEqual([]);
    await item.answer(byId, { id });
    expect(item.started).toContain(requestKey(`${P}/issues/${id}/sub-issues/`));
    await item.answerRest();
    await done;
  });

  it("an admin's pages ask for all of it", async () => {
    const h = harness();
    const done = screenRequests("/acme/settings/members/", "", h.get);
    await roles(h, 20, { [pid]: 20 });
    expect(h.started).toContain(requestKey(`${W}/invitations/`));
    await h.answerRest();
    await done;
  });
});

describe("screenRequests: time tracking and project updates (issue #29)", () => {
  it("asks for an item's time logs and the report only once the project says time tracking is on, and the report only of members", async () => {
    const off = harness();
    const doneOff = screenRequests(`/acme/projects/${pid}/issues/${id}/`, "", off.get);
    await roles(off);
    await off.answer(`${P}/`, { is_time_tracking_enabled: false });
    await off.answerRest();
    await doneOff;
    expect(off.started.filter((k) => k.includes("worklogs"))).toEqual([]);

    const on = harness();
    const doneOn = screenRequests(`/acme/projects/${pid}/issues/${id}/`, "", on.get);
    await roles(on);
    await on.answer(`${P}/`, { is_time_tracking_enabled: true });
    expect(on.started).toContain(requestKey(`${P}/issues/${id}/worklogs/`));
    expect(on.started).toContain(requestKey(`${P}/issues/${id}/worklogs/summary/`));
    await on.answerRest();
    await doneOn;

    const report = harness();
    const doneReport = screenRequests(`/acme/projects/${pid}/worklogs/`, "", report.get);
    await roles(report);
    await report.answer(`${P}/`, { is_time_tracking_enabled: true, member_role: 15 });
    expect(report.started).toContain(requestKey(`${P}/worklogs/?per_page=50&cursor=50:0:0`));
    expect(report.started).toContain(requestKey(`${P}/worklogs/summary/?group_by=issue`));
    await report.answerRest();
    await doneReport;

    const guest = harness();
    const doneGuest = screenRequests(`/acme/projects/${pid}/worklogs/`, "", guest.get);
    await roles(guest, 5, { [pid]: 5 });
    await guest.answer(`${P}/`, { is_time_tracking_enabled: true, member_role: 5 });
    await guest.answerRest();
    await doneGuest;
    expect(guest.started.filter((k) => k.includes("worklogs"))).toEqual([]);
  });

  it("asks for the project's updates only while they are on", async () => {
    for (const on of [true, false]) {
      const h = harness();
      const done = screenRequests(`/acme/projects/${pid}/updates/`, "", h.get);
      await roles(h);
      await h.answer(`${P}/`, { is_project_updates_enabled: on });
      await h.answerRest();
      await done;
      expect(h.started.includes(requestKey(`${P}/updates/`))).toBe(on);
    }
  });
});

describe("screenRequests: workspace views", () => {
  it("asks for a default view's first page as the caller's workspace user properties keep its choices", async () => {
    const h = harness();
    const done = screenRequests("/acme/workspace-views/assigned/", "", h.get);
    expect(h.started).toContain(`${W}/projects/details/`);
    expect(h.started).toContain(`${W}/views/`);
    await h.answer(`${W}/user-properties/`, {
      display_filters: { assigned: { layout: "list", group_by: "priority", order_by: "sort_order" } },
    });
    await h.answerRest();
    await done;
    // grouped by priority in the list layout; no manual order across projects (work-tracking.md §4)
    const page = h.started.find((k) => k.startsWith(`${W}/issues/?`));
    expect(page).toBeDefined();
    const q = new URLSearchParams(page!.split("?")[1]);
    expect(q.get("global_view_id")).toBe("assigned");
    expect(q.get("group_by")).toBe("priority");
    expect(q.get("order_by")).toBe("-created_at");
    expect(q.get("layout")).toBe("list");
  });

  it("starts a view without saved choices in the spreadsheet, and a custom view from its own choices", async () => {
    const h = harness();
    const done = screenRequests(`/acme/workspace-views/${id}/`, "", h.get);
    await h.answer(`${W}/views/`, [
      { id, filters: { priority: ["high"] }, display_filters: {}, display_properties: {} },
    ]);
    await h.answerRest();
    await done;
    const page = h.started.find((k) => k.startsWith(`${W}/issues/?`));
    const q = new URLSearchParams(page!.split("?")[1]);
    expect(q.get("global_view_id")).toBe(id);
    expect(q.get("priority")).toBe("high");
    expect(q.get("layout")).toBe("spreadsheet");
  });
});
