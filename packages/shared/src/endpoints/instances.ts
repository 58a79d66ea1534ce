import type * as C from "../contract/index.ts";
import { endpoint, type In } from "./endpoint.ts";

/**
 * The instance and god mode (wire-facts-2 §1): the public instance object, the admin's session, instance admins,
 * configuration, the SMTP check, server processes and the admin's workspaces. The god-mode sign-up / sign-in /
 * sign-out are browser forms answering redirects (auth/flow.ts), not in this table.
 */
export const instanceEndpoints = {
  get: endpoint("GET", "/api/instances/").answers<C.InstanceInfo>(),
  update: endpoint("PATCH", "/api/instances/").sends<In<typeof C.instancePatchBody>>().answers<C.Instance>(),
  adminMe: endpoint("GET", "/api/instances/admins/me/").answers<C.AdminMe>(),
  adminSession: endpoint("GET", "/api/instances/admins/session/").answers<C.SessionStatus<C.AdminMe>>(),
  signUpScreenVisited: endpoint("POST", "/api/instances/admins/sign-up-screen-visited/").answers<void>(),
  /** God mode's browser forms (form-encoded, with `csrfmiddlewaretoken`): each answers a 302, so `void`. */
  adminSignUp: endpoint("POST", "/api/instances/admins/sign-up/")
    .sends<{ email: string; password: string; first_name?: string; last_name?: string; company_name?: string }>()
    .answers<void>(),
  adminSignIn: endpoint("POST", "/api/instances/admins/sign-in/")
    .sends<{ email: string; password: string }>()
    .answers<void>(),
  adminSignOut: endpoint("POST", "/api/instances/admins/sign-out/").answers<void>(),
  admins: endpoint("GET", "/api/instances/admins/").answers<C.InstanceAdmin[]>(),
  addAdmin: endpoint("POST", "/api/instances/admins/")
    .sends<In<typeof C.instanceAdminCreateBody>>()
    .answers<C.InstanceAdmin>(),
  removeAdmin: endpoint("DELETE", "/api/instances/admins/:id/").answers<void>(),
  configurations: endpoint("GET", "/api/instances/configurations/").answers<C.ConfigRow[]>(),
  updateConfigurations: endpoint("PATCH", "/api/instances/configurations/")
    .sends<In<typeof C.configPatchBody>>()
    .answers<C.ConfigRow[]>(),
  /** Answers 200 with no body. */
  disableEmail: endpoint("DELETE", "/api/instances/configurations/disable-email-feature/").answers<void>(),
  /** A form or JSON body. */
  checkEmail: endpoint("POST", "/api/instances/email-credentials-check/")
    .sends<{ receiver_email: string }>()
    .answers<{ message: string }>(),
  servers: endpoint("GET", "/api/instances/servers/").answers<C.ServerInstance[]>(),
  workspaces: endpoint("GET", "/api/instances/workspaces/").answers<C.Paginated<C.AdminWorkspace>>(),
  createWorkspace: endpoint("POST", "/api/instances/workspaces/")
    .sends<In<typeof C.adminWorkspaceCreateBody>>()
    .answers<C.AdminWorkspace>(),
  slugCheck: endpoint("GET", "/api/instances/workspace-slug-check/").answers<{ status: boolean }>(),
};
