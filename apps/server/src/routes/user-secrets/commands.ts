import { and, asc, eq } from "drizzle-orm";
import { SECRET_MSG, type CreateSecretBody, type UpdateSecretBody } from "@stride/shared/contract";
import type { AppContext } from "../../core/context.ts";
import { errors, uniqueViolation } from "../../http/errors.ts";
import { maskSecret, open, seal } from "../../core/crypto-box.ts";
import { schema, type DbOrTx } from "../../db/client.ts";
import type { UserSecretRow } from "./presenters.ts";

const { userSecrets } = schema;

export function listSecrets(db: DbOrTx, userId: string): Promise<UserSecretRow[]> {
  return db.select().from(userSecrets).where(eq(userSecrets.userId, userId)).orderBy(asc(userSecrets.name));
}

/** Only the caller's own secrets exist for them: anyone else's id is not found. */
export async function loadSecret(db: DbOrTx, userId: string, id: string): Promise<UserSecretRow> {
  const [row] = await db
    .select()
    .from(userSecrets)
    .where(and(eq(userSecrets.id, id), eq(userSecrets.userId, userId)));
  if (!row) throw errors.notFound(SECRET_MSG.notFound);
  return row;
}

/** The opened values of a user's secrets by name (for the agents that will use them). */
export async function secretValues(app: AppContext, userId: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const r of await listSecrets(app.db, userId)) out[r.name] = open(app.secretKey, "user-secret", r.valueSealed);
  return out;
}

const sealed = (app: AppContext, value: string) => ({
  valueSealed: seal(app.secretKey, "user-secret", value),
  valueHint: maskSecret(value),
});

function nameTaken(err: unknown): never {
  if (uniqueViolation(err) === "user_secrets_name_uq") throw errors.field("name", SECRET_MSG.nameTaken);
  throw err;
}

export async function createSecret(app: AppContext, userId: string, body: CreateSecretBody): Promise<UserSecretRow> {
  try {
    const [row] = await app.db
      .insert(userSecrets)
      .values({
        userId,
        name: body.name,
        description: body.description ?? "",
        ...sealed(app, body.value),
        createdById: userId,
        updatedById: userId,
      })
      .returning();
    return row;
  } catch (e) {
    return nameTaken(e);
  }
}

export async function updateSecret(
  app: AppContext,
  row: UserSecretRow,
  userId: string,
  body: UpdateSecretBody,
): Promise<UserSecretRow> {
  try {
    const [u] = await app.db
      .update(userSecrets)
      .set({
        ...(body.name === undefined ? {} : { name: body.name }),
        ...(body.description === undefined ? {} : { description: body.description }),
        ...(body.value === undefined ? {} : sealed(app, body.value)),
        updatedAt: new Date(),
        updatedById: userId,
      })
      .where(eq(userSecrets.id, row.id))
      .returning();
    return u;
  } catch (e) {
    return nameTaken(e);
  }
}

export async function deleteSecret(app: AppContext, row: UserSecretRow): Promise<void> {
  await app.db.delete(userSecrets).where(eq(userSecrets.id, row.id));
}
