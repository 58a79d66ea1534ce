import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Artifact, CommitExecutionBody, SaveAgentTemplateBody } from "@stride/shared/contract";
import { agentEndpoints as A, taskEndpoints as T } from "@stride/shared/endpoints";
import { call } from "./client.ts";
import { qk } from "./query-keys.ts";
import { wiKeys } from "./work-items.ts";

/** Agent templates, executions and artifacts of a project (agents.md §2); the subscription token (§4). */
const at = (slug: string, projectId: string) => ({ slug, projectId });

export const agentTemplatesQuery = (slug: string, pid: string) =>
  queryOptions({
    queryKey: qk.agentTemplates(slug, pid),
    queryFn: async () => (await call(A.templates, at(slug, pid))).agent_templates,
  });

export const agentMetadataQuery = (slug: string, pid: string) =>
  queryOptions({
    queryKey: qk.agentMetadata(slug, pid),
    queryFn: async () => (await call(A.metadata, at(slug, pid))).agent_metadata,
    staleTime: 60 * 60_000,
  });

export function useAgentTemplates(slug: string, pid: string, enabled = true) {
  return useQuery({ ...agentTemplatesQuery(slug, pid), enabled: enabled && !!slug && !!pid });
}
export function useAgentMetadata(slug: string, pid: string, enabled = true) {
  return useQuery({ ...agentMetadataQuery(slug, pid), enabled: enabled && !!slug && !!pid });
}

export function useSaveAgentTemplate(slug: string, pid: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveAgentTemplateBody) => call(A.saveTemplate, at(slug, pid), body),
    meta: { silent: true },
    onSettled: () => qc.invalidateQueries({ queryKey: qk.agentTemplates(slug, pid) }),
  });
}

export function useDeleteAgentTemplate(slug: string, pid: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(A.removeTemplate, { ...at(slug, pid), templateId: id }),
    meta: { errorTitle: "Could not delete the agent", successTitle: "Agent deleted" },
    onSettled: () => qc.invalidateQueries({ queryKey: qk.agentTemplates(slug, pid) }),
  });
}

/** An execution's page of the project's history (newest first). */
export const executionSearchQuery = (
  slug: string,
  pid: string,
  params: { tags?: string; issue_id?: string; older_than?: string; page_size?: number },
) =>
  queryOptions({
    queryKey: qk.agentExecutions(slug, pid, params),
    queryFn: () => call(A.searchExecutions, at(slug, pid), undefined, { query: params }),
  });

export function useExecutionSearch(
  slug: string,
  pid: string,
  params: { tags?: string; issue_id?: string; older_than?: string; page_size?: number },
  enabled = true,
) {
  return useQuery({ ...executionSearchQuery(slug, pid, params), enabled: enabled && !!slug && !!pid });
}

/** GET P/issues/{id}/agent-executions/: the executions started on a work item. */
export const itemExecutionsQuery = (slug: string, pid: string, issueId: string) =>
  queryOptions({
    queryKey: qk.itemAgentExecutions(slug, pid, issueId),
    queryFn: async () => (await call(T.agentExecutions, { slug, projectId: pid, issueId })).agent_executions,
  });

export function useItemExecutions(slug: string, pid: string, issueId: string, enabled = true) {
  return useQuery({ ...itemExecutionsQuery(slug, pid, issueId), enabled: enabled && !!issueId });
}

export interface ExecuteVars {
  execution_config: {
    agent_template_id?: string | null;
    sandbox_ids?: string[];
    sandbox_template_ids?: string[];
    mcp_template_ids?: string[];
  };
  content: string;
  context?: Record<string, unknown>;
  execution_id?: string;
  issue_id?: string;
  tags?: string[];
}

/** POST P/agent/execute/ (a run, or a follow-up with `execution_id`); refusals are toasted by the caller with the spec's titles. */
export function useExecute(slug: string, pid: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ExecuteVars) => call(A.execute, at(slug, pid), body),
    meta: { silent: true },
    onSuccess: (_r, v) => {
      if (v.issue_id) void qc.invalidateQueries({ queryKey: qk.itemAgentExecutions(slug, pid, v.issue_id) });
      void qc.invalidateQueries({ queryKey: qk.agentExecutionsAll(slug, pid) });
    },
  });
}

export function useCancelExecution(slug: string, pid: string) {
  return useMutation({
    mutationFn: (id: string) => call(A.cancel, { ...at(slug, pid), executionId: id }),
    meta: { errorTitle: "Could not cancel the execution" },
  });
}

/**
 * POST P/agent/executions/{id}/commit/ (the commit modal): the diff artifact on a new branch `stride/{IDENT}-{seq}`,
 * linked on the work item. The modal shows a refusal itself; the success toast names the branch.
 */
export function useCommitExecution(slug: string, pid: string, issueId: string | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ executionId, body }: { executionId: string; body: CommitExecutionBody; label?: string }) =>
      call(A.commit, { ...at(slug, pid), executionId }, body),
    meta: { silent: true, successTitle: "Committed" },
    onSuccess: (_r, { body }) => {
      // the branch link and its activity line on the work item; the artifact now names its branch
      if (issueId)
        for (const part of ["detail", "history"] as const)
          void qc.invalidateQueries({ queryKey: wiKeys.itemPart(slug, pid, part, issueId) });
      void qc.invalidateQueries({ queryKey: qk.artifact(slug, pid, body.artifact_id) });
    },
  });
}

/** How often a waiting run asks where it is in the queue (runs of other projects move it too, unseen by its document). */
export const QUEUE_POLL_MS = 3000;

/**
 * A pending execution's place among the runs waiting for the instance's agent workers (1: next), asked again every
 * QUEUE_POLL_MS while `waiting`; its records are not fetched (the live document has them).
 */
export function useQueuePosition(slug: string, pid: string, executionId: string, waiting: boolean) {
  return useQuery({
    queryKey: qk.executionQueue(slug, pid, executionId),
    queryFn: async () =>
      (await call(A.execution, { ...at(slug, pid), executionId }, undefined, { query: { after_seq: 2 ** 31 - 1 } }))
        .execution.queue_position,
    enabled: waiting && !!slug && !!pid,
    refetchInterval: QUEUE_POLL_MS,
    staleTime: 0,
  });
}

/** An artifact; fetching it fails quietly (platform.md §8): null. Content over 256 KB comes from `download_url`. */
export async function fetchArtifact(slug: string, pid: string, id: string): Promise<Artifact | null> {
  try {
    const a = await call(A.artifact, { ...at(slug, pid), artifactId: id });
    if (a.content === undefined && a.download_url) {
      const res = await fetch(a.download_url, { credentials: "same-origin" });
      return res.ok ? { ...a, content: await res.text() } : a;
    }
    return a;
  } catch {
    return null;
  }
}

export function useArtifact(slug: string, pid: string, id: string | null) {
  return useQuery({
    queryKey: qk.artifact(slug, pid, id ?? ""),
    queryFn: () => fetchArtifact(slug, pid, id!),
    enabled: !!id,
    staleTime: Infinity,
  });
}
