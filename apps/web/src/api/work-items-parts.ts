/**
 * A work item's parts besides the item (activity, comments, sub-items, relations, attachments): their keys and query
 * options, shared by the detail's hooks (work-items-detail.ts) and the route loaders. A pending work item (made
 * offline, still in the local outbox under a temporary `local-` id) opened in the detail (peek, page) is read from the
 * item store, where its lists put it; the server, which does not have it yet, is never asked — for it nor for its
 * parts (none yet).
 */
import { queryOptions, type QueryClient } from "@tanstack/react-query";
import { RELATION_TYPES } from "@stride/shared";
import {
  assetEndpoints as AS,
  commentEndpoints as CM,
  ofKind,
  workItemEndpoints as WI,
} from "@stride/shared/endpoints";
import { ApiError, call } from "./client.ts";
import type { ItemKind } from "./work-items.ts";
import { isLocalId, localComments, localItem, localItemAt, unreachable } from "./local-db/client.ts";
import { qk } from "./query-keys.ts";
import type { ProjectLite } from "./types.ts";
import type { HeldItem } from "./local-db/protocol.ts";
import { itemStore } from "./work-item-store.ts";
import type {
  Activity,
  Comment,
  FileAsset,
  RelationMap,
  SubIssuesResponse,
  WorkItemDetail,
} from "./work-items-types.ts";

export const detailKeys = {
  history: (slug: string, pid: string, id: string, type: "property" | "comment") =>
    ["wi", slug, pid, "history", id, type] as const,
  subIssues: (slug: string, pid: string, id: string) => ["wi", slug, pid, "sub-issues", id] as const,
  relations: (slug: string, pid: string, id: string) => ["wi", slug, pid, "relations", id] as const,
  attachments: (slug: string, pid: string, id: string) => ["wi", slug, pid, "attachments", id] as const,
  // under "history" so an item update (which invalidates its history) refreshes the versions too
  versions: (slug: string, pid: string, id: string) => ["wi", slug, pid, "history", id, "versions"] as const,
  version: (slug: string, pid: string, id: string, versionId: string) =>
    ["wi", slug, pid, "history", id, "versions", versionId] as const,
};

/** The path params of one item's sub-resources. */
const item = (slug: string, projectId: string, issueId: string) => ({ slug, projectId, issueId });

/** How long a pending item's detail waits for the list that holds it (a reload opening `?peekId=local-…`). */
const PENDING_WAIT_MS = 10_000;

/** An item's row as the detail shows it, with what only the server holds (reactions, links, tasks…) empty. */
function detailOf(row: { id: string; description_html?: string | null }): WorkItemDetail {
  // (a row of the item store or of the local database: the list's fields of the item)
  return {
    task_count: 0,
    is_epic: false,
    deleted_at: null,
    ...row,
    description_html: row.description_html ?? "",
    is_subscribed: false,
    is_intake: false,
    issue_reactions: [],
    issue_attachments: [],
    issue_link: [],
    tasks: [],
  } as unknown as WorkItemDetail;
}

/** The pending item as the detail shows it: its record, with what the server has not made yet empty. */
export async function pendingDetail(qc: QueryClient, id: string): Promise<WorkItemDetail> {
  const row = await itemStore(qc).whenHeld(id, PENDING_WAIT_MS);
  if (!row) throw new ApiError(404, { error: "This work item is not on this device." });
  return detailOf(row);
}

/** The server could not be reached and the local database does not hold the item: shown as not available offline. */
export class NotHeldOffline extends ApiError {
  constructor() {
    super(0, { error: "This work item is not available offline." });
  }
}

/** Details answered from the local database (read from the server again as soon as it can be reached). */
const localCopies = new WeakSet<object>();
export const isLocalCopy = (d: unknown): boolean => typeof d === "object" && d !== null && localCopies.has(d);

/**
 * The server's answer; when it cannot be reached (offline, no answer, 502–504), the local database's copy (`local`,
 * marked as such: read from the server again as soon as it can be); not held there, `notHeld` says what to throw.
 */
async function serverOrLocal<T extends object>(
  ask: () => Promise<T>,
  local: () => Promise<T | null>,
  notHeld: (e: unknown) => unknown,
): Promise<T> {
  try {
    return await ask();
  } catch (e) {
    if (!unreachable(e)) throw e;
    const held = await local();
    if (!held) throw notHeld(e);
    localCopies.add(held);
    return held;
  }
}

/** Offline, an item the local database does not hold is "not available offline" (it may well exist). */
const notHeldOffline = (e: unknown) =>
  typeof navigator !== "undefined" && !navigator.onLine ? new NotHeldOffline() : e;

const heldDetail = async (held: Promise<HeldItem | null>) => {
  const row = await held;
  return row ? detailOf(row) : null;
};

/**
 * An item's detail from the server; when it cannot be reached, from the local database when its project is synced
 * (issue #28 point 5: item pages readable offline), else `NotHeldOffline` offline.
 */
export const serverOrLocalDetail = (pid: string, id: string, ask: () => Promise<WorkItemDetail>) =>
  serverOrLocal(ask, () => heldDetail(localItem(pid, id)), notHeldOffline);

/**
 * The item a key names (`IDENT-12`: browse/IDENT-12/) from the server; when it cannot be reached, from the local
 * database: the key's project among the workspace's projects this page holds, the item by its number there.
 */
export const serverOrLocalLookup = (qc: QueryClient, slug: string, key: string, ask: () => Promise<WorkItemDetail>) =>
  serverOrLocal(ask, () => heldDetail(heldByKey(qc, slug, key)), notHeldOffline);

async function heldByKey(qc: QueryClient, slug: string, key: string): Promise<HeldItem | null> {
  const dash = key.lastIndexOf("-");
  const ident = key.slice(0, Math.max(0, dash)).toUpperCase();
  const seq = Number(key.slice(dash + 1));
  const project = qc.getQueryData<ProjectLite[]>(qk.projects(slug))?.find((p) => p.identifier.toUpperCase() === ident);
  return project && dash > 0 && Number.isInteger(seq) ? localItemAt(project.id, seq) : null;
}

/** A pending item's parts: none yet. */
const NO_PARTS = {
  list: <T>(): T[] => [],
  subIssues: (): SubIssuesResponse => ({ sub_issues: [], state_distribution: {} }),
  relations: () => Object.fromEntries(RELATION_TYPES.map((t) => [t, []])) as unknown as RelationMap,
};

/**
 * A pending item's answers need no network (offline is when it is made): they are not paused while offline. The
 * others are asked once offline too (the service worker may keep the server's answer), then wait to be back online.
 */
export const pendingMode = (id: string) => (isLocalId(id) ? ("always" as const) : ("offlineFirst" as const));

/** A part of an item that needs the server, waiting to be back online with nothing to show (offline, never read). */
export const waitsForServer = (q: { data?: unknown; fetchStatus: string; error: unknown }): boolean =>
  q.data === undefined && (q.fetchStatus === "paused" || (!!q.error && unreachable(q.error) && !navigator.onLine));

/** A part of an item: `none()` for a pending item, else the server's answer. */
const pendingOr = <T>(id: string, none: () => T, ask: () => Promise<T>): Promise<T> =>
  isLocalId(id) ? Promise.resolve(none()) : ask();

/**
 * An item's comments from the server; when it cannot be reached (offline, no answer, 502–504), those the local
 * database holds of it, marked as its copy (issue #28 point 5: an item never opened shows its comments offline). Not
 * held: the server's failure stands (the activity says it loads when back online).
 */
export const serverOrLocalComments = (pid: string, id: string, ask: () => Promise<Comment[]>) =>
  serverOrLocal(
    ask,
    () => localComments(pid, id),
    (e) => e,
  );

/** The app's default (app/query-client.ts) for an answer of the server. */
const PART_STALE_MS = 10_000;

/**
 * An item's activity or its comments (`history/`): the activity type asked for picks the entries' kind; `orLocal`
 * answers when the server cannot be reached (the comments: from the local database).
 */
const historyQuery = <T>(
  slug: string,
  pid: string,
  id: string,
  kind: ItemKind,
  type: "property" | "comment",
  orLocal: (ask: () => Promise<T[]>) => Promise<T[]> = (ask) => ask(),
) =>
  queryOptions({
    queryKey: detailKeys.history(slug, pid, id, type),
    networkMode: pendingMode(id),
    queryFn: () =>
      pendingOr(id, NO_PARTS.list<T>, () =>
        orLocal(
          () =>
            call(ofKind(CM.history, kind), item(slug, pid, id), undefined, {
              query: { activity_type: `${kind === "epics" ? "epic" : "issue"}-${type}` },
            }) as Promise<T[]>,
        ),
      ),
    // a copy from the local database is read from the server again as soon as it can be (back online, remounted)
    staleTime: (q) => (isLocalCopy(q.state.data) ? 0 : PART_STALE_MS),
  });

export const activityQuery = (slug: string, pid: string, id: string, kind: ItemKind = "issues") =>
  historyQuery<Activity>(slug, pid, id, kind, "property");

export const commentsQuery = (slug: string, pid: string, id: string, kind: ItemKind = "issues") =>
  historyQuery<Comment>(slug, pid, id, kind, "comment", (ask) => serverOrLocalComments(pid, id, ask));

export const subIssuesQuery = (slug: string, pid: string, id: string, kind: ItemKind = "issues") =>
  queryOptions({
    queryKey: detailKeys.subIssues(slug, pid, id),
    networkMode: pendingMode(id),
    // asked without `group_by`: a flat list
    queryFn: () =>
      pendingOr(
        id,
        NO_PARTS.subIssues,
        () => call(ofKind(WI.subIssues, kind), item(slug, pid, id)) as Promise<SubIssuesResponse>,
      ),
  });

export const relationsQuery = (slug: string, pid: string, id: string, kind: ItemKind = "issues") =>
  queryOptions({
    queryKey: detailKeys.relations(slug, pid, id),
    networkMode: pendingMode(id),
    queryFn: () => pendingOr(id, NO_PARTS.relations, () => call(ofKind(WI.relations, kind), item(slug, pid, id))),
  });

export const attachmentsQuery = (slug: string, pid: string, id: string) =>
  queryOptions({
    queryKey: detailKeys.attachments(slug, pid, id),
    networkMode: pendingMode(id),
    queryFn: () => pendingOr(id, NO_PARTS.list<FileAsset>, () => call(AS.attachments, item(slug, pid, id))),
  });

/** What the detail (page or peek) reads about one item besides the item itself, for prefetching it at navigation. */
export const workItemPartQueries = (slug: string, pid: string, id: string, kind: ItemKind = "issues") => [
  activityQuery(slug, pid, id, kind),
  commentsQuery(slug, pid, id, kind),
  subIssuesQuery(slug, pid, id, kind),
  relationsQuery(slug, pid, id, kind),
  attachmentsQuery(slug, pid, id),
];
