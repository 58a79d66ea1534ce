import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import {
  deployBoardCreateBody,
  deployBoardPatchBody,
  reactionBody,
  voteBody,
  commentBodies,
} from "@stride/shared/contract";
import { publishEndpoints as PB, type AnyEndpoint, type ResponseOf } from "@stride/shared/endpoints";
import { route, type RouteModule } from "../../http/route.ts";
import type { AppContext } from "../../core/context.ts";
import { POLICIES, PERMISSIONS } from "../../http/policies.ts";
import { errors } from "../../http/errors.ts";
import { projectParams } from "../../http/fields.ts";
import { htmlField } from "../../core/sanitize.ts";
import { schema } from "../../db/client.ts";
import { loadVisibleView } from "../../domain/saved-views.ts";
import type { IssueRow } from "../issues/queries.ts";
import {
  addCommentReaction,
  addIssueReaction,
  createComment,
  deleteComment,
  removeCommentReaction,
  removeIssueReaction,
  updateComment,
} from "../issue-comments/commands.ts";
import {
  anchorCommentParams,
  anchorAssetParams,
  anchorCommentReactionParams,
  anchorIssueCommentParams,
  anchorIssueParams,
  anchorParams,
  anchorReactionParams,
  boardParams,
  publicProjectParams,
  viewBoardParams,
} from "./schemas.ts";
import {
  castVote,
  findBoard,
  loadBoard,
  loadPublished,
  notPublished,
  publishProject,
  recordPublicMember,
  unpublish,
  updateBoard,
  withdrawVote,
  type Published,
} from "./commands.ts";
import {
  presentBoard,
  presentMeta,
  presentPublicComment,
  presentPublicCommentReaction,
  presentPublicIssueReaction,
  presentVote,
  unpublishedBoard,
} from "./presenters.ts";
import { findPublicIssue, publicIssueDetail, publicIssuePage, usersOf } from "./public-issues.ts";
import { loadPublicAsset } from "./public-assets.ts";
import { registerSpaceIntake } from "./public-intake.ts";
import { redirectToFile } from "../assets/shared.ts";

const commentTable = schema.issueComments;
const { create: publicCommentBody, patch: publicCommentPatch } = commentBodies(htmlField);

const commentsDisabled = () => errors.badRequest("Comments are not enabled for this project board");
const reactionsDisabled = () => errors.badRequest("Reactions are not enabled for this project board");

/** The published board of `anchor` and its work item `issueId` (404 unless the public list shows it). */
async function publishedItem(app: AppContext, params: { anchor: string; issueId: string }) {
  const pub = await loadPublished(app.db, params.anchor);
  return { pub, issue: await findPublicIssue(app, pub, params.issueId) };
}

/** An EXTERNAL comment on a published item. */
async function loadPublicComment(app: AppContext, pub: Published, commentId: string, issueId?: string) {
  const [c] = await app.db
    .select()
    .from(commentTable)
    .where(
      and(
        eq(commentTable.id, commentId),
        eq(commentTable.projectId, pub.project.id),
        eq(commentTable.access, "EXTERNAL"),
        isNull(commentTable.deletedAt),
      ),
    )
    .limit(1);
  if (!c || (issueId && c.issueId !== issueId)) throw errors.notFound();
  const issue = await findPublicIssue(app, pub, c.issueId);
  return { comment: c, issue };
}

/**
 * Publishing (wire-facts-2 §2): the project's deploy board (`P/project-deploy-boards/`) and the public space's API
 * (`/api/public/anchor/{anchor}/…`): anonymous reads of a published project; comments, reactions and votes by
 * signed-in people when the board allows them (a writer outside the project is kept as a public member).
 */
export const publishRoutes: RouteModule = (fastify, app) => {
  // ---- the board
  route(fastify, app, {
    endpoint: PB.board,
    params: projectParams,
    scope: "project",
    policy: PERMISSIONS.publish.view,
    handler: async (ctx) => {
      const b = await findBoard(ctx.app.db, ctx.project.id);
      return b ? presentBoard(b, ctx.project, ctx.workspace) : unpublishedBoard();
    },
  });

  route(fastify, app, {
    endpoint: PB.publish,
    params: projectParams,
    body: deployBoardCreateBody,
    scope: "project",
    policy: PERMISSIONS.publish.edit,
    handler: async (ctx) =>
      presentBoard(await publishProject(ctx.app.db, ctx.project, ctx.user.id, ctx.body), ctx.project, ctx.workspace),
  });

  route(fastify, app, {
    endpoint: PB.updateBoard,
    params: boardParams,
    body: deployBoardPatchBody,
    scope: "project",
    policy: PERMISSIONS.publish.edit,
    load: (ctx) => loadBoard(ctx.app.db, ctx.project, ctx.params.boardId),
    handler: async (ctx) =>
      presentBoard(
        await updateBoard(ctx.app.db, ctx.project, ctx.loaded, ctx.user.id, ctx.body),
        ctx.project,
        ctx.workspace,
      ),
  });

  route(fastify, app, {
    endpoint: PB.unpublish,
    params: boardParams,
    scope: "project",
    policy: PERMISSIONS.publish.edit,
    status: 204,
    load: (ctx) => loadBoard(ctx.app.db, ctx.project, ctx.params.boardId),
    handler: async (ctx) => {
      await unpublish(ctx.app.db, ctx.loaded);
    },
  });

  // ---- a saved view's board (`P/views/{viewId}/publish/`): the same options; the space shows the view's items only
  const viewOf = (ctx: {
    app: AppContext;
    workspace: { id: string };
    project: { id: string };
    params: { viewId: string };
    user: { id: string };
  }) => loadVisibleView(ctx.app.db, ctx.workspace.id, ctx.project.id, ctx.params.viewId, ctx.user.id);
  const viewBoard = async (ctx: Parameters<typeof viewOf>[0]) => {
    const view = await viewOf(ctx);
    const board = await findBoard(ctx.app.db, ctx.project.id, { name: "view", id: view.id });
    return { view, board };
  };

  route(fastify, app, {
    endpoint: PB.viewBoard,
    params: viewBoardParams,
    scope: "project",
    policy: PERMISSIONS.publish.view,
    load: viewBoard,
    handler: async (ctx) =>
      ctx.loaded.board
        ? presentBoard(ctx.loaded.board, ctx.project, ctx.workspace, ctx.loaded.view)
        : unpublishedBoard(),
  });

  route(fastify, app, {
    endpoint: PB.publishView,
    params: viewBoardParams,
    body: deployBoardCreateBody,
    scope: "project",
    policy: PERMISSIONS.publish.edit,
    load: viewOf,
    handler: async (ctx) =>
      presentBoard(
        await publishProject(ctx.app.db, ctx.project, ctx.user.id, ctx.body, { name: "view", id: ctx.loaded.id }),
        ctx.project,
        ctx.workspace,
        ctx.loaded,
      ),
  });

  const publishedViewBoard = async (ctx: Parameters<typeof viewOf>[0]) => {
    const { view, board } = await viewBoard(ctx);
    if (!board) throw errors.notFound();
    return { view, board };
  };

  route(fastify, app, {
    endpoint: PB.updateViewBoard,
    params: viewBoardParams,
    body: deployBoardPatchBody,
    scope: "project",
    policy: PERMISSIONS.publish.edit,
    load: publishedViewBoard,
    handler: async (ctx) =>
      presentBoard(
        await updateBoard(ctx.app.db, ctx.project, ctx.loaded.board, ctx.user.id, ctx.body),
        ctx.project,
        ctx.workspace,
        ctx.loaded.view,
      ),
  });

  route(fastify, app, {
    endpoint: PB.unpublishView,
    params: viewBoardParams,
    scope: "project",
    policy: PERMISSIONS.publish.edit,
    status: 204,
    load: publishedViewBoard,
    handler: async (ctx) => {
      await unpublish(ctx.app.db, ctx.loaded.board);
    },
  });

  // ---- the public space: anonymous reads
  route(fastify, app, {
    endpoint: PB.anchorOf,
    auth: "none",
    policy: null,
    params: publicProjectParams,
    handler: async (ctx) => {
      const [row] = await ctx.app.db
        .select({ board: schema.deployBoards, project: schema.projects, workspace: schema.workspaces })
        .from(schema.deployBoards)
        .innerJoin(schema.projects, eq(schema.projects.id, schema.deployBoards.projectId))
        .innerJoin(schema.workspaces, eq(schema.workspaces.id, schema.deployBoards.workspaceId))
        .where(
          and(
            eq(schema.workspaces.slug, ctx.params.slug),
            eq(schema.deployBoards.projectId, ctx.params.projectId),
            eq(schema.deployBoards.entityName, "project"),
            eq(schema.deployBoards.isDisabled, false),
          ),
        )
        .limit(1);
      if (!row) throw notPublished();
      return presentBoard(row.board, row.project, row.workspace);
    },
  });

  /** The space's reads: anonymous, never cached, each of the published board of its anchor. */
  const read = <E extends AnyEndpoint>(at: E, answer: (pub: Published) => Promise<ResponseOf<E>>) =>
    route(fastify, app, {
      endpoint: at,
      auth: "none",
      policy: null,
      params: anchorParams,
      handler: async (ctx) => {
        ctx.reply.header("cache-control", "no-store");
        return answer(await loadPublished(ctx.app.db, ctx.params.anchor));
      },
    });

  read(PB.meta, async (pub) => presentMeta(pub.project));
  read(PB.settings, async (pub) => presentBoard(pub.board, pub.project, pub.workspace, pub.view));
  read(PB.states, async (pub) => {
    const S = schema.states;
    const rows = await app.db
      .select()
      .from(S)
      .where(and(eq(S.projectId, pub.project.id), eq(S.isTriage, false)))
      .orderBy(asc(S.sequence), asc(S.createdAt));
    return rows.map((s) => ({ name: s.name, group: s.group, color: s.color, id: s.id, sequence: s.sequence }));
  });
  read(PB.labels, async (pub) => {
    const L = schema.labels;
    const rows = await app.db
      .select()
      .from(L)
      .where(eq(L.projectId, pub.project.id))
      .orderBy(asc(L.sortOrder), asc(L.name));
    return rows.map((l) => ({ id: l.id, name: l.name, color: l.color, parent: l.parentId }));
  });
  read(PB.members, async (pub) => {
    const M = schema.projectMembers;
    const rows = await app.db
      .select({ id: M.id, member: M.memberId, name: schema.users.displayName, avatar: schema.users.avatar })
      .from(M)
      .innerJoin(schema.users, eq(schema.users.id, M.memberId))
      .where(and(eq(M.projectId, pub.project.id), eq(M.isActive, true), eq(schema.users.isBot, false)))
      .orderBy(asc(M.createdAt));
    return rows.map((m) => ({
      id: m.id,
      member: m.member,
      member__display_name: m.name,
      member__avatar: m.avatar ?? "",
    }));
  });
  read(PB.cycles, async (pub) => {
    const Cy = schema.cycles;
    const rows = await app.db
      .select({ id: Cy.id, name: Cy.name })
      .from(Cy)
      .where(and(eq(Cy.projectId, pub.project.id), isNull(Cy.archivedAt)))
      .orderBy(asc(Cy.createdAt));
    return rows;
  });
  read(PB.modules, async (pub) => {
    const Mo = schema.modules;
    const rows = await app.db
      .select({ id: Mo.id, name: Mo.name })
      .from(Mo)
      .where(and(eq(Mo.projectId, pub.project.id), isNull(Mo.archivedAt)))
      .orderBy(asc(Mo.createdAt));
    return rows;
  });

  route(fastify, app, {
    endpoint: PB.issues,
    auth: "none",
    policy: null,
    params: anchorParams,
    handler: async (ctx) => {
      const pub = await loadPublished(ctx.app.db, ctx.params.anchor);
      ctx.reply.header("cache-control", "no-store");
      return publicIssuePage(ctx.app, pub, ctx.query as Record<string, unknown>);
    },
  });

  route(fastify, app, {
    endpoint: PB.issue,
    auth: "none",
    policy: null,
    params: anchorIssueParams,
    handler: async (ctx) => {
      const pub = await loadPublished(ctx.app.db, ctx.params.anchor);
      ctx.reply.header("cache-control", "no-store");
      return publicIssueDetail(ctx.app.db, pub, await findPublicIssue(ctx.app, pub, ctx.params.issueId));
    },
  });

  route(fastify, app, {
    endpoint: PB.comments,
    auth: "none",
    policy: null,
    params: anchorIssueParams,
    handler: async (ctx) => {
      const { pub, issue } = await publishedItem(ctx.app, ctx.params);
      ctx.reply.header("cache-control", "no-store");
      if (!pub.board.isCommentsEnabled) return [];
      const rows = await ctx.app.db
        .select()
        .from(commentTable)
        .where(
          and(eq(commentTable.issueId, issue.id), eq(commentTable.access, "EXTERNAL"), isNull(commentTable.deletedAt)),
        )
        .orderBy(asc(commentTable.createdAt));
      const CR = schema.commentReactions;
      const reactions = rows.length
        ? await ctx.app.db
            .select()
            .from(CR)
            .where(
              inArray(
                CR.commentId,
                rows.map((c) => c.id),
              ),
            )
            .orderBy(asc(CR.createdAt))
        : [];
      const users = await usersOf(
        ctx.app.db,
        rows.map((c) => c.actorId).filter((x): x is string => !!x),
      );
      return rows.map((c) =>
        presentPublicComment(
          c,
          c.actorId ? users.get(c.actorId) : null,
          reactions
            .filter((r) => r.commentId === c.id)
            .map((r) => ({ id: r.id, reaction: r.reaction, actor: r.actorId })),
        ),
      );
    },
  });

  // ---- the space's images (wire-facts-2 §2 assets, the read): a description or comment image the space shows
  route(fastify, app, {
    endpoint: PB.asset,
    auth: "none",
    policy: null,
    params: anchorAssetParams,
    handler: async (ctx) => {
      const pub = await loadPublished(ctx.app.db, ctx.params.anchor);
      return redirectToFile(ctx, await loadPublicAsset(ctx.app, pub, ctx.params.assetId), "inline");
    },
  });

  registerSpaceIntake(fastify, app);

  // both always empty: wire-facts-2 §2 (the original's lookups answer nothing)
  for (const at of [PB.issueReactions, PB.issueVotes]) {
    route(fastify, app, {
      endpoint: at,
      auth: "none",
      policy: null,
      params: anchorIssueParams,
      handler: async (ctx) => {
        const pub = await loadPublished(ctx.app.db, ctx.params.anchor);
        await findPublicIssue(ctx.app, pub, ctx.params.issueId);
        return [];
      },
    });
  }

  // ---- the public space: writes by signed-in people
  const user = POLICIES.user.any;

  route(fastify, app, {
    endpoint: PB.addComment,
    policy: user,
    params: anchorIssueParams,
    body: publicCommentBody,
    status: 201,
    handler: async (ctx) => {
      const { pub, issue } = await publishedItem(ctx.app, ctx.params);
      if (!pub.board.isCommentsEnabled) throw commentsDisabled();
      const c = await ctx.app.db.transaction(async (tx) => {
        await recordPublicMember(tx, pub, ctx.user);
        return createComment(tx, issue as IssueRow, ctx.user.id, {
          comment_html: ctx.body.comment_html,
          comment_json: ctx.body.comment_json,
          access: "EXTERNAL",
        });
      });
      return presentPublicComment(c, ctx.user, []);
    },
  });

  route(fastify, app, {
    endpoint: PB.updateComment,
    policy: user,
    params: anchorIssueCommentParams,
    body: publicCommentPatch,
    handler: async (ctx) => {
      const pub = await loadPublished(ctx.app.db, ctx.params.anchor);
      const { comment, issue } = await loadPublicComment(ctx.app, pub, ctx.params.commentId, ctx.params.issueId);
      if (comment.actorId !== ctx.user.id) throw errors.forbidden();
      const c = await ctx.app.db.transaction((tx) =>
        updateComment(tx, issue as IssueRow, comment, ctx.user.id, {
          comment_html: ctx.body.comment_html,
          comment_json: ctx.body.comment_json,
        }),
      );
      return presentPublicComment(c, ctx.user, []);
    },
  });

  route(fastify, app, {
    endpoint: PB.removeComment,
    policy: user,
    params: anchorIssueCommentParams,
    status: 204,
    handler: async (ctx) => {
      const pub = await loadPublished(ctx.app.db, ctx.params.anchor);
      const { comment, issue } = await loadPublicComment(ctx.app, pub, ctx.params.commentId, ctx.params.issueId);
      if (comment.actorId !== ctx.user.id) throw errors.forbidden();
      await ctx.app.db.transaction((tx) => deleteComment(tx, issue as IssueRow, comment, ctx.user.id));
    },
  });

  route(fastify, app, {
    endpoint: PB.react,
    policy: user,
    params: anchorIssueParams,
    body: reactionBody,
    status: 201,
    handler: async (ctx) => {
      const { pub, issue } = await publishedItem(ctx.app, ctx.params);
      if (!pub.board.isReactionsEnabled) throw reactionsDisabled();
      const r = await ctx.app.db.transaction(async (tx) => {
        await recordPublicMember(tx, pub, ctx.user);
        return addIssueReaction(tx, issue as IssueRow, ctx.user.id, ctx.body.reaction);
      });
      return presentPublicIssueReaction(r, ctx.user);
    },
  });

  route(fastify, app, {
    endpoint: PB.unreact,
    policy: user,
    params: anchorReactionParams,
    status: 204,
    handler: async (ctx) => {
      const { issue } = await publishedItem(ctx.app, ctx.params);
      await ctx.app.db.transaction((tx) =>
        removeIssueReaction(tx, issue as IssueRow, ctx.user.id, ctx.params.reaction),
      );
    },
  });

  route(fastify, app, {
    endpoint: PB.reactToComment,
    policy: user,
    params: anchorCommentParams,
    body: reactionBody,
    status: 201,
    handler: async (ctx) => {
      const pub = await loadPublished(ctx.app.db, ctx.params.anchor);
      const { comment, issue } = await loadPublicComment(ctx.app, pub, ctx.params.commentId);
      if (!pub.board.isReactionsEnabled) throw reactionsDisabled();
      const r = await ctx.app.db.transaction(async (tx) => {
        await recordPublicMember(tx, pub, ctx.user);
        return addCommentReaction(tx, issue as IssueRow, comment, ctx.user.id, ctx.body.reaction);
      });
      return presentPublicCommentReaction(r, ctx.user);
    },
  });

  route(fastify, app, {
    endpoint: PB.unreactToComment,
    policy: user,
    params: anchorCommentReactionParams,
    status: 204,
    handler: async (ctx) => {
      const pub = await loadPublished(ctx.app.db, ctx.params.anchor);
      const { comment, issue } = await loadPublicComment(ctx.app, pub, ctx.params.commentId);
      await ctx.app.db.transaction((tx) =>
        removeCommentReaction(tx, issue as IssueRow, comment, ctx.user.id, ctx.params.reaction),
      );
    },
  });

  route(fastify, app, {
    endpoint: PB.vote,
    policy: user,
    params: anchorIssueParams,
    body: voteBody,
    status: 201,
    handler: async (ctx) => {
      const { pub, issue } = await publishedItem(ctx.app, ctx.params);
      const v = await ctx.app.db.transaction(async (tx) => {
        await recordPublicMember(tx, pub, ctx.user);
        return castVote(tx, issue, ctx.user.id, ctx.body.vote);
      });
      return presentVote(v, ctx.user);
    },
  });

  route(fastify, app, {
    endpoint: PB.unvote,
    policy: user,
    params: anchorIssueParams,
    status: 204,
    handler: async (ctx) => {
      const { issue } = await publishedItem(ctx.app, ctx.params);
      await ctx.app.db.transaction((tx) => withdrawVote(tx, issue.id, ctx.user.id));
    },
  });
};
