import { idParam, projectParams, slugParams } from "../../http/fields.ts";

/** `P/views/{viewId}/…` and `P/user-favorite-views/{viewId}/`. */
export const projectViewParams = projectParams.extend({ viewId: idParam() });
/** `W/views/{viewId}/`. */
export const workspaceViewParams = slugParams.extend({ viewId: idParam() });

export { createViewBody, updateViewBody, favoriteViewBody, workspaceViewPropsBody } from "@stride/shared/contract";
