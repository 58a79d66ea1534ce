import type * as C from "../contract/index.ts";
import { endpoint, type In, PROJECT_API } from "./endpoint.ts";

const AGENT = `${PROJECT_API}/agent/` as const;

/** Agent templates, executions and artifacts of a project (agents.md §2, platform.md §7). */
export const agentEndpoints = {
  templates: endpoint("GET", `${AGENT}templates/`).answers<{ agent_templates: C.AgentTemplate[] }>(),
  saveTemplate: endpoint("POST", `${AGENT}templates/`)
    .sends<In<typeof C.saveAgentTemplateBody>>()
    .answers<{ agent_template: C.AgentTemplate }>(),
  metadata: endpoint("GET", `${AGENT}templates/metadata/`).answers<C.AgentMetadataResponse>(),
  removeTemplate: endpoint("DELETE", `${AGENT}templates/:templateId/`).answers<void>(),
  execute: endpoint("POST", `${AGENT}execute/`).sends<In<typeof C.executeBody>>().answers<C.ExecuteResponse>(),
  /** `?tags=&issue_id=&older_than=&page_size=`. */
  searchExecutions: endpoint("GET", `${AGENT}executions/search/`).answers<C.ExecutionSearchResponse>(),
  /** `?after_seq=`: the records after it. */
  execution: endpoint("GET", `${AGENT}executions/:executionId/`).answers<C.ExecutionDetail>(),
  cancel: endpoint("POST", `${AGENT}executions/:executionId/cancel/`).answers<{ execution: C.Execution }>(),
  commit: endpoint("POST", `${AGENT}executions/:executionId/commit/`)
    .sends<In<typeof C.commitExecutionBody>>()
    .answers<C.CommitResult>(),
  artifact: endpoint("GET", `${PROJECT_API}/artifacts/:artifactId/`).answers<C.Artifact>(),
  /** The content as a text file (`text/plain`). */
  artifactDownload: endpoint("GET", `${PROJECT_API}/artifacts/:artifactId/download/`).answers<string>(),
};
