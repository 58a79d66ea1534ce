/**
 * One work item and its sub-resources (wire-facts §6.3–§6.5): detail, lookup by key, sub-items,
 * relations, links, tasks, history and comments, reactions, subscription and description versions. Reactions, relations and
 * the subscription are optimistic and restored on failure (work-tracking.md §4).
 */
import { useMemo } from "react";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  assetEndpoints as AS,
  commentEndpoints as CM,
  ofKind,
  taskEndpoints as T,
  workItemEndpoints as WI,
} from "@stride/shared/endpoints";
import { call, hasFieldErrors } from "./client.ts";
import { addComment, isLocalId, localSubscriptionsChanged } from "./local-db/client.ts";
import { detailWithRecord, itemStore, rowOf, useStoredItem } from "./work-item-store.ts";
import {
  activityQuery,
  attachmentsQuery,
  commentsQuery,
  detailKeys,
  isLocalCopy,
  pendingDetail,
  pendingMode,
  relationsQuery,
  serverOrLocalDetail,
  serverOrLocalLookup,
  subIssuesQuery,
} from "./work-items-parts.ts";
import { isTimelineList, wiKeys, type ItemKind } from "./work-items.ts";
import { DETAIL_EXPAND, RELATION_TYPES, type ItemRelationType } from "@stride/shared";
import type {
  CreateLinkBody,
  DescriptionVersion as DescriptionVersionFull,
  DescriptionVersionLite,
  RelatedWorkItem,
  UpdateLinkBody,
  UpdateTaskBody,
} from "@stride/shared/contract";
import type {
  Comment,
  FileAsset,
  RelationMap,
  SubIssuesResponse,
  TaskItem,
  WorkItem,
  WorkItemDetail,
} from "./work-items-types.ts";

export { DETAIL_EXPAND };

/** Re-read an item's activity and comments: after an action that the screen keeps showing the item after (archive). */
export function useRefreshHistory(slug: string, pid: string, id: string) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: wiKeys.itemPart(slug, pid, "history", id) });
}

/** The path params of one item's sub-resources. */
const item = (slug: string, projectId: string, issueId: string) => ({ slug, projectId, issueId });

/** The audit fields of a row the caller adds optimistically, until the server's answer replaces it. */
function pendingAudit(me: string) {
  const now = new Date().toISOString();
  return { created_at: now, updated_at: now, deleted_at: null, created_by: me, updated_by: me };
}

/** The app's default (app/query-client.ts) for a detail the server answered. */
const DETAIL_STALE_MS = 10_000;

/* Query options of the item and its sub-resources, shared by the hooks and the route loaders (app/loaders.ts). */
export const workItemDetailQuery = (slug: string, pid: string, id: string, kind: ItemKind = "issues") =>
  queryOptions({
    queryKey: wiKeys.detail(slug, pid, id),
    networkMode: pendingMode(id),
    queryFn: ({ client }) => {
      if (isLocalId(id)) return pendingDetail(client, id);
      // the item store watches the cache before the answer lands (it takes the detail's row fields)
      itemStore(client);
      // the server's answer (richer); when it cannot be reached, the local database's copy
      return serverOrLocalDetail(pid, id, () =>
        call(ofKind(WI.get, kind), item(slug, pid, id), undefined, { query: { expand: DETAIL_EXPAND } }),
      );
    },
    // a copy from the local database is read from the server again as soon as it can be (back online, remounted)
    staleTime: (q) => (isLocalCopy(q.state.data) ? 0 : DETAIL_STALE_MS),
    retry: (n, e) => (e as { status?: number }).status === undefined && n < 3,
    // the route's loader asked already: a refusal it got is not asked again when the screen mounts (its error
    // screen offers the retry)
    retryOnMount: false,
  });

/** GET W/work-items/{IDENT}-{seq}/ (the full-page route /{ws}/browse/{IDENT}-{seq}/): the detail lands in its own cache entry. */
export const workItemLookupQuery = (slug: string, key: string) =>
  queryOptions({
    queryKey: wiKeys.lookup(slug, key),
    // asked offline too: the local database may hold the item
    networkMode: "offlineFirst",
    queryFn: async ({ client }) => {
      // the server's answer; when it cannot be reached, the local database's copy (browse/IDENT-12/ offline)
      const d = await serverOrLocalLookup(client, slug, key, () =>
        call(WI.lookup, { slug, key }, undefined, { query: { expand: DETAIL_EXPAND } }),
      );
      // its row fields to the item store (a detail written by hand is not taken from the cache)
      itemStore(client).put([rowOf(d)]);
      client.setQueryData(wiKeys.detail(slug, d.project_id, d.id), d);
      return { id: d.id, project_id: d.project_id, is_epic: !!d.is_epic };
    },
    retry: false,
    // as the detail: the route's loader asked already, and a refusal it got is not asked again when the screen mounts
    retryOnMount: false,
  });

/**
 * One work item as the detail (page, peek) shows it: the detail's answer with the item's row fields read from the
 * item store — its one record, which every list shows too, so an edit made anywhere shows here from one write.
 */
export function useWorkItemDetail(
  slug: string,
  pid: string | undefined,
  id: string | undefined,
  kind: ItemKind = "issues",
) {
  const q = useQuery({ ...workItemDetailQuery(slug, pid ?? "", id ?? "", kind), enabled: !!pid && !!id });
  const record = useStoredItem(id);
  const data = useMemo(() => (q.data ? detailWithRecord(q.data, record) : q.data), [q.data, record]);
  return { data, isLoading: q.isLoading, isFetching: q.isFetching, error: q.error, refetch: q.refetch };
}

export function useWorkItemLookup(slug: string, key: string | undefined, enabled = true) {
  return useQuery({ ...workItemLookupQuery(slug, key ?? ""), enabled: !!key && enabled });
}

// ------------------------------------------------------------------ history and comments

export function useActivity(slug: string, pid: string, id: string, kind: ItemKind = "issues") {
  return useQuery({ ...activityQuery(slug, pid, id, kind), enabled: !!pid && !!id });
}

export function useComments(slug: string, pid: string, id: string, kind: ItemKind = "issues") {
  return useQuery({ ...commentsQuery(slug, pid, id, kind), enabled: !!pid && !!id });
}

export function useCommentMutations(slug: string, pid: string, id: string, kind: ItemKind = "issues") {
  const qc = useQueryClient();
  const key = detailKeys.history(slug, pid, id, "comment");
  const refresh = () => {
    qc.invalidateQueries({ queryKey: key });
    qc.invalidateQueries({ queryKey: detailKeys.history(slug, pid, id, "property") });
  };
  const at = item(slug, pid, id);
  const create = useMutation({
    // offline (or with writes waiting before it): kept in the local outbox and shown as pending (null), sent later
    mutationFn: (html: string) => addComment(slug, pid, id, kind, html),
    networkMode: "always",
    onSuccess: (c) => {
      if (!c) return;
      qc.setQueryData<Comment[]>(key, (old) => (old ? [...old, c] : old));
      refresh();
    },
    meta: { errorTitle: "Could not add the comment" },
  });
  const update = useMutation({
    mutationFn: ({ commentId, html }: { commentId: string; html: string }) =>
      call(ofKind(CM.update, kind), { ...at, commentId }, { comment_html: html }),
    onMutate: async ({ commentId, html }) => {
      await qc.cancelQueries({ queryKey: key });
      const prev = qc.getQueryData<Comment[]>(key);
      qc.setQueryData<Comment[]>(key, (old) =>
        old?.map((c) => (c.id === commentId ? { ...c, comment_html: html, edited_at: new Date().toISOString() } : c)),
      );
      return { prev };
    },
    meta: { errorTitle: "Could not edit the comment" },
    onError: (_e, _v, ctx) => {
      if (ctx?.prev) qc.setQueryData(key, ctx.prev);
    },
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (commentId: string) => call(ofKind(CM.remove, kind), { ...at, commentId }),
    onMutate: async (commentId) => {
      await qc.cancelQueries({ queryKey: key });
      const prev = qc.getQueryData<Comment[]>(key);
      qc.setQueryData<Comment[]>(key, (old) => old?.filter((c) => c.id !== commentId));
      return { prev };
    },
    meta: { errorTitle: "Could not delete the comment" },
    onError: (_e, _v, ctx) => {
      if (ctx?.prev) qc.setQueryData(key, ctx.prev);
    },
    onSettled: refresh,
  });
  const react = useCommentReaction(slug, pid, key);
  return { create, update, remove, react };
}

/** A reaction on a comment, added or taken back optimistically (restored on failure). */
function useCommentReaction(slug: string, pid: string, key: readonly unknown[]) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({
      commentId,
      reaction,
      remove: rm,
    }: {
      commentId: string;
      reaction: string;
      remove: boolean;
      me: string;
    }): Promise<unknown> =>
      rm
        ? call(CM.commentUnreact, { slug, projectId: pid, commentId, reaction })
        : call(CM.commentReact, { slug, projectId: pid, commentId }, { reaction }),
    onMutate: async ({ commentId, reaction, remove: rm, me }) => {
      await qc.cancelQueries({ queryKey: key });
      const prev = qc.getQueryData<Comment[]>(key);
      qc.setQueryData<Comment[]>(key, (old) =>
        old?.map((c) =>
          c.id !== commentId
            ? c
            : {
                ...c,
                comment_reactions: rm
                  ? c.comment_reactions.filter((r) => !(r.reaction === reaction && r.actor === me))
                  : [
                      ...c.comment_reactions,
                      {
                        ...pendingAudit(me),
                        id: `tmp-${Date.now()}`,
                        actor: me,
                        comment: commentId,
                        reaction,
                        display_name: null,
                        actor_detail: null,
                        workspace: c.workspace,
                        project: c.project,
                      },
                    ],
              },
        ),
      );
      return { prev };
    },
    meta: { errorTitle: "Could not update the reaction" },
    onError: (_e, _v, ctx) => {
      if (ctx?.prev) qc.setQueryData(key, ctx.prev);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: key }),
  });
}

// ------------------------------------------------------------------ reactions, subscription

export function useItemReaction(slug: string, pid: string, id: string, kind: ItemKind = "issues") {
  const qc = useQueryClient();
  const key = wiKeys.detail(slug, pid, id);
  return useMutation({
    mutationFn: ({ reaction, remove }: { reaction: string; remove: boolean; me: string }): Promise<unknown> =>
      remove
        ? call(ofKind(CM.unreact, kind), { ...item(slug, pid, id), reaction })
        : call(ofKind(CM.react, kind), item(slug, pid, id), { reaction }),
    onMutate: async ({ reaction, remove, me }) => {
      await qc.cancelQueries({ queryKey: key });
      const prev = qc.getQueryData<WorkItemDetail>(key);
      qc.setQueryData<WorkItemDetail>(key, (old) =>
        old
          ? {
              ...old,
              issue_reactions: remove
                ? (old.issue_reactions ?? []).filter((r) => !(r.reaction === reaction && r.actor === me))
                : [
                    ...(old.issue_reactions ?? []),
                    { id: `tmp-${Date.now()}`, actor: me, issue: id, reaction, display_name: null },
                  ],
            }
          : old,
      );
      return { prev };
    },
    meta: { errorTitle: "Could not update the reaction" },
    onError: (_e, _v, ctx) => {
      if (ctx?.prev) qc.setQueryData(key, ctx.prev);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: key }),
  });
}

/** Subscription toggles optimistically and re-fetches on failure (work-tracking.md §4). */
export function useSubscription(slug: string, pid: string, id: string, kind: ItemKind = "issues") {
  const qc = useQueryClient();
  const key = wiKeys.detail(slug, pid, id);
  return useMutation({
    mutationFn: (subscribe: boolean): Promise<unknown> =>
      subscribe
        ? call(ofKind(WI.subscribe, kind), item(slug, pid, id))
        : call(ofKind(WI.unsubscribe, kind), item(slug, pid, id)),
    onMutate: async (subscribe) => {
      await qc.cancelQueries({ queryKey: key });
      qc.setQueryData<WorkItemDetail>(key, (old) => (old ? { ...old, is_subscribed: subscribe } : old));
    },
    meta: { errorTitle: "Could not change the subscription" },
    // the Subscribed view and tab the local database answers
    onSuccess: () => localSubscriptionsChanged(slug, pid, [id]),
    onError: () => {
      qc.invalidateQueries({ queryKey: key });
    },
  });
}

// ------------------------------------------------------------------ sub-items

export function useSubIssues(slug: string, pid: string, id: string, kind: ItemKind = "issues") {
  return useQuery({ ...subIssuesQuery(slug, pid, id, kind), enabled: !!pid && !!id });
}

export function useAddSubIssues(slug: string, pid: string, id: string, kind: ItemKind = "issues") {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) =>
      // answered without `group_by`: a flat list
      call(ofKind(WI.addSubIssues, kind), item(slug, pid, id), { sub_issue_ids: ids }) as Promise<SubIssuesResponse>,
    onSuccess: (r) => {
      qc.setQueryData(detailKeys.subIssues(slug, pid, id), r);
      qc.invalidateQueries({ queryKey: wiKeys.lists(slug, pid) });
      // the parent and each new sub-item record the change in their history
      qc.invalidateQueries({ queryKey: wiKeys.part(slug, pid, "history") });
    },
    meta: { errorTitle: "Could not add the sub-work items" },
  });
}

// ------------------------------------------------------------------ relations

export const RELATION_LABEL: Record<ItemRelationType, string> = {
  blocked_by: "Blocked by",
  blocking: "Blocking",
  relates_to: "Relates to",
  duplicate: "Duplicate of",
};

/** A picked work item as the relation list shows it, until the server's answer replaces it. */
function relatedItem(i: WorkItem, relation_type: ItemRelationType): RelatedWorkItem {
  const {
    id,
    name,
    state_id,
    sort_order,
    priority,
    sequence_id,
    project_id,
    label_ids,
    assignee_ids,
    type_id,
    created_at,
    updated_at,
    created_by,
    updated_by,
  } = i;
  return {
    id,
    name,
    state_id,
    sort_order,
    priority,
    sequence_id,
    project_id,
    label_ids,
    assignee_ids,
    is_epic: i.is_epic ?? false,
    type_id,
    created_at,
    updated_at,
    created_by,
    updated_by,
    relation_type,
  };
}

export function useRelations(slug: string, pid: string, id: string, kind: ItemKind = "issues") {
  return useQuery({ ...relationsQuery(slug, pid, id, kind), enabled: !!pid && !!id });
}

/** Add / remove relations optimistically; the other side is re-read (the server updates the inverse). */
export function useRelationMutations(slug: string, pid: string, id: string, kind: ItemKind = "issues") {
  const qc = useQueryClient();
  const key = detailKeys.relations(slug, pid, id);
  const settle = () => {
    qc.invalidateQueries({ queryKey: wiKeys.part(slug, pid, "relations") });
    qc.invalidateQueries({ predicate: (q) => isTimelineList(q.queryKey) });
    qc.invalidateQueries({ queryKey: detailKeys.history(slug, pid, id, "property") });
  };
  const add = useMutation({
    mutationFn: ({ type, issues }: { type: ItemRelationType; issues: WorkItem[] }) =>
      call(ofKind(WI.addRelations, kind), item(slug, pid, id), {
        relation_type: type,
        issues: issues.map((i) => i.id),
      }),
    onMutate: async ({ type, issues }) => {
      await qc.cancelQueries({ queryKey: key });
      const prev = qc.getQueryData<RelationMap>(key);
      qc.setQueryData<RelationMap>(key, (old) => {
        const base = old ?? (Object.fromEntries(RELATION_TYPES.map((t) => [t, []])) as unknown as RelationMap);
        const list = base[type] ?? [];
        const add = issues.filter((i) => !list.some((x) => x.id === i.id)).map((i) => relatedItem(i, type));
        return { ...base, [type]: [...list, ...add] };
      });
      return { prev };
    },
    meta: { errorTitle: "Could not add the relation" },
    onError: (_e, _v, ctx) => {
      if (ctx?.prev) qc.setQueryData(key, ctx.prev);
    },
    onSettled: settle,
  });
  const remove = useMutation({
    mutationFn: ({ type, relatedId }: { type: ItemRelationType; relatedId: string }) =>
      call(ofKind(WI.removeRelation, kind), item(slug, pid, id), { related_issue: relatedId, relation_type: type }),
    onMutate: async ({ type, relatedId }) => {
      await qc.cancelQueries({ queryKey: key });
      const prev = qc.getQueryData<RelationMap>(key);
      qc.setQueryData<RelationMap>(key, (old) =>
        old ? { ...old, [type]: (old[type] ?? []).filter((x) => x.id !== relatedId) } : old,
      );
      return { prev };
    },
    meta: { errorTitle: "Could not remove the relation" },
    onError: (_e, _v, ctx) => {
      if (ctx?.prev) qc.setQueryData(key, ctx.prev);
    },
    onSettled: settle,
  });
  return { add, remove };
}

// ------------------------------------------------------------------ links

export function useLinkMutations(slug: string, pid: string, id: string, kind: ItemKind = "issues") {
  const qc = useQueryClient();
  const at = item(slug, pid, id);
  const refresh = () => {
    qc.invalidateQueries({ queryKey: wiKeys.detail(slug, pid, id) });
    qc.invalidateQueries({ queryKey: detailKeys.history(slug, pid, id, "property") });
  };
  const add = useMutation({
    mutationFn: (b: CreateLinkBody) => call(ofKind(WI.addLink, kind), at, b),
    onSuccess: refresh,
    // a field error ({url: [...]}) is shown on the form's field by the caller, not in a toast
    meta: { errorTitle: "Could not add the link", silent: hasFieldErrors },
  });
  const update = useMutation({
    mutationFn: ({ linkId, ...b }: UpdateLinkBody & { linkId: string }) =>
      call(ofKind(WI.updateLink, kind), { ...at, linkId }, b),
    onSuccess: refresh,
    meta: { errorTitle: "Could not update the link", silent: hasFieldErrors },
  });
  const remove = useMutation({
    mutationFn: (linkId: string) => call(ofKind(WI.removeLink, kind), { ...at, linkId }),
    onSuccess: refresh,
    meta: { errorTitle: "Could not remove the link" },
  });
  return { add, update, remove };
}

// ------------------------------------------------------------------ tasks

export function useTaskMutations(slug: string, pid: string, id: string, kind: ItemKind = "issues") {
  const qc = useQueryClient();
  const key = wiKeys.detail(slug, pid, id);
  const at = item(slug, pid, id);
  const optimistic = async (fn: (tasks: TaskItem[]) => TaskItem[]) => {
    await qc.cancelQueries({ queryKey: key });
    const prev = qc.getQueryData<WorkItemDetail>(key);
    qc.setQueryData<WorkItemDetail>(key, (old) => (old ? { ...old, tasks: fn(old.tasks ?? []) } : old));
    return { prev };
  };
  const rollback = (_e: unknown, _v: unknown, ctx: { prev?: WorkItemDetail } | undefined) => {
    if (ctx?.prev) qc.setQueryData(key, ctx.prev);
  };
  const settle = () => qc.invalidateQueries({ queryKey: key });
  const create = useMutation({
    mutationFn: (name: string) => call(ofKind(T.create, kind), at, { name }),
    onSettled: settle,
    // a field error ({name: [...]}) is shown under the add-form's field by the caller, not in a toast
    meta: { errorTitle: "Could not add the task", silent: hasFieldErrors },
  });
  const update = useMutation({
    mutationFn: ({ taskId, ...b }: UpdateTaskBody & { taskId: string }) =>
      call(ofKind(T.update, kind), { ...at, taskId }, b),
    onMutate: (v) => optimistic((ts) => ts.map((t) => (t.id === v.taskId ? { ...t, ...v } : t))),
    meta: { errorTitle: "Could not update the task" },
    onError: rollback,
    onSettled: settle,
  });
  const remove = useMutation({
    mutationFn: (taskId: string) => call(ofKind(T.remove, kind), { ...at, taskId }),
    onMutate: (taskId) => optimistic((ts) => ts.filter((t) => t.id !== taskId)),
    meta: { errorTitle: "Could not delete the task" },
    onError: rollback,
    onSettled: settle,
  });
  return { create, update, remove };
}

// ------------------------------------------------------------------ attachments

export function useAttachments(slug: string, pid: string, id: string) {
  return useQuery({ ...attachmentsQuery(slug, pid, id), enabled: !!pid && !!id });
}

export function useDeleteAttachment(slug: string, pid: string, id: string) {
  const qc = useQueryClient();
  const key = detailKeys.attachments(slug, pid, id);
  return useMutation({
    mutationFn: (assetId: string) => call(AS.attachmentRemove, { ...item(slug, pid, id), assetId }),
    onMutate: async (assetId) => {
      await qc.cancelQueries({ queryKey: key });
      const prev = qc.getQueryData<FileAsset[]>(key);
      qc.setQueryData<FileAsset[]>(key, (old) => old?.filter((a) => a.id !== assetId));
      return { prev };
    },
    meta: { errorTitle: "Could not delete the attachment" },
    onError: (_e, _v, ctx) => {
      if (ctx?.prev) qc.setQueryData(key, ctx.prev);
    },
    onSettled: () => {
      qc.invalidateQueries({ queryKey: key });
      qc.invalidateQueries({ queryKey: wiKeys.detail(slug, pid, id) });
    },
  });
}

// ------------------------------------------------------------------ description versions

/** A description version as listed (`P/issues/{id}/description-versions/`), newest first. */
export type DescriptionVersion = DescriptionVersionLite;
export type DescriptionVersionDetail = DescriptionVersionFull;

/** Versions shown at once; older ones stay on the server. */
export const VERSIONS_PAGE = 100;

export function useDescriptionVersions(slug: string, pid: string, id: string, kind: ItemKind = "issues") {
  return useQuery({
    queryKey: detailKeys.versions(slug, pid, id),
    queryFn: () =>
      call(ofKind(WI.descriptionVersions, kind), item(slug, pid, id), undefined, {
        query: { per_page: String(VERSIONS_PAGE) },
      }),
    enabled: !!pid && !!id,
  });
}

export function useDescriptionVersion(
  slug: string,
  pid: string,
  id: string,
  versionId: string | null,
  kind: ItemKind = "issues",
) {
  return useQuery({
    queryKey: detailKeys.version(slug, pid, id, versionId ?? ""),
    queryFn: () => call(ofKind(WI.descriptionVersion, kind), { ...item(slug, pid, id), versionId: versionId ?? "" }),
    enabled: !!pid && !!id && !!versionId,
  });
}
