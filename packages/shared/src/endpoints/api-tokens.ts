import type * as C from "../contract/index.ts";
import { endpoint, type In, WORKSPACE_API } from "./endpoint.ts";

/**
 * API tokens (wire-facts §9, platform.md §7): the caller's own, at user level and per workspace. The token text comes
 * once, in the create's answer.
 */
export const apiTokenEndpoints = {
  userList: endpoint("GET", "/api/users/api-tokens/").answers<C.ApiToken[]>(),
  userCreate: endpoint("POST", "/api/users/api-tokens/")
    .sends<In<typeof C.createApiTokenBody>>()
    .answers<C.CreatedApiToken>(),
  userGet: endpoint("GET", "/api/users/api-tokens/:tokenId/").answers<C.ApiToken>(),
  userUpdate: endpoint("PATCH", "/api/users/api-tokens/:tokenId/")
    .sends<In<typeof C.updateApiTokenBody>>()
    .answers<C.ApiToken>(),
  userRemove: endpoint("DELETE", "/api/users/api-tokens/:tokenId/").answers<void>(),
  list: endpoint("GET", `${WORKSPACE_API}/api-tokens/`).answers<C.ApiToken[]>(),
  create: endpoint("POST", `${WORKSPACE_API}/api-tokens/`)
    .sends<In<typeof C.createApiTokenBody>>()
    .answers<C.CreatedApiToken>(),
  get: endpoint("GET", `${WORKSPACE_API}/api-tokens/:tokenId/`).answers<C.ApiToken>(),
  remove: endpoint("DELETE", `${WORKSPACE_API}/api-tokens/:tokenId/`).answers<void>(),
};
