import { z } from "zod";
import { and, count, desc, eq, ilike, sql as dsql } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import { ORGANIZATION_SIZES, WORKSPACE_NAME_MAX, WORKSPACE_SLUG_MAX, WORKSPACE_SLUG_PATTERN, isReservedWorkspaceSlug, checkPasswordStrength, AUTH_ERROR, authErrorName } from "@stride/shared";
import { route, type RouteModule } from "../../core/route.ts";
import { P } from "../../core/policies.ts";
import { errors } from "../../core/errors.ts";
import { assertCsrf } from "../../core/csrf.ts";
import { formRoute } from "../../core/form-route.ts";
import { hitRateLimit } from "../../core/rate-limit.ts";
import { hashPassword } from "../../core/password.ts";
import { getInstance, getInstanceConfig, getInstanceConfigRows, setInstanceConfig } from "../../core/instance-config.ts";
import { isSmtpConfigured, sendMailNow } from "../../core/mail.ts";
import { endSession, resolveSession, startSession } from "../../core/session.ts";
import { envelope, parsePage } from "../../core/pagination.ts";
import { schema } from "../../db/client.ts";
import { adminBase, capEchoes, field, formBody, isValidEmail, normalizeEmail, redirect } from "../auth/flow.ts";
import { checkAccountPassword, createUser, findUserByEmail } from "../auth/commands.ts";
import { presentAdminMe } from "../users/presenters.ts";
import { presentAdminWorkspace, presentConfigRow, presentInstance, presentInstanceAdmin, presentPublicConfig } from "./presenters.ts";
import { smtpErrorMessage } from "./smtp-errors.ts";

const E = AUTH_ERROR;
const { instances, instanceAdmins, users, workspaces, workspaceMembers, projects, sessions } = schema;

/** Redirect to the god-mode base with an admin error code and the echoed fields (each capped, as in the app's auth forms). */
function adminError(reply: FastifyReply, base: string, code: number, extra: Record<string, string> = {}) {
  const params = new URLSearchParams({ error_code: String(code), error_message: authErrorName(code) ?? "AUTHENTICATION_FAILED", ...capEchoes(extra) });
  return redirect(reply, `${base}?${params.toString()}`);
}

const instancePatch = z.object({
  instance_name: z.string().trim().min(1).max(255).optional(),
  whitelist_emails: z.string().max(10000).nullable().optional(),
  domain: z.string().max(255).nullable().optional(),
  namespace: z.string().max(255).nullable().optional(),
  is_telemetry_enabled: z.boolean().optional(),
  is_support_required: z.boolean().optional(),
});

const configValue = z.union([z.string().max(10000), z.number(), z.boolean(), z.null()]);
const configPatch = z.record(z.string().max(100), configValue);

const adminCreate = z.object({
  email: z.string().max(254).optional(),
  role: z.union([z.literal(15), z.literal(20)]).optional(),
});

const workspaceCreate = z.object({
  name: z.string().optional(),
  slug: z.string().optional(),
  organization_size: z.string().nullable().optional(),
  company_role: z.string().max(255).nullable().optional(),
});

const INSTANCE_WORKSPACES_MAX_PER_PAGE = 10;

export const instanceRoutes: RouteModule = (fastify, app) => {
  route(fastify, app, {
    method: "GET",
    url: "/api/instances/",
    auth: "none",
    policy: null,
    handler: async () => {
      const inst = await getInstance(app.db);
      if (!inst) return { is_activated: false, is_setup_done: false };
      const cfg = await getInstanceConfig(app.db, app.secretKey);
      const [ws] = await app.db.select({ id: workspaces.id }).from(workspaces).limit(1);
      return {
        config: presentPublicConfig(cfg, { appBaseUrl: app.config.webUrl ? app.config.webUrl.replace(/\/+$/, "") : null }),
        instance: presentInstance(inst, { workspacesExist: !!ws }),
      };
    },
  });

  route(fastify, app, {
    method: "PATCH",
    url: "/api/instances/",
    auth: "admin",
    body: instancePatch,
    policy: P.instance.admin,
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

  formRoute(fastify, app, {
    method: "POST",
    url: "/api/instances/admins/sign-up/",
    auth: "none",
    body: formBody,
    policy: null,
    handler: async ({ req, reply, body }) => {
      assertCsrf(req);
      const base = adminBase(app, req);
      const inst = await getInstance(app.db);
      if (!inst) return adminError(reply, base, E.INSTANCE_NOT_CONFIGURED);
      const rawEmail = field(body, "email");
      const password = field(body, "password");
      const firstName = field(body, "first_name").trim();
      const lastName = field(body, "last_name").trim();
      const companyName = field(body, "company_name").trim();
      const telemetryRaw = field(body, "is_telemetry_enabled") || "True";
      const echo = (email: string) => ({ email, first_name: firstName, last_name: lastName, company_name: companyName, is_telemetry_enabled: telemetryRaw });
      if (!(await hitRateLimit(app, "admin-sign-up", req))) return adminError(reply, base, E.RATE_LIMIT_EXCEEDED, echo(rawEmail));
      const [existingAdmin] = await app.db.select({ id: instanceAdmins.id }).from(instanceAdmins).limit(1);
      if (existingAdmin) return adminError(reply, base, E.ADMIN_ALREADY_EXIST, echo(rawEmail));
      if (!rawEmail.trim() || !password || !firstName) return adminError(reply, base, E.REQUIRED_ADMIN_EMAIL_PASSWORD_FIRST_NAME, echo(rawEmail));
      if (firstName.length > 255 || lastName.length > 255 || companyName.length > 255) return adminError(reply, base, E.REQUIRED_ADMIN_EMAIL_PASSWORD_FIRST_NAME, echo(rawEmail));
      const email = normalizeEmail(rawEmail);
      if (!isValidEmail(email)) return adminError(reply, base, E.INVALID_ADMIN_EMAIL, echo(email));
      if (await findUserByEmail(app.db, email)) return adminError(reply, base, E.ADMIN_USER_ALREADY_EXIST, echo(email));
      if (checkPasswordStrength(password, [email, firstName, lastName]) !== "strength_valid") return adminError(reply, base, E.PASSWORD_TOO_WEAK, echo(email));
      const hash = await hashPassword(password);
      const created = await app.db.transaction(async (tx) => {
        // Serialise concurrent first-admin sign-ups: only one may win.
        await tx.execute(dsql`SELECT pg_advisory_xact_lock(727274002)`);
        const [again] = await tx.select({ id: instanceAdmins.id }).from(instanceAdmins).limit(1);
        if (again) return null;
        if (await findUserByEmail(tx, email)) return null;
        const user = await createUser(tx, { email, passwordHash: hash, isPasswordAutoset: false, firstName, lastName, companyName, medium: "email" });
        await tx.update(users).set({ lastLoginTime: new Date(), lastLoginIp: req.ip }).where(eq(users.id, user.id));
        await tx.insert(instanceAdmins).values({ userId: user.id, instanceId: inst.id, role: 20, createdById: user.id, updatedById: user.id });
        await tx
          .update(instances)
          .set({
            isSetupDone: true,
            instanceName: companyName || inst.instanceName,
            isTelemetryEnabled: telemetryRaw.toLowerCase() !== "false",
            updatedAt: new Date(),
            updatedById: user.id,
          })
          .where(eq(instances.id, inst.id));
        await startSession(app, reply, req, user.id, "admin", tx);
        return user;
      });
      if (!created) return adminError(reply, base, E.ADMIN_ALREADY_EXIST, echo(email));
      return redirect(reply, `${base}general/`);
    },
  });

  formRoute(fastify, app, {
    method: "POST",
    url: "/api/instances/admins/sign-in/",
    auth: "none",
    body: formBody,
    policy: null,
    handler: async ({ req, reply, body }) => {
      assertCsrf(req);
      const base = adminBase(app, req);
      const inst = await getInstance(app.db);
      if (!inst) return adminError(reply, base, E.INSTANCE_NOT_CONFIGURED);
      const rawEmail = field(body, "email");
      const password = field(body, "password");
      if (!(await hitRateLimit(app, "admin-sign-in", req))) return adminError(reply, base, E.RATE_LIMIT_EXCEEDED, { email: rawEmail });
      if (!rawEmail.trim() || !password) return adminError(reply, base, E.REQUIRED_ADMIN_EMAIL_PASSWORD, { email: rawEmail });
      const email = normalizeEmail(rawEmail);
      if (!isValidEmail(email)) return adminError(reply, base, E.INVALID_ADMIN_EMAIL, { email });
      const user = await findUserByEmail(app.db, email);
      if (!user) return adminError(reply, base, E.ADMIN_USER_DOES_NOT_EXIST, { email });
      if (!user.isActive) return adminError(reply, base, E.ADMIN_USER_DEACTIVATED, { email });
      const [admin] = await app.db.select({ id: instanceAdmins.id, role: instanceAdmins.role }).from(instanceAdmins).where(eq(instanceAdmins.userId, user.id)).limit(1);
      // The same per-account password limit as the app's sign-in (the same password), checked for non-admins too.
      const check = await checkAccountPassword(app, email, password, user.password);
      if (check === "throttled") return adminError(reply, base, E.RATE_LIMIT_EXCEEDED, { email });
      if (check === "wrong" || !admin || admin.role < 15) return adminError(reply, base, E.ADMIN_AUTHENTICATION_FAILED, { email });
      const previous = req.cookies?.[app.config.adminSessionCookieName];
      if (previous) await endSession(app, req, reply, "admin");
      await startSession(app, reply, req, user.id, "admin");
      return redirect(reply, `${base}general/`);
    },
  });

  formRoute(fastify, app, {
    method: "POST",
    url: "/api/instances/admins/sign-out/",
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
    method: "GET",
    url: "/api/instances/admins/me/",
    auth: "admin",
    policy: P.instance.admin,
    handler: async ({ user }) => presentAdminMe(user),
  });

  route(fastify, app, {
    method: "GET",
    url: "/api/instances/admins/session/",
    auth: "none",
    policy: null,
    handler: async ({ req }) => {
      const s = await resolveSession(app, req, "admin");
      return s ? { is_authenticated: true, user: presentAdminMe(s.user) } : { is_authenticated: false };
    },
  });

  route(fastify, app, {
    method: "POST",
    url: "/api/instances/admins/sign-up-screen-visited/",
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
    method: "GET",
    url: "/api/instances/admins/",
    auth: "admin",
    policy: P.instance.admin,
    handler: async () => {
      const rows = await app.db.select({ a: instanceAdmins, u: users }).from(instanceAdmins).innerJoin(users, eq(users.id, instanceAdmins.userId)).orderBy(instanceAdmins.createdAt);
      return rows.map((r) => presentInstanceAdmin(r.a, r.u));
    },
  });

  route(fastify, app, {
    method: "POST",
    url: "/api/instances/admins/",
    auth: "admin",
    body: adminCreate,
    policy: P.instance.admin,
    status: 201,
    handler: async ({ body, user }) => {
      if (!body.email || !body.email.trim()) throw errors.badRequest("Email is required");
      const inst = await getInstance(app.db);
      if (!inst) throw errors.badRequest("Instance is not registered yet");
      const target = await findUserByEmail(app.db, normalizeEmail(body.email));
      if (!target) throw errors.notFound();
      const [existing] = await app.db.select().from(instanceAdmins).where(eq(instanceAdmins.userId, target.id)).limit(1);
      if (existing) throw errors.badRequest("User is already an instance admin");
      const [row] = await app.db
        .insert(instanceAdmins)
        .values({ userId: target.id, instanceId: inst.id, role: body.role ?? 20, createdById: user.id, updatedById: user.id })
        .returning();
      return presentInstanceAdmin(row, target);
    },
  });

  route(fastify, app, {
    method: "DELETE",
    url: "/api/instances/admins/:id/",
    auth: "admin",
    params: z.object({ id: z.uuid() }),
    policy: P.instance.admin,
    status: 204,
    handler: async ({ params }) => {
      // Looked up after authorization, so non-admins cannot probe which ids exist.
      const [loaded] = await app.db.select().from(instanceAdmins).where(eq(instanceAdmins.id, params.id)).limit(1);
      if (!loaded) throw errors.notFound();
      await app.db.transaction(async (tx) => {
        await tx.execute(dsql`SELECT pg_advisory_xact_lock(727274002)`);
        const [{ n }] = await tx.select({ n: count() }).from(instanceAdmins);
        if (n <= 1) throw errors.badRequest("The last instance admin cannot be removed.");
        await tx.delete(instanceAdmins).where(eq(instanceAdmins.id, loaded.id));
        await tx.delete(sessions).where(and(eq(sessions.userId, loaded.userId), eq(sessions.kind, "admin")));
      });
      return undefined;
    },
  });

  // ---- configuration ----

  route(fastify, app, {
    method: "GET",
    url: "/api/instances/configurations/",
    auth: "admin",
    policy: P.instance.admin,
    handler: async () => (await getInstanceConfigRows(app.db, app.secretKey)).map(presentConfigRow),
  });

  route(fastify, app, {
    method: "PATCH",
    url: "/api/instances/configurations/",
    auth: "admin",
    body: configPatch,
    policy: P.instance.admin,
    handler: async ({ body, user }) => {
      const values: Record<string, string> = {};
      for (const [k, v] of Object.entries(body)) {
        const s = v === null ? "" : typeof v === "boolean" ? (v ? "1" : "0") : String(v);
        values[k] = s.trim();
      }
      const rows = await app.db.transaction((tx) => setInstanceConfig(tx, app.secretKey, values, user.id));
      return rows.map(presentConfigRow);
    },
  });

  route(fastify, app, {
    method: "DELETE",
    url: "/api/instances/configurations/disable-email-feature/",
    auth: "admin",
    policy: P.instance.admin,
    status: 200,
    handler: async ({ user }) => {
      await app.db.transaction((tx) =>
        setInstanceConfig(tx, app.secretKey, { EMAIL_HOST: "", EMAIL_HOST_USER: "", EMAIL_HOST_PASSWORD: "", EMAIL_PORT: "", EMAIL_FROM: "", ENABLE_SMTP: "0" }, user.id),
      );
      return undefined;
    },
  });

  route(fastify, app, {
    method: "POST",
    url: "/api/instances/email-credentials-check/",
    auth: "admin",
    body: formBody,
    policy: P.instance.admin,
    handler: async ({ body }) => {
      const receiver = normalizeEmail(field(body, "receiver_email"));
      if (!receiver) throw errors.badRequest("Receiver email is required");
      if (!isValidEmail(receiver)) throw errors.badRequest("Receiver email is not valid");
      const cfg = await getInstanceConfig(app.db, app.secretKey);
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

  // ---- workspaces ----

  route(fastify, app, {
    method: "GET",
    url: "/api/instances/workspaces/",
    auth: "admin",
    query: z.object({ cursor: z.string().optional(), per_page: z.string().optional(), search: z.string().max(255).optional() }),
    policy: P.instance.admin,
    handler: async ({ query }) => {
      const page = parsePage(query, INSTANCE_WORKSPACES_MAX_PER_PAGE);
      if (page.perPage > INSTANCE_WORKSPACES_MAX_PER_PAGE) throw errors.badParam(`Invalid per_page value. Cannot exceed ${INSTANCE_WORKSPACES_MAX_PER_PAGE}.`);
      const search = query.search?.trim();
      const where = search ? ilike(workspaces.name, `%${search.replace(/[\\%_]/g, (c) => "\\" + c)}%`) : undefined;
      const [{ total }] = await app.db.select({ total: count() }).from(workspaces).where(where);
      const totalProjects = dsql<number>`(SELECT count(*)::int FROM ${projects} WHERE ${projects.workspaceId} = ${workspaces.id})`;
      const totalMembers = dsql<number>`(SELECT count(*)::int FROM ${workspaceMembers} WHERE ${workspaceMembers.workspaceId} = ${workspaces.id} AND ${workspaceMembers.isActive})`;
      const rows = await app.db
        .select({ ws: workspaces, owner: { id: users.id, email: users.email, first_name: users.firstName, last_name: users.lastName }, totalProjects, totalMembers })
        .from(workspaces)
        .innerJoin(users, eq(users.id, workspaces.ownerId))
        .where(where)
        .orderBy(desc(workspaces.createdAt), desc(workspaces.id))
        .limit(page.perPage)
        .offset(page.offset);
      const results = rows.map((r) => presentAdminWorkspace(r.ws, { owner: r.owner, total_projects: Number(r.totalProjects), total_members: Number(r.totalMembers) }));
      return envelope(page, Number(total), results, results.length);
    },
  });

  route(fastify, app, {
    method: "POST",
    url: "/api/instances/workspaces/",
    auth: "admin",
    body: workspaceCreate,
    policy: P.instance.admin,
    status: 201,
    handler: async ({ body, user }) => {
      const name = (body.name ?? "").trim();
      const slug = (body.slug ?? "").trim();
      if (!name || !slug) throw errors.badRequest("Both name and slug are required");
      if (name.length > WORKSPACE_NAME_MAX || slug.length > WORKSPACE_SLUG_MAX) throw errors.badRequest("The maximum length for name is 80 and for slug is 48");
      if (!WORKSPACE_SLUG_PATTERN.test(slug) || isReservedWorkspaceSlug(slug)) throw errors.field("slug", "Slug is not valid");
      const orgSize = body.organization_size ?? null;
      if (orgSize && !(ORGANIZATION_SIZES as readonly string[]).includes(orgSize)) throw errors.field("organization_size", `"${orgSize}" is not a valid choice.`);
      const ws = await app.db.transaction(async (tx) => {
        const [dup] = await tx.select({ id: workspaces.id }).from(workspaces).where(ilike(workspaces.slug, slug.replace(/[\\%_]/g, (c) => "\\" + c))).limit(1);
        if (dup) throw errors.conflict({ slug: "The workspace with the slug already exists" });
        const [row] = await tx
          .insert(workspaces)
          .values({ name, slug, ownerId: user.id, organizationSize: orgSize, createdById: user.id, updatedById: user.id })
          .onConflictDoNothing()
          .returning();
        if (!row) throw errors.conflict({ slug: "The workspace with the slug already exists" });
        await tx.insert(workspaceMembers).values({ workspaceId: row.id, memberId: user.id, role: 20, companyRole: body.company_role ?? "", createdById: user.id, updatedById: user.id });
        return row;
      });
      return presentAdminWorkspace(ws, { total_members: 1, role: 20 });
    },
  });

  route(fastify, app, {
    method: "GET",
    url: "/api/instances/workspace-slug-check/",
    auth: "admin",
    query: z.object({ slug: z.string().optional() }),
    policy: P.instance.admin,
    handler: async ({ query }) => {
      const slug = (query.slug ?? "").trim();
      if (!slug) throw errors.badRequest("Workspace Slug is required");
      if (isReservedWorkspaceSlug(slug)) return { status: false };
      const [dup] = await app.db.select({ id: workspaces.id }).from(workspaces).where(ilike(workspaces.slug, slug.replace(/[\\%_]/g, (c) => "\\" + c))).limit(1);
      return { status: !dup };
    },
  });
};
