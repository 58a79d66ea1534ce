import { modelConfigEndpoints } from "@stride/shared/endpoints";
import type { ModelConfigList, ModelConfigTestResult } from "@stride/shared/contract";
import { route, type RouteModule } from "../../http/route.ts";
import { PERMISSIONS } from "../../http/policies.ts";
import { projectParams } from "../../http/fields.ts";
import { modelConfigParams, saveModelConfigBody, testModelConfigBody } from "./schemas.ts";
import { presentModelConfig } from "./presenters.ts";
import { deleteModelConfig, listModelConfigs, loadModelConfig, runModelTest, saveModelConfig } from "./commands.ts";

/** Model configurations (agents.md §2): project admins only (platform §6). */
export const modelConfigRoutes: RouteModule = (fastify, app) => {
  route(fastify, app, {
    endpoint: modelConfigEndpoints.list,
    params: projectParams,
    scope: "project",
    policy: PERMISSIONS.modelConfig.view,
    handler: async ({ project }): Promise<ModelConfigList> => ({
      model_configs: (await listModelConfigs(app.db, project.id)).map(presentModelConfig),
    }),
  });

  // Registered before `{name}/`: a static segment wins, so "test" is not a configuration name.
  route(fastify, app, {
    endpoint: modelConfigEndpoints.test,
    params: projectParams,
    body: testModelConfigBody,
    scope: "project",
    policy: PERMISSIONS.modelConfig.test,
    handler: async ({ project, body }): Promise<ModelConfigTestResult> => runModelTest(app, project.id, body),
  });

  route(fastify, app, {
    endpoint: modelConfigEndpoints.save,
    params: modelConfigParams,
    body: saveModelConfigBody,
    scope: "project",
    policy: PERMISSIONS.modelConfig.edit,
    handler: async ({ project, user, params, body }) => ({
      model_config: presentModelConfig(await saveModelConfig(app, project, user.id, params.name, body)),
    }),
  });

  route(fastify, app, {
    endpoint: modelConfigEndpoints.remove,
    params: modelConfigParams,
    scope: "project",
    load: ({ project, params }) => loadModelConfig(app.db, project.id, params.name),
    policy: PERMISSIONS.modelConfig.delete,
    status: 204,
    handler: async ({ loaded }) => {
      await deleteModelConfig(app, loaded);
    },
  });
};
