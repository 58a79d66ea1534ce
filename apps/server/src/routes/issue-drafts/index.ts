import { eq } from "drizzle-orm";
import { route, type RouteModule } from "../../http/route.ts";
import { POLICIES, PERMISSIONS } from "../../http/policies.ts";
import { listQuery, projectParams, slugParams } from "../../http/fields.ts";
import { draftEndpoints as DE } from "@stride/shared/endpoints";
import { schema } from "../../db/client.ts";
import { createIssue, deleteIssue, updateIssue } from "../issues/commands.ts";
import { loadIssueView } from "../issues/queries.ts";
import { presentIssue } from "../issues/presenters.ts";
import { buildIssueDetail } from "../issues/detail.ts";
import {
  draftToIssueBody,
  expandQuery,
  issueCreateBody,
  issuePatchBody,
  parseExpand,
  projectDraftParams,
  workspaceDraftBody,
  workspaceDraftParams,
} from "./schemas.ts";
import { presentDraft } from "./presenters.ts";
import {
  convertDraftToIssue,
  createWorkspaceDraft,
  listProjectDrafts,
  listWorkspaceDrafts,
  loadOwnProjectDraft,
  loadOwnWorkspaceDraft,
  updateWorkspaceDraft,
} from "./commands.ts";

export { countDraftIssues } from "./commands.ts";

const D = schema.draftIssues;

/**
 * Drafts, private to their author: project drafts (P/issue-drafts/, work items with `is_draft`, listed by the
 * list engine), workspace drafts (W/draft-issues/, their own table) and draft-to-issue.
 */
export const issueDraftRoutes: RouteModule = (fastify, app) => {
  // ---- project drafts
  route(fastify, app, {
    endpoint: DE.projectList,
    scope: "project",
    params: projectParams,
    query: listQuery,
    policy: POLICIES.project.member,
    handler: (ctx) => listProjectDrafts(ctx, ctx.query),
  });

  route(fastify, app, {
    endpoint: DE.projectCreate,
    scope: "project",
    params: projectParams,
    body: issueCreateBody,
    policy: POLICIES.project.member,
    status: 201,
    handler: async (ctx) => {
      const id = await ctx.app.db.transaction(
        async (tx) => (await createIssue(tx, ctx.project, ctx.user.id, { ...ctx.body, is_draft: true })).id,
      );
      return presentIssue((await loadIssueView(ctx.app.db, id))!);
    },
  });

  route(fastify, app, {
    endpoint: DE.projectGet,
    scope: "project",
    params: projectDraftParams,
    query: expandQuery,
    policy: POLICIES.project.member,
    load: loadOwnProjectDraft,
    handler: async (ctx) =>
      buildIssueDetail(
        ctx.app.db,
        (await loadIssueView(ctx.app.db, ctx.loaded.id))!,
        ctx.user.id,
        ctx.workspace.slug,
        parseExpand(ctx.query.expand as string | undefined),
      ),
  });

  // PATCH → 200 with the item; `is_draft: false` publishes it as a work item
  route(fastify, app, {
    endpoint: DE.projectUpdate,
    scope: "project",
    params: projectDraftParams,
    body: issuePatchBody,
    policy: POLICIES.project.member,
    load: loadOwnProjectDraft,
    handler: async (ctx) => {
      const { skip_activity, ...patch } = ctx.body;
      await ctx.app.db.transaction((tx) =>
        updateIssue(tx, ctx.project, ctx.user.id, ctx.loaded.id, patch, { skipActivity: !!skip_activity }),
      );
      return presentIssue((await loadIssueView(ctx.app.db, ctx.loaded.id))!);
    },
  });

  route(fastify, app, {
    endpoint: DE.projectRemove,
    scope: "project",
    params: projectDraftParams,
    policy: POLICIES.project.member,
    load: loadOwnProjectDraft,
    status: 204,
    handler: async (ctx) => {
      await ctx.app.db.transaction((tx) =>
        deleteIssue(tx, ctx.loaded, ctx.user.id, (msg, err, childId) => ctx.req.log.error({ err, childId }, msg)),
      );
      return undefined;
    },
  });

  // ---- workspace drafts: the list engine's workspace drafts context (page size 50, newest first by default)
  route(fastify, app, {
    endpoint: DE.list,
    scope: "workspace",
    params: slugParams,
    query: listQuery,
    policy: PERMISSIONS.draft.view,
    handler: (ctx) => listWorkspaceDrafts(ctx, ctx.query),
  });

  route(fastify, app, {
    endpoint: DE.create,
    scope: "workspace",
    params: slugParams,
    body: workspaceDraftBody,
    policy: PERMISSIONS.draft.create,
    status: 201,
    handler: async (ctx) => presentDraft(await createWorkspaceDraft(ctx, ctx.body)),
  });

  route(fastify, app, {
    endpoint: DE.get,
    scope: "workspace",
    params: workspaceDraftParams,
    policy: PERMISSIONS.draft.view,
    load: loadOwnWorkspaceDraft,
    handler: async (ctx) => presentDraft(ctx.loaded),
  });

  route(fastify, app, {
    endpoint: DE.update,
    scope: "workspace",
    params: workspaceDraftParams,
    body: workspaceDraftBody,
    policy: PERMISSIONS.draft.edit,
    load: loadOwnWorkspaceDraft,
    handler: async (ctx) => presentDraft(await updateWorkspaceDraft(ctx, ctx.loaded, ctx.body)),
  });

  route(fastify, app, {
    endpoint: DE.remove,
    scope: "workspace",
    params: workspaceDraftParams,
    policy: PERMISSIONS.draft.delete,
    load: loadOwnWorkspaceDraft,
    status: 204,
    handler: async (ctx) => {
      await ctx.app.db.delete(D).where(eq(D.id, ctx.loaded.id));
      return undefined;
    },
  });

  // POST W/draft-to-issue/{id}/ → 201 work item; the draft leaves the drafts list
  route(fastify, app, {
    endpoint: DE.toIssue,
    scope: "workspace",
    params: workspaceDraftParams,
    body: draftToIssueBody,
    policy: POLICIES.workspace.member,
    load: loadOwnWorkspaceDraft,
    status: 201,
    handler: async (ctx) =>
      presentIssue((await loadIssueView(ctx.app.db, await convertDraftToIssue(ctx, ctx.loaded, ctx.body)))!),
  });
};
