import type * as C from "../contract/index.ts";
import { endpoint, type In } from "./endpoint.ts";

/** The caller's own secrets (agents.md): values are write-only and shown masked. */
export const userSecretEndpoints = {
  list: endpoint("GET", "/api/users/me/secrets/").answers<C.UserSecret[]>(),
  create: endpoint("POST", "/api/users/me/secrets/").sends<In<typeof C.createSecretBody>>().answers<C.UserSecret>(),
  update: endpoint("PATCH", "/api/users/me/secrets/:secretId/")
    .sends<In<typeof C.updateSecretBody>>()
    .answers<C.UserSecret>(),
  remove: endpoint("DELETE", "/api/users/me/secrets/:secretId/").answers<void>(),
};
