import {
  ARTIFACT_INLINE_MAX_BYTES,
  type AgentTemplate,
  type AgentTemplateConfig,
  type AgentType,
  type Artifact,
  type ArtifactKind,
  type Execution,
  type ExecutionRecord,
  type ExecutionStatus,
  type RecordFormat,
  type RecordType,
} from "@stride/shared/contract";
import { iso } from "../../http/present.ts";
import type { schema } from "../../db/client.ts";
import type { AgentTemplateRow } from "./templates.ts";

export type ExecutionRow = typeof schema.agentExecutions.$inferSelect;
export type RecordRow = typeof schema.agentExecutionRecords.$inferSelect;
export type ArtifactRow = typeof schema.agentArtifacts.$inferSelect;

/** Agent template (agents.md §2) `{id, cluster_id, config, created_at}` + its bot user and `updated_at`. */
export function presentAgentTemplate(t: AgentTemplateRow): AgentTemplate {
  return {
    id: t.id,
    cluster_id: t.clusterId,
    config: t.config as AgentTemplateConfig,
    bot_user_id: t.botUserId,
    created_at: iso(t.createdAt),
    updated_at: iso(t.updatedAt),
  };
}

/** Execution (agents.md §2) with usage, duration, its current diff artifacts and, when pending, its place in the queue. */
export function presentExecution(
  e: ExecutionRow,
  artifactIds: string[] = [],
  queuePosition: number | null = null,
): Execution {
  const agent = e.agentConfig as { type: AgentType; name: string };
  return {
    id: e.id,
    status: e.status as ExecutionStatus,
    tags: e.tags,
    issue_id: e.issueId,
    agent_template_id: e.agentTemplateId,
    agent: { type: agent.type, name: agent.name },
    sandbox_ids: e.sandboxIds,
    created_by: e.createdById,
    created_at: iso(e.createdAt),
    updated_at: iso(e.updatedAt),
    started_at: e.startedAt ? iso(e.startedAt) : null,
    finished_at: e.finishedAt ? iso(e.finishedAt) : null,
    summary: e.summary,
    status_reason: e.statusReason,
    steps: e.steps,
    usage: { input_tokens: e.inputTokens, output_tokens: e.outputTokens },
    duration_ms: e.durationMs,
    artifact_ids: artifactIds,
    queue_position: e.status === "pending" ? queuePosition : null,
  };
}

export function presentRecord(r: RecordRow): ExecutionRecord {
  return {
    id: r.id,
    execution_id: r.executionId,
    seq: r.seq,
    type: r.type as RecordType,
    format: r.format as RecordFormat,
    content: r.content,
    tool_name: r.toolName,
    tool_call_id: r.toolCallId,
    created_at: iso(r.createdAt),
    updated_at: iso(r.updatedAt),
  };
}

/** Artifact (agents.md §2): content inline up to 256 KB, else only `download_url`. */
export function presentArtifact(a: ArtifactRow, downloadUrl: string): Artifact {
  const size = Buffer.byteLength(a.content, "utf8");
  return {
    id: a.id,
    execution_id: a.executionId,
    name: a.name,
    kind: a.kind as ArtifactKind,
    ...(size > ARTIFACT_INLINE_MAX_BYTES ? { download_url: downloadUrl } : { content: a.content }),
    size,
    created_at: iso(a.createdAt),
    committed: (a.meta as { committed?: Artifact["committed"] }).committed ?? null,
  };
}
