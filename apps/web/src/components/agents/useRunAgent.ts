import { useEffect, useRef } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { ClusterDocument, ExecutionDocument } from "@stride/shared/contract";
import { ApiError, errorMessage } from "../../api/client.ts";
import { agentMetadataQuery, agentTemplatesQuery, useExecute } from "../../api/agents.ts";
import { liveTopicRefused, readLiveDoc, useLiveDoc } from "../../api/live.ts";
import { forgetBootAnswers } from "../../api/boot-data.ts";
import { qk } from "../../api/query-keys.ts";
import { wiKeys } from "../../api/work-items.ts";
import { useToast } from "../../components/ui/index.ts";
import { useCan } from "../../lib/permissions.ts";
import { EXECUTION_REACTION_MS, PENDING_RUN_MS, decideRun, itemsToReload, refusalToast } from "./run-rules.ts";

/** Runs this tab started, by work item: "starting" until the cluster shows them, for at most PENDING_RUN_MS. */
const pendingRuns = new Map<string, number>();

/** The project's cluster document (live), and the reloads its changes call for (platform.md §4). */
export function useCluster(slug: string, pid: string, enabled = true): ClusterDocument | undefined {
  const doc = useLiveDoc<ClusterDocument>(pid && enabled ? `clusters/${pid}` : null, slug, pid);
  const qc = useQueryClient();
  const prev = useRef<ClusterDocument | undefined>(undefined);
  // items still to reload: a newer document arriving within the reaction delay must not drop an earlier one's reloads
  const due = useRef(new Set<string>());
  useEffect(() => {
    if (!doc) return;
    for (const id of itemsToReload(prev.current, doc)) due.current.add(id);
    prev.current = doc;
    for (const e of doc.running_executions) if (e.active_issue_id) pendingRuns.delete(e.active_issue_id);
    if (!due.current.size) return;
    const t = setTimeout(() => {
      const ids = [...due.current];
      due.current.clear();
      // the items changed on the server: not answered from the page's embedded data, even a first fetch still waiting
      forgetBootAnswers(true);
      for (const id of ids)
        for (const part of ["detail", "item", "history"] as const)
          void qc.invalidateQueries({ queryKey: wiKeys.itemPart(slug, pid, part, id) });
      void qc.invalidateQueries({ queryKey: wiKeys.lists(slug, pid) });
    }, EXECUTION_REACTION_MS);
    return () => clearTimeout(t);
  }, [doc, qc, slug, pid]);
  return doc;
}

/**
 * "Run agent" on a work item: the checks of platform.md §5 with the toasts of §8 exactly, then POST
 * P/agent/execute/ with the cluster's `issue_agent` preset. What the checks need (the cluster document, the agent
 * templates and types) is read when asked, so screens offering the action load nothing for it.
 */
export function useRunAgent(slug: string, pid: string, allowed?: boolean) {
  const qc = useQueryClient();
  const inProject = useCan("run", "agentExecution");
  // screens outside the project's routes (the full-page item) pass what their own role check says
  const canRun = allowed ?? inProject;
  const execute = useExecute(slug, pid);
  const toast = useToast();
  const run = async (issueId: string, content = ""): Promise<string | null> => {
    const [cluster, templates, metadata] =
      slug && pid
        ? await Promise.all([
            readLiveDoc<ClusterDocument>(qc, `clusters/${pid}`, { slug, pid }),
            qc.fetchQuery({ ...agentTemplatesQuery(slug, pid), staleTime: 0 }).catch(() => undefined),
            qc.fetchQuery(agentMetadataQuery(slug, pid)).catch(() => undefined),
          ])
        : [undefined, undefined, undefined];
    // a run's own document may already have heard it end while the cluster's has not (both are re-read on the change)
    const known = Object.fromEntries(
      (cluster?.running_executions ?? []).flatMap((e) => {
        const own = qc.getQueryData<ExecutionDocument | null>(qk.liveDoc(`executions/${e.id}`))?.execution;
        return own ? [[e.id, own]] : [];
      }),
    );
    // not come yet (a slow channel) is not "not found": then the server checks the run
    const clusterPending = !cluster && !!pid && !liveTopicRefused(qc, `clusters/${pid}`);
    const d = decideRun({
      slug,
      projectId: pid,
      issueId,
      cluster,
      templates,
      metadata,
      pendingSince: pendingRuns.get(issueId) ?? null,
      now: Date.now(),
      known,
      clusterPending,
    });
    if (!d.ok) {
      toast.show(d.toast.kind, d.toast.title, d.toast.message);
      return null;
    }
    pendingRuns.set(issueId, Date.now());
    setTimeout(() => pendingRuns.delete(issueId), PENDING_RUN_MS);
    try {
      const r = await execute.mutateAsync({
        execution_config: { agent_template_id: null },
        content,
        issue_id: issueId,
        tags: [],
      });
      toast.show("success", "Agent started", "Follow it in the work item's agent executions.");
      return r.execution_id;
    } catch (err) {
      pendingRuns.delete(issueId);
      const t = refusalToast(
        err instanceof ApiError ? err.status : undefined,
        err instanceof ApiError ? (errorMessage(err.body) ?? null) : null,
      );
      toast.show(t.kind, t.title, t.message);
      return null;
    }
  };
  return { canRun, run, starting: execute.isPending };
}
