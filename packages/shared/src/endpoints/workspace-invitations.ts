import type * as C from "../contract/index.ts";
import { endpoint, type In, WORKSPACE_API } from "./endpoint.ts";

/** Workspace invitations (wire-facts §3): admins manage them; anyone holding the emailed token answers (`join`). */
export const invitationEndpoints = {
  list: endpoint("GET", `${WORKSPACE_API}/invitations/`).answers<C.Invitation[]>(),
  create: endpoint("POST", `${WORKSPACE_API}/invitations/`)
    .sends<In<typeof C.createInvitationsBody>>()
    .answers<{ message: string }>(),
  get: endpoint("GET", `${WORKSPACE_API}/invitations/:invitationId/`).answers<C.Invitation>(),
  update: endpoint("PATCH", `${WORKSPACE_API}/invitations/:invitationId/`)
    .sends<In<typeof C.updateInvitationBody>>()
    .answers<C.Invitation>(),
  remove: endpoint("DELETE", `${WORKSPACE_API}/invitations/:invitationId/`).answers<void>(),
  /** `?token=`: the invitation without its secret (`token`, `invite_link`). */
  joinGet: endpoint("GET", `${WORKSPACE_API}/invitations/:invitationId/join/`).answers<C.Invitation>(),
  join: endpoint("POST", `${WORKSPACE_API}/invitations/:invitationId/join/`)
    .sends<In<typeof C.joinInvitationBody>>()
    .answers<{ message: string }>(),
};
