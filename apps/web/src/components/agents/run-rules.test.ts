import { describe, expect, it } from "vitest";
import type { AgentMetadata, AgentTemplate, ClusterDocument } from "@stride/shared/contract";
import { AGENT_MSG, FINAL_EXECUTION_STATUSES } from "@stride/shared/contract";
import { AGENT_TEXT, FINAL_STATUSES, decideRun, isWatched, itemsToReload, refusalToast } from "./run-rules.ts";

it("the web's texts and final statuses are the contract's", () => {
  for (const k of ["templateNotFound", "noPreset", "invalidConfig", "starting", "running"] as const)
    expect(AGENT_TEXT[k]).toBe(AGENT_MSG[k]);
  expect(AGENT_TEXT.requiresSandbox("X")).toBe(AGENT_MSG.requiresSandbox("X"));
  expect([...FINAL_STATUSES]).toEqual([...FINAL_EXECUTION_STATUSES]);
});

const NOW = Date.UTC(2026, 0, 1, 12);
const iso = (msAgo: number) => new Date(NOW - msAgo).toISOString();
const template = (type: "coding" | "triage", envs?: string[]): AgentTemplate => ({
  id: "t1",
  cluster_id: "c",
  bot_user_id: "b1",
  created_at: iso(0),
  updated_at: iso(0),
  config: { type, name: "Fixer", model_config: "m", ...(envs ? { environment_template_ids: envs } : {}) },
});
const metadata = [
  { type: "coding", name: "Coding", description: "", requires_sandbox: true, config_schema: {}, tools: [] },
  { type: "triage", name: "Triage", description: "", requires_sandbox: false, config_schema: {}, tools: [] },
] as AgentMetadata[];
const cluster = (over: Partial<ClusterDocument> = {}): ClusterDocument => ({
  id: "c",
  project_id: "p",
  running_sandboxes: [],
  running_executions: [],
  updated_at: iso(0),
  config: { agent_presets: { issue_agent: { agent_template_id: "t1", environment_template_ids: ["env"] } } },
  ...over,
});
const input = (over: Partial<Parameters<typeof decideRun>[0]> = {}) => ({
  slug: "ws",
  projectId: "p",
  issueId: "i",
  cluster: cluster(),
  templates: [template("coding")],
  metadata,
  pendingSince: null,
  now: NOW,
  ...over,
});

describe("decideRun (platform.md §4, §5, §8)", () => {
  it("runs the issue_agent preset's template", () => {
    expect(decideRun(input())).toEqual({ ok: true, agentTemplateId: "t1" });
  });
  it("gives the spec's validation messages exactly", () => {
    const msg = (over: Partial<Parameters<typeof decideRun>[0]>) => {
      const d = decideRun(input(over));
      return d.ok ? null : d.toast;
    };
    expect(msg({ slug: undefined })).toEqual({
      kind: "error",
      title: "Validation Error",
      message: "Workspace or project not available",
    });
    expect(msg({ cluster: undefined })).toEqual({
      kind: "error",
      title: "Validation Error",
      message: "Cluster p not found",
    });
    // a cluster document that has not come yet is not a missing cluster: the server checks the run
    expect(decideRun(input({ cluster: undefined, clusterPending: true }))).toEqual({ ok: true, agentTemplateId: null });
    expect(msg({ cluster: cluster({ config: { agent_presets: {} } }) })!.message).toBe(
      "No `issue_agent` preset defined in cluster configuration",
    );
    expect(msg({ templates: [] })!.message).toBe("Selected agent template not found");
    const noEnv = cluster({
      config: { agent_presets: { issue_agent: { agent_template_id: "t1", environment_template_ids: [] } } },
    });
    expect(msg({ cluster: noEnv })!.message).toBe(
      'the agent "Fixer" requires a sandbox environment. Please select a sandbox or sandbox template.',
    );
    expect(decideRun(input({ cluster: noEnv, templates: [template("coding", ["e2"])] })).ok).toBe(true);
    expect(decideRun(input({ cluster: noEnv, templates: [template("triage")] })).ok).toBe(true);
  });
  it("one run at a time: starting for 10 s after the click, then what the cluster says", () => {
    expect(decideRun(input({ pendingSince: NOW - 9_000 }))).toEqual({
      ok: false,
      toast: { kind: "warning", title: "Execution Starting", message: "An execution is already starting." },
    });
    expect(decideRun(input({ pendingSince: NOW - 10_000 })).ok).toBe(true);
    const busy = (status: "pending" | "running", ago = 1000) =>
      cluster({
        running_executions: [{ id: "e", status, updated_at: iso(ago), active_issue_id: "i", task_statuses: {} }],
      });
    expect(decideRun(input({ cluster: busy("running") }))).toEqual({
      ok: false,
      toast: { kind: "warning", title: "Execution Running", message: "An execution is already running." },
    });
    expect(decideRun(input({ cluster: busy("pending") })).ok).toBe(false);
    // stale after 10 minutes without an update: no longer counts
    expect(decideRun(input({ cluster: busy("running", 10 * 60_000 + 1) })).ok).toBe(true);
    // another item's run does not block this one
    expect(decideRun(input({ issueId: "other", cluster: busy("running") })).ok).toBe(true);
    // the run's own document heard it end after the cluster's last word: it no longer blocks; an older one does
    expect(
      decideRun(input({ cluster: busy("running"), known: { e: { status: "completed", updated_at: iso(500) } } })).ok,
    ).toBe(true);
    expect(
      decideRun(input({ cluster: busy("running"), known: { e: { status: "completed", updated_at: iso(2000) } } })).ok,
    ).toBe(false);
    expect(
      decideRun(input({ cluster: busy("running"), known: { other: { status: "completed", updated_at: iso(0) } } })).ok,
    ).toBe(false);
  });
});

describe("watching executions", () => {
  it("stops at a final status and after 10 minutes without an update", () => {
    expect(isWatched({ status: "running", updated_at: iso(60_000) }, NOW)).toBe(true);
    expect(isWatched({ status: "completed", updated_at: iso(0) }, NOW)).toBe(false);
    expect(isWatched({ status: "running", updated_at: iso(10 * 60_000 + 1) }, NOW)).toBe(false);
  });
  it("reloads a work item when its run starts, ends or moves a task", () => {
    const run = (status: "pending" | "running", tasks: Record<string, string> = {}) =>
      cluster({
        running_executions: [{ id: "e", status, updated_at: iso(0), active_issue_id: "i", task_statuses: tasks }],
      });
    expect(itemsToReload(undefined, run("pending"))).toEqual([]);
    expect(itemsToReload(cluster(), run("pending"))).toEqual(["i"]);
    expect(itemsToReload(run("pending"), run("running"))).toEqual(["i"]);
    expect(itemsToReload(run("running"), run("running"))).toEqual([]);
    expect(itemsToReload(run("running", { a: "pending" }), run("running", { a: "completed" }))).toEqual(["i"]);
    expect(itemsToReload(run("running"), cluster())).toEqual(["i"]);
  });
  it("turns the server's refusals into the spec's toasts", () => {
    expect(refusalToast(409, "An execution is already running.")).toEqual({
      kind: "warning",
      title: "Execution Running",
      message: "An execution is already running.",
    });
    expect(refusalToast(400, null)).toEqual({
      kind: "error",
      title: "Validation Error",
      message: "Invalid execution configuration",
    });
  });
});
