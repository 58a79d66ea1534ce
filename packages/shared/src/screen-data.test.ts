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
const byId = requestKey(`${P}/issues/${id}/?expand=${DETAIL_EXPAND}`);

describe("screenRequests: the full work-item page (/browse/KEY/)", () => {
  it("starts the lookup by key first, and the project's data from the projects list while the lookup is still out", async () => {
    const h = harness();
    const done = screenRequests("/acme/browse/web-12/", "", h.get);
    // the lookup is the first request of the workspace's screen (the caller's two come before any screen's)
    expect(h.started.slice(2)[0]).toBe(lookup);
    expect(h.started).toContain(requestKey(`${W}/projects/`));
    expect(h.started).not.toContain(requestKey(`${P}/`));
    // the projects list names the key's project: its data goes out, the lookup still unanswered
    await h.answer(`${W}/projects/`, [{ id: "other", identifier: "WEBX" }, { id: pid, identifier: "web" }]);
    for (const url of [`${P}/`, `${P}/states/`, `${P}/issue-labels/`, `${P}/members/`, `${P}/cycles/`, `${P}/modules/`]) expect(h.started, url).toContain(requestKey(url));
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
    ]) expect(h.started, url).toContain(requestKey(url));
    expect(h.started).not.toContain(byId);
    await h.answerRest();
    await done;
  });

  it("starts the project's data from the lookup when the projects list does not name the key's project", async () => {
    const h = harness();
    const done = screenRequests("/acme/browse/WEB-12/", "", h.get);
    await h.answer(`${W}/projects/`, []);
    expect(h.started).not.toContain(requestKey(`${P}/`));
    await h.answer(lookup, { id, project_id: pid, is_epic: false });
    for (const url of [`${P}/`, `${P}/states/`, `${P}/members/`, `${P}/issues/${id}/sub-issues/`]) expect(h.started, url).toContain(requestKey(url));
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
    expect(h.started.filter((k) => k.includes(`/issues/${id}/`))).toEqual([]);
    // the lookup has found the item (its answer still out): the parts go out now
    announce({ id, project_id: pid, is_epic: false });
    for (let i = 0; i < 5; i++) await Promise.resolve();
    const parts = [`${P}/issues/${id}/history/?activity_type=issue-property`, `${P}/issues/${id}/sub-issues/`, `${P}/issues/${id}/issue-relation/`, `${P}/states/`];
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
    expect(h.started).toContain(byId);
    await h.answerRest();
    await done;
  });
});

describe("screenRequests: time tracking and project updates (issue #29)", () => {
  it("asks for an item's time logs and the report only once the project says time tracking is on, and the report only of members", async () => {
    const off = harness();
    const doneOff = screenRequests(`/acme/projects/${pid}/issues/${id}/`, "", off.get);
    await off.answer(`${P}/`, { is_time_tracking_enabled: false });
    await off.answerRest();
    await doneOff;
    expect(off.started.filter((k) => k.includes("worklogs"))).toEqual([]);

    const on = harness();
    const doneOn = screenRequests(`/acme/projects/${pid}/issues/${id}/`, "", on.get);
    await on.answer(`${P}/`, { is_time_tracking_enabled: true });
    expect(on.started).toContain(requestKey(`${P}/issues/${id}/worklogs/`));
    expect(on.started).toContain(requestKey(`${P}/issues/${id}/worklogs/summary/`));
    await on.answerRest();
    await doneOn;

    const report = harness();
    const doneReport = screenRequests(`/acme/projects/${pid}/worklogs/`, "", report.get);
    await report.answer(`${P}/`, { is_time_tracking_enabled: true, member_role: 15 });
    expect(report.started).toContain(requestKey(`${P}/worklogs/?per_page=50&cursor=50:0:0`));
    expect(report.started).toContain(requestKey(`${P}/worklogs/summary/?group_by=issue`));
    await report.answerRest();
    await doneReport;

    const guest = harness();
    const doneGuest = screenRequests(`/acme/projects/${pid}/worklogs/`, "", guest.get);
    await guest.answer(`${P}/`, { is_time_tracking_enabled: true, member_role: 5 });
    await guest.answerRest();
    await doneGuest;
    expect(guest.started.filter((k) => k.includes("worklogs"))).toEqual([]);
  });

  it("asks for the project's updates only while they are on", async () => {
    for (const on of [true, false]) {
      const h = harness();
      const done = screenRequests(`/acme/projects/${pid}/updates/`, "", h.get);
      await h.answer(`${P}/`, { is_project_updates_enabled: on });
      await h.answerRest();
      await done;
      expect(h.started.includes(requestKey(`${P}/updates/`))).toBe(on);
    }
  });
});
