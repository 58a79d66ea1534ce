import { and, eq, isNull } from "drizzle-orm";
import { schema } from "../../db/client.ts";
import type { AppContext } from "../../core/context.ts";
import { errors } from "../../http/errors.ts";
import { FA, type AssetRow } from "../assets/commands.ts";
import type { Published } from "./commands.ts";
import { findPublicIssue } from "./public-issues.ts";

/** The images a published space shows: those of work-item descriptions and of comments. */
const SPACE_IMAGE_TYPES = new Set(["ISSUE_DESCRIPTION", "COMMENT_DESCRIPTION"]);

/**
 * An asset the published space may show (GET /api/public/assets/v2/anchor/{a}/{asset}/), else 404: an uploaded
 * description or comment image of the published project, linked to a work item the public list shows; a comment
 * image only when its comment is an EXTERNAL one and the board shows comments. Nothing of another project, no
 * attachment, page or draft image, nothing unlinked (an upload never saved into a text).
 */
export async function loadPublicAsset(app: AppContext, pub: Published, assetId: string): Promise<AssetRow> {
  const db = app.db;
  const [a] = await db
    .select()
    .from(FA)
    .where(and(eq(FA.id, assetId), eq(FA.projectId, pub.project.id), eq(FA.isDeleted, false), eq(FA.isUploaded, true)))
    .limit(1);
  if (!a || !SPACE_IMAGE_TYPES.has(a.entityType ?? "") || !a.issueId) throw errors.notFound();
  await findPublicIssue(app, pub, a.issueId);
  if (a.entityType === "COMMENT_DESCRIPTION") {
    if (!a.commentId || !pub.board.isCommentsEnabled) throw errors.notFound();
    const commentTable = schema.issueComments;
    const [c] = await db
      .select({ id: commentTable.id })
      .from(commentTable)
      .where(
        and(
          eq(commentTable.id, a.commentId),
          eq(commentTable.issueId, a.issueId),
          eq(commentTable.access, "EXTERNAL"),
          isNull(commentTable.deletedAt),
        ),
      )
      .limit(1);
    if (!c) throw errors.notFound();
  }
  return a;
}
