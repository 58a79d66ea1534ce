import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import * as Y from "yjs";
import { eq } from "drizzle-orm";
import { HocuspocusProvider, HocuspocusProviderWebsocket } from "@hocuspocus/provider";
import { COLLAB_PATH } from "@stride/shared";
import { schema } from "../src/db/client.ts";
import { COLLAB_FIELD, docFromState, docToNode } from "../src/collab/document.ts";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { secondInstance } from "./helpers/live.ts";
import type { Client } from "./helpers/client.ts";

/**
 * Collaborative page editing (issue #9 point 6): the Yjs server at /live/collaboration on the app's port — cookie
 * authentication, the page rules on connect (read-only for readers, refusal for others), storage in the page's row
 * (Yjs state, sanitised HTML and JSON in step), two server instances on one database converging, and the HTTP
 * `description/` PATCH reaching open editors.
 */
let t: TestServer;
let ws: WorkspaceFixture;
let pr: ProjectFixture;
let b: { url: string; close: () => Promise<void> };
const open: { destroy: () => void }[] = [];

beforeAll(async () => {
  t = await startTestServer();
  ws = await workspaceFixture(t);
  pr = await projectFixture(t, ws);
  b = await secondInstance(t);
});
afterAll(async () => {
  for (const p of open) p.destroy();
  await b?.close();
  await t?.close();
});

const cookieOf = (c: Client) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join("; ");

interface Peer {
  provider: HocuspocusProvider;
  doc: Y.Doc;
  /** "authenticated" with its scope, or "denied" */
  outcome: Promise<string>;
  /** refused since (a reconnect after the server closed the socket was not let in again) */
  refused: () => boolean;
  text: () => string;
  type: (text: string) => void;
}

/** A Yjs client of the page on the server at `base`, signed in as `c` (its session cookie on the upgrade). */
function peer(base: string, c: Client | null, pageId: string): Peer {
  const cookie = c ? cookieOf(c) : "";
  class CookieSocket extends WebSocket {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols, { headers: cookie ? { cookie } : {} });
    }
  }
  const doc = new Y.Doc();
  let settle: (s: string) => void = () => {};
  let refused = false;
  const outcome = new Promise<string>((r) => {
    settle = r;
  });
  const websocketProvider = new HocuspocusProviderWebsocket({
    url: base.replace(/^http/, "ws") + COLLAB_PATH,
    WebSocketPolyfill: CookieSocket,
    delay: 200,
    minDelay: 200,
  });
  const provider = new HocuspocusProvider({
    websocketProvider,
    name: pageId,
    document: doc,
    token: "session",
    onAuthenticated: ({ scope }) => settle(scope),
    onAuthenticationFailed: () => {
      refused = true;
      settle("denied");
    },
  });
  provider.attach();
  open.push(provider, websocketProvider);
  const fragment = doc.getXmlFragment(COLLAB_FIELD);
  return {
    provider,
    doc,
    outcome,
    refused: () => refused,
    text: () => docToNode(doc).textContent,
    type: (text) => {
      const p = new Y.XmlElement("paragraph");
      p.insert(0, [new Y.XmlText(text)]);
      fragment.insert(fragment.length, [p]);
    },
  };
}

async function mkPage(c: Client, body: Record<string, unknown> = {}) {
  const r = await c.post(`${pr.base}/pages/`, { name: "Collab", ...body });
  expect(r.status, r.text).toBe(201);
  return r.body as { id: string };
}
const row = async (id: string) => (await t.db.db.select().from(schema.pages).where(eq(schema.pages.id, id)))[0]!;
const synced = (p: Peer) => expect.poll(() => p.provider.isSynced, { timeout: 15_000 }).toBe(true);

describe("collaboration server", () => {
  it("two editors on two server instances converge, and the page's row holds the merged document in its three forms", async () => {
    const page = await mkPage(ws.member, { description_html: "<p>Start</p>" });
    const onA = peer(t.url, ws.member, page.id);
    const onB = peer(b.url, ws.admin, page.id);
    expect(await onA.outcome).toBe("read-write");
    expect(await onB.outcome).toBe("read-write");
    await synced(onA);
    await synced(onB);
    // both start from the stored HTML, built into one Yjs document (not one per instance)
    expect(onA.text()).toBe("Start");
    expect(onB.text()).toBe("Start");
    onA.type("written on A");
    onB.type("written on B");
    for (const p of [onA, onB]) {
      await expect.poll(() => p.text(), { timeout: 15_000 }).toContain("written on A");
      await expect.poll(() => p.text(), { timeout: 15_000 }).toContain("written on B");
    }
    expect(onA.text()).toBe(onB.text());
    await expect
      .poll(async () => (await row(page.id)).descriptionHtml, { timeout: 20_000 })
      .toMatch(/written on A.*written on B|written on B.*written on A/);
    const stored = await row(page.id);
    expect(stored.descriptionHtml.startsWith("<p>Start</p>")).toBe(true);
    expect(stored.descriptionStripped).toContain("written on A");
    expect(JSON.stringify(stored.descriptionJson)).toContain("written on B");
    // the Yjs state in the row is the same document the editors hold
    await expect
      .poll(async () => docToNode(docFromState((await row(page.id)).descriptionBinary)).textContent, {
        timeout: 20_000,
      })
      .toBe(onA.text());
    // GET description/ answers that state
    const bin = await fetch(`${t.url}${pr.base}/pages/${page.id}/description/`, {
      headers: { cookie: cookieOf(ws.member) },
    });
    expect(docToNode(docFromState(new Uint8Array(await bin.arrayBuffer()))).textContent).toBe(onA.text());
    // the editing session is kept as a version
    expect((await ws.member.get(`${pr.base}/pages/${page.id}/versions/`)).body.length).toBeGreaterThan(0);
  });

  it("connects readers read-only: a guest's and a locked page's edits are refused and never stored", async () => {
    const page = await mkPage(ws.member, { description_html: "<p>Only members write</p>" });
    const writer = peer(t.url, ws.member, page.id);
    const reader = peer(b.url, ws.guest, page.id);
    expect(await writer.outcome).toBe("read-write");
    expect(await reader.outcome).toBe("readonly");
    await synced(reader);
    expect(reader.text()).toBe("Only members write");
    reader.type("guest was here");
    writer.type("member was here");
    // the guest still receives the member's text; nobody receives the guest's
    await expect.poll(() => reader.text(), { timeout: 15_000 }).toContain("member was here");
    await expect
      .poll(async () => (await row(page.id)).descriptionStripped, { timeout: 20_000 })
      .toContain("member was here");
    expect(writer.text()).not.toContain("guest was here");
    expect((await row(page.id)).descriptionStripped).not.toContain("guest was here");

    // locked: the owner too connects read-only, and an open editor is reconnected read-only
    expect((await ws.member.post(`${pr.base}/pages/${page.id}/lock/`)).status).toBe(204);
    const owner = peer(t.url, ws.member, page.id);
    expect(await owner.outcome).toBe("readonly");
    await expect.poll(() => writer.provider.authorizedScope, { timeout: 15_000 }).toBe("readonly");
    await synced(owner);
    owner.type("typed while locked");
    expect((await ws.member.request("DELETE", `${pr.base}/pages/${page.id}/lock/`)).status).toBe(204);
    const after = peer(t.url, ws.admin, page.id);
    expect(await after.outcome).toBe("read-write");
    await synced(after);
    expect(after.text()).not.toContain("typed while locked");
  });

  it("refuses connections without a session, and documents the caller may not read", async () => {
    const page = await mkPage(ws.member);
    const anon = await new Promise<number>((resolve) => {
      const s = new WebSocket(t.url.replace(/^http/, "ws") + COLLAB_PATH);
      s.once("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
      s.once("open", () => resolve(101));
    });
    expect(anon).toBe(401);
    // not in the project, a private page of someone else, no such page
    expect(await peer(t.url, ws.outsider, page.id).outcome).toBe("denied");
    const priv = await mkPage(ws.member, { access: 1 });
    expect(await peer(t.url, ws.admin, priv.id).outcome).toBe("denied");
    expect(await peer(t.url, ws.member, priv.id).outcome).toBe("read-write");
    expect(await peer(t.url, ws.member, crypto.randomUUID()).outcome).toBe("denied");
    expect(await peer(t.url, ws.member, "not-a-page").outcome).toBe("denied");
    // the realtime channel beside it still answers
    const live = await new Promise<number>((resolve) => {
      const s = new WebSocket(t.url.replace(/^http/, "ws") + "/live/", { headers: { cookie: cookieOf(ws.member) } });
      s.once("open", () => {
        resolve(101);
        s.terminate();
      });
      s.once("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
    });
    expect(live).toBe(101);
  });

  // well within the periodic recheck (60 s): the change is announced (db/sql/collab-access.sql) and acted on at once
  const AT_ONCE = { timeout: 15_000 };

  it("a deleted page's editors are let go at once, on every instance", async () => {
    const page = await mkPage(ws.member, { description_html: "<p>Going</p>" });
    const onA = peer(t.url, ws.member, page.id);
    const onB = peer(b.url, ws.admin, page.id);
    await synced(onA);
    await synced(onB);
    expect((await ws.member.delete(`${pr.base}/pages/${page.id}/`)).status).toBe(204);
    for (const p of [onA, onB]) await expect.poll(() => p.refused(), AT_ONCE).toBe(true);
  });

  it("losing access to a page's project closes that person's editors at once; a downgrade reconnects them read-only", async () => {
    const other = await projectFixture(t, ws);
    const r = await ws.member.post(`${other.base}/pages/`, { name: "Shared", description_html: "<p>Team</p>" });
    expect(r.status, r.text).toBe(201);
    const admin = await t.user({ firstName: "Ann", lastName: "Other" });
    await t.db.db.insert(schema.workspaceMembers).values({ workspaceId: ws.id, memberId: admin.userId, role: 20 });
    expect(
      (await ws.admin.post(`${other.base}/members/`, { members: [{ member_id: admin.userId, role: 20 }] })).status,
    ).toBe(201);
    const members = (await ws.admin.get(`${other.base}/members/`)).body as { id: string; member: string }[];
    const membership = (who: string) => members.find((m) => m.member === who)!.id;

    const owner = peer(t.url, ws.member, r.body.id);
    const second = peer(b.url, admin, r.body.id);
    expect(await owner.outcome).toBe("read-write");
    expect(await second.outcome).toBe("read-write");
    await synced(second);
    // the second editor stays in the project as a guest: read-only (the change made on the other instance)
    expect((await ws.admin.patch(`${other.base}/members/${membership(admin.userId)}/`, { role: 5 })).status).toBe(200);
    await expect.poll(() => second.provider.authorizedScope, AT_ONCE).toBe("readonly");
    // then leaves the project: refused, while the owner's editor stays as it was
    expect((await ws.admin.delete(`${other.base}/members/${membership(admin.userId)}/`)).status).toBe(204);
    await expect.poll(() => second.refused(), AT_ONCE).toBe(true);
    expect(owner.refused()).toBe(false);
    expect(owner.provider.authorizedScope).toBe("read-write");
  });

  it("an HTTP description/ PATCH reaches the open editors on every instance, and their later edits keep it", async () => {
    const page = await mkPage(ws.member, { description_html: "<p>Before</p>" });
    const onA = peer(t.url, ws.member, page.id);
    const onB = peer(b.url, ws.admin, page.id);
    await synced(onA);
    await synced(onB);
    const res = await ws.member.request("PATCH", `${pr.base}/pages/${page.id}/description/`, {
      description_html: "<h1>Replaced</h1><p>by the API<script>x()</script></p>",
    });
    expect(res.status, res.text).toBe(200);
    for (const p of [onA, onB]) await expect.poll(() => p.text(), { timeout: 15_000 }).toBe("Replacedby the API");
    expect((await row(page.id)).descriptionHtml).toBe("<h1>Replaced</h1><p>by the API</p>");
    onB.type("and an editor");
    await expect
      .poll(async () => (await row(page.id)).descriptionHtml, { timeout: 20_000 })
      .toBe("<h1>Replaced</h1><p>by the API</p><p>and an editor</p>");
    expect(onA.text()).toBe("Replacedby the APIand an editor");
  });

  it("keeps an embedded work item through the live document (Plane's <issue-embed-component>), listed in issue_ids", async () => {
    const item = await ws.member.post(`${pr.base}/issues/`, { name: "Embedded" });
    expect(item.status, item.text).toBe(201);
    const embed = `<issue-embed-component entity_identifier="${item.body.id}" project_identifier="${pr.id}" workspace_identifier="${ws.slug}" entity_name="issue"></issue-embed-component>`;
    const page = await mkPage(ws.member);
    const editor = peer(t.url, ws.member, page.id);
    await synced(editor);
    expect(
      (
        await ws.member.request("PATCH", `${pr.base}/pages/${page.id}/description/`, {
          description_html: `<p>See</p>${embed}<p>after</p>`,
        })
      ).status,
    ).toBe(200);
    await expect
      .poll(
        () =>
          editor.doc
            .getXmlFragment(COLLAB_FIELD)
            .toArray()
            .map((n) => (n as Y.XmlElement).nodeName),
        { timeout: 15_000 },
      )
      .toEqual(["paragraph", "workItemEmbed", "paragraph"]);
    editor.type("typed");
    await expect
      .poll(async () => (await row(page.id)).descriptionHtml, { timeout: 20_000 })
      .toBe(`<p>See</p>${embed}<p>after</p><p>typed</p>`);
    expect((await ws.member.get(`${pr.base}/pages/${page.id}/`)).body.issue_ids).toEqual([item.body.id]);
  });
});
