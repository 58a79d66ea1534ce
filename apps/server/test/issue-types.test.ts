import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { PROPERTY_KINDS, type PropertyKind } from "@stride/shared";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { apiKeyFor, type ApiKeyClient } from "./helpers/api-key.ts";
import { schema } from "../src/db/client.ts";

/** Work item types and custom properties (issue #29): each test seeds its own project, types and properties. */
let t: TestServer;
let ws: WorkspaceFixture;
let v1admin: ApiKeyClient;
let v1member: ApiKeyClient;

beforeAll(async () => {
  t = await startTestServer();
  ws = await workspaceFixture(t);
  [v1admin, v1member] = await Promise.all([apiKeyFor(ws.admin), apiKeyFor(ws.member)]);
});
afterAll(async () => {
  await t?.close();
});

interface Seeded {
  p: ProjectFixture;
  defaultType: string;
  epicType: string;
  /** property id by kind */
  prop: Record<PropertyKind, string>;
  optA: string;
  optB: string;
  multiA: string;
  multiB: string;
}

/** A project with types on and one property of every kind on its default type. */
async function seed(opts: { required?: PropertyKind[] } = {}): Promise<Seeded> {
  const p = await projectFixture(t, ws);
  expect((await ws.admin.patch(`${p.base}/`, { is_issue_type_enabled: true })).status).toBe(200);
  const types = (await ws.member.get(`${p.base}/issue-types/`)).body as {
    id: string;
    is_default: boolean;
    is_epic: boolean;
  }[];
  const defaultType = types.find((x) => x.is_default)!.id;
  const epicType = types.find((x) => x.is_epic)!.id;
  const prop = {} as Record<PropertyKind, string>;
  let optA = "",
    optB = "",
    multiA = "",
    multiB = "";
  for (const kind of PROPERTY_KINDS) {
    const body: Record<string, unknown> = {
      display_name: `My ${kind}`,
      kind,
      is_required: opts.required?.includes(kind) ?? false,
    };
    if (kind === "number") body.settings = { min: 0, max: 100 };
    if (kind === "option" || kind === "multi_option") body.options = [{ name: "Alpha" }, { name: "Beta" }];
    const r = await ws.admin.post(`${p.base}/issue-types/${defaultType}/issue-properties/`, body);
    expect(r.status, r.text).toBe(201);
    prop[kind] = r.body.id;
    if (kind === "option") [optA, optB] = r.body.options.map((o: { id: string }) => o.id);
    if (kind === "multi_option") [multiA, multiB] = r.body.options.map((o: { id: string }) => o.id);
  }
  return { p, defaultType, epicType, prop, optA, optB, multiA, multiB };
}

/** A valid value of each kind, sent and as the server keeps it. */
function goodValues(s: Seeded): { sent: Record<string, unknown>; kept: Record<string, string[]> } {
  const v: Record<PropertyKind, [unknown, string[]]> = {
    text: [" hello ", ["hello"]],
    paragraph: ["line 1\nline 2", ["line 1\nline 2"]],
    number: [42.5, ["42.5"]],
    date: ["2026-03-01", ["2026-03-01"]],
    boolean: [true, ["true"]],
    option: [s.optA, [s.optA]],
    multi_option: [
      [s.multiA, s.multiB],
      [s.multiA, s.multiB],
    ],
    member: [ws.member.userId, [ws.member.userId]],
    multi_member: [
      [ws.member.userId, ws.admin.userId],
      [ws.member.userId, ws.admin.userId],
    ],
    url: ["https://example.com/x", ["https://example.com/x"]],
  };
  const sent: Record<string, unknown> = {};
  const kept: Record<string, string[]> = {};
  for (const k of PROPERTY_KINDS) {
    sent[s.prop[k]] = v[k][0];
    kept[s.prop[k]] = v[k][1];
  }
  return { sent, kept };
}

/** An invalid value of each kind. */
function badValues(s: Seeded): [PropertyKind, unknown][] {
  return [
    ["text", "x".repeat(300)],
    ["paragraph", ["a", "b"]],
    ["number", 101],
    ["date", "2026-13-01"],
    ["boolean", "maybe"],
    ["option", s.multiA],
    ["multi_option", [s.optA]],
    ["member", ws.outsider.userId],
    ["multi_member", ["not-an-id"]],
    ["url", "ftp://example.com"],
  ];
}

describe("the project's feature toggle", () => {
  it("turning types on gives a default and an epic type and types the existing items; off refuses values and type changes", async () => {
    const p = await projectFixture(t, ws);
    const before = await ws.member.post(`${p.base}/issues/`, { name: "Before" });
    expect(before.body.type_id).toBeNull();
    // off: no values, no new types
    const refused = await ws.member.post(`${p.base}/issues/`, { name: "x", property_values: { [p.id]: "v" } });
    expect(refused.status).toBe(400);
    expect(refused.body.property_values[0]).toMatch(/not enabled/);
    expect((await ws.admin.post(`${p.base}/issue-types/`, { name: "Bug" })).status).toBe(400);

    expect((await ws.admin.patch(`${p.base}/`, { is_issue_type_enabled: true })).status).toBe(200);
    const types = (await ws.member.get(`${p.base}/issue-types/`)).body;
    expect(
      types.map((x: { name: string; is_default: boolean; is_epic: boolean }) => [x.name, x.is_default, x.is_epic]),
    ).toEqual([
      ["Work item", true, false],
      ["Epic", false, true],
    ]);
    const got = await ws.member.get(`${p.base}/issues/${before.body.id}/`);
    expect(got.body.type_id).toBe(types[0].id);
    expect(got.body.property_values).toEqual({});
    const made = await ws.member.post(`${p.base}/issues/`, { name: "After" });
    expect(made.body.type_id).toBe(types[0].id);
    // epics keep working: they are of the epic type
    await ws.admin.patch(`${p.base}/`, { is_epic_enabled: true });
    const epic = await ws.member.post(`${p.base}/epics/`, { name: "An epic" });
    expect(epic.status).toBe(201);
    expect(epic.body.type_id).toBe(types[1].id);
    expect((await ws.member.post(`${p.base}/issues/`, { name: "x", type_id: types[1].id })).status).toBe(400);

    // a custom type with a name, icon and description; made the default
    const bug = await ws.admin.post(`${p.base}/issue-types/`, {
      name: "Bug",
      description: "Defects",
      logo_props: { in_use: "icon", icon: { name: "bug", color: "#f00" } },
    });
    expect(bug.status).toBe(201);
    expect(bug.body).toMatchObject({
      name: "Bug",
      description: "Defects",
      is_default: false,
      is_epic: false,
      project_id: p.id,
    });
    expect((await ws.admin.patch(`${p.base}/issue-types/${bug.body.id}/`, { is_default: true })).body.is_default).toBe(
      true,
    );
    expect((await ws.member.post(`${p.base}/issues/`, { name: "A bug" })).body.type_id).toBe(bug.body.id);
    // the default and the epic type cannot be deleted; another can, its items move to the default
    expect((await ws.admin.delete(`${p.base}/issue-types/${bug.body.id}/`)).status).toBe(400);
    expect((await ws.admin.delete(`${p.base}/issue-types/${types[1].id}/`)).status).toBe(400);
    expect((await ws.admin.patch(`${p.base}/issue-types/${types[0].id}/`, { is_default: true })).status).toBe(200);
    expect((await ws.admin.delete(`${p.base}/issue-types/${bug.body.id}/`)).status).toBe(204);
    const [row] = await t.db.db.select().from(schema.issues).where(eq(schema.issues.name, "A bug"));
    expect(row.typeId).toBe(types[0].id);

    // turning it off again: values are refused, the types stay for when it is turned back on
    expect((await ws.admin.patch(`${p.base}/`, { is_issue_type_enabled: false })).status).toBe(200);
    expect(
      (await ws.member.post(`${p.base}/issues/`, { name: "x", property_values: { [types[0].id]: "v" } })).status,
    ).toBe(400);
    expect((await ws.member.get(`${p.base}/issue-types/`)).body).toHaveLength(2);
  });

  it("only project admins change types and properties; everyone in the project reads them", async () => {
    const s = await seed();
    expect((await ws.member.post(`${s.p.base}/issue-types/`, { name: "Nope" })).status).toBe(403);
    expect((await ws.guest.get(`${s.p.base}/issue-types/`)).status).toBe(200);
    expect((await ws.member.patch(`${s.p.base}/issue-properties/${s.prop.text}/`, { is_required: true })).status).toBe(
      403,
    );
    expect((await ws.outsider.get(`${s.p.base}/issue-properties/`)).status).toBe(403);
    expect((await ws.anon.get(`${s.p.base}/issue-properties/`)).status).toBe(401);
  });
});

describe("properties", () => {
  it("every kind is made with Plane's description of it, options in order", async () => {
    const s = await seed();
    const all = (await ws.member.get(`${s.p.base}/issue-properties/`)).body as Record<string, unknown>[];
    expect(all.map((p) => p.kind)).toEqual([...PROPERTY_KINDS]);
    const byKind = Object.fromEntries(all.map((p) => [p.kind, p]));
    expect(byKind.paragraph).toMatchObject({
      property_type: "TEXT",
      settings: { display_format: "multi-line" },
      name: "my_paragraph",
      display_name: "My paragraph",
    });
    expect(byKind.number).toMatchObject({ property_type: "DECIMAL", settings: { min: 0, max: 100 } });
    expect(byKind.multi_member).toMatchObject({ property_type: "RELATION", relation_type: "USER", is_multi: true });
    expect((byKind.option as { options: { name: string }[] }).options.map((o) => o.name)).toEqual(["Alpha", "Beta"]);
    // an option added, renamed, removed
    const opt = await ws.admin.post(`${s.p.base}/issue-properties/${s.prop.option}/options/`, { name: "Gamma" });
    expect(opt.status).toBe(201);
    expect(
      (
        await ws.admin.patch(`${s.p.base}/issue-properties/${s.prop.option}/options/${opt.body.id}/`, {
          name: "Gamma 2",
        })
      ).body.name,
    ).toBe("Gamma 2");
    expect(
      (await ws.admin.delete(`${s.p.base}/issue-properties/${s.prop.option}/options/${opt.body.id}/`)).status,
    ).toBe(204);
    expect((await ws.member.get(`${s.p.base}/issue-properties/${s.prop.option}/options/`)).body).toHaveLength(2);
  });

  it("refuses bad definitions: bounds out of order, a default that is no valid value, options on a text, a taken name", async () => {
    const s = await seed();
    const url = `${s.p.base}/issue-types/${s.defaultType}/issue-properties/`;
    expect((await ws.admin.post(url, { display_name: "N", kind: "number", settings: { min: 5, max: 1 } })).status).toBe(
      400,
    );
    expect((await ws.admin.post(url, { display_name: "D", kind: "date", default_value: ["tomorrow"] })).status).toBe(
      400,
    );
    expect((await ws.admin.post(url, { display_name: "T", kind: "text", options: [{ name: "a" }] })).status).toBe(400);
    expect((await ws.admin.post(url, { display_name: "My text", kind: "text" })).status).toBe(400);
    expect((await ws.admin.post(url, { display_name: "K", kind: "colour" })).status).toBe(400);
  });
});

describe("values on every write path", () => {
  it("create (app API): every kind kept and answered inline by the create, detail and list answers", async () => {
    const s = await seed();
    const { sent, kept } = goodValues(s);
    const made = await ws.member.post(`${s.p.base}/issues/`, { name: "All kinds", property_values: sent });
    expect(made.status, made.text).toBe(201);
    expect(made.body.property_values).toEqual(kept);
    expect((await ws.member.get(`${s.p.base}/issues/${made.body.id}/`)).body.property_values).toEqual(kept);
    const list = await ws.member.get(`${s.p.base}/issues/`);
    expect(list.body.results.find((r: { id: string }) => r.id === made.body.id).property_values).toEqual(kept);
    const values = await ws.member.get(`${s.p.base}/issues/${made.body.id}/issue-properties/values/`);
    expect(values.body).toEqual(kept);
  });

  it("create and PATCH (app API): a bad value of each kind is a 400 naming the property, and nothing is written", async () => {
    const s = await seed();
    const item = (await ws.member.post(`${s.p.base}/issues/`, { name: "Target" })).body;
    for (const [kind, value] of badValues(s)) {
      const c = await ws.member.post(`${s.p.base}/issues/`, {
        name: `bad ${kind}`,
        property_values: { [s.prop[kind]]: value },
      });
      expect(c.status, `${kind}: ${c.text}`).toBe(400);
      expect(c.body.property_values[0]).toContain(`My ${kind}`);
      const u = await ws.member.patch(`${s.p.base}/issues/${item.id}/`, { property_values: { [s.prop[kind]]: value } });
      expect(u.status, kind).toBe(400);
    }
    const rows = await t.db.db.select().from(schema.issues).where(eq(schema.issues.projectId, s.p.id));
    expect(rows.map((r) => r.name)).toEqual(["Target"]);
    expect((await ws.member.get(`${s.p.base}/issues/${item.id}/`)).body.property_values).toEqual({});
    // a property of another project's type is refused
    const other = await seed();
    expect(
      (await ws.member.patch(`${s.p.base}/issues/${item.id}/`, { property_values: { [other.prop.text]: "x" } })).status,
    ).toBe(400);
  });

  it("PATCH (app API) and the values endpoint: set, change and clear each kind, with activity", async () => {
    const s = await seed();
    const { sent, kept } = goodValues(s);
    const item = (await ws.member.post(`${s.p.base}/issues/`, { name: "Edit me" })).body;
    expect((await ws.member.patch(`${s.p.base}/issues/${item.id}/`, { property_values: sent })).status).toBe(204);
    expect((await ws.member.get(`${s.p.base}/issues/${item.id}/`)).body.property_values).toEqual(kept);
    const put = await ws.member.request(
      "PUT",
      `${s.p.base}/issues/${item.id}/issue-properties/${s.prop.option}/values/`,
      { values: [s.optB] },
    );
    expect(put.status, put.text).toBe(200);
    expect(put.body).toEqual({ property_id: s.prop.option, values: [s.optB] });
    expect(
      (await ws.member.patch(`${s.p.base}/issues/${item.id}/`, { property_values: { [s.prop.text]: null } })).status,
    ).toBe(204);
    const after = (await ws.member.get(`${s.p.base}/issues/${item.id}/`)).body.property_values;
    expect(after[s.prop.text]).toBeUndefined();
    expect(after[s.prop.option]).toEqual([s.optB]);
    const acts = await ws.member.get(`${s.p.base}/issues/${item.id}/history/`);
    const fields = JSON.stringify(acts.body);
    expect(fields).toContain("custom_property");
    expect(fields).toContain("Beta");
    // guests edit only what they created (the item's own rule)
    expect(
      (
        await ws.guest.request("PUT", `${s.p.base}/issues/${item.id}/issue-properties/${s.prop.text}/values/`, {
          values: ["x"],
        })
      ).status,
    ).toBe(403);
  });

  it("required properties and defaults: a new item takes the defaults, a required one without default must be sent and cannot be cleared", async () => {
    const s = await seed({ required: ["text"] });
    await ws.admin.patch(`${s.p.base}/issue-properties/${s.prop.number}/`, { default_value: ["7"] });
    await ws.admin.patch(`${s.p.base}/issue-properties/${s.prop.option}/options/${s.optB}/`, { is_default: true });
    const missing = await ws.member.post(`${s.p.base}/issues/`, { name: "No text" });
    expect(missing.status).toBe(400);
    expect(missing.body.property_values[0]).toMatch(/My text: this property is required/);
    const made = await ws.member.post(`${s.p.base}/issues/`, {
      name: "With text",
      property_values: { [s.prop.text]: "here" },
    });
    expect(made.status).toBe(201);
    expect(made.body.property_values).toEqual({
      [s.prop.text]: ["here"],
      [s.prop.number]: ["7"],
      [s.prop.option]: [s.optB],
    });
    expect(
      (await ws.member.patch(`${s.p.base}/issues/${made.body.id}/`, { property_values: { [s.prop.text]: "" } })).status,
    ).toBe(400);
  });

  it("bulk: each item's values checked, set on every item", async () => {
    const s = await seed();
    const a = (await ws.member.post(`${s.p.base}/issues/`, { name: "A" })).body;
    const b = (await ws.member.post(`${s.p.base}/issues/`, { name: "B" })).body;
    const bad = await ws.member.post(`${s.p.base}/bulk-operation-issues/`, {
      issue_ids: [a.id, b.id],
      properties: { property_values: { [s.prop.number]: "lots" } },
    });
    expect(bad.status).toBe(400);
    const ok = await ws.member.post(`${s.p.base}/bulk-operation-issues/`, {
      issue_ids: [a.id, b.id],
      properties: { property_values: { [s.prop.option]: s.optA, [s.prop.boolean]: false } },
    });
    expect(ok.status, ok.text).toBe(204);
    for (const id of [a.id, b.id])
      expect((await ws.member.get(`${s.p.base}/issues/${id}/`)).body.property_values).toEqual({
        [s.prop.option]: [s.optA],
        [s.prop.boolean]: ["false"],
      });
  });

  it("intake: a request's values are checked and kept", async () => {
    const s = await seed();
    await ws.admin.patch(`${s.p.base}/`, { intake_view: true });
    const bad = await ws.member.post(`${s.p.base}/intake-issues/`, {
      issue: { name: "Bad", property_values: { [s.prop.url]: "nope" } },
    });
    expect(bad.status).toBe(400);
    const ok = await ws.member.post(`${s.p.base}/intake-issues/`, {
      issue: { name: "Good", property_values: { [s.prop.url]: "https://x.test/" } },
    });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.issue.property_values).toEqual({ [s.prop.url]: ["https://x.test/"] });
    const [row] = await t.db.db.select().from(schema.issues).where(eq(schema.issues.name, "Good"));
    expect(row.propertyValues).toEqual({ [s.prop.url]: ["https://x.test/"] });
  });

  it("API v1: types, properties, options and values under Plane's paths; work items carry their values in one call", async () => {
    const s = await seed();
    const V = `/api/v1/workspaces/${ws.slug}/projects/${s.p.id}`;
    expect((await v1member.get(`${V}/issue-types/`)).body).toHaveLength(2);
    const made = await v1admin.post(`${V}/issue-types/${s.defaultType}/issue-properties/`, {
      display_name: "Severity",
      kind: "option",
      options: [{ name: "Low" }],
    });
    expect(made.status, made.text).toBe(201);
    const opt = await v1admin.post(`${V}/issue-properties/${made.body.id}/options/`, { name: "High" });
    expect(opt.status).toBe(201);
    expect((await v1member.post(`${V}/issue-types/`, { name: "Nope" })).status).toBe(403);

    const { sent, kept } = goodValues(s);
    const item = await v1member.post(`${V}/work-items/`, {
      name: "From v1",
      property_values: { ...sent, [made.body.id]: opt.body.id },
    });
    expect(item.status, item.text).toBe(201);
    expect(item.body.property_values).toEqual({ ...kept, [made.body.id]: [opt.body.id] });
    for (const [kind, value] of badValues(s)) {
      expect(
        (await v1member.patch(`${V}/work-items/${item.body.id}/`, { property_values: { [s.prop[kind]]: value } }))
          .status,
        kind,
      ).toBe(400);
    }
    const patched = await v1member.patch(`${V}/work-items/${item.body.id}/`, {
      property_values: { [s.prop.number]: 3 },
    });
    expect(patched.body.property_values[s.prop.number]).toEqual(["3"]);
    const list = await v1member.get(`${V}/work-items/`);
    expect(list.body.results[0].property_values[s.prop.number]).toEqual(["3"]);
    const one = await v1member.post(`${V}/work-items/${item.body.id}/issue-properties/${s.prop.date}/values/`, {
      values: ["2027-01-02"],
    });
    expect(one.status, one.text).toBe(200);
    expect(
      (await v1member.get(`${V}/work-items/${item.body.id}/issue-properties/${s.prop.date}/values/`)).body.values,
    ).toEqual(["2027-01-02"]);
    const doc = await v1member.get("/api/v1/openapi.json");
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining([
        "/api/v1/workspaces/{slug}/projects/{projectId}/issue-types/",
        "/api/v1/workspaces/{slug}/projects/{projectId}/issue-properties/{propertyId}/options/",
        "/api/v1/workspaces/{slug}/projects/{projectId}/work-items/{issueId}/issue-properties/{propertyId}/values/",
      ]),
    );
  });

  it("deleting an option or a property removes its values from the items", async () => {
    const s = await seed();
    const item = (
      await ws.member.post(`${s.p.base}/issues/`, {
        name: "X",
        property_values: { [s.prop.option]: s.optA, [s.prop.text]: "t" },
      })
    ).body;
    expect((await ws.admin.delete(`${s.p.base}/issue-properties/${s.prop.option}/options/${s.optA}/`)).status).toBe(
      204,
    );
    expect((await ws.member.get(`${s.p.base}/issues/${item.id}/`)).body.property_values).toEqual({
      [s.prop.text]: ["t"],
    });
    expect((await ws.admin.delete(`${s.p.base}/issue-properties/${s.prop.text}/`)).status).toBe(204);
    expect((await ws.member.get(`${s.p.base}/issues/${item.id}/`)).body.property_values).toEqual({});
  });

  it("types shared across the workspace are offered in every project with types on", async () => {
    const s = await seed();
    const W = `/api/workspaces/${ws.slug}`;
    const shared = await ws.admin.post(`${W}/issue-types/`, { name: "Incident" });
    expect(shared.status).toBe(201);
    expect((await ws.member.post(`${W}/issue-types/`, { name: "Nope" })).status).toBe(403);
    const prop = await ws.admin.post(`${W}/issue-types/${shared.body.id}/issue-properties/`, {
      display_name: "Impact",
      kind: "number",
    });
    expect(prop.status).toBe(201);
    const types = (await ws.member.get(`${s.p.base}/issue-types/`)).body as { id: string }[];
    expect(types.map((x) => x.id)).toContain(shared.body.id);
    const item = await ws.member.post(`${s.p.base}/issues/`, {
      name: "Outage",
      type_id: shared.body.id,
      property_values: { [prop.body.id]: 5 },
    });
    expect(item.status, item.text).toBe(201);
    expect(item.body.property_values).toEqual({ [prop.body.id]: ["5"] });
    // a change of type drops the old type's values
    const moved = await ws.member.patch(`${s.p.base}/issues/${item.body.id}/`, { type_id: s.defaultType });
    expect(moved.status).toBe(204);
    expect((await ws.member.get(`${s.p.base}/issues/${item.body.id}/`)).body).toMatchObject({
      type_id: s.defaultType,
      property_values: {},
    });
  });
});

describe("lists: ordered by work item type", () => {
  it("order_by=type__name (and its alias issue_type) sorts by the type's name both ways, a renamed type re-sorts the list", async () => {
    const s = await seed();
    const made = async (name: string) => (await ws.admin.post(`${s.p.base}/issue-types/`, { name })).body.id as string;
    const bug = await made("Bug");
    const story = await made("Story");
    for (const [name, type_id] of [
      ["in story", story],
      ["in default", s.defaultType],
      ["in bug", bug],
    ] as const)
      expect((await ws.member.post(`${s.p.base}/issues/`, { name, type_id })).status).toBe(201);
    const names = async (q: string) => {
      const r = await ws.member.get(`${s.p.base}/issues/?${q}`);
      expect(r.status, r.text).toBe(200);
      return (r.body.results as { name: string }[]).map((x) => x.name);
    };
    // the default type is "Work item"
    expect(await names("order_by=type__name")).toEqual(["in bug", "in story", "in default"]);
    expect(await names("order_by=-type__name")).toEqual(["in default", "in story", "in bug"]);
    expect(await names("order_by=issue_type")).toEqual(["in bug", "in story", "in default"]);
    // grouped lists order inside each group the same way
    const grouped = await ws.member.get(`${s.p.base}/issues/?group_by=priority&order_by=-type__name`);
    expect(grouped.body.results.none.results.map((r: { name: string }) => r.name)).toEqual([
      "in default",
      "in story",
      "in bug",
    ]);
    // renaming a type is seen by the next list (the list cache is bumped)
    expect((await ws.admin.patch(`${s.p.base}/issue-types/${bug}/`, { name: "Zebra" })).status).toBe(200);
    expect(await names("order_by=type__name")).toEqual(["in story", "in default", "in bug"]);
  });
});

describe("lists: filter, group and order by a custom property", () => {
  it("filters by values and None, groups by an option (options in order, then None) and by a multi-option, orders by number and option", async () => {
    const s = await seed();
    const mk = async (name: string, values: Record<string, unknown>) =>
      (await ws.member.post(`${s.p.base}/issues/`, { name, property_values: values })).body.id as string;
    const a = await mk("a", {
      [s.prop.option]: s.optB,
      [s.prop.number]: 10,
      [s.prop.multi_option]: [s.multiA, s.multiB],
    });
    const b = await mk("b", { [s.prop.option]: s.optA, [s.prop.number]: 9 });
    const c = await mk("c", { [s.prop.number]: 100, [s.prop.multi_option]: [s.multiB] });
    const key = (k: PropertyKind) => `custom_property__${s.prop[k]}`;
    const names = async (q: string) =>
      ((await ws.member.get(`${s.p.base}/issues/?${q}`)).body.results as { name: string }[]).map((r) => r.name);

    expect(await names(`${key("option")}=${s.optA}`)).toEqual(["b"]);
    expect(await names(`${key("option")}=${s.optA},None&order_by=name`)).toEqual(["b", "c"]);
    expect(await names(`${key("number")}=10`)).toEqual(["a"]);
    const rich = await ws.member.get(
      `${s.p.base}/issues/?filters=${encodeURIComponent(JSON.stringify({ [`${key("multi_option")}__in`]: [s.multiB] }))}&order_by=name`,
    );
    expect(rich.body.results.map((r: { name: string }) => r.name)).toEqual(["a", "c"]);

    // numbers order as numbers, options by the options' order (Alpha, Beta), no value last
    expect(await names(`order_by=${key("number")}`)).toEqual(["b", "a", "c"]);
    expect(await names(`order_by=-${key("number")}`)).toEqual(["c", "a", "b"]);
    expect(await names(`order_by=${key("option")}`)).toEqual(["b", "a", "c"]);

    const grouped = await ws.member.get(`${s.p.base}/issues/?group_by=${key("option")}&order_by=name`);
    expect(grouped.status, grouped.text).toBe(200);
    expect(grouped.body.grouped_by).toBe(key("option"));
    expect(Object.keys(grouped.body.results)).toEqual([s.optA, s.optB, "None"]);
    expect(grouped.body.results[s.optB].results.map((r: { id: string }) => r.id)).toEqual([a]);
    expect(grouped.body.results.None.results.map((r: { id: string }) => r.id)).toEqual([c]);
    expect(grouped.body.results[s.optA].total_results).toBe(1);

    const multi = await ws.member.get(
      `${s.p.base}/issues/?group_by=${key("multi_option")}&sub_group_by=${key("option")}&order_by=name`,
    );
    expect(multi.status, multi.text).toBe(200);
    expect(multi.body.results[s.multiB].total_results).toBe(2);
    expect(Object.keys(multi.body.results[s.multiB].results)).toEqual([s.optA, s.optB, "None"]);
    expect(multi.body.results.None.results[s.optA].results.map((r: { id: string }) => r.id)).toEqual([b]);
    // grouping by state still answers with the values inline
    const byState = await ws.member.get(`${s.p.base}/issues/?group_by=state_id&${key("option")}=${s.optB}`);
    const items = Object.values(
      byState.body.results as Record<string, { results: { id: string; property_values: Record<string, string[]> }[] }>,
    ).flatMap((g) => g.results);
    expect(items.map((i) => [i.id, i.property_values[s.prop.option]])).toEqual([[a, [s.optB]]]);
    expect((await ws.member.get(`${s.p.base}/issues/?group_by=custom_property__nope`)).status).toBe(400);
  });
});

describe("exports", () => {
  it("CSV, XLSX and JSON carry each item's custom property values by name", async () => {
    const s = await seed();
    const { sent } = goodValues(s);
    await ws.member.post(`${s.p.base}/issues/`, { name: "Exported", property_values: sent });
    const E = `/api/workspaces/${ws.slug}/export-issues/`;
    for (const provider of ["json", "csv", "xlsx"]) {
      expect((await ws.member.post(E, { provider, project: [s.p.id], multiple: false })).status).toBe(200);
    }
    await t.app.jobs.drain();
    const rows = (await ws.member.get(`${E}?per_page=10&cursor=10:0:0`)).body.results as {
      provider: string;
      status: string;
      url: string;
      project: string[];
    }[];
    const mine = rows.filter((r) => r.project?.[0] === s.p.id);
    expect(mine.map((r) => r.status)).toEqual(["completed", "completed", "completed"]);
    const JSZip = (await import("jszip")).default;
    for (const r of mine) {
      const zip = await JSZip.loadAsync(Buffer.from(await (await fetch(`${t.url}${r.url}`)).arrayBuffer()));
      const file = Object.values(zip.files)[0];
      const bytes = await file.async("nodebuffer");
      const text = r.provider === "xlsx" ? JSON.stringify(await xlsxValues(bytes)) : bytes.toString("utf8");
      expect(text, r.provider).toContain("My option: Alpha");
      expect(text, r.provider).toContain("My multi_member: ");
      expect(text, r.provider).toContain("My number: 42.5");
      expect(text, r.provider).toContain("My boolean: Yes");
    }
  });
});

async function xlsxValues(bytes: Buffer): Promise<unknown[]> {
  const ExcelJS = (await import("exceljs")).default;
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const out: unknown[] = [];
  book.worksheets[0].eachRow((row) => out.push(row.values));
  return out;
}

describe("agents", () => {
  it("the create and update tools take values by property and option name, checked like any write", async () => {
    const { startModelServer } = await import("./helpers/model-server.ts");
    const { builtinTools, toolErrorText } = await import("../src/agents/run/tools.ts");
    const s = await seed();
    const ms = await startModelServer({ apiKey: "k" });
    try {
      expect(
        (
          await ws.admin.post(`${s.p.base}/model-configs/scripted/`, {
            provider: "openai",
            base_url: ms.openaiBaseUrl,
            model: "m",
            api_key: "k",
          })
        ).status,
      ).toBe(200);
      const made = await ws.admin.post(`${s.p.base}/agent/templates/`, {
        config: { type: "triage", name: "Typist", model_config: "scripted", max_steps: 5, timeout_s: 60 },
      });
      expect(made.status, made.text).toBe(200);
      const [project] = await t.db.db.select().from(schema.projects).where(eq(schema.projects.id, s.p.id));
      const ctx = {
        app: t.app,
        project,
        issueId: null,
        actorId: ws.member.userId,
        agentTemplateId: made.body.agent_template.id,
        sandbox: null,
        signal: new AbortController().signal,
      };
      const [create, update] = builtinTools(["create_work_item", "update_work_item"]);
      const bad = await create
        .run({ name: "By agent", properties: { "My number": 1000 } }, ctx as never)
        .catch((e) => toolErrorText(e));
      expect(bad).toMatch(/less than or equal to 100/);
      const ok = await create.run(
        { name: "By agent", properties: { "my option": "Beta", "My number": 5 } },
        ctx as never,
      );
      expect(ok.content).toMatch(/Created/);
      const [row] = await t.db.db.select().from(schema.issues).where(eq(schema.issues.name, "By agent"));
      expect(row.propertyValues).toEqual({ [s.prop.option]: [s.optB], [s.prop.number]: ["5"] });
      await update.run({ work_item_id: row.id, properties: { "My boolean": true } }, ctx as never);
      const [after] = await t.db.db.select().from(schema.issues).where(eq(schema.issues.id, row.id));
      expect(after.propertyValues).toMatchObject({ [s.prop.boolean]: ["true"] });
      expect(
        await update
          .run({ work_item_id: row.id, properties: { Nope: 1 } }, ctx as never)
          .catch((e) => toolErrorText(e)),
      ).toMatch(/No property "Nope"/);
    } finally {
      await ms.close();
    }
  });
});

describe("lists: range filters on number and date properties", () => {
  it("filters a number property by value and a date property by day, with open bounds, in both grammars; bad bounds are a 400", async () => {
    const s = await seed();
    const mk = async (name: string, values: Record<string, unknown>) =>
      (await ws.member.post(`${s.p.base}/issues/`, { name, property_values: values })).body.id as string;
    await mk("a", { [s.prop.number]: 9, [s.prop.date]: "2026-01-10" });
    await mk("b", { [s.prop.number]: 10, [s.prop.date]: "2026-02-01" });
    await mk("c", { [s.prop.number]: 55.5, [s.prop.date]: "2026-03-15" });
    await mk("d", {});
    const key = (k: PropertyKind) => `custom_property__${s.prop[k]}`;
    const names = async (q: string) => {
      const r = await ws.member.get(`${s.p.base}/issues/?${q}&order_by=name`);
      expect(r.status, r.text).toBe(200);
      return (r.body.results as { name: string }[]).map((x) => x.name);
    };
    // numbers compare as numbers (9 < 10 < 55.5), not as text
    expect(await names(`${key("number")}__gte=10`)).toEqual(["b", "c"]);
    expect(await names(`${key("number")}__lte=10`)).toEqual(["a", "b"]);
    expect(await names(`${key("number")}__range=9.5,60`)).toEqual(["b", "c"]);
    expect(await names(`${key("number")}__range=,9`)).toEqual(["a"]);
    expect(await names(`${key("date")}__range=2026-01-15,2026-03-15`)).toEqual(["b", "c"]);
    expect(await names(`${key("date")}__gte=2026-02-02`)).toEqual(["c"]);
    const rich = (f: unknown) => `filters=${encodeURIComponent(JSON.stringify(f))}`;
    expect(await names(rich({ [`${key("number")}__range`]: [10, null] }))).toEqual(["b", "c"]);
    expect(
      await names(rich({ or: [{ [`${key("date")}__lte`]: "2026-01-31" }, { [`${key("number")}__gte`]: 50 }] })),
    ).toEqual(["a", "c"]);
    // grouped lists filter the same way
    const grouped = await ws.member.get(`${s.p.base}/issues/?group_by=priority&${key("number")}__gte=10`);
    expect(grouped.body.total_count ?? grouped.body.total_results).toBe(2);

    for (const bad of [
      `${key("number")}__gte=ten`,
      `${key("number")}__range=1,2026-01-01`,
      `${key("number")}__range=1`,
      `${key("number")}__between=1`,
    ]) {
      expect((await ws.member.get(`${s.p.base}/issues/?${bad}`)).status, bad).toBe(400);
    }
    expect(
      (await ws.member.get(`${s.p.base}/issues/?${rich({ [`${key("date")}__range`]: ["2026-01-01", "x"] })}`)).status,
    ).toBe(400);
    // a saved view keeps a range filter and lists by it
    const view = await ws.member.post(`${s.p.base}/views/`, {
      name: "Big",
      filters: { [`${key("number")}__gte`]: ["10"] },
    });
    expect(view.status, view.text).toBe(201);
    const viewed = await ws.member.get(`${s.p.base}/views/${view.body.id}/issues/?order_by=name`);
    expect(viewed.body.results.map((r: { name: string }) => r.name)).toEqual(["b", "c"]);
  });
});

describe("lists: ordering by a member property", () => {
  it("orders by the member's name, not by the id", async () => {
    const s = await seed();
    // name the person with the smaller id last, so the name order is the reverse of the id order
    const [low, high] = [ws.admin, ws.member].sort((x, y) => x.userId.localeCompare(y.userId));
    expect((await low.patch("/api/users/me/", { first_name: "Zed", last_name: "Zimmer" })).status).toBe(200);
    expect((await high.patch("/api/users/me/", { first_name: "Amy", last_name: "Adams" })).status).toBe(200);
    const mk = async (name: string, values: Record<string, unknown>) =>
      (await ws.member.post(`${s.p.base}/issues/`, { name, property_values: values })).status;
    expect(await mk("to Zed", { [s.prop.member]: low.userId, [s.prop.multi_member]: [low.userId] })).toBe(201);
    expect(await mk("to Amy", { [s.prop.member]: high.userId, [s.prop.multi_member]: [high.userId, low.userId] })).toBe(
      201,
    );
    expect(await mk("to no one", {})).toBe(201);
    const names = async (q: string) =>
      ((await ws.member.get(`${s.p.base}/issues/?${q}`)).body.results as { name: string }[]).map((r) => r.name);
    expect(await names(`order_by=custom_property__${s.prop.member}`)).toEqual(["to Amy", "to Zed", "to no one"]);
    expect((await names(`order_by=-custom_property__${s.prop.member}`)).filter((n) => n !== "to no one")).toEqual([
      "to Zed",
      "to Amy",
    ]);
    expect(await names(`order_by=custom_property__${s.prop.multi_member}`)).toEqual(["to Amy", "to Zed", "to no one"]);
  });
});

describe("values on workspace drafts", () => {
  it("a draft keeps checked values (required ones may wait), moving it to another project drops them, the conversion asks for required ones and keeps the values", async () => {
    const s = await seed({ required: ["text"] });
    const W = `/api/workspaces/${ws.slug}`;
    // no project: nothing to check values against
    const orphan = await ws.member.post(`${W}/draft-issues/`, { name: "x", property_values: { [s.prop.number]: 5 } });
    expect(orphan.status).toBe(400);
    expect(orphan.body.property_values[0]).toMatch(/project is needed/);
    // bad values are refused as on items
    for (const [kind, bad] of badValues(s)) {
      const r = await ws.member.post(`${W}/draft-issues/`, {
        name: "x",
        project_id: s.p.id,
        property_values: { [s.prop[kind]]: bad },
      });
      expect(r.status, `${kind}: ${r.text}`).toBe(400);
    }
    // the required text may wait on a draft
    const made = await ws.member.post(`${W}/draft-issues/`, {
      name: "Draft",
      project_id: s.p.id,
      property_values: { [s.prop.number]: 7, [s.prop.option]: s.optB },
    });
    expect(made.status, made.text).toBe(201);
    expect(made.body.property_values).toEqual({ [s.prop.number]: ["7"], [s.prop.option]: [s.optB] });
    const patched = await ws.member.patch(`${W}/draft-issues/${made.body.id}/`, {
      property_values: { [s.prop.number]: 8 },
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.property_values).toEqual({ [s.prop.number]: ["8"] });
    expect(
      (await ws.member.patch(`${W}/draft-issues/${made.body.id}/`, { property_values: { [s.prop.number]: 500 } }))
        .status,
    ).toBe(400);
    expect((await ws.member.get(`${W}/draft-issues/${made.body.id}/`)).body.property_values).toEqual({
      [s.prop.number]: ["8"],
    });

    // the conversion asks for the required text, then keeps every value
    const refused = await ws.member.post(`${W}/draft-to-issue/${made.body.id}/`, {});
    expect(refused.status).toBe(400);
    expect(refused.body.property_values[0]).toMatch(/required/);
    const converted = await ws.member.post(`${W}/draft-to-issue/${made.body.id}/`, {
      property_values: { [s.prop.number]: 8, [s.prop.text]: "filled" },
    });
    expect(converted.status, converted.text).toBe(201);
    const item = await ws.member.get(`${s.p.base}/issues/${converted.body.id}/`);
    expect(item.body.property_values).toMatchObject({ [s.prop.number]: ["8"], [s.prop.text]: ["filled"] });

    // another project: the values of the first one go
    const other = await projectFixture(t, ws);
    const moved = await ws.member.post(`${W}/draft-issues/`, {
      name: "Mover",
      project_id: s.p.id,
      property_values: { [s.prop.number]: 3 },
    });
    const after = await ws.member.patch(`${W}/draft-issues/${moved.body.id}/`, { project_id: other.id });
    expect(after.status, after.text).toBe(200);
    expect(after.body.property_values).toEqual({});
  });
});

describe("values on the public intake form", () => {
  it("the form offers the default type's properties without people; a request fills the required ones, checked as an item's, and keeps them", async () => {
    const s = await seed({ required: ["option"] });
    await ws.admin.patch(`${s.p.base}/`, { intake_view: true });
    const anchor = (await ws.admin.patch(`${s.p.base}/intake-settings/`, { is_form_enabled: true })).body.anchor;
    const url = `/api/public/intake/${anchor}/`;
    const form = await ws.anon.get(url);
    expect(form.status).toBe(200);
    const offered = form.body.properties as {
      id: string;
      kind: string;
      is_required: boolean;
      options: { name: string }[];
      max: number | null;
    }[];
    expect(offered.map((p) => p.kind).sort()).toEqual(
      PROPERTY_KINDS.filter((k) => k !== "member" && k !== "multi_member").sort(),
    );
    expect(offered.find((p) => p.id === s.prop.option)).toMatchObject({
      is_required: true,
      options: [{ name: "Alpha" }, { name: "Beta" }],
    });
    expect(offered.find((p) => p.id === s.prop.number)?.max).toBe(100);

    const base = { name: "Need help", email: "pat@example.com" };
    const missing = await ws.anon.post(url, base);
    expect(missing.status).toBe(400);
    expect(missing.body.property_values[0]).toMatch(/required/);
    expect(
      (await ws.anon.post(url, { ...base, property_values: { [s.prop.option]: s.optA, [s.prop.number]: 1000 } }))
        .status,
    ).toBe(400);
    // people are not offered: a member value is refused
    const member = await ws.anon.post(url, {
      ...base,
      property_values: { [s.prop.option]: s.optA, [s.prop.member]: ws.member.userId },
    });
    expect(member.status).toBe(400);
    expect(member.body.property_values[0]).toMatch(/not a property of this form/);
    const sent = await ws.anon.post(url, {
      ...base,
      property_values: { [s.prop.option]: s.optA, [s.prop.number]: 12 },
    });
    expect(sent.status, sent.text).toBe(200);
    const items = (await ws.admin.get(`${s.p.base}/intake-issues/?per_page=100`)).body.results as {
      issue: { id: string; name: string };
    }[];
    const got = items.find((r) => r.issue.name === "Need help")!;
    expect((await ws.admin.get(`${s.p.base}/issues/${got.issue.id}/`)).body.property_values).toMatchObject({
      [s.prop.option]: [s.optA],
      [s.prop.number]: ["12"],
    });
  });
});

describe("a required person on intake", () => {
  it("is not asked by any intake path (public form, app, API v1) and is asked when the request is accepted", async () => {
    const s = await seed({ required: ["member", "option"] });
    await ws.admin.patch(`${s.p.base}/`, { intake_view: true });
    const anchor = (await ws.admin.patch(`${s.p.base}/intake-settings/`, { is_form_enabled: true })).body.anchor;
    const form = `/api/public/intake/${anchor}/`;
    const V = `/api/v1/workspaces/${ws.slug}/projects/${s.p.id}`;
    const option = { [s.prop.option]: s.optA };

    // an ordinary work item still needs the person
    const plain = await ws.member.post(`${s.p.base}/issues/`, { name: "Plain", property_values: option });
    expect(plain.status).toBe(400);
    expect(plain.body.property_values[0]).toBe("My member: this property is required.");

    // the public form offers no person, and a request without one goes in (the option is still required)
    expect(((await ws.anon.get(form)).body.properties as { kind: string }[]).map((p) => p.kind)).not.toContain(
      "member",
    );
    const noOption = await ws.anon.post(form, { name: "Form without option", email: "a@example.com" });
    expect(noOption.status).toBe(400);
    expect(noOption.body.property_values[0]).toBe("My option: this property is required.");
    const sent = await ws.anon.post(form, { name: "From the form", email: "a@example.com", property_values: option });
    expect(sent.status, sent.text).toBe(200);
    // the app's intake and API v1's take a request without the person too; one may still name them
    const app = await ws.member.post(`${s.p.base}/intake-issues/`, {
      issue: { name: "From the app", property_values: option },
    });
    expect(app.status, app.text).toBe(200);
    const v1 = await v1member.post(`${V}/intake-issues/`, { issue: { name: "From v1", property_values: option } });
    expect(v1.status, v1.text).toBe(201);
    const named = await ws.member.post(`${s.p.base}/intake-issues/`, {
      issue: { name: "Named", property_values: { ...option, [s.prop.member]: ws.member.userId } },
    });
    expect(named.status, named.text).toBe(200);

    const items = (await ws.admin.get(`${s.p.base}/intake-issues/?per_page=100`)).body.results as {
      issue: { id: string; name: string };
    }[];
    const idOf = (name: string) => items.find((r) => r.issue.name === name)!.issue.id;
    const stateOf = async (id: string) => (await ws.admin.get(`${s.p.base}/issues/${id}/`)).body.state_id as string;
    const triage = await stateOf(idOf("From the form"));

    // accepting asks for the person first, on every path, and changes nothing when refused
    for (const [name, accept] of [
      ["From the form", (id: string) => ws.admin.patch(`${s.p.base}/intake-issues/${id}/`, { status: 1 })],
      ["From v1", (id: string) => v1admin.patch(`${V}/intake-issues/${id}/`, { status: 1 })],
    ] as const) {
      const refused = await accept(idOf(name));
      expect(refused.status, refused.text).toBe(400);
      expect(refused.body).toEqual({
        property_values: ["My member: this property is required. Set it before accepting."],
      });
      expect(await stateOf(idOf(name))).toBe(triage);
    }
    // the triager sets the person and accepts in one change; a request that named one is accepted as it is
    const done = await ws.admin.patch(`${s.p.base}/intake-issues/${idOf("From the form")}/`, {
      status: 1,
      issue: { property_values: { [s.prop.member]: ws.member.userId } },
    });
    expect(done.status, done.text).toBe(200);
    expect(done.body.status).toBe(1);
    expect(await stateOf(idOf("From the form"))).not.toBe(triage);
    expect((await ws.admin.patch(`${s.p.base}/intake-issues/${idOf("Named")}/`, { status: 1 })).status).toBe(200);
  });
});

describe("a required property and the published space's request panel", () => {
  it("takes a space visitor's request without the properties it cannot ask, and asks for them at acceptance", async () => {
    const s = await seed({ required: ["text"] });
    await ws.admin.patch(`${s.p.base}/`, { intake_view: true });
    const board = (await ws.admin.post(`${s.p.base}/project-deploy-boards/`, {})).body as {
      id: string;
      anchor: string;
    };
    const [intake] = await t.db.db.select().from(schema.intakes).where(eq(schema.intakes.projectId, s.p.id));
    await ws.admin.patch(`${s.p.base}/project-deploy-boards/${board.id}/`, { intake: intake.id });

    // the app still asks for the text; the space's panel has no field for it, and its request goes in
    const app = await ws.member.post(`${s.p.base}/intake-issues/`, { issue: { name: "From the app" } });
    expect(app.status).toBe(400);
    expect(app.body.property_values[0]).toBe("My text: this property is required.");
    const items = `/api/public/anchor/${board.anchor}/intakes/${intake.id}/intake-issues/`;
    const sent = await ws.outsider.post(items, { issue: { name: "From the space" } });
    expect(sent.status, sent.text).toBe(201);

    // accepting asks for it; the triager gives it and accepts in one change
    const id = (sent.body as { issue: { id: string } }).issue.id;
    const refused = await ws.admin.patch(`${s.p.base}/intake-issues/${id}/`, { status: 1 });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body).toEqual({ property_values: ["My text: this property is required. Set it before accepting."] });
    const done = await ws.admin.patch(`${s.p.base}/intake-issues/${id}/`, {
      status: 1,
      issue: { property_values: { [s.prop.text]: "Seen on Firefox" } },
    });
    expect(done.status, done.text).toBe(200);
    expect(done.body.status).toBe(1);
  });
});
