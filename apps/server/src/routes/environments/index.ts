import { environmentEndpoints } from "@stride/shared/endpoints";
import { route, type RouteModule } from "../../http/route.ts";
import { PERMISSIONS } from "../../http/policies.ts";
import { projectParams } from "../../http/fields.ts";
import { sandboxRuntime } from "../../agents/sandbox/runtime.ts";
import {
  createSandboxBody,
  refreshSandboxBody,
  saveEnvironmentTemplateBody,
  sandboxParams,
  templateParams,
} from "./schemas.ts";
import { presentEnvironmentTemplate, presentSandbox } from "./presenters.ts";
import {
  createSandbox,
  deleteTemplate,
  listLiveSandboxes,
  listTemplates,
  loadSandbox,
  loadTemplate,
  refreshSandbox,
  saveTemplate,
  shutdownSandbox,
} from "./commands.ts";

/** Environment templates and sandboxes (agents.md §2, platform.md §7 "Environments and artifacts"). */
export const environmentRoutes: RouteModule = (fastify, app) => {
  // a stopping server leaves no sandbox command and no cgroup behind
  fastify.addHook("onClose", async () => sandboxRuntime(app).release());

  route(fastify, app, {
    endpoint: environmentEndpoints.templates,
    params: projectParams,
    scope: "project",
    policy: PERMISSIONS.environmentTemplate.view,
    handler: async ({ project }) => ({
      environment_templates: (await listTemplates(app, project)).map(presentEnvironmentTemplate),
    }),
  });

  route(fastify, app, {
    endpoint: environmentEndpoints.saveTemplate,
    params: projectParams,
    body: saveEnvironmentTemplateBody,
    scope: "project",
    policy: PERMISSIONS.environmentTemplate.create,
    handler: async ({ project, user, body }) => ({
      environment_template: presentEnvironmentTemplate(await saveTemplate(app, project, user.id, body)),
    }),
  });

  route(fastify, app, {
    endpoint: environmentEndpoints.removeTemplate,
    params: templateParams,
    scope: "project",
    load: ({ project, params }) => loadTemplate(app.db, project.id, params.templateId),
    policy: PERMISSIONS.environmentTemplate.delete,
    status: 204,
    handler: async ({ project, loaded }) => {
      await deleteTemplate(app, project, loaded);
    },
  });

  // Not in platform.md (the client reads running sandboxes from the cluster document): the sandbox modal's list.
  route(fastify, app, {
    endpoint: environmentEndpoints.sandboxes,
    params: projectParams,
    scope: "project",
    policy: PERMISSIONS.sandbox.view,
    handler: async ({ project }) => ({ sandboxes: (await listLiveSandboxes(app, project)).map(presentSandbox) }),
  });

  route(fastify, app, {
    endpoint: environmentEndpoints.createSandbox,
    params: projectParams,
    body: createSandboxBody,
    scope: "project",
    policy: PERMISSIONS.sandbox.create,
    status: 201,
    handler: async ({ project, user, body }) => ({
      sandbox: presentSandbox(await createSandbox(app, project, user.id, body)),
    }),
  });

  route(fastify, app, {
    endpoint: environmentEndpoints.shutdownSandbox,
    params: sandboxParams,
    scope: "project",
    load: ({ project, params }) => loadSandbox(app.db, project.id, params.sandboxId),
    policy: PERMISSIONS.sandbox.shutdown,
    handler: async ({ loaded }) => ({ sandbox: presentSandbox(await shutdownSandbox(app, loaded)) }),
  });

  route(fastify, app, {
    endpoint: environmentEndpoints.refreshSandbox,
    params: sandboxParams,
    body: refreshSandboxBody,
    scope: "project",
    load: ({ project, params }) => loadSandbox(app.db, project.id, params.sandboxId),
    policy: PERMISSIONS.sandbox.refresh,
    handler: async ({ loaded, body }) => ({ sandbox: presentSandbox(await refreshSandbox(app, loaded, body)) }),
  });
};
