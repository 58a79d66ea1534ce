import { FINAL_EXECUTION_STATUSES } from "@stride/shared";
import type { AgentMetadata, AgentTemplate, ClusterDocument, ExecutionStatus } from "@stride/shared/contract";

/** The spec's texts (platform.md §5, §8), as the server's AGENT_MSG has them (run-rules.test.ts checks they agree). */
export const AGENT_TEXT = {
  templateNotFound: "Selected agent template not found",
  requiresSandbox: (name: string) =>
    `the agent "${name}" requires a sandbox environment. Please select a sandbox or sandbox template.`,
  noPreset: "No `issue_agent` preset defined in cluster configuration",
  invalidConfig: "Invalid execution configuration",
  starting: "An execution is already starting.",
  running: "An execution is already running.",
} as const;
const AGENT_MSG = AGENT_TEXT;
export const FINAL_STATUSES = FINAL_EXECUTION_STATUSES;

/**
 * The client's rules for runs (platform.md §4, §5, §8, §9), pure so they are unit-tested: a work-item run is
 * "starting" for at most PENDING_RUN_MS after its click, one run at a time per work item, an execution not
 * updated for EXECUTION_STALE_MS is no longer watched.
 */
export const PENDING_RUN_MS = 10_000;
export const EXECUTION_STALE_MS = 10 * 60_000;
/** Reaction delay before reloading a work item after a watched execution changed (platform.md §9). */
export const EXECUTION_REACTION_MS = 10;

export const RUN_TOAST = {
  validationTitle: "Validation Error",
  startingTitle: "Execution Starting",
  runningTitle: "Execution Running",
  noWorkspace: "Workspace or project not available",
  clusterNotFound: (id: string) => `Cluster ${id} not found`,
} as const;

export interface RunToast {
  kind: "error" | "warning";
  title: string;
  message: string;
}

export interface RunInput {
  slug: string | undefined;
  projectId: string | undefined;
  issueId: string;
  cluster: ClusterDocument | undefined;
  templates: AgentTemplate[] | undefined;
  metadata: AgentMetadata[] | undefined;
  /** When this tab last started a run on the item (null: none pending). */
  pendingSince: number | null;
  now: number;
  /**
   * What this tab holds of executions from their own documents (`executions/<id>`), by id: the execution's document
   * and the cluster's are re-read separately on the same change, so the panel may show a run ended while the
   * cluster still lists it running.
   */
  known?: Record<string, { status: ExecutionStatus; updated_at: string }>;
  /**
   * The cluster's document has not come yet (a slow channel), though the caller was not refused it: the cluster is
   * not known to be missing, so the server decides (it applies the same rules with the same messages).
   */
  clusterPending?: boolean;
}

/** `agentTemplateId` null: the cluster's document had not come yet, the server picks the preset and checks it (same messages). */
export type RunDecision = { ok: true; agentTemplateId: string | null } | { ok: false; toast: RunToast };

const validation = (message: string): RunDecision => ({
  ok: false,
  toast: { kind: "error", title: RUN_TOAST.validationTitle, message },
});
const warning = (title: string, message: string): RunDecision => ({
  ok: false,
  toast: { kind: "warning", title, message },
});

/** Whether an execution is still watched: not final, and updated within the last 10 minutes. */
export function isWatched(e: { status: ExecutionStatus; updated_at: string }, now: number): boolean {
  if (FINAL_STATUSES.includes(e.status)) return false;
  return now - Date.parse(e.updated_at) <= EXECUTION_STALE_MS;
}

/** The newer of the cluster's entry for an execution and the execution's own document (ties: the document's). */
function latestOf<E extends { status: ExecutionStatus; updated_at: string }>(
  entry: E,
  own: { status: ExecutionStatus; updated_at: string } | undefined,
): { status: ExecutionStatus; updated_at: string } {
  return own && Date.parse(own.updated_at) >= Date.parse(entry.updated_at) ? own : entry;
}

/** May a run start on the work item now, and with which agent (the cluster's `issue_agent` preset)? */
export function decideRun(i: RunInput): RunDecision {
  if (!i.slug || !i.projectId) return validation(RUN_TOAST.noWorkspace);
  if (i.pendingSince !== null && i.now - i.pendingSince < PENDING_RUN_MS)
    return warning(RUN_TOAST.startingTitle, AGENT_MSG.starting);
  const active = i.cluster?.running_executions.find(
    (e) => e.active_issue_id === i.issueId && isWatched(latestOf(e, i.known?.[e.id]), i.now),
  );
  if (active)
    return active.status === "pending"
      ? warning(RUN_TOAST.startingTitle, AGENT_MSG.starting)
      : warning(RUN_TOAST.runningTitle, AGENT_MSG.running);
  if (!i.cluster)
    return i.clusterPending ? { ok: true, agentTemplateId: null } : validation(RUN_TOAST.clusterNotFound(i.projectId));
  const preset = i.cluster.config.agent_presets?.issue_agent;
  if (!preset?.agent_template_id) return validation(AGENT_MSG.noPreset);
  const template = i.templates?.find((t) => t.id === preset.agent_template_id);
  if (!template) return validation(AGENT_MSG.templateNotFound);
  const meta = i.metadata?.find((m) => m.type === template.config.type);
  const envs = [...(preset.environment_template_ids ?? []), ...(template.config.environment_template_ids ?? [])];
  if (meta?.requires_sandbox && envs.length === 0) return validation(AGENT_MSG.requiresSandbox(template.config.name));
  return { ok: true, agentTemplateId: template.id };
}

/** The server's refusal of a run as the toast platform.md §8 gives it. */
export function refusalToast(status: number | undefined, message: string | null): RunToast {
  if (status === 409 && message === AGENT_MSG.starting)
    return { kind: "warning", title: RUN_TOAST.startingTitle, message };
  if (status === 409 && message === AGENT_MSG.running)
    return { kind: "warning", title: RUN_TOAST.runningTitle, message };
  return { kind: "error", title: RUN_TOAST.validationTitle, message: message || AGENT_MSG.invalidConfig };
}

/**
 * What changed on a work item between two cluster documents that makes its screens reload: an execution on it
 * started or ended, or one of its task statuses moved. Returns the ids of the work items to reload.
 */
export function itemsToReload(prev: ClusterDocument | undefined, next: ClusterDocument): string[] {
  if (!prev) return [];
  const key = (d: ClusterDocument) => new Map(d.running_executions.map((e) => [e.id, e]));
  const before = key(prev);
  const after = key(next);
  const out = new Set<string>();
  for (const [id, e] of after) {
    const old = before.get(id);
    if (!e.active_issue_id) continue;
    if (!old || old.status !== e.status || JSON.stringify(old.task_statuses) !== JSON.stringify(e.task_statuses))
      out.add(e.active_issue_id);
  }
  for (const [id, e] of before) if (!after.has(id) && e.active_issue_id) out.add(e.active_issue_id);
  return [...out];
}
