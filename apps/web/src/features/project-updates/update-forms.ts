// The shared request-body schemas check the forms as the server will (issue #26 point 5: forms on the shared schemas).
import type { ProjectUpdateStatus } from "@stride/shared";
import { schemaCheck } from "../../lib/settings-form.ts";

/** An update's fields: its status and what was written (the editor's HTML, read when it is sent). */
export interface UpdateValues {
  status: ProjectUpdateStatus;
  description_html: string;
}

/** Checked as the server checks a new update (an edit sends the same fields). */
export const checkUpdate = schemaCheck(
  (c) => c.projectUpdateBodies(c.htmlText).create,
  (v: UpdateValues) => v,
);

/** Checked as the server checks a comment on an update. */
export const checkUpdateComment = schemaCheck(
  (c) => c.projectUpdateCommentBodies(c.htmlText).create,
  (v: { html: string }) => ({ comment_html: v.html }),
  undefined,
  { comment_html: "html" },
);
