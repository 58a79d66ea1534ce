import type * as C from "../contract/index.ts";
import { endpoint, type In, PROJECT_API } from "./endpoint.ts";

type UpdateBodies = ReturnType<typeof C.projectUpdateBodies>;
type CommentBodies = ReturnType<typeof C.projectUpdateCommentBodies>;

/** A project's updates under its path (with its trailing slash): the app's, and API v1's (no comments there). */
export const projectUpdateEndpointsAt = <TProject extends string>(project: TProject) => ({
  list: endpoint("GET", `${project}updates/`).answers<C.ProjectUpdate[]>(),
  create: endpoint("POST", `${project}updates/`).sends<In<UpdateBodies["create"]>>().answers<C.ProjectUpdate>(),
  get: endpoint("GET", `${project}updates/:updateId/`).answers<C.ProjectUpdate>(),
  update: endpoint("PATCH", `${project}updates/:updateId/`)
    .sends<In<UpdateBodies["patch"]>>()
    .answers<C.ProjectUpdate>(),
  remove: endpoint("DELETE", `${project}updates/:updateId/`).answers<void>(),
  comments: endpoint("GET", `${project}updates/:updateId/comments/`).answers<C.ProjectUpdateComment[]>(),
  comment: endpoint("POST", `${project}updates/:updateId/comments/`)
    .sends<In<CommentBodies["create"]>>()
    .answers<C.ProjectUpdateComment>(),
  updateComment: endpoint("PATCH", `${project}updates/:updateId/comments/:commentId/`)
    .sends<In<CommentBodies["patch"]>>()
    .answers<C.ProjectUpdateComment>(),
  removeComment: endpoint("DELETE", `${project}updates/:updateId/comments/:commentId/`).answers<void>(),
  react: endpoint("POST", `${project}updates/:updateId/reactions/`)
    .sends<In<typeof C.projectUpdateReactionBody>>()
    .answers<C.ProjectUpdateReaction>(),
  unreact: endpoint("DELETE", `${project}updates/:updateId/reactions/:reaction/`).answers<void>(),
});

/** Project updates (issue #29 point 4): status updates with their comments and reactions. */
export const projectUpdateEndpoints = projectUpdateEndpointsAt(`${PROJECT_API}/`);
