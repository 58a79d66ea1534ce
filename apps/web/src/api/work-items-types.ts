/**
 * Wire shapes of work items and their sub-resources (wire-facts §6, §7, §10), taken from the one contract
 * `@stride/shared/contract`: re-exported, renamed where the web's name is older, or derived with TypeScript's
 * utility types. Only what the server does not serve yet (cycles, modules, estimates) is declared here.
 */
import type * as C from "@stride/shared/contract";

export type {
  Activity,
  AttachmentLite,
  Comment,
  CommentReaction,
  FileAsset,
  LinkLite,
  RelationLite,
  RelationMap,
  UploadSlot,
  UserProperties,
  WorkItemDetail,
  WorkspaceDraft,
} from "@stride/shared/contract";

export type PriorityKey = C.Priority;

/**
 * One work item as the web holds it: a list row (wire-facts §6.1), or the answer of create / update / a
 * single item (§6.2), which add the task count and the epic flag.
 */
export type WorkItem = C.WorkItemListItem & Partial<Pick<C.WorkItem, "task_count" | "is_epic">>;

/**
 * One item's answer (create, a single item) held like a list row: the same fields, copied into a plain object (the
 * row's type allows the group keys a grouped list adds; the contract's interface names none).
 */
export const asListRow = (item: C.WorkItem): WorkItem => ({ ...item });

export type ReactionLite = C.IssueReactionLite;
export type TaskItem = C.Task;
export type RelationItem = C.RelatedWorkItem;
export type LinkItem = C.Link;

export type GroupBucket = C.GroupBucket<WorkItem>;
/** The paginated envelope of list endpoints (wire-facts §0, §6.1). */
export type ListEnvelope = C.ListEnvelope<WorkItem>;

/** …/sub-issues/ as the web asks for it: not grouped, so a flat list. */
export type SubIssuesResponse = Omit<C.SubIssuesResponse, "sub_issues"> & {
  sub_issues: Extract<C.SubIssuesResponse["sub_issues"], unknown[]>;
};

/** Cycle / module / estimate shapes the pickers read (wire-facts §5, §7). */
export type CycleLite = C.Cycle;
/** A module as P/modules/ lists it (the pickers and the modules page read the same query). */
export type ModuleLite = C.Module;
export type { Estimate, EstimatePoint } from "@stride/shared/contract";
