import { and, asc, desc, eq, inArray, isNull, or } from "drizzle-orm";
import type { AssetAttributes, RelationLite, WorkItemDetail } from "@stride/shared/contract";
import { schema, type DbOrTx } from "../../db/client.ts";
import { iso, presentUserLite } from "../../http/present.ts";
import { assetUrl } from "../assets/urls.ts";
import { loadIssueViews, type IssueView } from "./queries.ts";
import {
  presentIssue,
  presentIssueReactionLite,
  presentLinkLite,
  presentRelationLite,
  presentTask,
} from "./presenters.ts";
import { readableOnly, type Reader } from "../../http/readable.ts";

type UserRow = typeof schema.users.$inferSelect;

export async function usersById(
  db: DbOrTx,
  ids: readonly (string | null | undefined)[],
): Promise<Map<string, UserRow>> {
  const list = [...new Set(ids.filter((x): x is string => !!x))];
  const out = new Map<string, UserRow>();
  if (list.length === 0) return out;
  for (const u of await db.select().from(schema.users).where(inArray(schema.users.id, list))) out.set(u.id, u);
  return out;
}

/**
 * Relations of an item as stored (issue_relation: rows where it is `issue`; issue_related: rows where it is
 * `related_issue`), with only the related items `reader` may read.
 */
export async function relationExpansions(db: DbOrTx, issueId: string, reader: Reader) {
  const rel = schema.issueRelations;
  const rows = await db
    .select()
    .from(rel)
    .where(or(eq(rel.issueId, issueId), eq(rel.relatedIssueId, issueId)));
  const otherIds = [
    ...(await readableOnly(
      db,
      reader,
      rows.map((r) => (r.issueId === issueId ? r.relatedIssueId : r.issueId)),
    )),
  ];
  const views = new Map((await loadIssueViews(db, otherIds)).map((v) => [v.issue.id, v]));
  const issueRelation: RelationLite[] = [];
  const issueRelated: RelationLite[] = [];
  for (const r of rows) {
    if (r.issueId === issueId) {
      const v = views.get(r.relatedIssueId);
      if (v) issueRelation.push(presentRelationLite(v, r.relationType));
    } else {
      const v = views.get(r.issueId);
      if (v) issueRelated.push(presentRelationLite(v, r.relationType));
    }
  }
  return { issueRelation, issueRelated };
}

/** What an expansion of the detail reads from. */
interface ExpandCtx {
  db: DbOrTx;
  v: IssueView;
  it: IssueView["issue"];
  userId: string;
  workspaceSlug: string;
  expand: Set<string>;
}

type Expansion = Partial<WorkItemDetail>;

async function reactionsPart({ db, it }: ExpandCtx): Promise<Expansion> {
  const rows = await db
    .select()
    .from(schema.issueReactions)
    .where(eq(schema.issueReactions.issueId, it.id))
    .orderBy(desc(schema.issueReactions.createdAt));
  const users = await usersById(
    db,
    rows.map((r) => r.actorId),
  );
  return { issue_reactions: rows.map((r) => presentIssueReactionLite(r, users.get(r.actorId))) };
}

async function attachmentsPart({ db, it, workspaceSlug }: ExpandCtx): Promise<Expansion> {
  const fa = schema.fileAssets;
  const rows = await db
    .select()
    .from(fa)
    .where(
      and(
        eq(fa.issueId, it.id),
        eq(fa.entityType, "ISSUE_ATTACHMENT"),
        eq(fa.isUploaded, true),
        eq(fa.isDeleted, false),
      ),
    )
    .orderBy(desc(fa.createdAt));
  return {
    issue_attachments: rows.map((a) => ({
      id: a.id,
      asset: a.asset,
      attributes: a.attributes as AssetAttributes,
      created_by: a.createdById,
      updated_at: iso(a.updatedAt),
      updated_by: a.updatedById,
      asset_url: assetUrl(a, workspaceSlug),
    })),
  };
}

async function linksPart({ db, it }: ExpandCtx): Promise<Expansion> {
  const rows = await db
    .select()
    .from(schema.issueLinks)
    .where(eq(schema.issueLinks.issueId, it.id))
    .orderBy(desc(schema.issueLinks.createdAt));
  return { issue_link: rows.map(presentLinkLite) };
}

async function parentPart({ db, it }: ExpandCtx): Promise<Expansion> {
  if (!it.parentId) return { parent: null };
  const [p] = await db
    .select()
    .from(schema.issues)
    .where(and(eq(schema.issues.id, it.parentId), isNull(schema.issues.deletedAt)))
    .limit(1);
  return { parent: p ? { id: p.id, sequence_id: p.sequenceId, project_id: p.projectId, name: p.name } : null };
}

async function tasksPart({ db, it }: ExpandCtx): Promise<Expansion> {
  const rows = await db
    .select()
    .from(schema.issueTasks)
    .where(eq(schema.issueTasks.issueId, it.id))
    .orderBy(asc(schema.issueTasks.sortOrder), asc(schema.issueTasks.createdAt));
  return { tasks: rows.map(presentTask) };
}

async function relationsPart({ db, it, userId, expand }: ExpandCtx): Promise<Expansion> {
  const r = await relationExpansions(db, it.id, { userId, workspaceId: it.workspaceId });
  return {
    ...(expand.has("issue_relation") ? { issue_relation: r.issueRelation } : {}),
    ...(expand.has("issue_related") ? { issue_related: r.issueRelated } : {}),
  };
}

async function assigneesPart({ db, v }: ExpandCtx): Promise<Expansion> {
  const users = await usersById(db, v.assigneeIds);
  return {
    assignees: v.assigneeIds.flatMap((id) => {
      const u = users.get(id);
      return u ? [presentUserLite(u)] : [];
    }),
  };
}

async function labelsPart({ db, v }: ExpandCtx): Promise<Expansion> {
  const rows = v.labelIds.length
    ? await db.select().from(schema.labels).where(inArray(schema.labels.id, v.labelIds))
    : [];
  return { labels: rows.map((l) => ({ id: l.id, name: l.name, color: l.color, parent: l.parentId })) };
}

async function statePart({ db, it }: ExpandCtx): Promise<Expansion> {
  const [s] = it.stateId ? await db.select().from(schema.states).where(eq(schema.states.id, it.stateId)).limit(1) : [];
  return { state: s ? { id: s.id, name: s.name, color: s.color, group: s.group } : null };
}

/** The expansions of the detail, in the order they land in its shape, each with the `expand` names that ask for it. */
const EXPANSIONS: [names: string[], read: (c: ExpandCtx) => Promise<Expansion>][] = [
  [["issue_reactions"], reactionsPart],
  [["issue_attachments"], attachmentsPart],
  [["issue_link"], linksPart],
  [["parent"], parentPart],
  [["tasks"], tasksPart],
  [["issue_relation", "issue_related"], relationsPart],
  [["assignees"], assigneesPart],
  [["labels"], labelsPart],
  [["state"], statePart],
];

/**
 * The detail shape of GET P/issues/{id}/ (wire-facts §6.3): item fields (no state__group) plus
 * description_html, is_subscribed, is_intake and the requested expansions.
 */
export async function buildIssueDetail(
  db: DbOrTx,
  v: IssueView,
  userId: string,
  workspaceSlug: string,
  expand: Set<string>,
): Promise<WorkItemDetail> {
  const it = v.issue;
  // The subscription and the expansions are independent reads: they run at once (the detail is on the
  // critical path of the work-item screens) and land in the shape in this order.
  const subscription = db
    .select({ id: schema.issueSubscribers.id })
    .from(schema.issueSubscribers)
    .where(and(eq(schema.issueSubscribers.issueId, it.id), eq(schema.issueSubscribers.subscriberId, userId)))
    .limit(1);
  const c: ExpandCtx = { db, v, it, userId, workspaceSlug, expand };
  const parts = EXPANSIONS.filter(([names]) => names.some((n) => expand.has(n))).map(([, read]) => read(c));
  const [[sub], expansions] = await Promise.all([subscription, Promise.all(parts)]);
  const out: WorkItemDetail = {
    ...presentIssue(v),
    description_html: it.descriptionHtml,
    is_subscribed: !!sub,
    // Intake items wait in the project's triage state until accepted.
    is_intake: v.stateGroup === "triage",
  };
  return Object.assign(out, ...expansions);
}
