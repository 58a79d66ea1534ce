import type { FastifyInstance } from "fastify";
import { and, asc, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { parseSearchQuery } from "@stride/shared";
import { v1WorkItemBodies, type V1WorkItemPatchBody } from "@stride/shared/contract";
import { v1WorkItemEndpoints as WI, type AnyEndpoint } from "@stride/shared/endpoints";
import { route, type ProjectCtx } from "../../http/route.ts";
import { POLICIES, PERMISSIONS, seesOnlyOwnWorkItems } from "../../http/policies.ts";
import type { AppContext } from "../../core/context.ts";
import { idParam, issueParams, projectParams, slugParams } from "../../http/fields.ts";
import { errors } from "../../http/errors.ts";
import { htmlField } from "../../core/sanitize.ts";
import { envelope } from "../../http/pagination.ts";
import { listWorkItems, parseListQuery, safeTimeZone, type ListContext } from "../../domain/work-item-list/index.ts";
import { schema, type DbOrTx } from "../../db/client.ts";
import {
  archiveIssues,
  createIssueWithView,
  deleteIssue,
  restoreIssue,
  updateIssue,
  type IssueFields,
} from "../issues/commands.ts";
import { assertCanSee, issueNotFound, loadIssueForRoute, notAllowedToView } from "../issues/access.ts";
import { loadIssueView, loadIssueViewsOrdered, lookupIssueByKey } from "../issues/queries.ts";
import { createLink, deleteLink, linkParams, loadLink, updateLink } from "../issues/links.ts";
import { createLinkBody, updateLinkBody } from "../issues/schemas.ts";
import { commentCreateBody, commentParams, commentPatchBody } from "../issue-comments/schemas.ts";
import { createComment, deleteComment, loadComment, updateComment } from "../issue-comments/commands.ts";
import { inSearch, searchIssues } from "../search/commands.ts";
import { addRelations, relationLists } from "../issues/relations.ts";
import { readerOf, type Reader } from "../../http/readable.ts";
import { addRelationsBody } from "../issues/schemas.ts";
import { presentSearchIssue } from "../search/presenters.ts";
import {
  authorExpanders,
  presentV1Activity,
  presentV1Comment,
  presentV1Link,
  presentV1WorkItem,
  workItemExpanders,
} from "./presenters.ts";
import {
  columns,
  duplicateExternal,
  shapeAll,
  shapeOne,
  v1ListQuery,
  v1Page,
  v1ShapeQuery,
  type V1ListQuery,
  type V1Object,
} from "./shape.ts";
import { externalKey } from "./project.ts";

const { create: v1WorkItemCreateBody, patch: v1WorkItemPatchBody } = v1WorkItemBodies(htmlField);
export { v1WorkItemCreateBody, v1WorkItemPatchBody };

const I = schema.issues;

/** An endpoint of the table (under `issues/`) and its twin under `work-items/` (Plane's both names). */
const both = <E extends AnyEndpoint>(endpoint: E) => ({
  endpoint,
  aliases: [endpoint.path.replace("/issues/", "/work-items/").replace("/archived-issues/", "/archived-work-items/")],
});

/** v1 field names → the app's work-item fields (the commands of routes/issues/). */
function toIssueFields(b: V1WorkItemPatchBody): IssueFields {
  const { state, parent, assignees, labels, ...rest } = b;
  const out: IssueFields = { ...rest };
  if (state !== undefined) out.state_id = state;
  if (parent !== undefined) out.parent_id = parent;
  if (assignees !== undefined) out.assignee_ids = assignees;
  if (labels !== undefined) out.label_ids = labels;
  return out;
}

/** One item in v1's shape, with `fields` / `expand`. */
async function presentOne(
  db: DbOrTx,
  id: string,
  projectId: string,
  query: { fields?: string; expand?: string } = {},
): Promise<V1Object> {
  const view = await loadIssueView(db, id);
  if (!view) throw errors.notFound();
  return shapeOne(presentV1WorkItem(view), query, workItemExpanders(db, projectId));
}

/** 409 `{error, id}` when the project already has an item of this external id and source. */
async function refuseDuplicateExternal(
  db: DbOrTx,
  projectId: string,
  b: { external_id?: string | null; external_source?: string | null },
  exceptId?: string,
) {
  if (!b.external_id || !b.external_source) return;
  const [dup] = await db
    .select({ id: I.id })
    .from(I)
    .where(
      and(
        eq(I.projectId, projectId),
        eq(I.externalId, b.external_id),
        eq(I.externalSource, b.external_source),
        isNull(I.deletedAt),
      ),
    )
    .limit(1);
  if (dup && dup.id !== exceptId) throw duplicateExternal("Issue", dup.id);
}

/** The v1 list of a context: the list engine's page (its order, guest rule and counts), each row in v1's shape. */
export async function v1WorkItemList(ctx: ProjectCtx, context: ListContext, query: V1ListQuery) {
  const viewer = {
    userId: ctx.user.id,
    timezone: safeTimeZone(ctx.user.userTimezone),
    ownOnly: seesOnlyOwnWorkItems({
      projectRole: ctx.projectMember?.role ?? null,
      guestViewAllFeatures: ctx.project.guestViewAllFeatures,
    }),
  };
  const parsed = parseListQuery(
    { per_page: query.per_page, cursor: query.cursor, order_by: query.order_by },
    { timezone: viewer.timezone, grouping: false, defaultOrder: "-created_at" },
  );
  const result = await listWorkItems(ctx.app, { context, viewer, ...parsed, shape: "list" });
  const ids = (result.results as { id: string }[]).map((r) => r.id);
  const views = await loadIssueViewsOrdered(ctx.app.db, ids);
  const results = await shapeAll(views.map(presentV1WorkItem), query, workItemExpanders(ctx.app.db, ctx.project.id));
  return envelope(parsed.page, result.totalCount, results, results.length);
}

const keyParams = slugParams.extend({ key: z.string().max(300) });
const searchQuery = z
  .object({
    search: z.string().max(500).optional(),
    limit: z.coerce.number().int().min(1).max(100).optional(),
    workspace_search: z.string().optional(),
    project_id: idParam().optional(),
    /** Plane's Node SDK names the project `project`. */
    project: idParam().optional(),
  })
  .passthrough();

/** v1 work items under `issues/` and `work-items/`: list, create, get, patch, delete, lookup, search, links, comments, activities. */
export function registerV1WorkItems(fastify: FastifyInstance, app: AppContext) {
  const db = app.db;

  route(fastify, app, {
    ...both(WI.list),
    auth: "apiKey",
    scope: "project",
    params: projectParams,
    query: v1ListQuery,
    policy: PERMISSIONS.workItem.view,
    handler: async (ctx) => {
      const ext = externalKey(ctx.query);
      if (ext) {
        const [row] = await db
          .select({ id: I.id, createdById: I.createdById })
          .from(I)
          .where(
            and(
              eq(I.projectId, ctx.project.id),
              eq(I.externalId, ext.id),
              eq(I.externalSource, ext.source),
              isNull(I.deletedAt),
            ),
          )
          .limit(1);
        if (!row) throw errors.notFound();
        assertCanSee(ctx.user.id, ctx.project, ctx.projectMember, row);
        return presentOne(db, row.id, ctx.project.id, ctx.query);
      }
      return v1WorkItemList(
        ctx,
        {
          kind: "project",
          workspaceId: ctx.workspace.id,
          projectId: ctx.project.id,
          projectArchived: !!ctx.project.archivedAt,
        },
        ctx.query,
      );
    },
  });

  route(fastify, app, {
    ...both(WI.create),
    auth: "apiKey",
    scope: "project",
    params: projectParams,
    body: v1WorkItemCreateBody,
    policy: PERMISSIONS.workItem.create,
    status: 201,
    handler: async (ctx) => {
      await refuseDuplicateExternal(db, ctx.project.id, ctx.body);
      const { issue } = await db.transaction((tx) =>
        createIssueWithView(tx, ctx.project, ctx.user.id, toIssueFields(ctx.body) as IssueFields & { name: string }),
      );
      return presentOne(db, issue.id, ctx.project.id);
    },
  });

  // search and lookup by key sit at workspace level (static `search/` wins over `:key`)
  route(fastify, app, {
    ...both(WI.search),
    auth: "apiKey",
    scope: "workspace",
    params: slugParams,
    query: searchQuery,
    policy: PERMISSIONS.search.workspace,
    handler: async (ctx) => {
      const q = parseSearchQuery(ctx.query.search ?? "");
      const projectId = ctx.query.workspace_search === "true" ? undefined : (ctx.query.project_id ?? ctx.query.project);
      const rows = await inSearch(
        ctx.app,
        (tx, corrected) =>
          searchIssues(
            tx,
            q,
            { workspaceId: ctx.workspace.id, userId: ctx.user.id, projectId, limit: ctx.query.limit ?? 10 },
            corrected,
          ),
        { workspaceId: ctx.workspace.id, q },
      );
      return { issues: rows.map((r) => presentSearchIssue(r, ctx.workspace.slug)) };
    },
  });

  route(fastify, app, {
    ...both(WI.byKey),
    auth: "apiKey",
    scope: "workspace",
    params: keyParams,
    query: v1ShapeQuery,
    policy: POLICIES.workspace.read,
    handler: async (ctx) => {
      const m = /^(.+)-(\d{1,9})$/.exec(ctx.params.key);
      if (!m) throw errors.notFound();
      const found = await lookupIssueByKey(db, ctx.workspace.id, ctx.user.id, m[1], Number(m[2]));
      // the identifier must match exactly (upper-case), as Plane's v1 does
      if (!found || found.project.identifier !== m[1]) throw issueNotFound();
      if (!found.member) throw notAllowedToView();
      if (!found.view) throw issueNotFound();
      assertCanSee(ctx.user.id, found.project, found.member, found.view.issue);
      return shapeOne(presentV1WorkItem(found.view), ctx.query, workItemExpanders(db, found.project.id));
    },
  });

  route(fastify, app, {
    ...both(WI.get),
    auth: "apiKey",
    scope: "project",
    params: issueParams,
    query: v1ShapeQuery,
    policy: PERMISSIONS.workItem.view,
    load: (ctx) => loadIssueForRoute(ctx),
    handler: async (ctx) => presentOne(db, ctx.loaded.id, ctx.project.id, ctx.query),
  });

  route(fastify, app, {
    ...both(WI.update),
    auth: "apiKey",
    scope: "project",
    params: issueParams,
    body: v1WorkItemPatchBody,
    policy: PERMISSIONS.workItem.edit,
    load: (ctx) => loadIssueForRoute(ctx),
    creatorOf: (issue) => issue.createdById,
    handler: async (ctx) => {
      await refuseDuplicateExternal(
        db,
        ctx.project.id,
        {
          external_id: ctx.body.external_id ?? ctx.loaded.externalId,
          external_source: ctx.body.external_source ?? ctx.loaded.externalSource,
        },
        ctx.loaded.id,
      );
      await db.transaction((tx) =>
        updateIssue(tx, ctx.project, ctx.user.id, ctx.loaded.id, toIssueFields(ctx.body), { stateField: "state" }),
      );
      return presentOne(db, ctx.loaded.id, ctx.project.id);
    },
  });

  route(fastify, app, {
    ...both(WI.remove),
    auth: "apiKey",
    scope: "project",
    params: issueParams,
    policy: PERMISSIONS.workItem.delete,
    status: 204,
    load: (ctx) => loadIssueForRoute(ctx),
    creatorOf: (issue) => issue.createdById,
    handler: async (ctx) => {
      await db.transaction((tx) =>
        deleteIssue(tx, ctx.loaded, ctx.user.id, (msg, err, childId) => ctx.req.log.error({ err, childId }, msg)),
      );
    },
  });

  // ---------------------------------------------------------------- archive (Plane's SDK: archive/, unarchive/, archived-work-items/)
  route(fastify, app, {
    ...both(WI.archive),
    auth: "apiKey",
    scope: "project",
    params: issueParams,
    policy: PERMISSIONS.workItem.archive,
    status: 204,
    load: (ctx) => loadIssueForRoute(ctx),
    handler: async (ctx) => {
      await db.transaction((tx) => archiveIssues(tx, [ctx.loaded], ctx.user.id));
    },
  });
  route(fastify, app, {
    ...both(WI.unarchive),
    auth: "apiKey",
    scope: "project",
    params: issueParams,
    policy: PERMISSIONS.workItem.restore,
    status: 204,
    load: (ctx) => loadIssueForRoute(ctx, { onlyArchived: true }),
    handler: async (ctx) => {
      await db.transaction((tx) => restoreIssue(tx, ctx.loaded, ctx.user.id));
    },
  });
  route(fastify, app, {
    ...both(WI.archived),
    auth: "apiKey",
    scope: "project",
    params: projectParams,
    query: v1ListQuery,
    policy: PERMISSIONS.workItem.view,
    handler: async (ctx) =>
      v1WorkItemList(ctx, { kind: "archived", workspaceId: ctx.workspace.id, projectId: ctx.project.id }, ctx.query),
  });

  // ---------------------------------------------------------------- links
  const L = schema.issueLinks;
  route(fastify, app, {
    ...both(WI.links),
    auth: "apiKey",
    scope: "project",
    params: issueParams,
    query: v1ListQuery,
    policy: PERMISSIONS.workItem.view,
    load: (ctx) => loadIssueForRoute(ctx),
    handler: async (ctx) =>
      v1Page(
        ctx.query,
        async () => (await db.select({ n: count() }).from(L).where(eq(L.issueId, ctx.loaded.id)))[0].n,
        (limit, offset) =>
          db
            .select()
            .from(L)
            .where(eq(L.issueId, ctx.loaded.id))
            .orderBy(desc(L.createdAt), asc(L.id))
            .limit(limit)
            .offset(offset),
        (rows) => rows.map(presentV1Link),
        authorExpanders(db),
      ),
  });
  route(fastify, app, {
    ...both(WI.createLink),
    auth: "apiKey",
    scope: "project",
    params: issueParams,
    body: createLinkBody,
    policy: PERMISSIONS.workItem.link,
    status: 201,
    load: (ctx) => loadIssueForRoute(ctx),
    handler: async (ctx) => presentV1Link(await createLink(db, ctx.loaded, ctx.user.id, ctx.body)),
  });
  route(fastify, app, {
    ...both(WI.link),
    auth: "apiKey",
    scope: "project",
    params: linkParams,
    query: v1ShapeQuery,
    policy: PERMISSIONS.workItem.view,
    load: loadLink,
    handler: async (ctx) => shapeOne(presentV1Link(ctx.loaded), ctx.query, authorExpanders(db)),
  });
  route(fastify, app, {
    ...both(WI.updateLink),
    auth: "apiKey",
    scope: "project",
    params: linkParams,
    body: updateLinkBody,
    policy: PERMISSIONS.workItem.link,
    load: loadLink,
    handler: async (ctx) => presentV1Link(await updateLink(db, ctx.loaded, ctx.user.id, ctx.body)),
  });
  route(fastify, app, {
    ...both(WI.removeLink),
    auth: "apiKey",
    scope: "project",
    params: linkParams,
    policy: PERMISSIONS.workItem.link,
    status: 204,
    load: loadLink,
    handler: async (ctx) => deleteLink(db, ctx.loaded, ctx.user.id),
  });

  // ---------------------------------------------------------------- comments
  const commentTable = schema.issueComments;
  /** Which of these people are active members of the workspace (`is_member` of a comment's author). */
  const workspaceMembersAmong = async (workspaceId: string, userIds: (string | null)[]) => {
    const ids = [...new Set(userIds.filter((x): x is string => !!x))];
    if (!ids.length) return new Set<string>();
    const WM = schema.workspaceMembers;
    const rows = await db
      .select({ id: WM.memberId })
      .from(WM)
      .where(and(eq(WM.workspaceId, workspaceId), eq(WM.isActive, true), inArray(WM.memberId, ids)));
    return new Set(rows.map((r) => r.id));
  };
  const presentComments = async (workspaceId: string, rows: (typeof commentTable.$inferSelect)[]) => {
    const members = await workspaceMembersAmong(
      workspaceId,
      rows.map((r) => r.actorId),
    );
    return rows.map((r) => presentV1Comment(r, !!r.actorId && members.has(r.actorId)));
  };
  const liveComments = (issueId: string) => and(eq(commentTable.issueId, issueId), isNull(commentTable.deletedAt));
  route(fastify, app, {
    ...both(WI.comments),
    auth: "apiKey",
    scope: "project",
    params: issueParams,
    query: v1ListQuery,
    policy: PERMISSIONS.comment.view,
    load: (ctx) => loadIssueForRoute(ctx),
    handler: async (ctx) => {
      const ext = externalKey(ctx.query);
      const where = and(
        liveComments(ctx.loaded.id),
        ext ? and(eq(commentTable.externalId, ext.id), eq(commentTable.externalSource, ext.source)) : undefined,
      );
      if (ext) {
        const [row] = await db.select().from(commentTable).where(where).limit(1);
        if (!row) throw errors.notFound();
        return shapeOne((await presentComments(ctx.workspace.id, [row]))[0], ctx.query, authorExpanders(db));
      }
      return v1Page(
        ctx.query,
        async () => (await db.select({ n: count() }).from(commentTable).where(where))[0].n,
        (limit, offset) =>
          db
            .select()
            .from(commentTable)
            .where(where)
            .orderBy(asc(commentTable.createdAt), asc(commentTable.id))
            .limit(limit)
            .offset(offset),
        (rows) => presentComments(ctx.workspace.id, rows),
        authorExpanders(db),
      );
    },
  });
  route(fastify, app, {
    ...both(WI.createComment),
    auth: "apiKey",
    scope: "project",
    params: issueParams,
    body: commentCreateBody,
    policy: PERMISSIONS.comment.create,
    status: 201,
    load: (ctx) => loadIssueForRoute(ctx),
    handler: async (ctx) => {
      const b = ctx.body;
      if (b.external_id && b.external_source) {
        const [dup] = await db
          .select({ id: commentTable.id })
          .from(commentTable)
          .where(
            and(
              liveComments(ctx.loaded.id),
              eq(commentTable.externalId, b.external_id),
              eq(commentTable.externalSource, b.external_source),
            ),
          )
          .limit(1);
        if (dup) throw duplicateExternal("Comment", dup.id);
      }
      const row = await db.transaction((tx) => createComment(tx, ctx.loaded, ctx.user.id, b));
      return (await presentComments(ctx.workspace.id, [row]))[0];
    },
  });
  route(fastify, app, {
    ...both(WI.comment),
    auth: "apiKey",
    scope: "project",
    params: commentParams,
    query: v1ShapeQuery,
    policy: PERMISSIONS.comment.view,
    load: loadComment,
    handler: async (ctx) =>
      shapeOne((await presentComments(ctx.workspace.id, [ctx.loaded.comment]))[0], ctx.query, authorExpanders(db)),
  });
  route(fastify, app, {
    ...both(WI.updateComment),
    auth: "apiKey",
    scope: "project",
    params: commentParams,
    body: commentPatchBody,
    policy: PERMISSIONS.comment.edit,
    load: loadComment,
    creatorOf: (l) => l.comment.actorId,
    handler: async (ctx) => {
      const row = await db.transaction((tx) =>
        updateComment(tx, ctx.loaded.issue, ctx.loaded.comment, ctx.user.id, ctx.body),
      );
      return (await presentComments(ctx.workspace.id, [row]))[0];
    },
  });
  route(fastify, app, {
    ...both(WI.removeComment),
    auth: "apiKey",
    scope: "project",
    params: commentParams,
    policy: PERMISSIONS.comment.delete,
    status: 204,
    load: loadComment,
    creatorOf: (l) => l.comment.actorId,
    handler: async (ctx) => {
      await db.transaction((tx) => deleteComment(tx, ctx.loaded.issue, ctx.loaded.comment, ctx.user.id));
    },
  });

  // ---------------------------------------------------------------- relations
  const relationIds = async (issueId: string, reader: Reader) => {
    const lists = await relationLists(db, issueId, reader);
    return Object.fromEntries(
      Object.entries(lists).map(([type, items]) => [
        type,
        items.map((i) => ({ project_id: i.project_id, issue_id: i.id })),
      ]),
    );
  };
  route(fastify, app, {
    ...both(WI.relations),
    auth: "apiKey",
    scope: "project",
    params: issueParams,
    policy: PERMISSIONS.workItem.view,
    load: (ctx) => loadIssueForRoute(ctx),
    handler: async (ctx) => relationIds(ctx.loaded.id, readerOf(ctx)),
  });
  route(fastify, app, {
    ...both(WI.addRelations),
    auth: "apiKey",
    scope: "project",
    params: issueParams,
    body: addRelationsBody,
    policy: PERMISSIONS.workItem.link,
    status: 201,
    load: (ctx) => loadIssueForRoute(ctx),
    handler: async (ctx) => {
      const ids = new Set(await addRelations(db, ctx.loaded, ctx.user.id, ctx.body.relation_type, ctx.body.issues));
      const rows = await db
        .select()
        .from(schema.issueRelations)
        .where(
          and(
            eq(schema.issueRelations.workspaceId, ctx.workspace.id),
            sql`(${schema.issueRelations.issueId} = ${ctx.loaded.id} OR ${schema.issueRelations.relatedIssueId} = ${ctx.loaded.id})`,
          ),
        );
      return rows
        .filter((r) => ids.has(r.issueId === ctx.loaded.id ? r.relatedIssueId : r.issueId))
        .map((r) => columns(schema.issueRelations, r));
    },
  });

  // ---------------------------------------------------------------- activities
  const A = schema.issueActivities;
  const activityParams = issueParams.extend({ activityId: idParam() });
  route(fastify, app, {
    ...both(WI.activities),
    auth: "apiKey",
    scope: "project",
    params: issueParams,
    query: v1ListQuery,
    policy: PERMISSIONS.workItem.view,
    load: (ctx) => loadIssueForRoute(ctx),
    handler: async (ctx) => {
      const order = ctx.query.order_by === "-created_at" ? desc(A.createdAt) : asc(A.createdAt);
      return v1Page(
        ctx.query,
        async () => (await db.select({ n: count() }).from(A).where(eq(A.issueId, ctx.loaded.id)))[0].n,
        (limit, offset) =>
          db.select().from(A).where(eq(A.issueId, ctx.loaded.id)).orderBy(order, asc(A.id)).limit(limit).offset(offset),
        (rows) => rows.map(presentV1Activity),
        authorExpanders(db),
      );
    },
  });
  route(fastify, app, {
    ...both(WI.activity),
    auth: "apiKey",
    scope: "project",
    params: activityParams,
    query: v1ShapeQuery,
    policy: PERMISSIONS.workItem.view,
    load: (ctx) => loadIssueForRoute(ctx),
    handler: async (ctx) => {
      const [row] = await db
        .select()
        .from(A)
        .where(and(eq(A.id, ctx.params.activityId), eq(A.issueId, ctx.loaded.id)))
        .limit(1);
      if (!row) throw errors.notFound();
      return shapeOne(presentV1Activity(row), ctx.query, authorExpanders(db));
    },
  });
}
