import crypto from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { DeployBoardCreateBody, DeployBoardPatchBody } from "@stride/shared/contract";
import { schema, type DbOrTx } from "../../db/client.ts";
import { errors } from "../../http/errors.ts";
import type { ProjectRow, UserRow, WorkspaceRow } from "../../http/route.ts";
import type { ViewRow } from "../../domain/saved-views.ts";
import { ALL_VIEWS, viewPropsOf, type BoardRow } from "./presenters.ts";

const B = schema.deployBoards;

/** The public link's key: a random uuid as 32 hex digits. */
const newAnchor = () => crypto.randomUUID().replace(/-/g, "");

export const notPublished = () => errors.notFound("Project is not published");

/** What a board publishes: the project itself, or one of its saved views. */
export type PublishedEntity = { name: "project"; id: string } | { name: "view"; id: string };

/** The board of a project (or of a view), or null when it is not published. */
export async function findBoard(
  db: DbOrTx,
  projectId: string,
  entity: PublishedEntity = { name: "project", id: projectId },
): Promise<BoardRow | null> {
  const [b] = await db
    .select()
    .from(B)
    .where(and(eq(B.entityName, entity.name), eq(B.entityIdentifier, entity.id), eq(B.projectId, projectId)))
    .limit(1);
  return b ?? null;
}

/** `intake` must name the project's own intake (or be null). */
async function checkIntake(db: DbOrTx, project: ProjectRow, intake: string | null | undefined) {
  if (!intake) return;
  const [row] = await db
    .select({ id: schema.intakes.id })
    .from(schema.intakes)
    .where(and(eq(schema.intakes.id, intake), eq(schema.intakes.projectId, project.id)))
    .limit(1);
  if (!row) throw errors.field("intake", `Invalid pk "${intake}" - object does not exist.`);
}

/** POST: get-or-create. An existing board is returned unchanged; a new one takes its layouts from `views`. */
export async function publishProject(
  db: DbOrTx,
  project: ProjectRow,
  actorId: string,
  body: DeployBoardCreateBody,
  entity: PublishedEntity = { name: "project", id: project.id },
): Promise<BoardRow> {
  const existing = await findBoard(db, project.id, entity);
  if (existing) return existing;
  await checkIntake(db, project, body.intake);
  const [row] = await db
    .insert(B)
    .values({
      workspaceId: project.workspaceId,
      projectId: project.id,
      entityName: entity.name,
      entityIdentifier: entity.id,
      anchor: newAnchor(),
      isCommentsEnabled: body.is_comments_enabled ?? false,
      isReactionsEnabled: body.is_reactions_enabled ?? false,
      isVotesEnabled: body.is_votes_enabled ?? false,
      intakeId: body.intake ?? null,
      viewProps: body.views ? { ...viewPropsOf({}), ...body.views } : { ...ALL_VIEWS },
      createdById: actorId,
      updatedById: actorId,
    })
    .onConflictDoNothing()
    .returning();
  // a concurrent publish won: answer its board
  return row ?? (await findBoard(db, project.id, entity))!;
}

export async function loadBoard(db: DbOrTx, project: ProjectRow, boardId: string): Promise<BoardRow> {
  const [b] = await db
    .select()
    .from(B)
    .where(and(eq(B.id, boardId), eq(B.projectId, project.id)))
    .limit(1);
  if (!b) throw errors.notFound();
  return b;
}

export async function updateBoard(
  db: DbOrTx,
  project: ProjectRow,
  board: BoardRow,
  actorId: string,
  body: DeployBoardPatchBody,
): Promise<BoardRow> {
  if (body.intake !== undefined) await checkIntake(db, project, body.intake);
  const set: Partial<typeof B.$inferInsert> = { updatedAt: new Date(), updatedById: actorId };
  if (body.is_comments_enabled !== undefined) set.isCommentsEnabled = body.is_comments_enabled;
  if (body.is_reactions_enabled !== undefined) set.isReactionsEnabled = body.is_reactions_enabled;
  if (body.is_votes_enabled !== undefined) set.isVotesEnabled = body.is_votes_enabled;
  if (body.is_activity_enabled !== undefined) set.isActivityEnabled = body.is_activity_enabled;
  if (body.is_disabled !== undefined) set.isDisabled = body.is_disabled;
  if (body.intake !== undefined) set.intakeId = body.intake;
  if (body.view_props !== undefined) set.viewProps = { ...viewPropsOf(board.viewProps), ...body.view_props };
  const [row] = await db.update(B).set(set).where(eq(B.id, board.id)).returning();
  return row;
}

export async function unpublish(db: DbOrTx, board: BoardRow): Promise<void> {
  await db.delete(B).where(eq(B.id, board.id));
}

export interface Published {
  board: BoardRow;
  project: ProjectRow;
  workspace: WorkspaceRow;
  /** A published view: its items are the project's items the view's filters keep. */
  view: ViewRow | null;
}

/**
 * The published, enabled board of `anchor` with its live project (and, for a published view, the live view);
 * 404 "Project is not published" otherwise.
 */
export async function loadPublished(db: DbOrTx, anchor: string): Promise<Published> {
  if (!/^[0-9a-f]{32}$/i.test(anchor)) throw notPublished();
  const [row] = await db
    .select({ board: B, project: schema.projects, workspace: schema.workspaces })
    .from(B)
    .innerJoin(schema.projects, eq(schema.projects.id, B.projectId))
    .innerJoin(schema.workspaces, eq(schema.workspaces.id, B.workspaceId))
    .where(and(eq(B.anchor, anchor.toLowerCase()), eq(B.isDisabled, false), isNull(schema.projects.archivedAt)))
    .limit(1);
  if (!row) throw notPublished();
  if (row.board.entityName !== "view") return { ...row, view: null };
  const V = schema.issueViews;
  const [view] = await db
    .select()
    .from(V)
    .where(and(eq(V.id, row.board.entityIdentifier), eq(V.projectId, row.project.id), isNull(V.archivedAt)))
    .limit(1);
  if (!view) throw notPublished();
  return { ...row, view };
}

/** A signed-in writer in the public space who is not in the project is kept as a public member. */
export async function recordPublicMember(tx: DbOrTx, pub: Published, user: UserRow): Promise<void> {
  const [m] = await tx
    .select({ id: schema.projectMembers.id })
    .from(schema.projectMembers)
    .where(
      and(
        eq(schema.projectMembers.projectId, pub.project.id),
        eq(schema.projectMembers.memberId, user.id),
        eq(schema.projectMembers.isActive, true),
      ),
    )
    .limit(1);
  if (m) return;
  await tx
    .insert(schema.projectPublicMembers)
    .values({
      workspaceId: pub.project.workspaceId,
      projectId: pub.project.id,
      memberId: user.id,
      createdById: user.id,
      updatedById: user.id,
    })
    .onConflictDoNothing();
}

/** One vote per person and item: a second vote replaces the first. */
export async function castVote(
  tx: DbOrTx,
  issue: { id: string; projectId: string; workspaceId: string },
  actorId: string,
  vote: number,
) {
  const V = schema.issueVotes;
  const [row] = await tx
    .insert(V)
    .values({
      issueId: issue.id,
      projectId: issue.projectId,
      workspaceId: issue.workspaceId,
      actorId,
      vote,
      createdById: actorId,
      updatedById: actorId,
    })
    .onConflictDoUpdate({ target: [V.issueId, V.actorId], set: { vote, updatedAt: new Date(), updatedById: actorId } })
    .returning();
  return row;
}

export async function withdrawVote(tx: DbOrTx, issueId: string, actorId: string): Promise<void> {
  const V = schema.issueVotes;
  const gone = await tx
    .delete(V)
    .where(and(eq(V.issueId, issueId), eq(V.actorId, actorId)))
    .returning({ id: V.id });
  if (gone.length === 0) throw errors.notFound();
}
