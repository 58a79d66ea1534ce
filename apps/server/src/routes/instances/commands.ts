import { and, count, desc, eq, ilike, sql as dsql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import {
  ORGANIZATION_SIZES,
  WORKSPACE_NAME_MAX,
  WORKSPACE_SLUG_MAX,
  WORKSPACE_SLUG_PATTERN,
  isReservedWorkspaceSlug,
  checkPasswordStrength,
  providerConfigErrors,
} from "@stride/shared";
import type { AdminWorkspace, ConfigPatchBody, Paginated } from "@stride/shared/contract";
import type { AppContext } from "../../core/context.ts";
import type { UserRow } from "../../http/route.ts";
import { errors } from "../../http/errors.ts";
import { hitRateLimit } from "../../core/rate-limit.ts";
import { hashPassword } from "../../core/password.ts";
import { envInstanceConfig } from "../../config.ts";
import { getInstance, instanceConfig, setInstanceConfig, type ConfigRow } from "../../core/instance-config.ts";
import { endSession, startSession } from "../../http/session.ts";
import { envelope, parsePage } from "../../http/pagination.ts";
import { schema } from "../../db/client.ts";
import { AUTH_ERROR as E, adminBase, fail, field, isValidEmail, normalizeEmail, throttled } from "../auth/flow.ts";
import { checkAccountPassword, createUser, findUserByEmail } from "../auth/commands.ts";
import { presentAdminWorkspace } from "./presenters.ts";

const { instances, instanceAdmins, users, workspaces, workspaceMembers, projects, sessions } = schema;

/** Serialises the changes that must leave at least one instance admin (first sign-up, removal). */
const ADMINS_LOCK = dsql`SELECT pg_advisory_xact_lock(727274002)`;

/** Serialises configuration changes, so two of them cannot together leave a sign-in provider on without its credentials. */
const CONFIG_LOCK = dsql`SELECT pg_advisory_xact_lock(727274003)`;

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => "\\" + c);

/**
 * God-mode sign-up: the instance's first admin creates their account (wire-facts-2 §1). Returns the URL to land
 * on; a failure throws an AuthFlowError whose code and echoed fields the error redirect carries.
 */
export async function signUpFirstAdmin(
  app: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  body: unknown,
): Promise<string> {
  const inst = await getInstance(app.db);
  if (!inst) throw fail(E.INSTANCE_NOT_CONFIGURED);
  const rawEmail = field(body, "email");
  const password = field(body, "password");
  const firstName = field(body, "first_name").trim();
  const lastName = field(body, "last_name").trim();
  const companyName = field(body, "company_name").trim();
  const telemetryRaw = field(body, "is_telemetry_enabled") || "True";
  const echo = (email: string) => ({
    email,
    first_name: firstName,
    last_name: lastName,
    company_name: companyName,
    is_telemetry_enabled: telemetryRaw,
  });
  if (!(await hitRateLimit(app, "admin-sign-up", req))) throw fail(E.RATE_LIMIT_EXCEEDED, echo(rawEmail));
  const [existingAdmin] = await app.db.select({ id: instanceAdmins.id }).from(instanceAdmins).limit(1);
  if (existingAdmin) throw fail(E.ADMIN_ALREADY_EXIST, echo(rawEmail));
  if (!rawEmail.trim() || !password || !firstName)
    throw fail(E.REQUIRED_ADMIN_EMAIL_PASSWORD_FIRST_NAME, echo(rawEmail));
  if (firstName.length > 255 || lastName.length > 255 || companyName.length > 255)
    throw fail(E.REQUIRED_ADMIN_EMAIL_PASSWORD_FIRST_NAME, echo(rawEmail));
  const email = normalizeEmail(rawEmail);
  if (!isValidEmail(email)) throw fail(E.INVALID_ADMIN_EMAIL, echo(email));
  if (await findUserByEmail(app.db, email)) throw fail(E.ADMIN_USER_ALREADY_EXIST, echo(email));
  if (checkPasswordStrength(password, [email, firstName, lastName]) !== "strength_valid")
    throw fail(E.PASSWORD_TOO_WEAK, echo(email));
  const hash = await hashPassword(password);
  const created = await app.db.transaction(async (tx) => {
    // Serialise concurrent first-admin sign-ups: only one may win.
    await tx.execute(ADMINS_LOCK);
    const [again] = await tx.select({ id: instanceAdmins.id }).from(instanceAdmins).limit(1);
    if (again) return null;
    if (await findUserByEmail(tx, email)) return null;
    const user = await createUser(tx, {
      email,
      passwordHash: hash,
      isPasswordAutoset: false,
      firstName,
      lastName,
      companyName,
      medium: "email",
    });
    await tx.update(users).set({ lastLoginTime: new Date(), lastLoginIp: req.ip }).where(eq(users.id, user.id));
    await tx
      .insert(instanceAdmins)
      .values({ userId: user.id, instanceId: inst.id, role: 20, createdById: user.id, updatedById: user.id });
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
  if (!created) throw fail(E.ADMIN_ALREADY_EXIST, echo(email));
  return `${adminBase(app, req)}general/`;
}

/**
 * God-mode sign-in: an instance admin's email and password, under the same per-account password limit as the
 * app's sign-in (the same password; checked for non-admins too). Returns the URL to land on.
 */
export async function signInAdmin(
  app: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  body: unknown,
): Promise<string> {
  if (!(await getInstance(app.db))) throw fail(E.INSTANCE_NOT_CONFIGURED);
  const rawEmail = field(body, "email");
  const password = field(body, "password");
  if (!(await hitRateLimit(app, "admin-sign-in", req))) throw fail(E.RATE_LIMIT_EXCEEDED, { email: rawEmail });
  if (!rawEmail.trim() || !password) throw fail(E.REQUIRED_ADMIN_EMAIL_PASSWORD, { email: rawEmail });
  const email = normalizeEmail(rawEmail);
  if (!isValidEmail(email)) throw fail(E.INVALID_ADMIN_EMAIL, { email });
  const user = await findUserByEmail(app.db, email);
  if (!user || user.isBot) throw fail(E.ADMIN_USER_DOES_NOT_EXIST, { email });
  if (!user.isActive) throw fail(E.ADMIN_USER_DEACTIVATED, { email });
  const [admin] = await app.db
    .select({ id: instanceAdmins.id, role: instanceAdmins.role })
    .from(instanceAdmins)
    .where(eq(instanceAdmins.userId, user.id))
    .limit(1);
  const check = await checkAccountPassword(app, req, user, password);
  if (typeof check === "object") throw throttled(check.retryAfter, { email });
  if (check === "wrong" || !admin || admin.role < 15) throw fail(E.ADMIN_AUTHENTICATION_FAILED, { email });
  if (req.cookies?.[app.config.adminSessionCookieName]) await endSession(app, req, reply, "admin");
  await startSession(app, reply, req, user.id, "admin");
  return `${adminBase(app, req)}general/`;
}

/** Make an existing user an instance admin (by email). */
export async function addInstanceAdmin(app: AppContext, actor: UserRow, body: { email?: string; role?: 15 | 20 }) {
  if (!body.email || !body.email.trim()) throw errors.badRequest("Email is required");
  const inst = await getInstance(app.db);
  if (!inst) throw errors.badRequest("Instance is not registered yet");
  const target = await findUserByEmail(app.db, normalizeEmail(body.email));
  if (!target || target.isBot) throw errors.notFound();
  const [existing] = await app.db.select().from(instanceAdmins).where(eq(instanceAdmins.userId, target.id)).limit(1);
  if (existing) throw errors.badRequest("User is already an instance admin");
  const [row] = await app.db
    .insert(instanceAdmins)
    .values({
      userId: target.id,
      instanceId: inst.id,
      role: body.role ?? 20,
      createdById: actor.id,
      updatedById: actor.id,
    })
    .returning();
  return { admin: row, user: target };
}

/** Remove an instance admin and end their god-mode sessions; the last admin stays. */
export async function removeInstanceAdmin(app: AppContext, adminId: string): Promise<void> {
  // Looked up after authorization, so non-admins cannot probe which ids exist.
  const [loaded] = await app.db.select().from(instanceAdmins).where(eq(instanceAdmins.id, adminId)).limit(1);
  if (!loaded) throw errors.notFound();
  await app.db.transaction(async (tx) => {
    await tx.execute(ADMINS_LOCK);
    const [{ n }] = await tx.select({ n: count() }).from(instanceAdmins);
    if (n <= 1) throw errors.badRequest("The last instance admin cannot be removed.");
    await tx.delete(instanceAdmins).where(eq(instanceAdmins.id, loaded.id));
    await tx.delete(sessions).where(and(eq(sessions.userId, loaded.userId), eq(sessions.kind, "admin")));
  });
}

const INSTANCE_WORKSPACES_MAX_PER_PAGE = 10;

/** Every workspace of the instance, newest first, with owner and counts; `search` matches names. */
export async function listAdminWorkspaces(
  app: AppContext,
  query: { cursor?: string; per_page?: string; search?: string },
): Promise<Paginated<AdminWorkspace>> {
  const page = parsePage(query, INSTANCE_WORKSPACES_MAX_PER_PAGE);
  if (page.perPage > INSTANCE_WORKSPACES_MAX_PER_PAGE)
    throw errors.badParam(`Invalid per_page value. Cannot exceed ${INSTANCE_WORKSPACES_MAX_PER_PAGE}.`);
  const search = query.search?.trim();
  const where = search ? ilike(workspaces.name, `%${likeEscape(search)}%`) : undefined;
  const [{ total }] = await app.db.select({ total: count() }).from(workspaces).where(where);
  const totalProjects = dsql<number>`(SELECT count(*)::int FROM ${projects} WHERE ${projects.workspaceId} = ${workspaces.id})`;
  const totalMembers = dsql<number>`(SELECT count(*)::int FROM ${workspaceMembers} WHERE ${workspaceMembers.workspaceId} = ${workspaces.id} AND ${workspaceMembers.isActive})`;
  const rows = await app.db
    .select({
      ws: workspaces,
      owner: { id: users.id, email: users.email, first_name: users.firstName, last_name: users.lastName },
      totalProjects,
      totalMembers,
    })
    .from(workspaces)
    .innerJoin(users, eq(users.id, workspaces.ownerId))
    .where(where)
    .orderBy(desc(workspaces.createdAt), desc(workspaces.id))
    .limit(page.perPage)
    .offset(page.offset);
  const results = rows.map((r) =>
    presentAdminWorkspace(r.ws, {
      owner: r.owner,
      total_projects: Number(r.totalProjects),
      total_members: Number(r.totalMembers),
    }),
  );
  return envelope(page, Number(total), results, results.length);
}

/** Create a workspace owned (and administered) by the instance admin. */
export async function createAdminWorkspace(
  app: AppContext,
  actor: UserRow,
  body: { name?: string; slug?: string; organization_size?: string | null; company_role?: string | null },
): Promise<AdminWorkspace> {
  const name = (body.name ?? "").trim();
  const slug = (body.slug ?? "").trim();
  if (!name || !slug) throw errors.badRequest("Both name and slug are required");
  if (name.length > WORKSPACE_NAME_MAX || slug.length > WORKSPACE_SLUG_MAX)
    throw errors.badRequest("The maximum length for name is 80 and for slug is 48");
  if (!WORKSPACE_SLUG_PATTERN.test(slug) || isReservedWorkspaceSlug(slug))
    throw errors.field("slug", "Slug is not valid");
  const orgSize = body.organization_size ?? null;
  if (orgSize && !(ORGANIZATION_SIZES as readonly string[]).includes(orgSize))
    throw errors.field("organization_size", `"${orgSize}" is not a valid choice.`);
  const ws = await app.db.transaction(async (tx) => {
    const [dup] = await tx
      .select({ id: workspaces.id })
      .from(workspaces)
      .where(ilike(workspaces.slug, likeEscape(slug)))
      .limit(1);
    if (dup) throw errors.conflict({ slug: "The workspace with the slug already exists" });
    const [row] = await tx
      .insert(workspaces)
      .values({
        name,
        slug,
        ownerId: actor.id,
        organizationSize: orgSize,
        createdById: actor.id,
        updatedById: actor.id,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw errors.conflict({ slug: "The workspace with the slug already exists" });
    await tx.insert(workspaceMembers).values({
      workspaceId: row.id,
      memberId: actor.id,
      role: 20,
      companyRole: body.company_role ?? "",
      createdById: actor.id,
      updatedById: actor.id,
    });
    return row;
  });
  return presentAdminWorkspace(ws, { total_members: 1, role: 20 });
}

/** Whether a workspace slug is free (reserved slugs are not). */
export async function workspaceSlugFree(app: AppContext, rawSlug: string | undefined): Promise<{ status: boolean }> {
  const slug = (rawSlug ?? "").trim();
  if (!slug) throw errors.badRequest("Workspace Slug is required");
  if (isReservedWorkspaceSlug(slug)) return { status: false };
  const [dup] = await app.db
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(ilike(workspaces.slug, likeEscape(slug)))
    .limit(1);
  return { status: !dup };
}

/** The environment variable behind an instance-configuration key (ENABLE_SMTP follows EMAIL_HOST). */
export const envVariableOf = (key: string) => (key === "ENABLE_SMTP" ? "EMAIL_HOST" : key);

/**
 * Configuration PATCH: keys the environment sets are refused (field errors naming the variable); values stringified ("1"/"0" for booleans, "" for null) and trimmed; unknown keys are
 * ignored. A change that would leave a sign-in provider on without its credentials is refused with field
 * errors (`{GOOGLE_CLIENT_ID: ["Required while Google sign-in is on."]}`), judged against the stored values.
 */
export async function updateInstanceConfig(
  app: AppContext,
  actor: UserRow,
  body: ConfigPatchBody,
): Promise<ConfigRow[]> {
  const values: Record<string, string> = {};
  for (const [k, v] of Object.entries(body)) {
    const s = v === null ? "" : typeof v === "boolean" ? (v ? "1" : "0") : String(v);
    values[k] = s.trim();
  }
  const fromEnv = envInstanceConfig(app.config);
  const envSet = Object.keys(values).filter((k) => k in fromEnv);
  if (envSet.length)
    throw errors.body(
      400,
      Object.fromEntries(envSet.map((k) => [k, [`Set by the environment (${envVariableOf(k)}); change it there.`]])),
    );
  return app.db.transaction(async (tx) => {
    await tx.execute(CONFIG_LOCK);
    const refused = providerConfigErrors(await instanceConfig(app, tx), values);
    if (Object.keys(refused).length) throw errors.body(400, refused);
    return setInstanceConfig(tx, app.secretKey, values, actor.id);
  });
}
