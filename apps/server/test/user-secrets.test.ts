import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { SECRET_MSG } from "@stride/shared/contract";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { schema } from "../src/db/client.ts";
import { open } from "../src/core/crypto-box.ts";
import { secretValues } from "../src/routes/user-secrets/commands.ts";
import type { Client } from "./helpers/client.ts";

const UNAUTH = { detail: "Authentication credentials were not provided." };
const KEYS = ["created_at", "description", "id", "name", "updated_at", "value_hint"];
const VALUE = "ghp_0123456789abcdefWXYZ";

let t: TestServer;
let me: Client;
let other: Client;

beforeAll(async () => {
  t = await startTestServer();
  me = await t.user();
  other = await t.user();
});
afterAll(async () => {
  await t?.close();
});

const URL_ = "/api/users/me/secrets/";
const stored = async (id: string) =>
  (await t.db.db.select().from(schema.userSecrets).where(eq(schema.userSecrets.id, id)))[0];

describe("/api/users/me/secrets/", () => {
  it("creates (201) a secret whose value is never returned, shown masked, sealed in the database", async () => {
    const res = await me.post(URL_, { name: "GITHUB_TOKEN", value: VALUE, description: "for the agent" });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(KEYS);
    expect(res.body).toMatchObject({ name: "GITHUB_TOKEN", description: "for the agent", value_hint: "••••••••WXYZ" });
    expect(res.text).not.toContain(VALUE);
    const row = await stored(res.body.id);
    expect(row.valueSealed).not.toContain(VALUE);
    expect(row.valueSealed.startsWith("enc:v1:")).toBe(true);
    expect(open(t.app.secretKey, "user-secret", row.valueSealed)).toBe(VALUE);

    const list = await me.get(URL_);
    expect(list.status).toBe(200);
    expect(list.text).not.toContain(VALUE);
    expect(list.body.map((s: { name: string }) => s.name)).toContain("GITHUB_TOKEN");
    expect((await secretValues(t.app, me.userId)).GITHUB_TOKEN).toBe(VALUE);
  });

  it("masks short values completely", async () => {
    const res = await me.post(URL_, { name: "SHORT", value: "abc12345" });
    expect(res.body.value_hint).toBe("••••••••");
  });

  it("updates the name, description and value (PATCH); the new value is sealed too", async () => {
    const c = await me.post(URL_, { name: "TO_EDIT", value: "first-value-0000000" });
    const res = await me.patch(`${URL_}${c.body.id}/`, {
      name: "EDITED",
      value: "second-value-1111111",
      description: "d",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: c.body.id, name: "EDITED", description: "d", value_hint: "••••••••1111" });
    expect(res.text).not.toContain("second-value");
    expect(open(t.app.secretKey, "user-secret", (await stored(c.body.id)).valueSealed)).toBe("second-value-1111111");
    const renamed = await me.patch(`${URL_}${c.body.id}/`, { description: "only this" });
    expect(renamed.body).toMatchObject({ name: "EDITED", value_hint: "••••••••1111", description: "only this" });
  });

  it("deletes (204); then the id is not found", async () => {
    const c = await me.post(URL_, { name: "TO_DELETE", value: "v" });
    expect((await me.delete(`${URL_}${c.body.id}/`)).status).toBe(204);
    expect(await stored(c.body.id)).toBeUndefined();
    expect(await me.delete(`${URL_}${c.body.id}/`)).toMatchObject({
      status: 404,
      body: { error: SECRET_MSG.notFound },
    });
  });

  it("validates with the field messages, and refuses a second secret of the same name", async () => {
    const bad = async (body: unknown) => {
      const res = await me.post(URL_, body);
      expect(res.status).toBe(400);
      return res.body;
    };
    expect(await bad({ value: "v" })).toEqual({ name: ["This field is required."] });
    expect(await bad({ name: "1ABC", value: "v" })).toEqual({ name: [SECRET_MSG.nameChars] });
    expect(await bad({ name: "HAS SPACE", value: "v" })).toEqual({ name: [SECRET_MSG.nameChars] });
    expect(await bad({ name: "X".repeat(101), value: "v" })).toEqual({
      name: ["Ensure this field has no more than 100 characters."],
    });
    expect(await bad({ name: "OK" })).toEqual({ value: ["This field is required."] });
    expect(await bad({ name: "OK", value: "   " })).toEqual({ value: ["This field may not be blank."] });
    expect(await bad({ name: "OK", value: 5 })).toEqual({ value: ["Not a valid string."] });
    await me.post(URL_, { name: "DUP", value: "v" });
    expect(await bad({ name: "DUP", value: "w" })).toEqual({ name: [SECRET_MSG.nameTaken] });
    const other1 = await me.post(URL_, { name: "OTHER_NAME", value: "v" });
    expect(await me.patch(`${URL_}${other1.body.id}/`, { name: "DUP" })).toMatchObject({
      status: 400,
      body: { name: [SECRET_MSG.nameTaken] },
    });
  });

  it("each person sees and changes only their own secrets; the same name is fine for two people", async () => {
    const mine = await me.post(URL_, { name: "MINE_ONLY", value: "private-value-999999" });
    expect((await other.get(URL_)).body.map((s: { name: string }) => s.name)).not.toContain("MINE_ONLY");
    expect(await other.patch(`${URL_}${mine.body.id}/`, { value: "hijack" })).toMatchObject({
      status: 404,
      body: { error: SECRET_MSG.notFound },
    });
    expect(await other.delete(`${URL_}${mine.body.id}/`)).toMatchObject({ status: 404 });
    expect((await other.post(URL_, { name: "MINE_ONLY", value: "theirs" })).status).toBe(201);
    expect(open(t.app.secretKey, "user-secret", (await stored(mine.body.id)).valueSealed)).toBe("private-value-999999");
  });

  it("anonymous callers get 401 on every call, before the body is read", async () => {
    const anon = t.anon();
    const id = crypto.randomUUID();
    for (const [m, p, b] of [
      ["GET", URL_, undefined],
      ["POST", URL_, { name: 1 }],
      ["PATCH", `${URL_}${id}/`, { name: 1 }],
      ["DELETE", `${URL_}${id}/`, undefined],
    ] as const) {
      expect(await anon.request(m, p, b)).toMatchObject({ status: 401, body: UNAUTH });
    }
  });
});
