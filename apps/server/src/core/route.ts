import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from "fastify";
import { z } from "zod";
import { and, eq, sql } from "drizzle-orm";
import { errors, HttpError } from "./errors.ts";
import { allows, type Policy } from "./policies.ts";
import type { AppContext } from "./context.ts";
import { resolveSession, type AuthKind, type SessionUser } from "./session.ts";
import { schema } from "../db/client.ts";

type Row<T extends { $inferSelect: unknown }> = T["$inferSelect"];
export type UserRow = Row<typeof schema.users>;
export type WorkspaceRow = Row<typeof schema.workspaces>;
export type WorkspaceMemberRow = Row<typeof schema.workspaceMembers>;
export type ProjectRow = Row<typeof schema.projects>;
export type ProjectMemberRow = Row<typeof schema.projectMembers>;

/** What every handler receives, after auth → validate → load → authorize. */
export interface Ctx<TParams = Record<string, string>, TQuery = Record<string, unknown>, TBody = unknown, TLoaded = unknown> {
  req: FastifyRequest;
  reply: FastifyReply;
  app: AppContext;
  user: UserRow;
  sessionId: string | null;
  params: TParams;
  query: TQuery;
  body: TBody;
  /** Loaded by `scope: "workspace" | "project"`. */
  workspace: WorkspaceRow;
  workspaceMember: WorkspaceMemberRow | null;
  project: ProjectRow;
  projectMember: ProjectMemberRow | null;
  /** Whatever the route's `load` returned. */
  loaded: TLoaded;
}

export interface RouteSpec<TParams, TQuery, TBody, TLoaded> {
  method: HTTPMethods | HTTPMethods[];
  /** One path or several aliases (e.g. `inbox-issues/` and `intake-issues/`). Trailing slashes are optional. */
  url: string | string[];
  /** `session` (default): a signed-in app user; `admin`: the god-mode session; `none`: anonymous; `optional`: user if any. */
  auth?: AuthKind | "none" | "optional";
  params?: z.ZodType<TParams>;
  query?: z.ZodType<TQuery>;
  body?: z.ZodType<TBody>;
  /** Load the workspace from `:slug` and, for `project`, the project from `:projectId`, with the caller's roles. */
  scope?: "workspace" | "project";
  /** Load the entity the route acts on; throw errors.notFound() when absent. */
  load?: (ctx: Ctx<TParams, TQuery, TBody, undefined>) => Promise<TLoaded>;
  /** Who may call it. `null` only for anonymous routes. */
  policy: Policy | null;
  /** For `creatorAllowed` policies: who created the loaded entity. */
  creatorOf?: (loaded: TLoaded) => string | null | undefined;
  /** The command: does the work (in a transaction when it writes several rows) and returns the presented body. */
  handler: (ctx: Ctx<TParams, TQuery, TBody, TLoaded>) => Promise<unknown>;
  /** Success status; 204 sends no body. */
  status?: number;
}

/** Registered routes, for `npm run routes`. */
export interface RegisteredRoute {
  method: string;
  url: string;
  auth: AuthKind | "none" | "optional";
  scope: "workspace" | "project" | null;
  policy: string | null;
}
export const registeredRoutes: RegisteredRoute[] = [];

function zodToBody(err: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of err.issues) {
    const key = issue.path.length ? issue.path.map(String).join(".") : "non_field_errors";
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

export function parse<T>(schemaDef: z.ZodType<T> | undefined, value: unknown, where: "params" | "query" | "body"): T {
  if (!schemaDef) return value as T;
  const result = schemaDef.safeParse(value ?? (where === "body" ? {} : value));
  if (!result.success) {
    if (where === "params") throw errors.notFound();
    if (where === "query") throw errors.badParam(Object.entries(zodToBody(result.error)).map(([k, v]) => `${k}: ${v.join(", ")}`).join("; "));
    throw new HttpError(400, zodToBody(result.error));
  }
  return result.data;
}

/**
 * Load the scope in ONE query: the workspace by slug with the caller's active membership and, when a
 * project id is given, the project of that workspace with the caller's active project membership.
 * Unknown slug → 404; not a workspace member → 403 (before anything about the project is revealed);
 * unknown or malformed project id → 404.
 */
export async function loadScope(app: AppContext, slug: string, userId: string, projectId?: string) {
  const wantProject = projectId !== undefined;
  if (wantProject && !z.uuid().safeParse(projectId).success) {
    // Still answer 404/403 for the workspace first, as the pipeline would.
    await loadScope(app, slug, userId);
    throw errors.notFound();
  }
  const row = await findScope(app, slug, userId, projectId);
  if (!row) throw errors.notFound();
  if (!row.workspaceMember) throw errors.permissionDenied();
  if (wantProject && !row.project) throw errors.notFound();
  return row;
}

/** The scope row without judging it (no throws): workspace, membership, and project + membership if asked. */
export async function findScope(app: AppContext, slug: string, userId: string, projectId?: string) {
  const wantProject = projectId !== undefined && z.uuid().safeParse(projectId).success;
  const { workspaces, workspaceMembers, projects, projectMembers } = schema;
  const rows = await app.db
    .select({ workspace: workspaces, workspaceMember: workspaceMembers, project: projects, projectMember: projectMembers })
    .from(workspaces)
    .leftJoin(workspaceMembers, and(eq(workspaceMembers.workspaceId, workspaces.id), eq(workspaceMembers.memberId, userId), eq(workspaceMembers.isActive, true)))
    .leftJoin(projects, wantProject ? and(eq(projects.id, projectId!), eq(projects.workspaceId, workspaces.id)) : sql`false`)
    .leftJoin(projectMembers, and(eq(projectMembers.projectId, projects.id), eq(projectMembers.memberId, userId), eq(projectMembers.isActive, true)))
    .where(eq(workspaces.slug, slug))
    .limit(1);
  return rows[0];
}

/**
 * Register one endpoint with the fixed pipeline: auth → validate → load → authorize → command → present.
 */
export function route<TParams = Record<string, string>, TQuery = Record<string, unknown>, TBody = unknown, TLoaded = undefined>(
  fastify: FastifyInstance,
  app: AppContext,
  spec: RouteSpec<TParams, TQuery, TBody, TLoaded>,
): void {
  const urls = Array.isArray(spec.url) ? spec.url : [spec.url];
  const methods = Array.isArray(spec.method) ? spec.method : [spec.method];
  const authKind = spec.auth ?? "session";
  if (spec.policy === null && authKind !== "none" && authKind !== "optional") {
    throw new Error(`route ${urls[0]}: only anonymous routes may omit a policy`);
  }
  for (const url of urls) {
    for (const method of methods) registeredRoutes.push({ method, url, auth: authKind, scope: spec.scope ?? null, policy: spec.policy?.name ?? null });
    fastify.route({
      method: methods,
      url,
      handler: async (req, reply) => {
        // auth
        let session: SessionUser | null = null;
        if (authKind !== "none") {
          session = await resolveSession(app, req, authKind === "admin" ? "admin" : "app");
          if (!session && authKind !== "optional") throw errors.unauthenticated();
        }
        const ctx = { req, reply, app, user: session?.user, sessionId: session?.sessionId ?? null } as Ctx<TParams, TQuery, TBody, TLoaded>;
        // validate
        ctx.params = parse(spec.params, req.params, "params");
        ctx.query = parse(spec.query, req.query, "query");
        ctx.body = parse(spec.body, req.body, "body");
        // load
        let isInstanceAdmin = false;
        if (spec.scope && session) {
          const raw = req.params as Record<string, string>;
          const scope = await loadScope(app, raw.slug, session.user.id, spec.scope === "project" ? String(raw.projectId) : undefined);
          ctx.workspace = scope.workspace;
          ctx.workspaceMember = scope.workspaceMember;
          if (spec.scope === "project") {
            ctx.project = scope.project!;
            ctx.projectMember = scope.projectMember;
          }
        }
        if (spec.policy?.scope === "instanceAdmin" && session) {
          isInstanceAdmin = await session.isInstanceAdmin();
        }
        if (spec.load) ctx.loaded = await spec.load(ctx as unknown as Ctx<TParams, TQuery, TBody, undefined>);
        // authorize
        if (spec.policy) {
          const ok = allows(spec.policy, {
            userId: session?.user.id ?? null,
            isInstanceAdmin,
            workspaceRole: ctx.workspaceMember?.role ?? null,
            projectRole: ctx.projectMember?.role ?? null,
            creatorId: spec.creatorOf ? spec.creatorOf(ctx.loaded) ?? null : null,
          });
          if (!ok) {
            if (spec.policy.scope === "project" && !ctx.projectMember && !(spec.policy.workspaceAdminAllowed && (ctx.workspaceMember?.role ?? 0) >= 20)) {
              throw errors.permissionDenied();
            }
            throw spec.policy.scope === "instanceAdmin" ? errors.permissionDenied() : errors.forbidden();
          }
        }
        // command → present
        const result = await spec.handler(ctx);
        if (reply.sent) return reply;
        if (result === reply) return reply;
        const status = spec.status ?? 200;
        reply.code(status);
        if (status === 204 || result === undefined) return reply.send();
        return reply.send(result);
      },
    });
  }
}

/** A module that registers the routes of one resource folder. */
export type RouteModule = (fastify: FastifyInstance, app: AppContext) => void;
