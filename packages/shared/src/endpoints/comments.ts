import type * as C from "../contract/index.ts";
import { endpoint, type In, PROJECT_API } from "./endpoint.ts";

const ITEM = `${PROJECT_API}/issues/:issueId` as const;
type CommentBodies = ReturnType<typeof C.commentBodies>;

/**
 * A work item's conversation (wire-facts §6.4): its history (property changes and comments; `?activity_type=` picks
 * which), comments, and reactions on the item and on comments. Each `ITEM/…` one is also on `P/epics/:issueId/…`.
 */
export const commentEndpoints = {
  history: endpoint("GET", `${ITEM}/history/`).answers<C.HistoryEntry[]>(),
  list: endpoint("GET", `${ITEM}/comments/`).answers<C.Comment[]>(),
  create: endpoint("POST", `${ITEM}/comments/`).sends<In<CommentBodies["create"]>>().answers<C.Comment>(),
  /** The same as `create`, on the history's path. */
  createInHistory: endpoint("POST", `${ITEM}/history/`).sends<In<CommentBodies["create"]>>().answers<C.Comment>(),
  update: endpoint("PATCH", `${ITEM}/comments/:commentId/`).sends<In<CommentBodies["patch"]>>().answers<C.Comment>(),
  remove: endpoint("DELETE", `${ITEM}/comments/:commentId/`).answers<void>(),
  reactions: endpoint("GET", `${ITEM}/reactions/`).answers<C.IssueReaction[]>(),
  react: endpoint("POST", `${ITEM}/reactions/`).sends<In<typeof C.reactionBody>>().answers<C.IssueReaction>(),
  unreact: endpoint("DELETE", `${ITEM}/reactions/:reaction/`).answers<void>(),
  commentReactions: endpoint("GET", `${PROJECT_API}/comments/:commentId/reactions/`).answers<C.CommentReaction[]>(),
  commentReact: endpoint("POST", `${PROJECT_API}/comments/:commentId/reactions/`)
    .sends<In<typeof C.reactionBody>>()
    .answers<C.CommentReaction>(),
  commentUnreact: endpoint("DELETE", `${PROJECT_API}/comments/:commentId/reactions/:reaction/`).answers<void>(),
  /**
   * The local database's sync of a project's comments (Stride's, the v2 issues sync's sibling): oldest change first,
   * `updated_at__gt`, `issues=a,b`; a deleted comment comes with its `deleted_at` set.
   */
  sync: endpoint("GET", "/api/v2/workspaces/:slug/projects/:projectId/comments/").answers<C.SyncEnvelope<C.Comment>>(),
};
