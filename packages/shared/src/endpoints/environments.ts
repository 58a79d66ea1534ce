import type * as C from "../contract/index.ts";
import { endpoint, type In, PROJECT_API } from "./endpoint.ts";

const ENV = `${PROJECT_API}/environments/` as const;

/** A project's environment templates (repositories, MCP servers) and sandboxes (agents.md §2). */
export const environmentEndpoints = {
  templates: endpoint("GET", `${ENV}templates/`).answers<{ environment_templates: C.EnvironmentTemplate[] }>(),
  saveTemplate: endpoint("POST", `${ENV}templates/`)
    .sends<In<typeof C.saveEnvironmentTemplateBody>>()
    .answers<{ environment_template: C.EnvironmentTemplate }>(),
  removeTemplate: endpoint("DELETE", `${ENV}templates/:templateId/`).answers<void>(),
  sandboxes: endpoint("GET", `${ENV}sandboxes/`).answers<{ sandboxes: C.Sandbox[] }>(),
  createSandbox: endpoint("POST", `${ENV}sandboxes/`)
    .sends<In<typeof C.createSandboxBody>>()
    .answers<{ sandbox: C.Sandbox }>(),
  shutdownSandbox: endpoint("POST", `${ENV}sandboxes/:sandboxId/shutdown/`).answers<{ sandbox: C.Sandbox }>(),
  refreshSandbox: endpoint("POST", `${ENV}sandboxes/:sandboxId/refresh/`)
    .sends<In<typeof C.refreshSandboxBody>>()
    .answers<{ sandbox: C.Sandbox }>(),
};
