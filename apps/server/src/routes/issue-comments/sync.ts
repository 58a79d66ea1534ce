import { and, asc, count, eq, inArray, isNull, sql } from "drizzle-orm";
import { isFilterDate, isFilterDateTime } from "@stride/shared";
import type { Comment, SyncEnvelope } from "@stride/shared/contract";
import { schema } from "../../db/client.ts";
import { errors } from "../../http/errors.ts";
import { parsePage } from "../../http/pagination.ts";
import { seesOnlyOwnWorkItems } from "../../http/policies.ts";
import type { ProjectCtx } from "../../http/route.ts";
import { one } from "../../domain/work-item-list/index.ts";
import { itemIds } from "../issue-lists/index.ts";
import { presentComments } from "./presenters.ts";

const C = schema.issueComments;
const I = schema.issues;

/** `updated_at__gt`: a date or a date-time (a space read as the `+` of an offset a query string turned), else 400. */
function since(raw: string | undefined): string | null {
  const s = raw?.trim().replace(" ", "+") || null;
  if (s && !isFilterDateTime(s) && !isFilterDate(s)) {
    throw errors.body(400, {
      message: `Invalid value '${s}' for filter 'updated_at__gt'`,
      code: "invalid_filter_value",
    });
  }
  return s;
}

/**
 * GET /api/v2/…/projects/{id}/comments/: the local database's sync of a project's comments (docs/decisions.md), the
 * v2 issues sync's sibling — pages (`500:page:0`) ordered by `updated_at` ascending, `updated_at__gt` (compared at the
 * milliseconds the answers carry, as the history's `created_at__gt`), `issues=a,b` (the named items' comments). The
 * comments of the project's items the caller may read (deleted items' never; a guest without the project's full view:
 * those of their own items, as the v2 issues sync), each as the history's `issue-comment` entries present it. A
 * deleted comment is answered with its `deleted_at` set when asked for changes (`updated_at__gt` or `issues=`), so the
 * client drops it; the first read (neither) has only the comments not deleted.
 */
export async function syncComments(ctx: ProjectCtx<unknown, Record<string, unknown>>): Promise<SyncEnvelope<Comment>> {
  const page = parsePage({ per_page: one(ctx.query.per_page), cursor: one(ctx.query.cursor) }, 1000);
  const after = since(one(ctx.query.updated_at__gt));
  const ids = one(ctx.query.issues) === undefined ? null : itemIds(one(ctx.query.issues));
  const ownOnly = seesOnlyOwnWorkItems({
    projectRole: ctx.projectMember?.role ?? null,
    guestViewAllFeatures: ctx.project.guestViewAllFeatures,
  });
  const where = and(
    eq(C.projectId, ctx.project.id),
    isNull(I.deletedAt),
    after || ids ? undefined : isNull(C.deletedAt),
    after ? sql`date_trunc('milliseconds', ${C.updatedAt}) > ${after}::timestamptz` : undefined,
    ids ? inArray(C.issueId, ids) : undefined,
    ownOnly ? eq(I.createdById, ctx.user.id) : undefined,
  );
  const db = ctx.app.db;
  const [{ total }] = await db.select({ total: count() }).from(C).innerJoin(I, eq(I.id, C.issueId)).where(where);
  const rows = await db
    .select({ c: C })
    .from(C)
    .innerJoin(I, eq(I.id, C.issueId))
    .where(where)
    .orderBy(asc(C.updatedAt), asc(C.id))
    .limit(page.perPage)
    .offset(page.offset);
  const results = await presentComments(
    db,
    rows.map((r) => r.c),
    ctx.project,
    ctx.workspace,
  );
  // the v2 issues sync's envelope (issue-lists/presenters.ts `presentSync`): next_cursor null at the end
  const next = page.offset + results.length < total;
  return {
    prev_cursor: page.page > 0 ? `${page.perPage}:${page.page - 1}:0` : null,
    cursor: page.cursor,
    next_cursor: next ? `${page.perPage}:${page.page + 1}:0` : null,
    prev_page_results: page.page > 0,
    next_page_results: next,
    page_count: results.length,
    total_results: total,
    total_pages: Math.ceil(total / page.perPage),
    results,
  };
}
