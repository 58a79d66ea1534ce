import type * as C from "../contract/index.ts";
import { endpoint, type In, PROJECT_API, WORKSPACE_API } from "./endpoint.ts";

type ItemBodies = ReturnType<typeof C.workItemBodies>;
type DraftBodies = ReturnType<typeof C.draftBodies>;

/**
 * Drafts, private to their author: a project's (work items with `is_draft`, answered as work items) and the
 * workspace's (their own rows), and draft-to-issue.
 */
export const draftEndpoints = {
  projectList: endpoint("GET", `${PROJECT_API}/issue-drafts/`).answers<C.ListEnvelope>(),
  projectCreate: endpoint("POST", `${PROJECT_API}/issue-drafts/`)
    .sends<In<ItemBodies["create"]>>()
    .answers<C.WorkItem>(),
  projectGet: endpoint("GET", `${PROJECT_API}/issue-drafts/:draftId/`).answers<C.WorkItemDetail>(),
  projectUpdate: endpoint("PATCH", `${PROJECT_API}/issue-drafts/:draftId/`)
    .sends<In<ItemBodies["patch"]>>()
    .answers<C.WorkItem>(),
  projectRemove: endpoint("DELETE", `${PROJECT_API}/issue-drafts/:draftId/`).answers<void>(),
  list: endpoint("GET", `${WORKSPACE_API}/draft-issues/`).answers<C.ListEnvelope<C.WorkspaceDraft>>(),
  create: endpoint("POST", `${WORKSPACE_API}/draft-issues/`)
    .sends<In<DraftBodies["draft"]>>()
    .answers<C.WorkspaceDraft>(),
  get: endpoint("GET", `${WORKSPACE_API}/draft-issues/:draftId/`).answers<C.WorkspaceDraft>(),
  update: endpoint("PATCH", `${WORKSPACE_API}/draft-issues/:draftId/`)
    .sends<In<DraftBodies["draft"]>>()
    .answers<C.WorkspaceDraft>(),
  remove: endpoint("DELETE", `${WORKSPACE_API}/draft-issues/:draftId/`).answers<void>(),
  toIssue: endpoint("POST", `${WORKSPACE_API}/draft-to-issue/:draftId/`)
    .sends<In<DraftBodies["toIssue"]>>()
    .answers<C.WorkItem>(),
};
