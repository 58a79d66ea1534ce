import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { insertIssues } from "./helpers/issue-fixtures.ts";
import { PRUNE_SEARCH_WORDS_TASK, pruneSearchWords } from "../src/routes/search/jobs.ts";

/**
 * The search dictionary (db/sql/search.sql `search_words`, routes/search/commands.ts `correctWords`): a misspelled
 * query word is corrected to the workspace's known words, so an item is found by a misspelled word of its
 * description too (trigram similarity per item compares names only), the dictionary follows creates, bulk inserts
 * and edits, and one workspace's words never reach another's.
 */
let t: TestServer;
let ws: WorkspaceFixture;
let pr: ProjectFixture;
let otherWs: WorkspaceFixture;
let otherPr: ProjectFixture;

const found = async (w: WorkspaceFixture, query: string) => {
  const res = await w.member.get(`/api/workspaces/${w.slug}/search/?search=${encodeURIComponent(query)}`);
  expect(res.status, res.text).toBe(200);
  return res.body.results.issue as { id: string; name: string }[];
};
const picked = async (p: ProjectFixture, w: WorkspaceFixture, query: string) => {
  const res = await w.member.get(`${p.base}/search-issues/?search=${encodeURIComponent(query)}`);
  expect(res.status, res.text).toBe(200);
  return res.body as { id: string; name: string }[];
};
const wordsOf = async (w: WorkspaceFixture) =>
  (
    await t.app.sql<{ word: string }[]>`SELECT word FROM search_words WHERE workspace = ${w.id}::uuid ORDER BY word`
  ).map((r) => r.word);

beforeAll(async () => {
  t = await startTestServer();
  ws = await workspaceFixture(t);
  pr = await projectFixture(t, ws, { name: "Fleet", identifier: "FLT" });
  otherWs = await workspaceFixture(t);
  otherPr = await projectFixture(t, otherWs, { name: "Harbour", identifier: "HRB" });
});
afterAll(async () => {
  await t?.close();
});

describe("search dictionary", () => {
  it("finds an item created through the API by a misspelled word of its description", async () => {
    const created = await ws.member.post(`${pr.base}/issues/`, {
      name: "Plain title",
      description_html: "<p>The zeppelin hangar leaks at night</p>",
    });
    expect(created.status).toBe(201);
    expect(await wordsOf(ws)).toEqual(
      expect.arrayContaining(["zeppelin", "hangar", "leaks", "night", "plain", "title"]),
    );
    expect((await found(ws, "zepelin")).map((i) => i.id)).toEqual([created.body.id]);
    expect((await picked(pr, ws, "zeppelni")).map((i) => i.id)).toEqual([created.body.id]);
    // every word corrected: a near word of each, in the name or the description
    expect((await found(ws, "hangr tittle")).map((i) => i.id)).toEqual([created.body.id]);
  });

  it("learns the words of a changed description and of a new name", async () => {
    const created = await ws.member.post(`${pr.base}/issues/`, {
      name: "Routine check",
      description_html: "<p>nothing yet</p>",
    });
    expect(await found(ws, "gyroscpoe")).toEqual([]);
    const edited = await ws.member.patch(`${pr.base}/issues/${created.body.id}/`, {
      description_html: "<p>The gyroscope drifts</p>",
    });
    expect(edited.status).toBe(204);
    expect((await found(ws, "gyroscpoe")).map((i) => i.id)).toEqual([created.body.id]);
    const renamed = await ws.member.patch(`${pr.base}/issues/${created.body.id}/`, { name: "Calibrate the altimeter" });
    expect(renamed.status).toBe(204);
    expect(await wordsOf(ws)).toEqual(expect.arrayContaining(["altimeter", "calibrate", "gyroscope", "drifts"]));
    expect((await found(ws, "altimetr")).map((i) => i.name)).toEqual(["Calibrate the altimeter"]);
  });

  it("fills from a bulk insert, and a deleted item is no longer found by its words", async () => {
    const ids = await insertIssues({ t, ws, pr }, [
      { name: "Periscope seal" },
      { name: "Periscope lens" },
      { name: "Ballast pump" },
    ]);
    expect(await wordsOf(ws)).toEqual(expect.arrayContaining(["periscope", "seal", "lens", "ballast", "pump"]));
    expect((await found(ws, "periscpe")).map((i) => i.name).sort()).toEqual(["Periscope lens", "Periscope seal"]);
    const del = await ws.admin.delete(`${pr.base}/issues/${ids["Periscope seal"]}/`);
    expect(del.status).toBe(204);
    expect((await found(ws, "periscpe")).map((i) => i.name)).toEqual(["Periscope lens"]);
    expect((await found(ws, "balast")).map((i) => i.name)).toEqual(["Ballast pump"]);
  });

  it("keeps each workspace's words to itself", async () => {
    const mine = await otherWs.member.post(`${otherPr.base}/issues/`, {
      name: "Lighthouse lamp",
      description_html: "<p>the foghorn is silent</p>",
    });
    expect(mine.status).toBe(201);
    const theirs = await wordsOf(otherWs);
    expect(theirs).toEqual(expect.arrayContaining(["lighthouse", "lamp", "foghorn", "silent"]));
    expect(theirs).not.toContain("zeppelin");
    expect(theirs).not.toContain("periscope");
    expect(await wordsOf(ws)).not.toContain("foghorn");
    expect(await found(otherWs, "zepelin")).toEqual([]);
    expect(await found(ws, "foghrn")).toEqual([]);
    expect((await found(otherWs, "foghrn")).map((i) => i.id)).toEqual([mine.body.id]);
  });
});

describe("pruning the search dictionary (the scheduled job)", () => {
  const prune = async () => {
    await t.app.jobs.enqueue(t.app.db, PRUNE_SEARCH_WORDS_TASK, {});
    expect(await t.app.jobs.drain()).toBeGreaterThanOrEqual(1);
  };

  it("is registered on a nightly schedule", () => {
    expect(t.app.jobs.cronItems()).toContainEqual(
      expect.objectContaining({ task: PRUNE_SEARCH_WORDS_TASK, match: "23 3 * * *" }),
    );
  });

  it("drops a word once its last item is deleted or renamed, and keeps it while another item has it", async () => {
    const make = async (name: string, description: string) => {
      const res = await ws.member.post(`${pr.base}/issues/`, { name, description_html: `<p>${description}</p>` });
      expect(res.status, res.text).toBe(201);
      return res.body.id as string;
    };
    const first = await make("Quokka enclosure", "the wombat gate sticks");
    const second = await make("Quokka feeding", "twice a day");
    const renamed = await make("Platypus pond", "murky water");
    const other = await otherWs.member.post(`${otherPr.base}/issues/`, { name: "Wombat survey" });
    expect(other.status).toBe(201);
    expect(await wordsOf(ws)).toEqual(
      expect.arrayContaining(["quokka", "enclosure", "wombat", "gate", "platypus", "pond", "murky"]),
    );

    expect((await ws.admin.delete(`${pr.base}/issues/${first}/`)).status).toBe(204);
    expect((await ws.member.patch(`${pr.base}/issues/${renamed}/`, { name: "Duck pond" })).status).toBe(204);
    // the triggers only add: the words stay until the job runs
    expect(await wordsOf(ws)).toEqual(expect.arrayContaining(["enclosure", "wombat", "platypus"]));
    await prune();
    const words = await wordsOf(ws);
    for (const gone of ["enclosure", "wombat", "gate", "sticks", "platypus"]) expect(words).not.toContain(gone);
    // still held: by the other quokka item, by the renamed item's description and new name, by other items
    expect(words).toEqual(
      expect.arrayContaining([
        "quokka",
        "feeding",
        "twice",
        "pond",
        "murky",
        "water",
        "duck",
        "zeppelin",
        "periscope",
        "lens",
      ]),
    );
    // another workspace's word is its own
    expect(await wordsOf(otherWs)).toContain("wombat");
    // a misspelling of a pruned word is no longer corrected to it (nothing holds it), and the kept ones still are
    expect((await found(ws, "quoka")).map((i) => i.id)).toEqual([second]);
    expect(await found(ws, "wombta")).toEqual([]);
  });

  it("works in batches and finds nothing more to prune when run again", async () => {
    const before = await wordsOf(ws);
    expect(await pruneSearchWords(t.app, 2)).toBe(0);
    expect(await wordsOf(ws)).toEqual(before);
    // a word left by a deleted bulk-inserted item goes with batches of two words
    const ids = await insertIssues({ t, ws, pr }, [{ name: "Narwhal tusk" }]);
    expect(await wordsOf(ws)).toContain("narwhal");
    await t.app.sql`UPDATE issues SET deleted_at = now() WHERE id = ${ids["Narwhal tusk"]}::uuid`;
    expect(await pruneSearchWords(t.app, 2)).toBe(2);
    expect(await wordsOf(ws)).toEqual(before);
  });
});
