import { afterEach, describe, expect, it, vi } from "vitest";

describe("the contract in a browser", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it("builds and checks its schemas without probing for eval (which the web's CSP reports as a violation)", async () => {
    const RealFunction = globalThis.Function;
    const probes: unknown[][] = [];
    vi.stubGlobal("document", {});
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
    const contract = await import("./index.ts");
    expect(contract.commitExecutionBody.safeParse({ artifact_id: "x" }).success).toBe(false);
    expect(probes).toEqual([]);
  });
});
