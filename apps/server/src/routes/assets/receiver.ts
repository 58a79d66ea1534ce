import { assetEndpoints as AS } from "@stride/shared/endpoints";
import type { FastifyInstance } from "fastify";
import multipart from "@fastify/multipart";
import { eq, sql } from "drizzle-orm";
import { route } from "../../http/route.ts";
import { errors, HttpError } from "../../http/errors.ts";
import type { AppContext } from "../../core/context.ts";
import { FA } from "./commands.ts";
import { verifyUpload } from "./sign.ts";
import { checkContent, normalizeMime } from "../../storage/content-type.ts";

/** Buffer a stream; an error (e.g. a form that ends inside the file) resolves with `error`. */
function collect(stream: NodeJS.ReadableStream): Promise<{ data: Buffer; error: unknown }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let settled = false;
    const done = (error: unknown) => {
      if (settled) return;
      settled = true;
      resolve({ data: Buffer.concat(chunks), error });
    };
    stream.on("data", (c: Buffer) => chunks.push(c));
    stream.on("end", () => done(null));
    stream.on("error", (e) => done(e ?? new Error("stream error")));
    stream.on("close", () => done(settled ? null : new Error("stream closed early")));
  });
}

/**
 * Store one received file under its slot: the token must be valid for the key, the size within the slot's, the
 * bytes what the slot declared (magic numbers; text for text types). Else nothing is stored and the slot stays free.
 */
async function storeUpload(app: AppContext, fields: Record<string, string>, data: Buffer, truncated: boolean) {
  const claims = verifyUpload(app.secretKey, fields.token);
  if (!claims || (fields.key !== undefined && fields.key !== claims.k))
    throw errors.body(403, { error: "The upload token is invalid or has expired." });
  const declaredType = fields["Content-Type"] ?? fields["content-type"];
  if (declaredType !== undefined && normalizeMime(declaredType) !== claims.t)
    throw errors.badRequest("Content-Type does not match the upload slot.");
  if (truncated || data.length > claims.s || data.length > app.config.fileSizeLimit) {
    throw errors.badRequest(
      `File size exceeds the allowed size of ${Math.min(claims.s, app.config.fileSizeLimit)} bytes.`,
    );
  }
  const verdict = await checkContent(claims.t, data);
  if (!verdict.ok) throw errors.badRequest(`The file's contents do not match its type ${claims.t}: ${verdict.reason}.`);
  // one upload per token: claim the slot atomically, then store
  const claimed = await app.db.execute<{ id: string }>(sql`
    UPDATE file_assets SET storage_metadata = jsonb_build_object('upload_started_at', now())
    WHERE id = ${claims.a} AND asset = ${claims.k} AND NOT is_uploaded AND NOT is_deleted
      AND (storage_metadata IS NULL OR NOT (storage_metadata ? 'upload_started_at'))
    RETURNING id`);
  if (claimed.length === 0) throw errors.body(403, { error: "This upload link has already been used." });
  try {
    await app.storage.put(claims.k, data, claims.t);
  } catch (err) {
    await app.storage.delete(claims.k).catch(() => {});
    await app.db.update(FA).set({ storageMetadata: null }).where(eq(FA.id, claims.a));
    throw err;
  }
  await app.db
    .update(FA)
    .set({
      storageMetadata: sql`COALESCE(${FA.storageMetadata}, '{}'::jsonb) || jsonb_build_object('received_at', now(), 'size', ${data.length}::bigint, 'content_type', ${claims.t}::text)`,
    })
    .where(eq(FA.id, claims.a));
}

/**
 * The upload receiver: multipart form with the slot's fields, then `file` (wire-facts §10). The signed token is
 * the authorization (issued by a slot route after the asset authorizer allowed "create"). The whole form is read
 * before answering, refusals included, so the connection is left clean.
 */
export function registerReceiver(fastify: FastifyInstance, app: AppContext) {
  fastify.register(async (child) => {
    await child.register(multipart, {
      limits: { fileSize: app.config.fileSizeLimit, files: 1, fields: 40, fieldSize: 64 * 1024, parts: 60 },
      throwFileSizeLimit: false,
    });
    route(child, app, {
      endpoint: AS.upload,
      auth: "none",
      policy: null,
      status: 204,
      handler: async (ctx) => {
        if (!ctx.req.isMultipart()) throw errors.badRequest("Expected a multipart/form-data upload.");
        const fields: Record<string, string> = {};
        let stored = false;
        let refusal: unknown = null;
        try {
          for await (const part of ctx.req.parts()) {
            if (part.type !== "file") {
              fields[part.fieldname] = String(part.value ?? "");
              continue;
            }
            // read the file at once (≤ 5 MB), so a body that ends early is seen as an error, not a stall
            const { data, error } = await collect(part.file);
            if (stored || refusal) continue;
            if (error) throw errors.badRequest("Malformed multipart upload.");
            try {
              await storeUpload(app, fields, data, part.file.truncated);
              stored = true;
            } catch (err) {
              refusal = err;
            }
          }
        } catch (err) {
          if (err instanceof HttpError) throw err;
          throw errors.badRequest("Malformed multipart upload.");
        }
        if (refusal) throw refusal;
        if (!stored) throw errors.badRequest("No file was uploaded.");
        return undefined;
      },
    });
  });
}
