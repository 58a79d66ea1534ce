import { describe, expect, it, vi } from "vitest";
import { MutationObserver } from "@tanstack/react-query";
import { createQueryClient, shouldRetry, type Notify } from "./query-client.ts";
import { ApiError, errorMessage, fieldErrors, buildUrl, hasFieldErrors } from "../api/client.ts";
import type { MutationMeta } from "../api/mutation-meta.ts";

describe("shouldRetry", () => {
  it("retries network and server errors up to 3 times", () => {
    expect(shouldRetry(0, new TypeError("fetch failed"))).toBe(true);
    expect(shouldRetry(2, new ApiError(500, {}))).toBe(true);
    expect(shouldRetry(3, new ApiError(503, {}))).toBe(false);
  });
  it("never retries a 4xx", () => {
    expect(shouldRetry(0, new ApiError(404, { error: "x" }))).toBe(false);
    expect(shouldRetry(0, new ApiError(401, {}))).toBe(false);
  });
});

describe("errorMessage", () => {
  it("reads the server's error shapes", () => {
    expect(errorMessage({ error: "Member not found" })).toBe("Member not found");
    expect(errorMessage({ detail: "Authentication credentials were not provided." })).toBe(
      "Authentication credentials were not provided.",
    );
    expect(errorMessage({ name: ["PROJECT_NAME_ALREADY_EXIST"] })).toBe("name: PROJECT_NAME_ALREADY_EXIST");
    expect(errorMessage({ non_field_errors: ["bad"] })).toBe("bad");
    expect(errorMessage(null)).toBeUndefined();
  });
  it("ApiError carries status and body", () => {
    const e = new ApiError(400, { error: "nope" });
    expect(e.status).toBe(400);
    expect(e.body).toEqual({ error: "nope" });
    expect(e.message).toBe("nope");
  });
  it("fieldErrors flattens field lists", () => {
    expect(fieldErrors(new ApiError(400, { identifier: ["PROJECT_IDENTIFIER_ALREADY_EXIST"], error: "x" }))).toEqual({
      identifier: "PROJECT_IDENTIFIER_ALREADY_EXIST",
    });
    expect(fieldErrors(new Error("x"))).toEqual({});
  });
});

describe("buildUrl", () => {
  it("skips empty values", () => {
    expect(buildUrl("/api/x/", { a: "1", b: "", c: undefined, d: null, e: 0 })).toBe("/api/x/?a=1&e=0");
    expect(buildUrl("/api/x/")).toBe("/api/x/");
  });
});

describe("mutation feedback (the one place api/ writes are reported)", () => {
  /** Runs one mutation through a fresh client and returns what the app was asked to show. */
  async function run(meta: MutationMeta | undefined, outcome: { fail?: unknown; vars?: unknown }) {
    const notify = vi.fn<Notify>();
    const client = createQueryClient(notify);
    const observer = new MutationObserver<string, unknown, unknown>(client, {
      mutationFn: async () => {
        if (outcome.fail !== undefined) throw outcome.fail;
        return "ok";
      },
      meta,
    });
    await observer.mutate(outcome.vars).catch(() => undefined);
    return notify.mock.calls;
  }
  const refusal = new ApiError(400, { error: "The state cannot be deleted" });

  it("toasts a failure with the mutation's title and the server's message", async () => {
    expect(await run({ errorTitle: "Could not delete the state" }, { fail: refusal })).toEqual([
      ["error", "Could not delete the state", "The state cannot be deleted"],
    ]);
  });
  it("reads field errors, bodies without a message and network errors as the api hooks did", async () => {
    expect(await run({ errorTitle: "T" }, { fail: new ApiError(400, { url: ["Enter a valid URL."] }) })).toEqual([
      ["error", "T", "url: Enter a valid URL."],
    ]);
    expect(await run({ errorTitle: "T" }, { fail: new ApiError(502, "") })).toEqual([
      ["error", "T", "Request failed with status 502"],
    ]);
    expect(await run({ errorTitle: "T" }, { fail: new TypeError("Failed to fetch") })).toEqual([
      ["error", "T", "Failed to fetch"],
    ]);
  });
  it("toasts a failure of a mutation that says nothing with a generic title", async () => {
    expect(await run(undefined, { fail: refusal })).toEqual([
      ["error", "Something went wrong", "The state cannot be deleted"],
    ]);
  });
  it("shows nothing for a silent mutation (its screen reports the error)", async () => {
    expect(await run({ silent: true, errorTitle: "T" }, { fail: refusal })).toEqual([]);
  });
  it("lets a mutation keep some errors for its form and toast the others", async () => {
    const meta: MutationMeta = { errorTitle: "Could not add the link", silent: hasFieldErrors };
    expect(await run(meta, { fail: new ApiError(400, { url: ["Enter a valid URL."] }) })).toEqual([]);
    expect(await run(meta, { fail: refusal })).toEqual([
      ["error", "Could not add the link", "The state cannot be deleted"],
    ]);
  });
  it("toasts a success only when the mutation asks, with the variables' label", async () => {
    expect(await run({ successTitle: "Work item archived" }, { vars: { id: "x", label: "WEB-12" } })).toEqual([
      ["success", "Work item archived", "WEB-12"],
    ]);
    expect(await run({ successTitle: "Work item archived" }, { vars: { id: "x" } })).toEqual([
      ["success", "Work item archived", undefined],
    ]);
    expect(await run({ errorTitle: "T" }, { vars: { id: "x", label: "WEB-12" } })).toEqual([]);
  });
});

describe("an answer read before an invalidation", () => {
  /** A query function whose answers are given by the test: the n-th call waits for `answer(n, value)`. */
  const controlled = () => {
    const waiting: ((v: string) => void)[] = [];
    return {
      fn: () => new Promise<string>((resolve) => waiting.push(resolve)),
      calls: () => waiting.length,
      answer: (n: number, v: string) => waiting[n](v),
    };
  };
  const settle = () => new Promise((r) => setTimeout(r, 5));

  it("is asked again when the query had no data and no screen (a loader's first fetch)", async () => {
    const qc = createQueryClient(() => {});
    const q = controlled();
    const first = qc.prefetchQuery({ queryKey: ["archived"], queryFn: q.fn });
    await qc.invalidateQueries({ queryKey: ["archived"] });
    q.answer(0, "read before the write");
    await first;
    await vi.waitFor(() => expect(q.calls()).toBe(2));
    q.answer(1, "read after the write");
    await vi.waitFor(() => expect(qc.getQueryData(["archived"])).toBe("read after the write"));
  });

  it("is not asked twice when the invalidation itself started a new fetch, nor when nothing was in flight", async () => {
    const qc = createQueryClient(() => {});
    const q = controlled();
    const first = qc.fetchQuery({ queryKey: ["live"], queryFn: q.fn });
    q.answer(0, "one");
    await first;
    // no fetch in flight: an invalidation of a query no screen reads only marks it
    await qc.invalidateQueries({ queryKey: ["live"] });
    await settle();
    expect(q.calls()).toBe(1);
    // a fetch in flight for a query with data is cancelled and started again by the invalidation (refetchType all)
    const second = qc.fetchQuery({ queryKey: ["live"], queryFn: q.fn, staleTime: 0 });
    const again = qc.invalidateQueries({ queryKey: ["live"], refetchType: "all" });
    expect(q.calls()).toBe(3);
    q.answer(2, "three");
    await again;
    await second.catch(() => undefined);
    await settle();
    expect(q.calls()).toBe(3);
    expect(qc.getQueryData(["live"])).toBe("three");
  });
});
