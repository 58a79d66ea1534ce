import { getTableColumns, type Table } from "drizzle-orm";
import { z } from "zod";
import type { Paginated, V1Object } from "@stride/shared/contract";
import { envelope, parsePage } from "../../http/pagination.ts";
import { errors } from "../../http/errors.ts";

/**
 * The public API v1's shapes (wire-facts §12): objects are a model's columns under their column names (FKs as bare
 * ids under the FK name, `+audit`), lists are the §0 envelope, and every answer honours `?fields=` (keep only these
 * keys; `id` always) and `?expand=` (inline the objects behind the named id keys).
 */
export type { V1Object } from "@stride/shared/contract";

/** Columns every v1 object leaves out: list-engine bookkeeping kept on the rows. */
const INTERNAL = new Set([
  "list_version",
  "issue_sequence",
  "assignee_ids",
  "label_ids",
  "module_ids",
  "cycle_id",
  "link_count",
  "attachment_count",
  "sub_issues_count",
  "description_json",
  "description_stripped",
  "comment_stripped",
  "comment_json",
]);

function wire(v: unknown): unknown {
  if (v instanceof Date) return v.toISOString();
  if (v instanceof Uint8Array) return Buffer.from(v).toString("base64");
  return v;
}

/** A row as "all columns" (wire-facts §0): each column under its database name, `deleted_at` null unless kept. */
export function columns<T extends Table>(table: T, row: T["$inferSelect"], omit: readonly string[] = []): V1Object {
  const out: V1Object = {};
  const skip = new Set(omit);
  for (const [key, col] of Object.entries(getTableColumns(table))) {
    if (INTERNAL.has(col.name) || skip.has(col.name)) continue;
    out[col.name] = wire((row as Record<string, unknown>)[key]);
  }
  if (!("deleted_at" in out)) out.deleted_at = null;
  return out;
}

/** `fields` and `expand` of every v1 GET: comma lists. */
export const shapeQuery = {
  fields: z.string().max(2000).optional(),
  expand: z.string().max(2000).optional(),
};
/** The paginated list query of v1 (`per_page`, `cursor` checked by parsePage), with `fields` / `expand`. */
export const v1ListQuery = z
  .object({
    ...shapeQuery,
    per_page: z.string().optional(),
    cursor: z.string().optional(),
    order_by: z.string().max(100).optional(),
    external_id: z.string().max(255).optional(),
    external_source: z.string().max(255).optional(),
  })
  .passthrough();
export type V1ListQuery = z.infer<typeof v1ListQuery>;
export const v1ShapeQuery = z.object(shapeQuery).passthrough();

export const commaList = (s: string | undefined): string[] =>
  (s ?? "")
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean);

/** Keep only the asked fields (`id` always); without `fields`, everything. */
export function pickFields(obj: V1Object, fields: string | undefined): V1Object {
  const keep = commaList(fields);
  if (!keep.length) return obj;
  const out: V1Object = {};
  for (const k of ["id", ...keep]) if (k in obj) out[k] = obj[k];
  return out;
}

/**
 * Resolvers of `expand`: for a key of the object, load the objects behind its ids (one query for a whole page).
 * Each returns a map id → expanded object.
 */
export type Expanders = Record<string, (ids: string[]) => Promise<Map<string, V1Object>>>;

/** Apply `expand` then `fields` to a page of objects. Unknown expand keys are ignored, as Plane does. */
export async function shapeAll(
  objs: V1Object[],
  query: { fields?: string; expand?: string },
  expanders: Expanders = {},
): Promise<V1Object[]> {
  const wanted = commaList(query.expand).filter((k) => k in expanders);
  for (const key of wanted) {
    const ids = new Set<string>();
    for (const o of objs) {
      const v = o[key];
      if (Array.isArray(v)) v.forEach((x) => typeof x === "string" && ids.add(x));
      else if (typeof v === "string") ids.add(v);
    }
    const found = ids.size ? await expanders[key]([...ids]) : new Map<string, V1Object>();
    for (const o of objs) {
      const v = o[key];
      if (Array.isArray(v)) o[key] = v.map((x) => found.get(x as string)).filter(Boolean);
      else if (typeof v === "string") o[key] = found.get(v) ?? null;
    }
  }
  return objs.map((o) => pickFields(o, query.fields));
}

export async function shapeOne(
  obj: V1Object,
  query: { fields?: string; expand?: string },
  expanders: Expanders = {},
): Promise<V1Object> {
  return (await shapeAll([obj], query, expanders))[0];
}

/**
 * A paginated v1 list over rows already in order: one page cut from a counted query. `load(limit, offset)` returns
 * the page's rows; `total` all of them.
 */
export async function v1Page<R>(
  query: { per_page?: string; cursor?: string; fields?: string; expand?: string },
  total: () => Promise<number>,
  load: (limit: number, offset: number) => Promise<R[]>,
  present: (rows: R[]) => Promise<V1Object[]> | V1Object[],
  expanders: Expanders = {},
): Promise<Paginated<V1Object>> {
  const page = parsePage(query);
  const [n, rows] = await Promise.all([total(), load(page.perPage, page.offset)]);
  const results = await shapeAll(await present(rows), query, expanders);
  return envelope(page, n, results, results.length);
}

/** v1's duplicate answer: 409 `{error, id}` naming the existing object (wire-facts §11). */
export const duplicateExternal = (what: string, id: string) =>
  errors.conflict({ error: `${what} with the same external id and external source already exists`, id });
