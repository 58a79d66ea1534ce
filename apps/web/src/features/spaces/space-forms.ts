// The shared request-body schemas check the forms as the server will (issue #26 point 5: forms on the shared schemas).
import { type Priority } from "@stride/shared/contract";
import { escapeHtml } from "../../lib/html.ts";
import { schemaCheck } from "../../lib/settings-form.ts";

/** The space's request form: a title, details (paragraphs split by blank lines) and a priority. */
export interface SpaceRequestValues {
  name: string;
  details: string;
  priority: Priority;
}

export const NO_REQUEST: SpaceRequestValues = { name: "", details: "", priority: "none" };

/** The request's work item, as the space's intake endpoint takes it (`issue`). */
export const spaceRequestBody = (v: SpaceRequestValues) => {
  const text = v.details.trim();
  return {
    name: v.name.trim(),
    priority: v.priority,
    description_html: text
      ? text
          .split(/\n{2,}/)
          .map((p) => `<p>${escapeHtml(p)}</p>`)
          .join("")
      : undefined,
  };
};

export const checkSpaceRequest = schemaCheck(
  (c) => c.spaceIntakeBodies(c.htmlText).create.shape.issue,
  spaceRequestBody,
  undefined,
  { description_html: "details" },
);

/** A visitor's comment: its text as one paragraph. */
export const spaceCommentHtml = (text: string) => `<p>${escapeHtml(text.trim())}</p>`;

export const checkSpaceComment = schemaCheck(
  (c) => c.commentBodies(c.htmlText).create,
  (v: { text: string }) => ({ comment_html: spaceCommentHtml(v.text) }),
  undefined,
  { comment_html: "text" },
);
