import { afterEach, describe, expect, it, vi } from "vitest";

describe("the contract for browsers (@stride/shared/contract/browser)", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it("builds and checks its schemas without probing for eval (which the web's CSP reports as a violation)", async () => {
    const RealFunction = globalThis.Function;
    const probes: unknown[][] = [];
    vi.stubGlobal(
      "Function",
      new Proxy(RealFunction, {
        apply: (target, self, args) => {
          probes.push(args);
          return Reflect.apply(target, self, args);
        },
        construct: (target, args) => {
          probes.push(args);
          return Reflect.construct(target, args);
        },
      }),
    );
    // what the web loads (apps/web/src/lib/settings-form.ts): jitless.ts runs before any schema is built
    const contract = await import("./browser.ts");
    expect(contract.commitExecutionBody.safeParse({ artifact_id: "x" }).success).toBe(false);
    expect(probes).toEqual([]);
  });
});
