import { afterEach, describe, expect, expectTypeOf, it, vi } from "vitest";
import { labelEndpoints, stateEndpoints } from "@stride/shared/endpoints";
import type { Label, State } from "@stride/shared/contract";
import { call } from "./client.ts";

/**
 * `call` takes method, path, body and answer types from the endpoint table (`npm run typecheck` compiles this file:
 * each `@ts-expect-error` fails it if the line below compiles). At run time: the URL and method it sends.
 */
const at = { slug: "acme", projectId: "p-1" };

function typedCalls() {
  expectTypeOf(call(labelEndpoints.list, at)).resolves.toEqualTypeOf<Label[]>();
  expectTypeOf(call(stateEndpoints.create, at, { name: "Doing", color: "#00f" })).resolves.toEqualTypeOf<State>();
  // @ts-expect-error a wrong body: a label's colour is a string
  void call(labelEndpoints.create, at, { name: "Bug", color: 1 });
  // @ts-expect-error a body without the required name
  void call(labelEndpoints.create, at, { color: "#f00" });
  // @ts-expect-error the endpoint takes a body
  void call(labelEndpoints.create, at);
  // @ts-expect-error a path param missing (`labelId`)
  void call(labelEndpoints.remove, at);
  // @ts-expect-error no body on a DELETE
  void call(labelEndpoints.remove, { ...at, labelId: "l-1" }, { name: "x" });
}

describe("call(endpoint, params, body)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("sends the endpoint's method to its path, params encoded, with the JSON body", async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ id: "l-2" }), { status: 201, headers: { "content-type": "application/json" } }),
    );
    vi.stubGlobal("fetch", fetch);
    const answer = await call(
      labelEndpoints.update,
      { slug: "a b", projectId: "p-1", labelId: "l-2" },
      { name: "Bug" },
    );
    expect(answer).toEqual({ id: "l-2" });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/workspaces/a%20b/projects/p-1/issue-labels/l-2/");
    expect(init).toMatchObject({ method: "PATCH", body: JSON.stringify({ name: "Bug" }) });
    expect(typeof typedCalls).toBe("function");
  });
});
