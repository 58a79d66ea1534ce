import { count, desc, inArray } from "drizzle-orm";
import type {
  ProjectUpdate,
  ProjectUpdateComment,
  ProjectUpdateProgress,
  ProjectUpdateReaction,
  ProjectUpdateStatus,
} from "@stride/shared/contract";
import { schema, type DbOrTx } from "../../db/client.ts";
import { auditFields, iso, userLiteOrNull } from "../../http/present.ts";
import { usersById } from "../issues/detail.ts";
import type { UpdateCommentRow, UpdateRow } from "./commands.ts";

type ReactionRow = typeof schema.projectUpdateReactions.$inferSelect;
type UserRow = Parameters<typeof userLiteOrNull>[0];

export function presentUpdateReaction(r: ReactionRow, actor: UserRow | null | undefined): ProjectUpdateReaction {
  return {
    id: r.id,
    reaction: r.reaction,
    actor: r.actorId,
    actor_detail: userLiteOrNull(actor),
    created_at: iso(r.createdAt),
  };
}

/** Updates with their authors, comment counts and reactions (three reads for any number of updates). */
export async function presentUpdates(db: DbOrTx, rows: UpdateRow[]): Promise<ProjectUpdate[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const commentTable = schema.projectUpdateComments;
  const R = schema.projectUpdateReactions;
  const [counts, reactions] = await Promise.all([
    db
      .select({ id: commentTable.updateId, n: count() })
      .from(commentTable)
      .where(inArray(commentTable.updateId, ids))
      .groupBy(commentTable.updateId),
    db.select().from(R).where(inArray(R.updateId, ids)).orderBy(desc(R.createdAt)),
  ]);
  const users = await usersById(db, [...rows.map((r) => r.createdById), ...reactions.map((r) => r.actorId)]);
  const nOf = new Map(counts.map((c) => [c.id, Number(c.n)]));
  return rows.map((u) => {
    const p = u.progress as Partial<ProjectUpdateProgress>;
    return {
      id: u.id,
      project_id: u.projectId,
      workspace_id: u.workspaceId,
      status: u.status as ProjectUpdateStatus,
      description_html: u.descriptionHtml,
      description_stripped: u.descriptionStripped,
      progress: { total_issues: p.total_issues ?? 0, completed_issues: p.completed_issues ?? 0 },
      created_by_detail: userLiteOrNull(u.createdById ? users.get(u.createdById) : null),
      comments_count: nOf.get(u.id) ?? 0,
      update_reactions: reactions
        .filter((r) => r.updateId === u.id)
        .map((r) => presentUpdateReaction(r, users.get(r.actorId))),
      ...auditFields(u),
    };
  });
}

export async function presentUpdateComments(db: DbOrTx, rows: UpdateCommentRow[]): Promise<ProjectUpdateComment[]> {
  const users = await usersById(
    db,
    rows.map((r) => r.actorId),
  );
  return rows.map((c) => ({
    id: c.id,
    update_id: c.updateId,
    project_id: c.projectId,
    comment_html: c.commentHtml,
    comment_stripped: c.commentStripped,
    actor: c.actorId,
    actor_detail: userLiteOrNull(c.actorId ? users.get(c.actorId) : null),
    edited_at: iso(c.editedAt),
    ...auditFields(c),
  }));
}
