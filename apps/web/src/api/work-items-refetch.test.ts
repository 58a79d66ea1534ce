import { afterEach, expect, it, vi } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import { env, item } from "./work-items-test-data.ts";
import type { ListEnvelope, WorkItem } from "./work-items-types.ts";
import type { ListData } from "./work-items-list-data.ts";

/**
 * A list read again keeps what "load more" added (issue #28's lists, the board's long columns): it asks for as many
 * items as the list holds, and reads again when a "load more" ended while its read was on its way.
 */
const server = vi.hoisted(() => ({ answer: null as null | ((q: Record<string, string>) => Promise<unknown>) }));
vi.mock("./list-pages.ts", () => ({
  callListPage: (_d: unknown, _detail: boolean, q: Record<string, string>) => server.answer!(q),
}));
vi.mock("./local-db/client.ts", async (orig) => ({
  ...(await orig<typeof import("./local-db/client.ts")>()),
  localListPage: async () => null,
}));
const { loadMoreFlat, workItemListQuery } = await import("./work-items.ts");

const items: WorkItem[] = Array.from({ length: 10 }, () => item());
/** The server's flat page for a `per_page` and `cursor` (`per:page:0`). */
const pageOf = (q: Record<string, string>): ListEnvelope => {
  const per = Number(q.per_page);
  const page = Number((q.cursor ?? "").split(":")[1] ?? 0);
  const slice = items.slice(page * per, page * per + per);
  return env(slice, { total_count: items.length, next_page_results: page * per + per < items.length });
};
const d = { slug: "w", pid: "p", kind: "issues" as const, layout: "list", params: {}, perPage: 2 };

let qc: QueryClient;
afterEach(() => qc?.clear());

it("reads again as many items as were loaded", async () => {
  qc = new QueryClient();
  const asked: string[] = [];
  server.answer = async (q) => (asked.push(q.per_page!), pageOf(q));
  const opts = workItemListQuery(d);
  await qc.fetchQuery(opts);
  await loadMoreFlat(qc, d);
  await loadMoreFlat(qc, d);
  expect(qc.getQueryData<ListData>(opts.queryKey)!.ids).toHaveLength(6);
  await qc.refetchQueries({ queryKey: opts.queryKey });
  const data = qc.getQueryData<ListData>(opts.queryKey)!;
  expect(data.ids).toEqual(items.slice(0, 6).map((i) => i.id));
  expect(data).toMatchObject({ nextPage: 3, hasMore: true });
  expect(asked.at(-1)).toBe("6");
});

it("reads again when a load more ended while its read was on its way", async () => {
  qc = new QueryClient();
  server.answer = async (q) => pageOf(q);
  const opts = workItemListQuery(d);
  await qc.fetchQuery(opts);
  // the re-read's first answer is held back until a "load more" has added the second page
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let asked = false;
  server.answer = async (q) => {
    if (q.cursor === "2:0:0") {
      asked = true;
      server.answer = async (q2) => pageOf(q2);
      await held;
    }
    return pageOf(q);
  };
  const reread = qc.refetchQueries({ queryKey: opts.queryKey });
  await vi.waitFor(() => expect(asked).toBe(true));
  await loadMoreFlat(qc, d);
  expect(qc.getQueryData<ListData>(opts.queryKey)!.ids).toHaveLength(4);
  release();
  await reread;
  expect(qc.getQueryData<ListData>(opts.queryKey)!.ids).toEqual(items.slice(0, 4).map((i) => i.id));
});
