import type { FastifyInstance } from "fastify";
import { and, asc, count, eq, sql, type SQL } from "drizzle-orm";
import { v1ProjectEndpoints as E } from "@stride/shared/endpoints";
import { route } from "../../http/route.ts";
import { PERMISSIONS } from "../../http/policies.ts";
import type { AppContext } from "../../core/context.ts";
import { idParam, projectParams } from "../../http/fields.ts";
import { errors } from "../../http/errors.ts";
import { presentUserLite } from "../../http/present.ts";
import { schema, type DbOrTx } from "../../db/client.ts";
import { createState, deleteState, loadEditableState, markDefaultState, updateState } from "../states/commands.ts";
import { createLabelBody, updateLabelBody } from "../labels/schemas.ts";
import { createLabel, deleteLabel, loadLabel, updateLabel } from "../labels/commands.ts";
import { addProjectMembers, loadActiveMember, removeProjectMember } from "../project-members/commands.ts";
import { v1ProjectMemberBody, v1StateCreateBody, v1StateUpdateBody } from "@stride/shared/contract";
import { authorExpanders, presentV1Label, presentV1State } from "./presenters.ts";
import { shapeAll, shapeOne, v1ListQuery, v1Page, v1ShapeQuery, type V1ListQuery } from "./shape.ts";

const { states, labels, projectMembers, users } = schema;

const stateParams = projectParams.extend({ stateId: idParam() });
const labelParams = projectParams.extend({ labelId: idParam() });
const memberParams = projectParams.extend({ memberId: idParam() });

/** `external_id` + `external_source` of a list query: both given → the one object they name (404 when none). */
export function externalKey(q: V1ListQuery): { id: string; source: string } | null {
  return q.external_id && q.external_source ? { id: q.external_id, source: q.external_source } : null;
}

/** 409 `{error, id}` when the project already has a row of that name (case-insensitive). */
async function refuseDuplicateName(
  db: DbOrTx,
  table: typeof states | typeof labels,
  projectId: string,
  name: string,
  exceptId: string | null,
  what: string,
) {
  const conds: SQL[] = [eq(table.projectId, projectId), sql`lower(${table.name}) = lower(${name})`];
  if (exceptId) conds.push(sql`${table.id} <> ${exceptId}`);
  const [dup] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(...conds))
    .limit(1);
  if (dup) throw errors.conflict({ error: `${what} with the same name already exists in the project`, id: dup.id });
}

/** v1: states, labels and project members of one project. */
export function registerV1Project(fastify: FastifyInstance, app: AppContext) {
  const db = app.db;

  // ---------------------------------------------------------------- states
  const stateWhere = (projectId: string, q: V1ListQuery) => {
    const ext = externalKey(q);
    return and(
      eq(states.projectId, projectId),
      eq(states.isTriage, false),
      ext ? and(eq(states.externalId, ext.id), eq(states.externalSource, ext.source)) : undefined,
    );
  };
  route(fastify, app, {
    endpoint: E.states,
    auth: "apiKey",
    scope: "project",
    params: projectParams,
    query: v1ListQuery,
    policy: PERMISSIONS.state.view,
    handler: async (ctx) => {
      const where = stateWhere(ctx.project.id, ctx.query);
      if (externalKey(ctx.query)) {
        const [row] = await db.select().from(states).where(where).limit(1);
        if (!row) throw errors.notFound();
        return shapeOne(presentV1State(row), ctx.query, authorExpanders(db));
      }
      return v1Page(
        ctx.query,
        async () => (await db.select({ n: count() }).from(states).where(where))[0].n,
        (limit, offset) =>
          db
            .select()
            .from(states)
            .where(where)
            .orderBy(asc(states.sequence), asc(states.createdAt))
            .limit(limit)
            .offset(offset),
        (rows) => rows.map(presentV1State),
        authorExpanders(db),
      );
    },
  });
  route(fastify, app, {
    endpoint: E.createState,
    auth: "apiKey",
    scope: "project",
    params: projectParams,
    body: v1StateCreateBody,
    policy: PERMISSIONS.state.create,
    status: 200,
    handler: async (ctx) => {
      await refuseDuplicateName(db, states, ctx.project.id, ctx.body.name, null, "State");
      const { default: isDefault, ...input } = ctx.body;
      const row = await createState(ctx.app, ctx.project, ctx.user.id, input);
      if (isDefault) await markDefaultState(ctx.app, row, ctx.user.id);
      return presentV1State(await loadEditableState(db, ctx.project.id, row.id));
    },
  });
  route(fastify, app, {
    endpoint: E.state,
    auth: "apiKey",
    scope: "project",
    params: stateParams,
    query: v1ShapeQuery,
    policy: PERMISSIONS.state.view,
    load: (ctx) => loadEditableState(db, ctx.project.id, ctx.params.stateId),
    handler: async (ctx) => shapeOne(presentV1State(ctx.loaded), ctx.query, authorExpanders(db)),
  });
  route(fastify, app, {
    endpoint: E.updateState,
    auth: "apiKey",
    scope: "project",
    params: stateParams,
    body: v1StateUpdateBody,
    policy: PERMISSIONS.state.edit,
    load: (ctx) => loadEditableState(db, ctx.project.id, ctx.params.stateId),
    handler: async (ctx) => {
      if (ctx.body.name !== undefined)
        await refuseDuplicateName(db, states, ctx.project.id, ctx.body.name, ctx.loaded.id, "State");
      const { default: isDefault, ...input } = ctx.body;
      const row = await updateState(ctx.app, ctx.loaded, ctx.user.id, input);
      if (isDefault) await markDefaultState(ctx.app, row, ctx.user.id);
      return presentV1State(await loadEditableState(db, ctx.project.id, row.id));
    },
  });
  route(fastify, app, {
    endpoint: E.removeState,
    auth: "apiKey",
    scope: "project",
    params: stateParams,
    policy: PERMISSIONS.state.delete,
    status: 204,
    load: (ctx) => loadEditableState(db, ctx.project.id, ctx.params.stateId),
    handler: async (ctx) => deleteState(ctx.app, ctx.loaded),
  });

  // ---------------------------------------------------------------- labels
  const labelWhere = (projectId: string, q: V1ListQuery) => {
    const ext = externalKey(q);
    return and(
      eq(labels.projectId, projectId),
      ext ? and(eq(labels.externalId, ext.id), eq(labels.externalSource, ext.source)) : undefined,
    );
  };
  route(fastify, app, {
    endpoint: E.labels,
    auth: "apiKey",
    scope: "project",
    params: projectParams,
    query: v1ListQuery,
    policy: PERMISSIONS.label.view,
    handler: async (ctx) => {
      const where = labelWhere(ctx.project.id, ctx.query);
      if (externalKey(ctx.query)) {
        const [row] = await db.select().from(labels).where(where).limit(1);
        if (!row) throw errors.notFound();
        return shapeOne(presentV1Label(row), ctx.query, authorExpanders(db));
      }
      return v1Page(
        ctx.query,
        async () => (await db.select({ n: count() }).from(labels).where(where))[0].n,
        (limit, offset) =>
          db
            .select()
            .from(labels)
            .where(where)
            .orderBy(asc(labels.sortOrder), asc(labels.createdAt))
            .limit(limit)
            .offset(offset),
        (rows) => rows.map(presentV1Label),
        authorExpanders(db),
      );
    },
  });
  route(fastify, app, {
    endpoint: E.createLabel,
    auth: "apiKey",
    scope: "project",
    params: projectParams,
    body: createLabelBody,
    policy: PERMISSIONS.label.create,
    status: 201,
    handler: async (ctx) => {
      await refuseDuplicateName(db, labels, ctx.project.id, ctx.body.name, null, "Label");
      return presentV1Label(await createLabel(ctx.app, ctx.project, ctx.user.id, ctx.body));
    },
  });
  route(fastify, app, {
    endpoint: E.label,
    auth: "apiKey",
    scope: "project",
    params: labelParams,
    query: v1ShapeQuery,
    policy: PERMISSIONS.label.view,
    load: (ctx) => loadLabel(db, ctx.project.id, ctx.params.labelId),
    handler: async (ctx) => shapeOne(presentV1Label(ctx.loaded), ctx.query, authorExpanders(db)),
  });
  route(fastify, app, {
    endpoint: E.updateLabel,
    auth: "apiKey",
    scope: "project",
    params: labelParams,
    body: updateLabelBody,
    policy: PERMISSIONS.label.edit,
    load: (ctx) => loadLabel(db, ctx.project.id, ctx.params.labelId),
    handler: async (ctx) => {
      if (ctx.body.name !== undefined)
        await refuseDuplicateName(db, labels, ctx.project.id, ctx.body.name, ctx.loaded.id, "Label");
      return presentV1Label(await updateLabel(ctx.app, ctx.loaded, ctx.user.id, ctx.body));
    },
  });
  route(fastify, app, {
    endpoint: E.removeLabel,
    auth: "apiKey",
    scope: "project",
    params: labelParams,
    policy: PERMISSIONS.label.delete,
    status: 204,
    load: (ctx) => loadLabel(db, ctx.project.id, ctx.params.labelId),
    handler: async (ctx) => deleteLabel(ctx.app, ctx.loaded),
  });

  // ---------------------------------------------------------------- project members
  /** Members also under Plane's older `project-members/`. */
  const alias = (path: string) => [path.replace("/members/", "/project-members/")];
  route(fastify, app, {
    endpoint: E.members,
    aliases: alias(E.members.path),
    auth: "apiKey",
    scope: "project",
    params: projectParams,
    query: v1ShapeQuery,
    policy: PERMISSIONS.projectMember.view,
    handler: async (ctx) => {
      const rows = await db
        .select({ user: users })
        .from(projectMembers)
        .innerJoin(users, eq(users.id, projectMembers.memberId))
        .where(
          and(eq(projectMembers.projectId, ctx.project.id), eq(projectMembers.isActive, true), eq(users.isBot, false)),
        )
        .orderBy(asc(projectMembers.createdAt));
      return shapeAll(
        rows.map((r) => ({ ...presentUserLite(r.user) })),
        ctx.query,
      );
    },
  });
  route(fastify, app, {
    endpoint: E.addMember,
    aliases: alias(E.addMember.path),
    auth: "apiKey",
    scope: "project",
    params: projectParams,
    body: v1ProjectMemberBody,
    policy: PERMISSIONS.projectMember.add,
    status: 201,
    handler: async (ctx) => {
      const [m] = await addProjectMembers(ctx.app, ctx.project, ctx.user.id, {
        members: [{ member_id: ctx.body.member, role: ctx.body.role ?? 15 }],
      });
      return { id: m.id, member: m.memberId, role: m.role };
    },
  });
  route(fastify, app, {
    endpoint: E.removeMember,
    aliases: alias(E.removeMember.path),
    auth: "apiKey",
    scope: "project",
    params: memberParams,
    policy: PERMISSIONS.projectMember.remove,
    status: 204,
    handler: async (ctx) => {
      const m = await loadActiveMember(db, ctx.project.id, ctx.params.memberId);
      await removeProjectMember(ctx.app, ctx.project, m, ctx.user.id);
    },
  });
}
