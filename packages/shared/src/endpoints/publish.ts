import type * as C from "../contract/index.ts";
import { endpoint, type In, PROJECT_API } from "./endpoint.ts";

/** The public space of a published board. */
const ANCHOR = "/api/public/anchor/:anchor";
type CommentBodies = ReturnType<typeof C.commentBodies>;
type SpaceIntakeBodies = ReturnType<typeof C.spaceIntakeBodies>;

/**
 * Publishing (wire-facts-2 §2): a project's deploy board and a saved view's (one per view: its writes take no board
 * id), and the public space (`/api/public/anchor/{anchor}/…`): anonymous reads, writes by signed-in people.
 */
export const publishEndpoints = {
  /** The board, or the writable fields only while the project is not published. */
  board: endpoint("GET", `${PROJECT_API}/project-deploy-boards/`).answers<C.DeployBoard | C.UnpublishedBoard>(),
  publish: endpoint("POST", `${PROJECT_API}/project-deploy-boards/`)
    .sends<In<typeof C.deployBoardCreateBody>>()
    .answers<C.DeployBoard>(),
  updateBoard: endpoint("PATCH", `${PROJECT_API}/project-deploy-boards/:boardId/`)
    .sends<In<typeof C.deployBoardPatchBody>>()
    .answers<C.DeployBoard>(),
  unpublish: endpoint("DELETE", `${PROJECT_API}/project-deploy-boards/:boardId/`).answers<void>(),
  viewBoard: endpoint("GET", `${PROJECT_API}/views/:viewId/publish/`).answers<C.DeployBoard | C.UnpublishedBoard>(),
  publishView: endpoint("POST", `${PROJECT_API}/views/:viewId/publish/`)
    .sends<In<typeof C.deployBoardCreateBody>>()
    .answers<C.DeployBoard>(),
  updateViewBoard: endpoint("PATCH", `${PROJECT_API}/views/:viewId/publish/`)
    .sends<In<typeof C.deployBoardPatchBody>>()
    .answers<C.DeployBoard>(),
  unpublishView: endpoint("DELETE", `${PROJECT_API}/views/:viewId/publish/`).answers<void>(),

  // ---- the public space: anonymous reads
  anchorOf: endpoint("GET", "/api/public/workspaces/:slug/projects/:projectId/anchor/").answers<C.DeployBoard>(),
  meta: endpoint("GET", `${ANCHOR}/meta/`).answers<C.PublicProjectMeta>(),
  settings: endpoint("GET", `${ANCHOR}/settings/`).answers<C.DeployBoard>(),
  states: endpoint("GET", `${ANCHOR}/states/`).answers<C.PublicState[]>(),
  labels: endpoint("GET", `${ANCHOR}/labels/`).answers<C.PublicLabel[]>(),
  members: endpoint("GET", `${ANCHOR}/members/`).answers<C.PublicMember[]>(),
  cycles: endpoint("GET", `${ANCHOR}/cycles/`).answers<C.PublicNamed[]>(),
  modules: endpoint("GET", `${ANCHOR}/modules/`).answers<C.PublicNamed[]>(),
  issues: endpoint("GET", `${ANCHOR}/issues/`).answers<C.PublicIssuePage>(),
  issue: endpoint("GET", `${ANCHOR}/issues/:issueId/`).answers<C.PublicIssueDetail>(),
  comments: endpoint("GET", `${ANCHOR}/issues/:issueId/comments/`).answers<C.PublicComment[]>(),
  /** A description's or comment's image: a redirect to the file. */
  asset: endpoint("GET", "/api/public/assets/v2/anchor/:anchor/:assetId/").answers<void>(),
  /** Always empty (wire-facts-2 §2). */
  issueReactions: endpoint("GET", `${ANCHOR}/issues/:issueId/reactions/`).answers<never[]>(),
  issueVotes: endpoint("GET", `${ANCHOR}/issues/:issueId/votes/`).answers<never[]>(),

  // ---- the public space: writes by signed-in people
  addComment: endpoint("POST", `${ANCHOR}/issues/:issueId/comments/`)
    .sends<In<CommentBodies["create"]>>()
    .answers<C.PublicComment>(),
  updateComment: endpoint("PATCH", `${ANCHOR}/issues/:issueId/comments/:commentId/`)
    .sends<In<CommentBodies["patch"]>>()
    .answers<C.PublicComment>(),
  removeComment: endpoint("DELETE", `${ANCHOR}/issues/:issueId/comments/:commentId/`).answers<void>(),
  react: endpoint("POST", `${ANCHOR}/issues/:issueId/reactions/`)
    .sends<In<typeof C.reactionBody>>()
    .answers<C.PublicIssueReaction>(),
  unreact: endpoint("DELETE", `${ANCHOR}/issues/:issueId/reactions/:reaction/`).answers<void>(),
  reactToComment: endpoint("POST", `${ANCHOR}/comments/:commentId/reactions/`)
    .sends<In<typeof C.reactionBody>>()
    .answers<C.PublicCommentReaction>(),
  unreactToComment: endpoint("DELETE", `${ANCHOR}/comments/:commentId/reactions/:reaction/`).answers<void>(),
  vote: endpoint("POST", `${ANCHOR}/issues/:issueId/votes/`).sends<In<typeof C.voteBody>>().answers<C.PublicVote>(),
  unvote: endpoint("DELETE", `${ANCHOR}/issues/:issueId/votes/`).answers<void>(),

  // ---- requests to the project's intake sent through the space (also under `inbox-issues/`): the caller's own
  requests: endpoint("GET", `${ANCHOR}/intakes/:intakeId/intake-issues/`).answers<C.IntakeItem[]>(),
  sendRequest: endpoint("POST", `${ANCHOR}/intakes/:intakeId/intake-issues/`)
    .sends<In<SpaceIntakeBodies["create"]>>()
    .answers<C.IntakeItem>(),
  request: endpoint("GET", `${ANCHOR}/intakes/:intakeId/intake-issues/:issueId/`).answers<C.IntakeItem>(),
  updateRequest: endpoint("PATCH", `${ANCHOR}/intakes/:intakeId/intake-issues/:issueId/`)
    .sends<In<SpaceIntakeBodies["patch"]>>()
    .answers<C.IntakeItem>(),
  withdrawRequest: endpoint("DELETE", `${ANCHOR}/intakes/:intakeId/intake-issues/:issueId/`).answers<void>(),
};
