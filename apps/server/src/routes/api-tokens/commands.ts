import crypto from "node:crypto";
import { and, desc, eq, type SQL } from "drizzle-orm";
import type { CreateApiTokenBody, UpdateApiTokenBody } from "@stride/shared/contract";
import { schema, type DbOrTx } from "../../db/client.ts";
import { hashToken } from "../../http/session.ts";
import { errors } from "../../http/errors.ts";
import type { ApiTokenRow } from "./presenters.ts";

const T = schema.apiTokens;

/** A new token: `plane_api_` + 32 hex characters (wire-facts §9). */
export function newTokenText(): string {
  return `plane_api_${crypto.randomBytes(16).toString("hex")}`;
}

/** Which of the caller's tokens a path sees: all of them (user level) or those of one workspace. */
export function ownTokens(userId: string, workspaceId?: string): SQL {
  return workspaceId ? and(eq(T.userId, userId), eq(T.workspaceId, workspaceId))! : eq(T.userId, userId);
}

export async function listTokens(db: DbOrTx, where: SQL): Promise<ApiTokenRow[]> {
  return db.select().from(T).where(where).orderBy(desc(T.createdAt));
}

/** One of the caller's tokens, else 404 (another user's token is not found). */
export async function findToken(db: DbOrTx, where: SQL, id: string): Promise<ApiTokenRow> {
  const [row] = await db
    .select()
    .from(T)
    .where(and(where, eq(T.id, id)))
    .limit(1);
  if (!row) throw errors.notFound();
  return row;
}

/** Create a token; only its hash is stored, the text goes back to the caller once. */
export async function createToken(
  db: DbOrTx,
  user: { id: string; isBot: boolean },
  workspaceId: string | null,
  body: CreateApiTokenBody,
) {
  const token = newTokenText();
  const [row] = await db
    .insert(T)
    .values({
      tokenHash: hashToken(token),
      label: body.label ?? "",
      description: body.description ?? "",
      userId: user.id,
      userType: user.isBot ? 1 : 0,
      workspaceId,
      expiredAt: body.expired_at ? new Date(body.expired_at) : null,
      createdById: user.id,
      updatedById: user.id,
    })
    .returning();
  return { row, token };
}

export async function updateToken(
  db: DbOrTx,
  row: ApiTokenRow,
  userId: string,
  body: UpdateApiTokenBody,
): Promise<ApiTokenRow> {
  const [updated] = await db
    .update(T)
    .set({
      label: body.label ?? row.label,
      description: body.description ?? row.description,
      updatedAt: new Date(),
      updatedById: userId,
    })
    .where(eq(T.id, row.id))
    .returning();
  return updated;
}

/** Revoke: the row goes, so the key stops working at once. */
export async function deleteToken(db: DbOrTx, row: ApiTokenRow): Promise<void> {
  await db.delete(T).where(eq(T.id, row.id));
}
