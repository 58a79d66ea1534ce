import { z } from "zod";
import { fieldError, HTML_MAX, MSG, requiredText, text, uuid, type HtmlField } from "./fields.ts";

/**
 * Bodies of POST …/comments/ (and POST …/history/) and PATCH …/comments/{id}/. `html` builds the comment field:
 * the server passes its sanitising htmlField, a client `htmlText` (fields.ts).
 */
export function commentBodies(html: HtmlField) {
  const create = z.object({
    comment_html: html(HTML_MAX),
    comment_json: z.unknown().optional(),
    access: z.enum(["INTERNAL", "EXTERNAL"], { error: fieldError(MSG.choice) }).optional(),
    parent: uuid().nullable().optional(),
    external_source: text(255).nullable().optional(),
    external_id: text(255).nullable().optional(),
  });
  return { create, patch: create.partial() };
}
export type CommentCreateBody = z.infer<ReturnType<typeof commentBodies>["create"]>;
export type CommentPatchBody = z.infer<ReturnType<typeof commentBodies>["patch"]>;

/** POST …/reactions/ on a work item or a comment: an emoji codepoint string such as "128077" (or the emoji itself). */
export const reactionBody = z.object({ reaction: requiredText(20) });
export type ReactionBody = z.infer<typeof reactionBody>;
