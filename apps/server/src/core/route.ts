import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from "fastify";
import { z } from "zod";
import { and, eq } from "drizzle-orm";
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
export const registeredRoutes: { method: string; url: string }[] = [];

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

/** Load workspace (+ membership) by slug. Non-members get 403, unknown slugs 404. */
export async function loadWorkspaceScope(app: AppContext, slug: string, userId: string) {
  const [ws] = await app.db.select().from(schema.workspaces).where(eq(schema.workspaces.slug, slug)).limit(1);
  if (!ws) throw errors.notFound();
  const [member] = await app.db
    .select()
    .from(schema.workspaceMembers)
    .where(and(eq(schema.workspaceMembers.workspaceId, ws.id), eq(schema.workspaceMembers.memberId, userId), eq(schema.workspaceMembers.isActive, true)))
    .limit(1);
  return { workspace: ws, workspaceMember: member ?? null };
}

export async function loadProjectScope(app: AppContext, workspaceId: string, projectId: string, userId: string) {
  if (!z.uuid().safeParse(projectId).success) throw errors.notFound();
  const [project] = await app.db
    .select()
    .from(schema.projects)
    .where(and(eq(schema.projects.id, projectId), eq(schema.projects.workspaceId, workspaceId)))
    .limit(1);
  if (!project) throw errors.notFound();
  const [member] = await app.db
    .select()
    .from(schema.projectMembers)
    .where(and(eq(schema.projectMembers.projectId, project.id), eq(schema.projectMembers.memberId, userId), eq(schema.projectMembers.isActive, true)))
    .limit(1);
  return { project, projectMember: member ?? null };
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
    for (const method of methods) registeredRoutes.push({ method, url });
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
          const ws = await loadWorkspaceScope(app, raw.slug, session.user.id);
          ctx.workspace = ws.workspace;
          ctx.workspaceMember = ws.workspaceMember;
          if (!ws.workspaceMember) throw errors.permissionDenied();
          if (spec.scope === "project") {
            const pr = await loadProjectScope(app, ws.workspace.id, raw.projectId, session.user.id);
            ctx.project = pr.project;
            ctx.projectMember = pr.projectMember;
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
