import { teamspaceBodies } from "@stride/shared/contract";
import { idParam, slugParams } from "../../http/fields.ts";
import { htmlField } from "../../core/sanitize.ts";

export { teamspaceMembersBody, teamspaceProjectsBody } from "@stride/shared/contract";

/** POST W/teamspaces/ and PATCH W/teamspaces/{id}/: the description sanitised on write. */
export const { create: teamspaceCreateBody, patch: teamspacePatchBody } = teamspaceBodies(htmlField);

/** `W/teamspaces/{teamspaceId}/…` (the route parameter work-tracking.md §2 names). */
export const teamspaceParams = slugParams.extend({ teamspaceId: idParam() });
/** `W/teamspaces/{teamspaceId}/views/{viewId}/…`. */
export const teamViewParams = teamspaceParams.extend({ viewId: idParam() });
