/**
 * Everything a work-item screen needs to show ids as names: states, labels, project members (with their
 * user details from the workspace member list), cycles, modules and estimate points of a project.
 */
import { useMemo } from "react";
import { queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import { BUILT_FEATURES, featureListsOf as sharedFeatureLists, sortCycles } from "@stride/shared";
import { api } from "./client.ts";
import { useStates } from "./states.ts";
import { useLabels } from "./labels.ts";
import { useProject, useProjectMembers } from "./projects.ts";
import { useWorkspaceMembers } from "./workspaces.ts";
import { useMe } from "./users.ts";
import { useWorkflowStates } from "./workflows.ts";
import type { Label, Project, State, UserLite } from "./types.ts";
import type { WorkflowState } from "@stride/shared/contract";
import type { CycleLite, Estimate, EstimatePoint, ModuleLite } from "./work-items-types.ts";
import type { OrderLookups } from "./work-items-list-data.ts";

const P = (slug: string, pid: string) => `/api/workspaces/${encodeURIComponent(slug)}/projects/${pid}`;

export const refKeys = {
  cycles: (slug: string, pid: string) => ["wi", slug, pid, "refs", "cycles"] as const,
  modules: (slug: string, pid: string) => ["wi", slug, pid, "refs", "modules"] as const,
  estimates: (slug: string, pid: string) => ["wi", slug, pid, "refs", "estimates"] as const,
};

/** A module's detail, links and the archived modules list (the live list is `refKeys.modules`). */
export const moduleKeys = {
  all: (slug: string, pid: string) => ["wi", slug, pid, "module"] as const,
  detail: (slug: string, pid: string, id: string) => ["wi", slug, pid, "module", "detail", id] as const,
  archived: (slug: string, pid: string) => ["wi", slug, pid, "module", "archived"] as const,
};

/** Modules show counts of their items: after a change to items, what is shown of modules is asked for again. */
export function invalidateModuleData(qc: QueryClient, slug: string, pid: string) {
  void qc.invalidateQueries({ queryKey: refKeys.modules(slug, pid) });
  void qc.invalidateQueries({ queryKey: moduleKeys.all(slug, pid) });
}

/** A list of a project feature (cycles, modules, estimates); a failure (feature turned off meanwhile) reads as null. */
async function optionalList<T>(path: string): Promise<T[] | null> {
  try {
    const r = await api<T[] | { results?: T[] }>(path);
    return Array.isArray(r) ? r : r?.results ?? [];
  } catch {
    return null;
  }
}

/**
 * Which feature lists a project needs: a feature's endpoint is called only when the server routes it
 * (BUILT_FEATURES, flipped by issue #8) and the project has it turned on.
 */
export const featureListsOf = (p: Project | undefined): { cycles: boolean; modules: boolean; estimates: boolean; workflows: boolean } =>
  sharedFeatureLists(p as Parameters<typeof sharedFeatureLists>[0]);

/* Query options, shared by the hooks and the route loaders (app/loaders.ts). */
export const cyclesQuery = (slug: string, pid: string) =>
  queryOptions({ queryKey: refKeys.cycles(slug, pid), queryFn: () => optionalList<CycleLite>(`${P(slug, pid)}/cycles/`), retry: false, staleTime: 30_000 });
export const modulesQuery = (slug: string, pid: string) =>
  queryOptions({ queryKey: refKeys.modules(slug, pid), queryFn: () => optionalList<ModuleLite>(`${P(slug, pid)}/modules/`), retry: false, staleTime: 30_000 });
export const estimatesQuery = (slug: string, pid: string) =>
  queryOptions({ queryKey: refKeys.estimates(slug, pid), queryFn: () => optionalList<Estimate>(`${P(slug, pid)}/estimates/`), retry: false, staleTime: 30_000 });

export function useProjectCycles(slug: string, pid: string, enabled: boolean) {
  return useQuery({ ...cyclesQuery(slug, pid), enabled: enabled && BUILT_FEATURES.cycles && !!pid });
}

export function useProjectModules(slug: string, pid: string, enabled: boolean) {
  return useQuery({ ...modulesQuery(slug, pid), enabled: enabled && BUILT_FEATURES.modules && !!pid });
}

export function useProjectEstimates(slug: string, pid: string, enabled: boolean) {
  return useQuery({ ...estimatesQuery(slug, pid), enabled: enabled && BUILT_FEATURES.estimates && !!pid });
}

export interface MemberRef extends UserLite { role: number }

/** The project's workflow as the caller moves work items: its rules, and who moves (null: workflows off, or not read yet). */
export interface WorkflowRefs {
  rules: WorkflowState[];
  actor: { userId: string | null; role: number | null };
}

export interface ProjectRefs {
  project: Project | undefined;
  states: State[];
  stateById: Map<string, State>;
  labels: Label[];
  labelById: Map<string, Label>;
  /** Project members with their user details. */
  members: MemberRef[];
  memberById: Map<string, MemberRef>;
  /** Workspace users by id (creators, commenters who left the project). */
  userById: Map<string, UserLite>;
  cycles: CycleLite[];
  modules: ModuleLite[];
  /** Cycles are on for the project and the server answers for them. */
  cyclesEnabled: boolean;
  modulesEnabled: boolean;
  estimatePoints: EstimatePoint[];
  /** The type of the project's active estimate (`points`, `categories`, `time` — minutes, shown as durations), null without one. */
  estimateType: string | null;
  /** Workflows on: which moves the caller may make (lib/workflow.ts `moveVerdict` asks the shared rule). */
  workflow: WorkflowRefs | null;
  lookups: OrderLookups;
  isLoading: boolean;
}

/**
 * Names in the default locale's order, as `a.localeCompare(b)` orders them, through one collator: `localeCompare`
 * sets up the locale's collation on every call, which took ~7 ms of the work-item page's first render for a
 * project's ~200 members and modules (bench/screen-trace.ts).
 */
const collator = new Intl.Collator();
export const compareNames = (a: string, b: string): number => collator.compare(a, b);

const STATE_GROUP_ORDER: Record<string, number> = { backlog: 0, unstarted: 1, started: 2, completed: 3, cancelled: 4, triage: 5 };

export function useProjectRefs(slug: string, pid: string): ProjectRefs {
  const project = useProject(slug, pid);
  const states = useStates(slug, pid);
  const labels = useLabels(slug, pid);
  const pm = useProjectMembers(slug, pid);
  const wm = useWorkspaceMembers(slug);
  const p = project.data;
  const needs = featureListsOf(p);
  const cycles = useProjectCycles(slug, pid, needs.cycles);
  const modules = useProjectModules(slug, pid, needs.modules);
  const estimates = useProjectEstimates(slug, pid, needs.estimates);
  const workflows = useWorkflowStates(slug, pid, needs.workflows);
  const me = useMe();

  return useMemo(() => {
    const st = [...(states.data ?? [])]
      .filter((s) => s.group !== "triage")
      .sort((a, b) => (STATE_GROUP_ORDER[a.group] ?? 9) - (STATE_GROUP_ORDER[b.group] ?? 9) || a.sequence - b.sequence);
    const stateById = new Map((states.data ?? []).map((s) => [s.id, s]));
    const lb = [...(labels.data ?? [])].sort((a, b) => a.sort_order - b.sort_order);
    const labelById = new Map(lb.map((l) => [l.id, l]));
    const userById = new Map<string, UserLite>();
    for (const m of wm.data ?? []) if (m.member) userById.set(m.member.id, m.member);
    const members: MemberRef[] = [];
    for (const m of pm.data ?? []) {
      const u = userById.get(m.member);
      if (u && !u.is_bot) members.push({ ...u, role: m.role });
    }
    members.sort((a, b) => compareNames(a.display_name || "", b.display_name || ""));
    const memberById = new Map(members.map((m) => [m.id, m]));
    const activeEstimate = (estimates.data ?? []).find((e) => e.id === p?.estimate) ?? null;
    const estimatePoints = [...(activeEstimate?.points ?? [])].sort((a, b) => a.key - b.key);
    // pickers, filters and groups show cycles in the cycle-list order (§4) and modules by name, as the server groups them
    const cy = sortCycles(cycles.data ?? []);
    const mo = [...(modules.data ?? [])].sort((x, y) => compareNames(x.name, y.name));
    const lookups: OrderLookups = {
      stateName: (id) => (id ? stateById.get(id)?.name ?? null : null),
      stateGroup: (id) => (id ? stateById.get(id)?.group ?? null : null),
      labelName: (id) => labelById.get(id)?.name ?? null,
      memberName: (id) => userById.get(id)?.first_name || userById.get(id)?.display_name || null,
      moduleName: (id) => mo.find((m) => m.id === id)?.name ?? null,
      cycleName: (id) => (id ? cy.find((c) => c.id === id)?.name ?? null : null),
      estimateKey: (id) => (id ? estimatePoints.find((e) => e.id === id)?.key ?? null : null),
    };
    return {
      project: p,
      states: st,
      stateById,
      labels: lb,
      labelById,
      members,
      memberById,
      userById,
      cycles: cy,
      modules: mo,
      cyclesEnabled: needs.cycles && Array.isArray(cycles.data),
      modulesEnabled: needs.modules && Array.isArray(modules.data),
      estimatePoints,
      estimateType: activeEstimate?.type ?? null,
      workflow: needs.workflows && workflows.data ? { rules: workflows.data, actor: { userId: me.data?.id ?? null, role: p?.member_role ?? null } } : null,
      lookups,
      isLoading: project.isLoading || states.isLoading || labels.isLoading || pm.isLoading || wm.isLoading,
    };
  }, [p, needs.cycles, needs.modules, needs.workflows, workflows.data, me.data?.id, states.data, labels.data, pm.data, wm.data, cycles.data, modules.data, estimates.data, project.isLoading, states.isLoading, labels.isLoading, pm.isLoading, wm.isLoading]);
}
