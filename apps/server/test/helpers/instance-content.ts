import crypto from "node:crypto";
import { expect } from "vitest";
import { Client } from "./client.ts";
import type { TestServer } from "./server.ts";
import { uploadAs } from "./assets.ts";
import { configure, formPost, setupInstance, STRONG_PASSWORD, WEB } from "../auth-helpers.ts";
import type { ModelServer } from "./model-server.ts";

/**
 * An instance's content made through the API, and the check that another server (after a backup and restore, or
 * after an upgrade) still has all of it and that it still works. The upgrade fixtures (test/fixtures/upgrade/) keep
 * what `fillThroughApi` returned as `content.json`, so `checkThroughApi` must read only the wire (Plane's paths and
 * shapes), never the tables, and must keep reading the content of every released fixture.
 */
export interface InstanceContent {
  /** The Stride version whose API made it. */
  release: string;
  admin: { email: string; password: string };
  /** An encrypted instance setting (god-mode): it reads back only with the same secret key. */
  setting: { key: string; value: string };
  workspace: { slug: string; id: string };
  project: { id: string; identifier: string };
  items: { id: string; name: string; sequence_id: number; description_html: string; word: string }[];
  comments: { issue: string; id: string; comment_html: string }[];
  page: { id: string; name: string; description_html: string; description_sha256: string; description_bytes: number };
  file: { issue: string; asset: string; name: string; type: string; sha256: string; size: number };
  agent: {
    model_config: string;
    template: string;
    template_name: string;
    execution: string;
    status: string;
    reply: string;
  };
}

const sha256 = (b: Uint8Array) => crypto.createHash("sha256").update(b).digest("hex");

/** Sign in to the app with email and password (the real form post); returns the client holding the session. */
export async function signIn(url: string, email: string, password: string): Promise<Client> {
  const c = new Client(url);
  const res = await formPost(c, "/auth/sign-in/", { email, password });
  expect(res.status, res.text).toBe(302);
  expect(res.location?.startsWith(WEB), `sign-in went to ${res.location}`).toBe(true);
  expect(new URL(res.location!).searchParams.get("error_code")).toBeNull();
  return c;
}

/**
 * Fill a fresh instance the way people do: the first admin (god mode, a password), an encrypted setting, a workspace,
 * a project, work items with descriptions, comments, a page with collaborative (binary) content, a file attached to
 * an item, a model configuration, an agent template and one finished execution.
 */
export async function fillThroughApi(
  t: TestServer,
  release: string,
  model: ModelServer,
  drain: () => Promise<unknown>,
): Promise<InstanceContent> {
  const {
    admin: god,
    email,
    password,
  } = await setupInstance(t, { email: "owner@example.com", password: STRONG_PASSWORD });
  const setting = { key: "EMAIL_HOST_PASSWORD", value: "smtp-secret-kept-encrypted" };
  await configure(god, { [setting.key]: setting.value });
  const c = await signIn(t.url, email, password);

  const slug = "upgrade-ws";
  const ws = await c.post("/api/workspaces/", { name: "Upgrade Workspace", slug, organization_size: "2-10" });
  expect(ws.status, ws.text).toBe(201);
  const pr = await c.post(`/api/workspaces/${slug}/projects/`, {
    name: "Upgrade Project",
    identifier: "UPG",
    network: 2,
  });
  expect(pr.status, pr.text).toBe(201);
  const base = `/api/workspaces/${slug}/projects/${pr.body.id}`;

  const items: InstanceContent["items"] = [];
  for (const [name, word] of [
    ["Migrate the billing service", "quartzite"],
    ["Write the upgrade notes", "marmalade"],
    ["Check the backups", "heliotrope"],
  ]) {
    const r = await c.post(`${base}/issues/`, {
      name,
      description_html: `<p>${name}: mind the <strong>${word}</strong>.</p>`,
    });
    expect(r.status, r.text).toBe(201);
    const detail = (await c.get(`${base}/issues/${r.body.id}/`)).body;
    items.push({
      id: r.body.id,
      name,
      sequence_id: detail.sequence_id,
      description_html: detail.description_html,
      word,
    });
  }
  const comments: InstanceContent["comments"] = [];
  for (const [i, html] of [
    [0, "<p>Started on the <em>ledger</em>.</p>"],
    [0, "<p>Second thoughts.</p>"],
    [1, "<p>Draft is ready.</p>"],
  ] as const) {
    const r = await c.post(`${base}/issues/${items[i].id}/comments/`, { comment_html: html });
    expect(r.status, r.text).toBe(201);
    comments.push({ issue: items[i].id, id: r.body.id, comment_html: r.body.comment_html });
  }

  const pg = await c.post(`${base}/pages/`, { name: "Runbook" });
  expect(pg.status, pg.text).toBe(201);
  const html = "<p>Stop the <strong>workers</strong>, then run the migration.</p>";
  expect(
    (await c.request("PATCH", `${base}/pages/${pg.body.id}/description/`, { description_html: html })).status,
  ).toBe(200);
  const bin = await bytesOf(c, `${base}/pages/${pg.body.id}/description/`);
  expect(bin.length).toBeGreaterThan(0);
  const page = {
    id: pg.body.id,
    name: "Runbook",
    description_html: (await c.get(`${base}/pages/${pg.body.id}/`)).body.description_html,
    description_sha256: sha256(bin),
    description_bytes: bin.length,
  };

  const fileBytes = new Uint8Array(Buffer.from("date,account,amount\n2026-12-01,ops,41.50\n2026-12-02,ops,-12.00\n"));
  const att = `/api/assets/v2/workspaces/${slug}/projects/${pr.body.id}/issues/${items[0].id}/attachments/`;
  const slot = await uploadAs(c, att, att, { name: "ledger.csv", type: "text/plain", bytes: fileBytes });
  const file = {
    issue: items[0].id,
    asset: slot.asset_id,
    name: "ledger.csv",
    type: "text/plain",
    sha256: sha256(fileBytes),
    size: fileBytes.length,
  };

  const mc = await c.post(`${base}/model-configs/upgrade/`, {
    provider: "openai",
    base_url: model.openaiBaseUrl,
    model: model.models[0],
    api_key: model.apiKey,
  });
  expect(mc.status, mc.text).toBe(200);
  const tpl = await c.post(`${base}/agent/templates/`, {
    config: { type: "triage", name: "Triager", model_config: "upgrade", max_steps: 3, timeout_s: 60 },
  });
  expect(tpl.status, tpl.text).toBe(200);
  const reply = "Looks like a duplicate of UPG-2.";
  model.script({ text: reply });
  const ex = await c.post(`${base}/agent/execute/`, {
    execution_config: { agent_template_id: tpl.body.agent_template.id },
    issue_id: items[2].id,
  });
  expect(ex.status, ex.text).toBe(202);
  await drain();
  const done = (await c.get(`${base}/agent/executions/${ex.body.execution_id}/`)).body;
  expect(done.execution.status).toBe("completed");
  return {
    release,
    admin: { email, password },
    setting,
    workspace: { slug, id: ws.body.id },
    project: { id: pr.body.id, identifier: "UPG" },
    items,
    comments,
    page,
    file,
    agent: {
      model_config: "upgrade",
      template: tpl.body.agent_template.id,
      template_name: "Triager",
      execution: ex.body.execution_id,
      status: "completed",
      reply,
    },
  };
}

/** Every part of `content` is there on the server at `url`, and works: sign-in, reads, search, downloads, a new item. */
export async function checkThroughApi(url: string, content: InstanceContent): Promise<void> {
  const c = await signIn(url, content.admin.email, content.admin.password);
  expect((await c.get("/api/users/me/")).body.email).toBe(content.admin.email);

  const god = new Client(url);
  const adm = await formPost(god, "/api/instances/admins/sign-in/", {
    email: content.admin.email,
    password: content.admin.password,
  });
  expect(adm.location).toBe(`${WEB}/god-mode/general/`);
  const settings = (await god.get("/api/instances/configurations/")).body as { key: string; value: string }[];
  expect(settings.find((s) => s.key === content.setting.key)?.value, "an encrypted setting (same secret key)").toBe(
    content.setting.value,
  );

  const { slug } = content.workspace;
  const base = `/api/workspaces/${slug}/projects/${content.project.id}`;
  for (const item of content.items) {
    const r = await c.get(`${base}/issues/${item.id}/`);
    expect(r.status, r.text).toBe(200);
    expect([r.body.name, r.body.sequence_id, r.body.description_html]).toEqual([
      item.name,
      item.sequence_id,
      item.description_html,
    ]);
    const found = await c.get(`/api/workspaces/${slug}/search/?search=${item.word}&entities=issue`);
    expect(
      found.body.results.issue.map((x: { id: string }) => x.id),
      `search for ${item.word}`,
    ).toContain(item.id);
  }
  for (const cm of content.comments) {
    const list = (await c.get(`${base}/issues/${cm.issue}/comments/`)).body as { id: string; comment_html: string }[];
    expect(list.find((x) => x.id === cm.id)?.comment_html).toBe(cm.comment_html);
  }

  const page = await c.get(`${base}/pages/${content.page.id}/`);
  expect([page.body.name, page.body.description_html]).toEqual([content.page.name, content.page.description_html]);
  const bin = await bytesOf(c, `${base}/pages/${content.page.id}/description/`);
  expect([bin.length, sha256(bin)]).toEqual([content.page.description_bytes, content.page.description_sha256]);
  const pages = await c.get(
    `/api/workspaces/${slug}/search/?search=${encodeURIComponent(content.page.name)}&entities=page`,
  );
  expect(pages.body.results.page.map((x: { id: string }) => x.id)).toContain(content.page.id);

  const atts = (await c.get(`${base}/issues/${content.file.issue}/attachments/`)).body as {
    id: string;
    attributes: { name: string };
  }[];
  expect(atts.find((a) => a.id === content.file.asset)?.attributes.name).toBe(content.file.name);
  const link = await c.get(`/api/assets/v2/workspaces/${slug}/download/${content.file.asset}/`);
  expect(link.status, link.text).toBe(302);
  const got = new Uint8Array(await (await fetch(url + link.location)).arrayBuffer());
  expect([got.length, sha256(got)]).toEqual([content.file.size, content.file.sha256]);

  const templates = await c.get(`${base}/agent/templates/`);
  expect(templates.status, templates.text).toBe(200);
  const listed = (
    templates.body.agent_templates as { id: string; config: { name: string; model_config: string } }[]
  ).find((x) => x.id === content.agent.template);
  expect([listed?.config.name, listed?.config.model_config]).toEqual([
    content.agent.template_name,
    content.agent.model_config,
  ]);
  const ex = (await c.get(`${base}/agent/executions/${content.agent.execution}/`)).body;
  expect(ex.execution.status).toBe(content.agent.status);
  expect(JSON.stringify(ex.records)).toContain(content.agent.reply);

  // It still works: a new item continues the project's numbering after the restored ones.
  const next = await c.post(`${base}/issues/`, { name: "After the upgrade" });
  expect(next.status, next.text).toBe(201);
  expect(next.body.sequence_id).toBe(Math.max(...content.items.map((i) => i.sequence_id)) + 1);
}

async function bytesOf(c: Client, path: string): Promise<Uint8Array> {
  const res = await fetch(c.baseUrl + path, {
    headers: { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
  });
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}
