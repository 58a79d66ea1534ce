import { sql, type SQL } from "drizzle-orm";
import { pageIssueIds, ROLE } from "@stride/shared";
import type { DbOrTx } from "../db/client.ts";
import { errors, type HttpError } from "./errors.ts";
import { seesOnlyOwnWorkItems } from "./policies.ts";
import type { ProjectMemberRow, ProjectRow } from "./route.ts";

/**
 * What a caller may read, asked in one place (issue #24): the ids a request names in its body, and whose work items
 * a guest counts.
 *
 * Every endpoint that takes the ids of other work items, cycles, modules, pages or projects in its body (relations,
 * parents, duplicates, sub-items, cycle and module membership, favourites, moves, page embeds and work-item mentions,
 * bulk operations, their v1 and intake variants, the MCP tools) asks `requireReadable` before it acts. An id the
 * caller cannot read answers exactly like an id that names nothing — the kind's not-found error — so a body learns
 * nothing about what exists beyond the caller's reach.
 */

/** The things a body can name by id. */
export type ReadableKind = "issue" | "cycle" | "module" | "page" | "project";

/** Who reads (null: someone signed out, such as the public intake form, who reads nothing), and in which workspace. */
export interface Reader {
  userId: string | null;
  workspaceId: string;
}

export const readerOf = (ctx: { user: { id: string }; workspace: { id: string } }): Reader => ({
  userId: ctx.user.id,
  workspaceId: ctx.workspace.id,
});

/** The answer to an id the caller may not read (or that names nothing): the spec's not-found body of each kind. */
export const NOT_READABLE: Record<ReadableKind, () => HttpError> = {
  issue: () => errors.notFound("Work item not found"),
  cycle: () => errors.notFound("Cycle not found"),
  module: () => errors.notFound("Module does not exist"),
  page: () => errors.notFound(),
  project: () => errors.notFound("Project not found"),
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Who may read a work item, as SQL on its row `alias` for the reader `me` (an SQL expression of their id): an active
 * member of its project, which is not archived, who sees every item there (member or admin, or a guest where guests
 * see every item) or created this one (wire-facts §6.1). The list engine's string-built statements use it too.
 */
export function itemReadableSql(alias: string, me: string): string {
  return `EXISTS (SELECT 1 FROM project_members rm JOIN projects rp ON rp.id = rm.project AND rp.archived_at IS NULL
    WHERE rm.project = ${alias}.project AND rm.member = ${me} AND rm.is_active
      AND (rm.role >= ${ROLE.MEMBER} OR rp.guest_view_all_features OR ${alias}.created_by = ${me}))`;
}

/** A user id as an SQL literal (ids come from the session's row; anything else is refused). */
function uuidLiteral(id: string): string {
  if (!UUID.test(id)) throw new Error("not a uuid");
  return `'${id}'::uuid`;
}

/**
 * The one rule, per kind, as a condition on the row `x` (joined with the reader's active membership `pm` of its
 * project and the project `p`): not deleted, in a project of the workspace that is not archived and that the reader
 * is in; a work item also visible to them (`itemReadableSql`); a page public or theirs (platform.md §6).
 */
function readableRows(
  kind: ReadableKind,
  r: Reader & { userId: string },
  ids: string[],
  projectId: string | undefined,
): SQL {
  const list = sql`ARRAY[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;
  const member = (
    project: SQL,
  ) => sql`JOIN projects p ON p.id = ${project} AND p.workspace = ${r.workspaceId} AND p.archived_at IS NULL
      ${projectId ? sql`AND p.id = ${projectId}` : sql``}
    JOIN project_members pm ON pm.project = p.id AND pm.member = ${r.userId} AND pm.is_active`;
  switch (kind) {
    case "issue":
      return sql`SELECT x.id FROM issues x ${member(sql`x.project`)}
        WHERE x.id = ANY(${list}) AND x.deleted_at IS NULL AND ${sql.raw(itemReadableSql("x", uuidLiteral(r.userId)))}`;
    case "cycle":
      return sql`SELECT x.id FROM cycles x ${member(sql`x.project`)} WHERE x.id = ANY(${list})`;
    case "module":
      return sql`SELECT x.id FROM modules x ${member(sql`x.project`)} WHERE x.id = ANY(${list})`;
    case "page":
      return sql`SELECT x.id FROM pages x ${member(sql`x.project`)} WHERE x.id = ANY(${list}) AND (x.access = 0 OR x.owned_by = ${r.userId})`;
    case "project":
      return sql`SELECT p.id FROM projects x ${member(sql`x.id`)} WHERE x.id = ANY(${list})`;
  }
}

/** The ids among `ids` that `reader` cannot read (or that name nothing), in their order; `projectId` narrows to one project. */
export async function unreadableIds(
  db: DbOrTx,
  reader: Reader,
  kind: ReadableKind,
  ids: readonly string[],
  opts: { projectId?: string } = {},
): Promise<string[]> {
  const wanted = [...new Set(ids.map((id) => id.toLowerCase()))];
  if (!wanted.length || !reader.userId) return wanted;
  const rows = await db.execute<{ id: string }>(
    sql`SELECT r.id::text AS id FROM (${readableRows(kind, { ...reader, userId: reader.userId }, wanted, opts.projectId)}) r`,
  );
  const ok = new Set([...rows].map((row) => row.id));
  return wanted.filter((id) => !ok.has(id));
}

/**
 * Refuse the request unless `reader` may read every one of `ids` (and, with `projectId`, each is of that project):
 * `error` or the kind's not-found answer (`NOT_READABLE`).
 */
export async function requireReadable(
  db: DbOrTx,
  reader: Reader,
  kind: ReadableKind,
  ids: readonly (string | null | undefined)[],
  opts: { projectId?: string; error?: () => HttpError } = {},
): Promise<void> {
  const named = ids.filter((id): id is string => !!id);
  if (!named.length) return;
  if ((await unreadableIds(db, reader, kind, named, opts)).length) throw (opts.error ?? NOT_READABLE[kind])();
}

/**
 * Rich text that mentions or embeds work items (`<mention-component entity_name="issue">`, `<issue-embed-component>`):
 * refuse it when it adds one the writer cannot read. Only the items `html` adds to `before` (the stored text) are
 * asked, so a text that keeps an older embed of an item the writer no longer reads can still be edited.
 */
export async function requireReadableMentions(
  db: DbOrTx,
  reader: Reader,
  html: string | null | undefined,
  before: string | null | undefined = null,
): Promise<void> {
  if (!html) return;
  const had = new Set(pageIssueIds(before));
  await requireReadable(
    db,
    reader,
    "issue",
    pageIssueIds(html).filter((id) => UUID.test(id) && !had.has(id)),
  );
}

/** Of the work items `ids`, those `reader` may read (for lists that show related items: relations). */
export async function readableOnly(db: DbOrTx, reader: Reader, ids: readonly string[]): Promise<Set<string>> {
  const hidden = new Set(await unreadableIds(db, reader, "issue", ids));
  return new Set(ids.filter((id) => !hidden.has(id.toLowerCase())));
}

/**
 * Whose work items alone the caller sees in the project: themselves when they are a guest of a project whose
 * guests see only the items they created (wire-facts §6.1), else null (every item). Counts and stats take it so a
 * guest counts only what their lists show.
 */
export function onlyItemsOf(ctx: {
  user: { id: string };
  project: ProjectRow;
  projectMember: ProjectMemberRow | null;
}): string | null {
  return seesOnlyOwnWorkItems({
    projectRole: ctx.projectMember?.role ?? null,
    guestViewAllFeatures: ctx.project.guestViewAllFeatures,
  })
    ? ctx.user.id
    : null;
}
