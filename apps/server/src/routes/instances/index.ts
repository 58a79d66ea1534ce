import { instanceEndpoints } from "@stride/shared/endpoints";
import { eq } from "drizzle-orm";
import { AUTH_ERROR } from "@stride/shared";
import type { AdminMe, InstanceInfo, SessionStatus } from "@stride/shared/contract";
import { route, type RouteModule } from "../../http/route.ts";
import { POLICIES } from "../../http/policies.ts";
import { errors } from "../../http/errors.ts";
import { assertCsrf } from "../../http/csrf.ts";
import { formRoute } from "../../http/form-route.ts";
import { envInstanceConfig } from "../../config.ts";
import { getInstance, instanceConfig, getInstanceConfigRows, setInstanceConfig } from "../../core/instance-config.ts";
import { isSmtpConfigured, sendMailNow } from "../../core/mail.ts";
import { endSession, resolveSession } from "../../http/session.ts";
import { schema } from "../../db/client.ts";
import {
  adminBase,
  adminErrorUrl,
  authForm,
  type AuthFormEndpoint,
  field,
  formBody,
  isValidEmail,
  normalizeEmail,
  redirect,
} from "../auth/flow.ts";
import { presentAdminMe } from "../users/presenters.ts";
import {
  adminWorkspaceCreateBody,
  adminWorkspacesQuery,
  configPatchBody,
  instanceAdminCreateBody,
  instanceAdminParams,
  instancePatchBody,
  slugCheckQuery,
} from "./schemas.ts";
import {
  presentConfigRow,
  presentInstance,
  presentInstanceAdmin,
  presentPublicConfig,
  presentServerInstance,
} from "./presenters.ts";
import { listServerInstances } from "../../core/instance-registry.ts";
import {
  addInstanceAdmin,
  createAdminWorkspace,
  listAdminWorkspaces,
  removeInstanceAdmin,
  signInAdmin,
  signUpFirstAdmin,
  updateInstanceConfig,
  workspaceSlugFree,
} from "./commands.ts";
import { smtpErrorMessage } from "./smtp-errors.ts";

const { instances, instanceAdmins, users, workspaces } = schema;

/**
 * The instance and god mode (wire-facts-2 §1): the public instance object, god-mode sign-up / sign-in (browser
 * forms on the app's auth flow helpers), instance admins, configuration, SMTP check, and the admin's workspaces.
 */
export const instanceRoutes: RouteModule = (fastify, app) => {
  route(fastify, app, {
    endpoint: instanceEndpoints.get,
    auth: "none",
    policy: null,
    handler: async (): Promise<InstanceInfo> => {
      const inst = await getInstance(app.db);
      if (!inst) return { is_activated: false, is_setup_done: false };
      const cfg = await instanceConfig(app);
      const [ws] = await app.db.select({ id: workspaces.id }).from(workspaces).limit(1);
      return {
        config: presentPublicConfig(
          cfg,
          { appBaseUrl: app.config.webUrl ? app.config.webUrl.replace(/\/+$/, "") : null },
          app.config.fileSizeLimit,
          app.config.localDbEnabled,
        ),
        instance: presentInstance(inst, { workspacesExist: !!ws }),
      };
    },
  });

  route(fastify, app, {
    endpoint: instanceEndpoints.update,
    auth: "admin",
    body: instancePatchBody,
    policy: POLICIES.instance.admin,
    load: async () => {
      const inst = await getInstance(app.db);
      if (!inst) throw errors.notFound();
      return inst;
    },
    handler: async ({ body, user, loaded }) => {
      const set: Partial<typeof instances.$inferInsert> = { updatedAt: new Date(), updatedById: user.id };
      if (body.instance_name !== undefined) set.instanceName = body.instance_name;
      if (body.whitelist_emails !== undefined) set.whitelistEmails = body.whitelist_emails;
      if (body.domain !== undefined) set.domain = body.domain;
      if (body.namespace !== undefined) set.namespace = body.namespace;
      if (body.is_telemetry_enabled !== undefined) set.isTelemetryEnabled = body.is_telemetry_enabled;
      if (body.is_support_required !== undefined) set.isSupportRequired = body.is_support_required;
      const [row] = await app.db.update(instances).set(set).where(eq(instances.id, loaded.id)).returning();
      return presentInstance(row);
    },
  });

  // ---- god-mode sessions ----

  // browser forms, as the app's (auth/flow.ts): every outcome a 302 to god mode, failures with their error code
  const adminForm = (at: AuthFormEndpoint, run: typeof signInAdmin) =>
    authForm(fastify, app, at, {
      run: ({ req, reply, body }) => run(app, req, reply, body),
      errorTarget: (req, _body, e) => adminErrorUrl(app, req, e),
      genericCode: AUTH_ERROR.ADMIN_AUTHENTICATION_FAILED,
    });
  adminForm(instanceEndpoints.adminSignUp, signUpFirstAdmin);
  adminForm(instanceEndpoints.adminSignIn, signInAdmin);

  formRoute(fastify, app, {
    endpoint: instanceEndpoints.adminSignOut,
    auth: "none",
    body: formBody,
    policy: null,
    handler: async ({ req, reply }) => {
      assertCsrf(req);
      await endSession(app, req, reply, "admin");
      return redirect(reply, adminBase(app, req).replace(/\/$/, ""));
    },
  });

  route(fastify, app, {
    endpoint: instanceEndpoints.adminMe,
    auth: "admin",
    policy: POLICIES.instance.admin,
    handler: async ({ user }) => presentAdminMe(user),
  });

  route(fastify, app, {
    endpoint: instanceEndpoints.adminSession,
    auth: "none",
    policy: null,
    handler: async ({ req }): Promise<SessionStatus<AdminMe>> => {
      const s = await resolveSession(app, req, "admin");
      return s ? { is_authenticated: true, user: presentAdminMe(s.user) } : { is_authenticated: false };
    },
  });

  route(fastify, app, {
    endpoint: instanceEndpoints.signUpScreenVisited,
    auth: "none",
    policy: null,
    status: 204,
    handler: async () => {
      await app.db.update(instances).set({ isSignupScreenVisited: true, updatedAt: new Date() });
      return undefined;
    },
  });

  // ---- instance admins ----

  route(fastify, app, {
    endpoint: instanceEndpoints.admins,
    auth: "admin",
    policy: POLICIES.instance.admin,
    handler: async () => {
      const rows = await app.db
        .select({ a: instanceAdmins, u: users })
        .from(instanceAdmins)
        .innerJoin(users, eq(users.id, instanceAdmins.userId))
        .orderBy(instanceAdmins.createdAt);
      return rows.map((r) => presentInstanceAdmin(r.a, r.u));
    },
  });

  route(fastify, app, {
    endpoint: instanceEndpoints.addAdmin,
    auth: "admin",
    body: instanceAdminCreateBody,
    policy: POLICIES.instance.admin,
    status: 201,
    handler: async ({ body, user }) => {
      const { admin, user: target } = await addInstanceAdmin(app, user, body);
      return presentInstanceAdmin(admin, target);
    },
  });

  route(fastify, app, {
    endpoint: instanceEndpoints.removeAdmin,
    auth: "admin",
    params: instanceAdminParams,
    policy: POLICIES.instance.admin,
    status: 204,
    handler: async ({ params }) => {
      await removeInstanceAdmin(app, params.id);
      return undefined;
    },
  });

  // ---- configuration ----

  route(fastify, app, {
    endpoint: instanceEndpoints.configurations,
    auth: "admin",
    policy: POLICIES.instance.admin,
    handler: async () =>
      (await getInstanceConfigRows(app.db, app.secretKey, envInstanceConfig(app.config))).map(presentConfigRow),
  });

  route(fastify, app, {
    endpoint: instanceEndpoints.updateConfigurations,
    auth: "admin",
    body: configPatchBody,
    policy: POLICIES.instance.admin,
    handler: async ({ body, user }) => (await updateInstanceConfig(app, user, body)).map(presentConfigRow),
  });

  route(fastify, app, {
    endpoint: instanceEndpoints.disableEmail,
    auth: "admin",
    policy: POLICIES.instance.admin,
    status: 200,
    handler: async ({ user }) => {
      if (app.config.emailHost) throw errors.badRequest("SMTP is set by the environment (EMAIL_HOST); unset it there.");
      await app.db.transaction((tx) =>
        setInstanceConfig(
          tx,
          app.secretKey,
          {
            EMAIL_HOST: "",
            EMAIL_HOST_USER: "",
            EMAIL_HOST_PASSWORD: "",
            EMAIL_PORT: "",
            EMAIL_FROM: "",
            ENABLE_SMTP: "0",
          },
          user.id,
        ),
      );
      return undefined;
    },
  });

  route(fastify, app, {
    endpoint: instanceEndpoints.checkEmail,
    auth: "admin",
    body: formBody,
    policy: POLICIES.instance.admin,
    handler: async ({ body }) => {
      const receiver = normalizeEmail(field(body, "receiver_email"));
      if (!receiver) throw errors.badRequest("Receiver email is required");
      if (!isValidEmail(receiver)) throw errors.badRequest("Receiver email is not valid");
      const cfg = await instanceConfig(app);
      if (!isSmtpConfigured(cfg)) throw errors.badRequest("Email host is not configured.");
      try {
        await sendMailNow(cfg, {
          to: receiver,
          subject: "Email Notification from Stride",
          text: "This is a sample email notification sent from Stride.",
          html: "<p>This is a sample email notification sent from Stride.</p>",
        });
      } catch (e) {
        throw errors.badRequest(smtpErrorMessage(e));
      }
      return { message: "Email successfully sent." };
    },
  });

  // ---- server processes (core/instance-registry.ts) ----

  route(fastify, app, {
    endpoint: instanceEndpoints.servers,
    auth: "admin",
    policy: POLICIES.instance.admin,
    handler: async () => {
      const rows = await listServerInstances(app);
      const running = new Set(rows.filter((r) => r.live).map((r) => r.id));
      return rows.map((r) => presentServerInstance(r, running));
    },
  });

  // ---- workspaces ----

  route(fastify, app, {
    endpoint: instanceEndpoints.workspaces,
    auth: "admin",
    query: adminWorkspacesQuery,
    policy: POLICIES.instance.admin,
    handler: async ({ query }) => listAdminWorkspaces(app, query),
  });

  route(fastify, app, {
    endpoint: instanceEndpoints.createWorkspace,
    auth: "admin",
    body: adminWorkspaceCreateBody,
    policy: POLICIES.instance.admin,
    status: 201,
    handler: async ({ body, user }) => createAdminWorkspace(app, user, body),
  });

  route(fastify, app, {
    endpoint: instanceEndpoints.slugCheck,
    auth: "admin",
    query: slugCheckQuery,
    policy: POLICIES.instance.admin,
    handler: async ({ query }) => workspaceSlugFree(app, query.slug),
  });
};
