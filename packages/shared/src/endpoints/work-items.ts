import type * as C from "../contract/index.ts";
import { endpoint, type In, PROJECT_API, WORKSPACE_API } from "./endpoint.ts";

const ITEM = `${PROJECT_API}/issues/:issueId` as const;
type ItemBodies = ReturnType<typeof C.workItemBodies>;

/**
 * Work items (wire-facts §6.2–§6.5): create, detail, update, delete, lookup by key, meta, dates, archive, bulk
 * calls, sub-items, links, relations, subscription and description versions. Each `P/issues/…` one is also on
 * `P/epics/…` (work-item-kinds.ts). Lists: work-item-lists.ts; history, comments, reactions: comments.ts.
 */
export const workItemEndpoints = {
  create: endpoint("POST", `${PROJECT_API}/issues/`).sends<In<ItemBodies["create"]>>().answers<C.WorkItem>(),
  /** `?expand=` adds the detail's expansions. */
  get: endpoint("GET", `${ITEM}/`).answers<C.WorkItemDetail>(),
  update: endpoint("PATCH", `${ITEM}/`).sends<In<ItemBodies["patch"]>>().answers<void>(),
  remove: endpoint("DELETE", `${ITEM}/`).answers<void>(),
  /** By its key (`PROJ-12`). */
  lookup: endpoint("GET", `${WORKSPACE_API}/work-items/:key/`).answers<C.WorkItemDetail>(),
  meta: endpoint("GET", `${ITEM}/meta/`).answers<{ sequence_id: number; project_identifier: string }>(),
  dates: endpoint("POST", `${PROJECT_API}/issue-dates/`)
    .sends<In<typeof C.workItemDatesBody>>()
    .answers<C.MessageResponse>(),

  archived: endpoint("GET", `${ITEM}/archive/`).answers<C.WorkItemDetail>(),
  archive: endpoint("POST", `${ITEM}/archive/`).answers<{ archived_at: C.Timestamp }>(),
  restore: endpoint("DELETE", `${ITEM}/archive/`).answers<void>(),
  bulkArchive: endpoint("POST", `${PROJECT_API}/bulk-archive-issues/`)
    .sends<In<typeof C.issueIdsBody>>()
    .answers<{ archived_at: C.Timestamp }>(),
  bulkUpdate: endpoint("POST", `${PROJECT_API}/bulk-operation-issues/`)
    .sends<In<typeof C.bulkOperationBody>>()
    .answers<void>(),
  bulkDelete: endpoint("DELETE", `${PROJECT_API}/bulk-delete-issues/`)
    .sends<In<typeof C.issueIdsBody>>()
    .answers<C.MessageResponse>(),

  subIssues: endpoint("GET", `${ITEM}/sub-issues/`).answers<C.SubIssuesResponse>(),
  addSubIssues: endpoint("POST", `${ITEM}/sub-issues/`)
    .sends<In<typeof C.addSubIssuesBody>>()
    .answers<C.SubIssuesResponse>(),

  links: endpoint("GET", `${ITEM}/issue-links/`).answers<C.Link[]>(),
  addLink: endpoint("POST", `${ITEM}/issue-links/`).sends<In<typeof C.createLinkBody>>().answers<C.Link>(),
  updateLink: endpoint("PATCH", `${ITEM}/issue-links/:linkId/`).sends<In<typeof C.updateLinkBody>>().answers<C.Link>(),
  removeLink: endpoint("DELETE", `${ITEM}/issue-links/:linkId/`).answers<void>(),

  relations: endpoint("GET", `${ITEM}/issue-relation/`).answers<C.RelationMap>(),
  addRelations: endpoint("POST", `${ITEM}/issue-relation/`)
    .sends<In<typeof C.addRelationsBody>>()
    .answers<C.AddedRelation[]>(),
  removeRelation: endpoint("POST", `${ITEM}/remove-relation/`).sends<In<typeof C.removeRelationBody>>().answers<void>(),

  subscription: endpoint("GET", `${ITEM}/subscribe/`).answers<{ subscribed: boolean }>(),
  subscribe: endpoint("POST", `${ITEM}/subscribe/`).answers<C.Subscriber>(),
  unsubscribe: endpoint("DELETE", `${ITEM}/subscribe/`).answers<void>(),
  bulkSubscribe: endpoint("POST", `${PROJECT_API}/bulk-subscribe-issues/`)
    .sends<In<typeof C.issueIdsBody>>()
    .answers<C.MessageResponse>(),

  /** Newest first, without their content (the envelope plus Plane's `cursor` and `page_count`). */
  descriptionVersions: endpoint("GET", `${ITEM}/description-versions/`).answers<
    C.Paginated<C.DescriptionVersionLite> & { cursor: string; page_count: number }
  >(),
  descriptionVersion: endpoint("GET", `${ITEM}/description-versions/:versionId/`).answers<C.DescriptionVersion>(),
};
