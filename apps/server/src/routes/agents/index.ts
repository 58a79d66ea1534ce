import { agentEndpoints } from "@stride/shared/endpoints";
import type { AgentMetadataResponse, ExecutionDetail, ExecutionSearchResponse } from "@stride/shared/contract";
import { route, type RouteModule } from "../../http/route.ts";
import { PERMISSIONS } from "../../http/policies.ts";
import { projectParams } from "../../http/fields.ts";
import { iso } from "../../http/present.ts";
import {
  agentTemplateParams,
  artifactParams,
  commitExecutionBody,
  executeBody,
  executionDetailQuery,
  executionParams,
  saveAgentTemplateBody,
  searchExecutionsQuery,
} from "./schemas.ts";
import { presentAgentTemplate, presentArtifact, presentRecord } from "./presenters.ts";
import { deleteAgentTemplate, listAgentTemplates, loadAgentTemplate, saveAgentTemplate } from "./templates.ts";
import { agentMetadata } from "./metadata.ts";
import { commitExecution } from "./commit.ts";
import {
  cancelExecution,
  execute,
  loadArtifact,
  loadExecution,
  loadExecutionFor,
  presentExecutions,
  recordsOf,
  searchExecutions,
  type Caller,
} from "./executions.ts";
import type { ScopeCtx } from "../../http/route.ts";

/** The caller's roles for the checks that depend on the execution (project-assistant conversations are anyone's own). */
const callerOf = (ctx: Pick<ScopeCtx, "user" | "workspaceMember" | "projectMember">): Caller => ({
  userId: ctx.user.id,
  workspaceRole: ctx.workspaceMember?.role ?? null,
  projectRole: ctx.projectMember?.role ?? null,
});

/** Agent templates, executions and artifacts (agents.md §2, platform.md §7 "Agents", "Environments and artifacts"). */
export const agentRoutes: RouteModule = (fastify, app) => {
  route(fastify, app, {
    endpoint: agentEndpoints.templates,
    params: projectParams,
    scope: "project",
    policy: PERMISSIONS.agentTemplate.view,
    handler: async ({ project }) => ({
      agent_templates: (await listAgentTemplates(app, project)).map(presentAgentTemplate),
    }),
  });

  route(fastify, app, {
    endpoint: agentEndpoints.saveTemplate,
    params: projectParams,
    body: saveAgentTemplateBody,
    scope: "project",
    policy: PERMISSIONS.agentTemplate.create,
    handler: async ({ project, user, body }) => ({
      agent_template: presentAgentTemplate(await saveAgentTemplate(app, project, user.id, body)),
    }),
  });

  route(fastify, app, {
    endpoint: agentEndpoints.metadata,
    params: projectParams,
    scope: "project",
    policy: PERMISSIONS.agentTemplate.view,
    handler: async (): Promise<AgentMetadataResponse> => ({ agent_metadata: agentMetadata(), plugin_metadata: [] }),
  });

  route(fastify, app, {
    endpoint: agentEndpoints.removeTemplate,
    params: agentTemplateParams,
    scope: "project",
    load: ({ project, params }) => loadAgentTemplate(app.db, project.id, params.templateId),
    policy: PERMISSIONS.agentTemplate.delete,
    status: 204,
    handler: async ({ project, loaded }) => {
      await deleteAgentTemplate(app, project, loaded);
    },
  });

  route(fastify, app, {
    endpoint: agentEndpoints.execute,
    params: projectParams,
    body: executeBody,
    scope: "project",
    // anyone in the project holds project-assistant conversations; other runs need agentExecution.run (execute checks)
    policy: PERMISSIONS.projectAssistant.chat,
    status: 202,
    handler: async (ctx) =>
      execute(
        { app, project: ctx.project, projectMember: ctx.projectMember, userId: ctx.user.id, caller: callerOf(ctx) },
        ctx.body,
      ),
  });

  route(fastify, app, {
    endpoint: agentEndpoints.searchExecutions,
    params: projectParams,
    query: searchExecutionsQuery,
    scope: "project",
    // those below agentExecution.view find only their own project-assistant conversations
    policy: PERMISSIONS.projectAssistant.chat,
    handler: async (ctx): Promise<ExecutionSearchResponse> => {
      const { rows, next } = await searchExecutions(app, ctx.project, callerOf(ctx), ctx.query);
      return { executions: await presentExecutions(app.db, rows), next_older_than: next ? iso(next) : null };
    },
  });

  // Not in platform.md (the client reads executions from the realtime channel): the execution with its records after `after_seq`.
  route(fastify, app, {
    endpoint: agentEndpoints.execution,
    params: executionParams,
    query: executionDetailQuery,
    scope: "project",
    load: (ctx) =>
      loadExecutionFor(app.db, ctx.project.id, ctx.params.executionId, callerOf(ctx), PERMISSIONS.agentExecution.view),
    policy: PERMISSIONS.projectAssistant.chat,
    handler: async ({ loaded, query }): Promise<ExecutionDetail> => {
      const [execution] = await presentExecutions(app.db, [loaded]);
      return { execution, records: (await recordsOf(app.db, loaded.id, query.after_seq ?? 0)).map(presentRecord) };
    },
  });

  route(fastify, app, {
    endpoint: agentEndpoints.cancel,
    params: executionParams,
    scope: "project",
    load: (ctx) =>
      loadExecutionFor(
        app.db,
        ctx.project.id,
        ctx.params.executionId,
        callerOf(ctx),
        PERMISSIONS.agentExecution.cancel,
      ),
    policy: PERMISSIONS.projectAssistant.chat,
    handler: async ({ loaded, user }) => {
      const [execution] = await presentExecutions(app.db, [await cancelExecution(app, loaded, user.id)]);
      return { execution };
    },
  });

  // The commit modal (issue #10 point 6; not in platform.md): the diff on a new branch `stride/{IDENT}-{seq}`.
  route(fastify, app, {
    endpoint: agentEndpoints.commit,
    params: executionParams,
    body: commitExecutionBody,
    scope: "project",
    load: ({ project, params, user }) => loadExecution(app.db, project.id, params.executionId, user.id),
    policy: PERMISSIONS.agentExecution.run,
    handler: async ({ project, loaded, user, body }) => commitExecution(app, project, loaded, user.id, body),
  });

  route(fastify, app, {
    endpoint: agentEndpoints.artifact,
    params: artifactParams,
    scope: "project",
    load: ({ project, params, user }) => loadArtifact(app.db, project.id, params.artifactId, user.id),
    policy: PERMISSIONS.agentExecution.view,
    handler: async ({ loaded, params }) =>
      presentArtifact(
        loaded,
        `/api/workspaces/${params.slug}/projects/${params.projectId}/artifacts/${loaded.id}/download/`,
      ),
  });

  // The `download_url` of an artifact over 256 KB: its content as a file.
  route(fastify, app, {
    endpoint: agentEndpoints.artifactDownload,
    params: artifactParams,
    scope: "project",
    load: ({ project, params, user }) => loadArtifact(app.db, project.id, params.artifactId, user.id),
    policy: PERMISSIONS.agentExecution.view,
    handler: async ({ loaded, reply }) => {
      reply.header("content-type", "text/plain; charset=utf-8");
      reply.header("content-disposition", `attachment; filename="${loaded.name.replace(/[^\w.-]/g, "_")}"`);
      return loaded.content;
    },
  });
};
