import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from "fastify";
import type { AnyEndpoint, ResponseOf } from "@stride/shared/endpoints";
import { z } from "zod";
import { fieldErrors } from "@stride/shared/contract";
import { and, eq, sql } from "drizzle-orm";
import { asV1Answer, errors, HttpError } from "./errors.ts";
import { allows, gateRefusal, type GateRefusal, type Policy, type RoleContext } from "./policies.ts";
import type { AppContext } from "../core/context.ts";
import {
  liveSession,
  noteSessionSeen,
  resolveSession,
  sessionCaller,
  sessionIdOf,
  type AuthKind,
  type SessionUser,
} from "./session.ts";
import { resolveApiKey, type ApiKeyCaller } from "./api-key.ts";
import { inPageLoads, pageLoad } from "./page-loads.ts";
import { schema, type Db } from "../db/client.ts";
import { assertFeature, type TrackingFeatureFlag } from "./features.ts";
import { findNul, refuseNul } from "./nul.ts";

type Row<T extends { $inferSelect: unknown }> = T["$inferSelect"];
export type UserRow = Row<typeof schema.users>;
export type WorkspaceRow = Row<typeof schema.workspaces>;
export type WorkspaceMemberRow = Row<typeof schema.workspaceMembers>;
export type ProjectRow = Row<typeof schema.projects>;
export type ProjectMemberRow = Row<typeof schema.projectMembers>;

/** The scope a route declares: its path's workspace, its project too, or none. */
export type RouteScope = "workspace" | "project";

/** What every handler receives, whatever its auth and scope. */
interface BaseCtx<TParams, TQuery, TBody, TLoaded> {
  req: FastifyRequest;
  reply: FastifyReply;
  app: AppContext;
  sessionId: string | null;
  params: TParams;
  query: TQuery;
  body: TBody;
  /** Whatever the route's `load` returned. */
  loaded: TLoaded;
}

/** The caller, by the route's `auth`: none for `none`; maybe none for `optional` without a policy; else a user. */
type UserOf<TAuth, TGated> = TAuth extends "none"
  ? unknown
  : TAuth extends "optional"
    ? [TGated] extends [true]
      ? { user: UserRow }
      : { user: UserRow | undefined }
    : { user: UserRow };
/** A route with a policy has a caller (the gate answers 401 without one). */
type Gated<TPolicy> = [TPolicy] extends [null] ? false : true;

interface WorkspacePart {
  /** Loaded by `scope: "workspace" | "project"`. */
  workspace: WorkspaceRow;
  workspaceMember: WorkspaceMemberRow | null;
}
interface ProjectPart {
  /** Loaded by `scope: "project"`. */
  project: ProjectRow;
  projectMember: ProjectMemberRow | null;
}
/** What the scope loaded: nothing (reading `ctx.workspace` is a type error), the workspace, or both. */
type ScopeOf<TScope> = TScope extends "project"
  ? WorkspacePart & ProjectPart
  : TScope extends "workspace"
    ? WorkspacePart
    : unknown;

/**
 * What a handler receives, after auth → scope → policy gate → validate → load → entity rule: its `user` and scope
 * exist only when its `auth` and `scope` load them (a signed-out route reading `ctx.user` does not compile).
 * The defaults (a session and a project) are the widest context, the one shared helpers take (`ScopeCtx`).
 */
export type Ctx<
  TParams = Record<string, string>,
  TQuery = Record<string, unknown>,
  TBody = unknown,
  TLoaded = unknown,
  TAuth extends RouteAuth = "session",
  TScope extends RouteScope | undefined = "project",
  TGated = true,
> = BaseCtx<TParams, TQuery, TBody, TLoaded> & UserOf<TAuth, TGated> & ScopeOf<TScope>;

/**
 * The context as a shared helper (a loader, a viewer, a response builder) sees it: any scoped route's `Ctx` fits,
 * whatever its query, body and loaded entity; the helper names only the path params it reads. The project is
 * there only on a project route: a helper that needs it takes a `ProjectCtx`.
 */
export type ScopeCtx<TParams = unknown, TQuery = unknown> = BaseCtx<TParams, TQuery, unknown, unknown> & {
  user: UserRow;
} & WorkspacePart &
  Partial<ProjectPart>;
/** Any signed-in route's context, scoped or not, as a helper that serves them all sees it. */
export type SignedInCtx<TParams = unknown> = BaseCtx<TParams, unknown, unknown, unknown> & {
  user: UserRow;
} & Partial<WorkspacePart> &
  Partial<ProjectPart>;
/** A project route's context, as a shared helper sees it. */
export type ProjectCtx<TParams = unknown, TQuery = unknown> = Ctx<TParams, TQuery, unknown, unknown>;

/** The project (workspace) of a helper's context that serves several scopes, where its route has that scope. */
export function projectOf(ctx: SignedInCtx): ProjectRow {
  if (!ctx.project) throw new Error('a project helper ran on a route without scope: "project"');
  return ctx.project;
}
export function workspaceOf(ctx: SignedInCtx): WorkspaceRow {
  if (!ctx.workspace) throw new Error("a workspace helper ran on a route without a scope");
  return ctx.workspace;
}

/** The answer a handler may give for an endpoint: its presented type, or the reply when it sent its own. */
type Answer<TResponse> = [TResponse] extends [void] ? void | undefined : TResponse;

interface SpecCore<
  TParams,
  TQuery,
  TBody,
  TLoaded,
  TAuth extends RouteAuth,
  TScope extends RouteScope | undefined,
  TPolicy extends Policy | null,
  TResponse,
> {
  /**
   * `session` (default): a signed-in app user; `admin`: the god-mode session; `apiKey`: the public API v1's
   * `X-API-Key` (core/api-key.ts), acting as the key's user; `none`: anonymous; `optional`: user if any.
   */
  auth?: TAuth;
  params?: z.ZodType<TParams>;
  query?: z.ZodType<TQuery>;
  body?: z.ZodType<TBody>;
  /** Load the workspace from `:slug` and, for `project`, the project from `:projectId`, with the caller's roles. */
  scope?: TScope;
  /** Load the entity the route acts on (after the policy gate and validation); throw errors.notFound() when absent or hidden from the caller. */
  load?: (
    ctx: Ctx<TParams, TQuery, TBody, undefined, NoInfer<TAuth>, NoInfer<TScope>, Gated<NoInfer<TPolicy>>>,
  ) => Promise<TLoaded>;
  /** Who may call it. `null` only for anonymous routes. */
  policy: TPolicy;
  /**
   * The project feature switch the route belongs to (`scope: "project"`): while the project has it off, every caller
   * the gate lets through gets 400 `{error: "<feature> is not enabled for this project."}` before their input is read.
   */
  feature?: TrackingFeatureFlag;
  /** Required with `creatorAllowed` policies: who created the loaded entity (the entity rule runs after load). */
  creatorOf?: (loaded: TLoaded) => string | null | undefined;
  /**
   * The command: does the work (in a transaction when it writes several rows) and returns the presented body —
   * of the endpoint's response type when the route names its `endpoint` (packages/shared/src/contract/endpoints.ts).
   */
  handler: (
    ctx: Ctx<TParams, TQuery, TBody, TLoaded, NoInfer<TAuth>, NoInfer<TScope>, Gated<NoInfer<TPolicy>>>,
  ) => Promise<Answer<NoInfer<TResponse>> | FastifyReply>;
  /** Success status; 204 sends no body. */
  status?: number;
}

/** A route named by the contract's endpoint table: method, url and the answer's type come from it. */
interface EndpointSpec<TEndpoint> {
  endpoint: TEndpoint;
  /** Other paths answering the same (e.g. Plane's `inbox-issues/` beside `intake-issues/`), same method. */
  aliases?: string[];
  method?: never;
  url?: never;
}
/** A route not (yet) in the endpoint table: its own method and url, any answer. */
interface LooseSpec {
  endpoint?: undefined;
  method: HTTPMethods | HTTPMethods[];
  /** One path or several aliases (e.g. `inbox-issues/` and `intake-issues/`). Trailing slashes are optional. */
  url: string | string[];
}

/** The answer's type a route's handler must give: its endpoint's, or anything for a route outside the table. */
type ResponseFor<TEndpoint> = TEndpoint extends AnyEndpoint ? ResponseOf<TEndpoint> : unknown;

export type RouteSpec<
  TParams,
  TQuery,
  TBody,
  TLoaded,
  TAuth extends RouteAuth = RouteAuth,
  TScope extends RouteScope | undefined = RouteScope | undefined,
  TPolicy extends Policy | null = Policy | null,
  TEndpoint extends AnyEndpoint | undefined = AnyEndpoint | undefined,
> = SpecCore<TParams, TQuery, TBody, TLoaded, TAuth, TScope, TPolicy, ResponseFor<TEndpoint>> &
  (EndpointSpec<TEndpoint> | LooseSpec);

/** The pipeline's own view of a spec and its context: every part may be there. */
type WideCtx = Ctx<unknown, unknown, unknown, unknown>;
type WideSpec = Omit<
  SpecCore<unknown, unknown, unknown, unknown, RouteAuth, RouteScope | undefined, Policy | null, unknown>,
  "load" | "handler"
> & {
  endpoint?: AnyEndpoint;
  aliases?: string[];
  method?: HTTPMethods | HTTPMethods[];
  url?: string | string[];
  load?: (ctx: WideCtx) => Promise<unknown>;
  handler: (ctx: WideCtx) => Promise<unknown>;
};

/** Registered routes, for `npm run routes` and the role-derived route guard (test/route-guards.test.ts). */
export type RouteAuth = AuthKind | "apiKey" | "none" | "optional";
/** The auths that always have a caller (a route shared by the app and the public API takes one of these). */
export type SignedInAuth = Exclude<RouteAuth, "none" | "optional">;

export interface RegisteredRoute {
  method: string;
  url: string;
  auth: RouteAuth;
  scope: "workspace" | "project" | null;
  /** The declared policy itself (null only for anonymous routes). */
  policy: Policy | null;
  /** The declared body schema, if any (tests build well-shaped bodies from it). */
  body: z.ZodType | null;
  /** The declared path-param and query schemas, if any (the public API's OpenAPI document is built from them). */
  params: z.ZodType | null;
  query: z.ZodType | null;
  /** Success status. */
  status: number;
  /** Named by the endpoint table (its answer type-checked against the contract), not by a method and url of its own. */
  typed: boolean;
}
export const registeredRoutes: RegisteredRoute[] = [];

export function parse<T>(schemaDef: z.ZodType<T> | undefined, value: unknown, where: "params" | "query" | "body"): T {
  refuseNul(value, where);
  if (!schemaDef) return value as T;
  const result = schemaDef.safeParse(value ?? (where === "body" ? {} : value));
  if (!result.success) {
    if (where === "params") throw errors.notFound();
    if (where === "query")
      throw errors.badParam(
        Object.entries(fieldErrors(result.error))
          .map(([k, v]) => `${k}: ${v.join(", ")}`)
          .join("; "),
      );
    throw new HttpError(400, fieldErrors(result.error));
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
  // a malformed project id still answers 404/403 for the workspace first, as the pipeline would
  const valid = projectId === undefined || isUuid(projectId);
  const row = await findScope(app, slug, userId, valid ? projectId : undefined);
  return judgeScope(row, projectId !== undefined, valid);
}

const isUuid = (x: string) => z.uuid().safeParse(x).success;

interface ScopeRowOf<W> {
  workspace: W | null;
  workspaceMember: WorkspaceMemberRow | null;
  project: ProjectRow | null;
  projectMember: ProjectMemberRow | null;
}

/** The scope's answers: unknown slug → 404; not a member → 403; unknown (or malformed, `valid` false) project → 404. */
function judgeScope<W>(row: ScopeRowOf<W> | undefined, wantProject: boolean, valid: boolean) {
  if (!row?.workspace) throw errors.notFound();
  if (!row.workspaceMember) throw errors.permissionDenied();
  if (wantProject && (!valid || !row.project)) throw errors.notFound();
  return row as ScopeRowOf<W> & { workspace: W };
}

/** The scope row without judging it (no throws): workspace, membership, and project + membership if asked. */
export async function findScope(app: AppContext, slug: string, userId: string, projectId?: string) {
  const wantProject = projectId !== undefined && isUuid(projectId);
  const q = scopeQueries(app.db);
  // once per page when the server runs a page's requests itself (core/page-loads.ts)
  const rows = await pageLoad(`scope:${userId}:${slug}:${wantProject ? projectId : ""}`, () =>
    wantProject ? q.project.execute({ slug, userId, projectId }) : q.workspace.execute({ slug, userId }),
  );
  return rows[0];
}

/** The scope lookup of every scoped request, with and without a project: built once per database, prepared statements. */
function prepareScopeQuery(db: Db, withProject: boolean) {
  const { workspaces, workspaceMembers, projects, projectMembers } = schema;
  const userId = sql.placeholder("userId");
  return db
    .select({
      workspace: workspaces,
      workspaceMember: workspaceMembers,
      project: projects,
      projectMember: projectMembers,
    })
    .from(workspaces)
    .leftJoin(
      workspaceMembers,
      and(
        eq(workspaceMembers.workspaceId, workspaces.id),
        eq(workspaceMembers.memberId, userId),
        eq(workspaceMembers.isActive, true),
      ),
    )
    .leftJoin(
      projects,
      withProject
        ? and(eq(projects.id, sql.placeholder("projectId")), eq(projects.workspaceId, workspaces.id))
        : sql`false`,
    )
    .leftJoin(
      projectMembers,
      and(
        eq(projectMembers.projectId, projects.id),
        eq(projectMembers.memberId, userId),
        eq(projectMembers.isActive, true),
      ),
    )
    .where(eq(workspaces.slug, sql.placeholder("slug")))
    .limit(1)
    .prepare(withProject ? "stride_scope_project" : "stride_scope_workspace");
}
const scopes = new WeakMap<
  Db,
  { workspace: ReturnType<typeof prepareScopeQuery>; project: ReturnType<typeof prepareScopeQuery> }
>();
function scopeQueries(db: Db) {
  let q = scopes.get(db);
  if (!q) scopes.set(db, (q = { workspace: prepareScopeQuery(db, false), project: prepareScopeQuery(db, true) }));
  return q;
}

/**
 * The session of the request's cookie and the scope it names, in ONE prepared statement (issue #13: one round trip
 * fewer on every scoped request): the session's user, the workspace of the slug with the user's active membership
 * and, with a project id, that project of the workspace with the user's active project membership. No row: no
 * valid session (the workspace is left-joined, so an unknown slug still returns the user).
 */
function prepareSessionScopeQuery(db: Db, withProject: boolean) {
  const { sessions, users, workspaces, workspaceMembers, projects, projectMembers } = schema;
  return db
    .select({
      user: users,
      lastSeenAt: sessions.lastSeenAt,
      workspace: workspaces,
      workspaceMember: workspaceMembers,
      project: projects,
      projectMember: projectMembers,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(workspaces, eq(workspaces.slug, sql.placeholder("slug")))
    .leftJoin(
      workspaceMembers,
      and(
        eq(workspaceMembers.workspaceId, workspaces.id),
        eq(workspaceMembers.memberId, users.id),
        eq(workspaceMembers.isActive, true),
      ),
    )
    .leftJoin(
      projects,
      withProject
        ? and(eq(projects.id, sql.placeholder("projectId")), eq(projects.workspaceId, workspaces.id))
        : sql`false`,
    )
    .leftJoin(
      projectMembers,
      and(
        eq(projectMembers.projectId, projects.id),
        eq(projectMembers.memberId, users.id),
        eq(projectMembers.isActive, true),
      ),
    )
    .where(liveSession())
    .limit(1)
    .prepare(withProject ? "stride_session_scope_project" : "stride_session_scope_workspace");
}
const sessionScopes = new WeakMap<
  Db,
  { workspace: ReturnType<typeof prepareSessionScopeQuery>; project: ReturnType<typeof prepareSessionScopeQuery> }
>();
function sessionScopeQueries(db: Db) {
  let q = sessionScopes.get(db);
  if (!q)
    sessionScopes.set(
      db,
      (q = { workspace: prepareSessionScopeQuery(db, false), project: prepareSessionScopeQuery(db, true) }),
    );
  return q;
}

/**
 * A scoped route's caller and scope from one statement: the session (null: none, expired or inactive user, the
 * caller's 401) and, for a session, the judged scope (404 unknown workspace, 403 not a member, 404 unknown project).
 */
async function sessionWithScope(
  app: AppContext,
  req: FastifyRequest,
  kind: "app" | "admin",
  slug: string,
  projectId: string | undefined,
) {
  const id = sessionIdOf(app, req, kind);
  if (!id) return null;
  const valid = projectId === undefined || isUuid(projectId);
  const q = sessionScopeQueries(app.db);
  const now = new Date();
  const params = { id, kind, now: now.toISOString(), slug };
  const [row] = await (projectId !== undefined && valid
    ? q.project.execute({ ...params, projectId })
    : q.workspace.execute(params));
  const session = row ? sessionCaller(app, id, row.user) : null;
  if (session) await noteSessionSeen(app, id, row!.lastSeenAt, now);
  return session && { session, judge: () => judgeScope(row, projectId !== undefined, valid) };
}

/**
 * Register one endpoint with the fixed pipeline:
 *   auth → scope → policy gate → validate → load → entity rule → command → present.
 * A caller learns nothing about their input, nor about what exists, before they are allowed to act: anonymous
 * callers get 401, callers outside the scope or below the policy's gate 403, and only then does a bad body
 * get its 400 or a malformed path id its 404. Entity-dependent rules (`creatorAllowed`) run after load.
 */
export function route<
  TParams = Record<string, string>,
  TQuery = Record<string, unknown>,
  TBody = unknown,
  TLoaded = undefined,
  TAuth extends RouteAuth = "session",
  TScope extends RouteScope | undefined = undefined,
  TPolicy extends Policy | null = Policy,
  TEndpoint extends AnyEndpoint | undefined = undefined,
>(
  fastify: FastifyInstance,
  app: AppContext,
  typedSpec: RouteSpec<TParams, TQuery, TBody, TLoaded, TAuth, TScope, TPolicy, TEndpoint>,
): void {
  // inside the pipeline every part of the context may be set: the spec's types are for its handler
  const spec = typedSpec as unknown as WideSpec;
  const urls = spec.endpoint ? [spec.endpoint.path, ...(spec.aliases ?? [])] : [spec.url ?? []].flat();
  const methods: HTTPMethods[] = [(spec.endpoint ? spec.endpoint.method : spec.method) ?? []].flat();
  if (!urls.length || !methods.length) throw new Error("route: name an endpoint, or a method and url");
  const authKind = spec.auth ?? "session";
  const policy = spec.policy;
  checkSpec(spec, urls[0], authKind);
  const pipeline = (req: FastifyRequest, reply: FastifyReply) => runPipeline(app, spec, authKind, req, reply);
  for (const url of urls) {
    for (const method of methods)
      registeredRoutes.push({
        method,
        url,
        auth: authKind,
        scope: spec.scope ?? null,
        policy,
        typed: !!spec.endpoint,
        body: spec.body ?? null,
        params: spec.params ?? null,
        query: spec.query ?? null,
        status: spec.status ?? 200,
      });
    fastify.route({
      method: methods,
      url,
      handler: authKind === "apiKey" ? (req, reply) => asV1Answer(() => pipeline(req, reply)) : pipeline,
    });
  }
}

/** One request through the route's pipeline (see `route`). */
async function runPipeline(
  app: AppContext,
  spec: WideSpec,
  authKind: RouteAuth,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const policy = spec.policy;
  // auth
  let session: SessionUser | null = null;
  const raw = req.params as Record<string, string>;
  const projectId = spec.scope === "project" ? String(raw.projectId) : undefined;
  // a session's scoped request reads both in one statement (outside a page's shared loads, core/page-loads.ts,
  // which read each once per page; and not with a NUL in the path, which answers its 400 after the 401)
  const together =
    spec.scope && (authKind === "session" || authKind === "admin") && !inPageLoads() && !findNul(req.params)
      ? await sessionWithScope(app, req, authKind === "admin" ? "admin" : "app", raw.slug, projectId)
      : undefined;
  if (together !== undefined) {
    if (!together) throw errors.unauthenticated();
    session = together.session;
  } else if (authKind === "apiKey") session = await resolveApiKey(app, req, reply);
  else if (authKind !== "none") {
    session = await resolveSession(app, req, authKind === "admin" ? "admin" : "app");
    if (!session && authKind !== "optional") throw errors.unauthenticated();
  }
  const ctx = { req, reply, app, user: session?.user, sessionId: session?.sessionId ?? null } as WideCtx;
  // path params reach SQL in the scope lookup: a NUL names nothing
  refuseNul(req.params, "params");
  // scope: 404 unknown workspace, 403 not a member, then 404 unknown project
  if (spec.scope && session) {
    const scope = together ? together.judge() : await loadScope(app, raw.slug, session.user.id, projectId);
    // a key bound to a workspace acts only there
    const keyWorkspace = "apiKey" in session ? (session as ApiKeyCaller).apiKey.workspaceId : null;
    if (keyWorkspace && keyWorkspace !== scope.workspace.id) throw errors.permissionDenied();
    ctx.workspace = scope.workspace;
    ctx.workspaceMember = scope.workspaceMember;
    if (spec.scope === "project") {
      ctx.project = scope.project!;
      ctx.projectMember = scope.projectMember;
    }
  }
  // policy gate: from roles alone, before anything about the input is judged
  let roles: RoleContext | null = null;
  if (policy) {
    if (!session) throw errors.unauthenticated();
    roles = await roleContext(policy, session, ctx);
    const refusal = gateRefusal(policy, roles);
    if (refusal) throw refusalError(policy, refusal);
  }
  // a switched-off project feature: nothing of it answers (core/features.ts)
  if (spec.feature) assertFeature(ctx.project, spec.feature);
  // validate
  ctx.params = parse(spec.params, req.params, "params");
  ctx.query = parse(spec.query, req.query, "query");
  ctx.body = parse(spec.body, req.body, "body");
  // load
  if (spec.load) ctx.loaded = await spec.load(ctx);
  // entity rule: the creator of the loaded entity, or the policy's full role
  if (
    policy?.creatorAllowed &&
    roles &&
    !allows(policy, { ...roles, creatorId: spec.creatorOf!(ctx.loaded) ?? null })
  ) {
    throw errors.forbidden();
  }
  // command → present
  const result = await spec.handler(ctx);
  // A handler that sent its own answer (a stream, a redirect) returns the reply, which is thenable:
  // awaiting it leaves `result` undefined, so also look at whether the headers went out.
  if (reply.sent || reply.raw.headersSent || result === reply) return reply;
  const status = spec.status ?? 200;
  reply.code(status);
  if (status === 204 || result === undefined) return reply.send();
  return reply.send(result);
}

/** A route's declaration must be able to run its policy: checked once, at registration. */
function checkSpec(spec: WideSpec, url: string, authKind: string): void {
  const policy = spec.policy;
  if (policy === null) {
    if (authKind !== "none" && authKind !== "optional")
      throw new Error(`route ${url}: only anonymous routes may omit a policy`);
    return;
  }
  if (policy.scope === "project" && spec.scope !== "project")
    throw new Error(`route ${url}: policy ${policy.name} needs scope "project"`);
  if (policy.scope === "workspace" && !spec.scope)
    throw new Error(`route ${url}: policy ${policy.name} needs a workspace scope`);
  if (spec.feature && spec.scope !== "project") throw new Error(`route ${url}: a feature switch needs scope "project"`);
  if (policy.creatorAllowed && (!spec.load || !spec.creatorOf))
    throw new Error(`route ${url}: policy ${policy.name} decides after load: declare load and creatorOf`);
}

async function roleContext(
  policy: Policy,
  session: SessionUser,
  ctx: Pick<ScopeCtx, "workspaceMember" | "projectMember" | "project">,
): Promise<RoleContext> {
  return {
    userId: session.user.id,
    isInstanceAdmin: policy.scope === "instanceAdmin" ? await session.isInstanceAdmin() : false,
    workspaceRole: ctx.workspaceMember?.role ?? null,
    projectRole: ctx.projectMember?.role ?? null,
    projectIsPublic: ctx.project ? ctx.project.network === 2 : false,
  };
}

/** The catalogue answer for a gate refusal. */
function refusalError(policy: Policy, refusal: GateRefusal): HttpError {
  if (refusal === "joinable") return errors.conflict({ error: "You are not a member of this project" });
  if (refusal === "notMember" || policy.scope === "instanceAdmin") return errors.permissionDenied();
  return errors.forbidden();
}

/** A module that registers the routes of one resource folder. */
export type RouteModule = (fastify: FastifyInstance, app: AppContext) => void;
