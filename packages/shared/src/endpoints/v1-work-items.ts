import type * as C from "../contract/index.ts";
import { endpoint, type In } from "./endpoint.ts";
import { V1_PROJECT, V1_WORKSPACE } from "./v1-paths.ts";

/**
 * A project's work items under Plane's older `issues/`; the server answers each path under `work-items/` too
 * (`archived-issues/` → `archived-work-items/`), as aliases.
 */
const ITEMS = `${V1_PROJECT}/issues/` as const;
const ITEM = `${ITEMS}:issueId/` as const;
type ItemBodies = ReturnType<typeof C.v1WorkItemBodies>;
type CommentBodies = ReturnType<typeof C.commentBodies>;

/**
 * v1 work items (wire-facts §12): all issue columns with `type_id`, assignee and label ids; their links, comments
 * (with `is_member`), relations and activities. A list given both `external_id` and `external_source` answers the
 * one object they name instead of a page. Search and lookup by key (`ABC-12`) are at workspace level.
 */
export const v1WorkItemEndpoints = {
  list: endpoint("GET", ITEMS).answers<C.V1Page | C.V1Object>(),
  create: endpoint("POST", ITEMS).sends<In<ItemBodies["create"]>>().answers<C.V1Object>(),
  search: endpoint("GET", `${V1_WORKSPACE}/issues/search/`).answers<{ issues: C.SearchIssueItem[] }>(),
  byKey: endpoint("GET", `${V1_WORKSPACE}/issues/:key/`).answers<C.V1Object>(),
  get: endpoint("GET", ITEM).answers<C.V1Object>(),
  update: endpoint("PATCH", ITEM).sends<In<ItemBodies["patch"]>>().answers<C.V1Object>(),
  remove: endpoint("DELETE", ITEM).answers<void>(),

  archive: endpoint("POST", `${ITEM}archive/`).answers<void>(),
  unarchive: endpoint("DELETE", `${ITEM}unarchive/`).answers<void>(),
  archived: endpoint("GET", `${V1_PROJECT}/archived-issues/`).answers<C.V1Page>(),

  links: endpoint("GET", `${ITEM}links/`).answers<C.V1Page>(),
  createLink: endpoint("POST", `${ITEM}links/`).sends<In<typeof C.createLinkBody>>().answers<C.V1Object>(),
  link: endpoint("GET", `${ITEM}links/:linkId/`).answers<C.V1Object>(),
  updateLink: endpoint("PATCH", `${ITEM}links/:linkId/`).sends<In<typeof C.updateLinkBody>>().answers<C.V1Object>(),
  removeLink: endpoint("DELETE", `${ITEM}links/:linkId/`).answers<void>(),

  comments: endpoint("GET", `${ITEM}comments/`).answers<C.V1Page | C.V1Object>(),
  createComment: endpoint("POST", `${ITEM}comments/`).sends<In<CommentBodies["create"]>>().answers<C.V1Object>(),
  comment: endpoint("GET", `${ITEM}comments/:commentId/`).answers<C.V1Object>(),
  updateComment: endpoint("PATCH", `${ITEM}comments/:commentId/`)
    .sends<In<CommentBodies["patch"]>>()
    .answers<C.V1Object>(),
  removeComment: endpoint("DELETE", `${ITEM}comments/:commentId/`).answers<void>(),

  relations: endpoint("GET", `${ITEM}relations/`).answers<C.V1Relations>(),
  /** Answers the relation rows it added (all columns), a plain array. */
  addRelations: endpoint("POST", `${ITEM}relations/`).sends<In<typeof C.addRelationsBody>>().answers<C.V1Object[]>(),

  activities: endpoint("GET", `${ITEM}activities/`).answers<C.V1Page>(),
  activity: endpoint("GET", `${ITEM}activities/:activityId/`).answers<C.V1Object>(),
};
