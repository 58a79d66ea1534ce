/**
 * Everything a work-item screen needs to show ids as names: states, labels, project members (with their
 * user details from the workspace member list), cycles, modules and estimate points of a project.
 */
import { useMemo } from "react";
import { queryOptions, useQueries, useQuery, type QueryClient, type UseQueryOptions } from "@tanstack/react-query";
import { featureListsOf as sharedFeatureLists, sortCycles } from "@stride/shared";
import { cycleEndpoints as CE, estimateEndpoints as EE, moduleEndpoints as ME } from "@stride/shared/endpoints";
import { call } from "./client.ts";
import { statesQuery, useStates } from "./states.ts";
import { labelsQuery, useLabels } from "./labels.ts";
import { projectMembersQuery, useProject, useProjectMembers } from "./projects.ts";
import { useWorkspaceMembers } from "./workspaces.ts";
import { useMe } from "./users.ts";
import { useWorkflowStates, workflowStatesQuery } from "./workflows.ts";
import type { Label, Project, ProjectMember, State, UserLite, WorkspaceMember } from "./types.ts";
import type { WorkflowState } from "@stride/shared/contract";
import type { CycleLite, Estimate, EstimatePoint, ModuleLite } from "./work-items-types.ts";
import type { OrderLookups } from "./work-items-list-data.ts";

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
async function optionalList<T>(read: () => Promise<T[]>): Promise<T[] | null> {
  try {
    return await read();
  } catch {
    return null;
  }
}

/** Which feature lists a project needs: a feature's endpoint is called only when the project has it turned on. */
export const featureListsOf = (
  p: Project | undefined,
): { cycles: boolean; modules: boolean; estimates: boolean; workflows: boolean } =>
  sharedFeatureLists(p as Parameters<typeof sharedFeatureLists>[0]);

/* Query options, shared by the hooks and the route loaders (app/loaders.ts). */
export const cyclesQuery = (slug: string, pid: string) =>
  queryOptions({
    queryKey: refKeys.cycles(slug, pid),
    queryFn: () => optionalList<CycleLite>(() => call(CE.list, { slug, projectId: pid })),
    retry: false,
    staleTime: 30_000,
  });
export const modulesQuery = (slug: string, pid: string) =>
  queryOptions({
    queryKey: refKeys.modules(slug, pid),
    queryFn: () => optionalList<ModuleLite>(() => call(ME.list, { slug, projectId: pid })),
    retry: false,
    staleTime: 30_000,
  });
export const estimatesQuery = (slug: string, pid: string) =>
  queryOptions({
    queryKey: refKeys.estimates(slug, pid),
    queryFn: () => optionalList<Estimate>(() => call(EE.list, { slug, projectId: pid })),
    retry: false,
    staleTime: 30_000,
  });

export function useProjectCycles(slug: string, pid: string, enabled: boolean) {
  return useQuery({ ...cyclesQuery(slug, pid), enabled: enabled && !!pid });
}

export function useProjectModules(slug: string, pid: string, enabled: boolean) {
  return useQuery({ ...modulesQuery(slug, pid), enabled: enabled && !!pid });
}

export function useProjectEstimates(slug: string, pid: string, enabled: boolean) {
  return useQuery({ ...estimatesQuery(slug, pid), enabled: enabled && !!pid });
}

export interface MemberRef extends UserLite {
  role: number;
}

/** The project's workflow as the caller moves work items: its rules, and who moves (null: workflows off, or not read yet). */
export interface WorkflowRefs {
  rules: WorkflowState[];
  actor: { userId: string | null; role: number | null };
}

export interface ProjectRefs {
  project: Project | undefined;
  /** The projects of refs that span several (a teamspace's list); absent for one project's. */
  projects?: Project[];
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

const STATE_GROUP_ORDER: Record<string, number> = {
  backlog: 0,
  unstarted: 1,
  started: 2,
  completed: 3,
  cancelled: 4,
  triage: 5,
};

/** What a project's refs are built from (the answers of its lists). */
interface RefsSources {
  project: Project | undefined;
  states: State[] | undefined;
  labels: Label[] | undefined;
  projectMembers: ProjectMember[] | undefined;
  workspaceMembers: WorkspaceMember[] | undefined;
  cycles: CycleLite[] | null | undefined;
  modules: ModuleLite[] | null | undefined;
  estimates: Estimate[] | null | undefined;
  /** The project's workflow rules (undefined: off or not read) and the caller who moves items under them. */
  workflows?: WorkflowState[] | null;
  userId?: string | null;
  isLoading: boolean;
}

/** A project's refs from its lists' answers (pure: the one project's hook and the team lists' hook build them alike). */
function buildRefs(src: RefsSources): ProjectRefs {
  const p = src.project;
  const needs = featureListsOf(p);
  const st = [...(src.states ?? [])]
    .filter((s) => s.group !== "triage")
    .sort((a, b) => (STATE_GROUP_ORDER[a.group] ?? 9) - (STATE_GROUP_ORDER[b.group] ?? 9) || a.sequence - b.sequence);
  const stateById = new Map((src.states ?? []).map((s) => [s.id, s]));
  const lb = [...(src.labels ?? [])].sort((a, b) => a.sort_order - b.sort_order);
  const labelById = new Map(lb.map((l) => [l.id, l]));
  const userById = new Map<string, UserLite>();
  for (const m of src.workspaceMembers ?? []) if (m.member) userById.set(m.member.id, m.member);
  const members: MemberRef[] = [];
  for (const m of src.projectMembers ?? []) {
    const u = userById.get(m.member);
    if (u && !u.is_bot) members.push({ ...u, role: m.role });
  }
  members.sort((a, b) => compareNames(a.display_name || "", b.display_name || ""));
  const memberById = new Map(members.map((m) => [m.id, m]));
  const activeEstimate = (src.estimates ?? []).find((e) => e.id === p?.estimate) ?? null;
  const estimatePoints = [...(activeEstimate?.points ?? [])].sort((a, b) => a.key - b.key);
  // pickers, filters and groups show cycles in the cycle-list order (§4) and modules by name, as the server groups them
  const cy = sortCycles(src.cycles ?? []);
  const mo = [...(src.modules ?? [])].sort((x, y) => compareNames(x.name, y.name));
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
    cyclesEnabled: needs.cycles && Array.isArray(src.cycles),
    modulesEnabled: needs.modules && Array.isArray(src.modules),
    estimatePoints,
    estimateType: activeEstimate?.type ?? null,
    workflow:
      needs.workflows && src.workflows
        ? { rules: src.workflows, actor: { userId: src.userId ?? null, role: p?.member_role ?? null } }
        : null,
    lookups: lookupsOf(stateById, labelById, userById, cy, mo, estimatePoints),
    isLoading: src.isLoading,
  };
}

/** The orderings' name lookups over a project's (or a teamspace's) refs. */
function lookupsOf(
  stateById: Map<string, State>,
  labelById: Map<string, Label>,
  userById: Map<string, UserLite>,
  cy: CycleLite[],
  mo: ModuleLite[],
  points: EstimatePoint[],
): OrderLookups {
  return {
    stateName: (id) => (id ? (stateById.get(id)?.name ?? null) : null),
    stateGroup: (id) => (id ? (stateById.get(id)?.group ?? null) : null),
    labelName: (id) => labelById.get(id)?.name ?? null,
    memberName: (id) => userById.get(id)?.first_name || userById.get(id)?.display_name || null,
    moduleName: (id) => mo.find((m) => m.id === id)?.name ?? null,
    cycleName: (id) => (id ? (cy.find((c) => c.id === id)?.name ?? null) : null),
    estimateKey: (id) => (id ? (points.find((e) => e.id === id)?.key ?? null) : null),
  };
}

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
  const userId = me.data?.id ?? null;
  const isLoading = project.isLoading || states.isLoading || labels.isLoading || pm.isLoading || wm.isLoading;
  return useMemo(
    () =>
      buildRefs({
        project: p,
        states: states.data,
        labels: labels.data,
        projectMembers: pm.data,
        workspaceMembers: wm.data,
        cycles: cycles.data,
        modules: modules.data,
        estimates: estimates.data,
        workflows: workflows.data,
        userId,
        isLoading,
      }),
    [
      p,
      states.data,
      labels.data,
      pm.data,
      wm.data,
      cycles.data,
      modules.data,
      estimates.data,
      workflows.data,
      userId,
      isLoading,
    ],
  );
}

/** The refs of a list that spans projects (a teamspace's): each project's own, and one over all of them. */
export interface TeamRefs {
  /** For groups, filters and orderings over the whole list; names carry their project's identifier when there are several. */
  merged: ProjectRefs;
  /** For what one item shows and offers (its pickers): its own project's. */
  byProject: Map<string, ProjectRefs>;
}

/**
 * The refs of a teamspace's projects, read with the same queries (and cache) as each project's screens. The merged
 * refs have no `project`; `projects` names them (group titles of a grouping by project).
 */
export function useTeamRefs(slug: string, projects: readonly Project[]): TeamRefs {
  const wm = useWorkspaceMembers(slug);
  const userId = useMe().data?.id ?? null;
  const perProject = 7;
  const results = useQueries({
    queries: projects.flatMap((p) => {
      const needs = featureListsOf(p);
      return [
        statesQuery(slug, p.id),
        labelsQuery(slug, p.id),
        projectMembersQuery(slug, p.id),
        { ...cyclesQuery(slug, p.id), enabled: needs.cycles },
        { ...modulesQuery(slug, p.id), enabled: needs.modules },
        { ...estimatesQuery(slug, p.id), enabled: needs.estimates },
        // each project's workflow: a drop it refuses is refused before it is made, as on the project's board
        { ...workflowStatesQuery(slug, p.id), enabled: needs.workflows },
      ] as UseQueryOptions<unknown>[];
    }),
  });
  const version = results.map((r) => r.dataUpdatedAt).join(",");
  const loading = wm.isLoading || results.some((r) => r.isLoading);
  return useMemo(() => {
    const byProject = new Map<string, ProjectRefs>();
    projects.forEach((p, i) => {
      const r = results.slice(i * perProject, (i + 1) * perProject).map((q) => q.data);
      byProject.set(
        p.id,
        buildRefs({
          project: p,
          states: r[0] as State[] | undefined,
          labels: r[1] as Label[] | undefined,
          projectMembers: r[2] as ProjectMember[] | undefined,
          workspaceMembers: wm.data,
          cycles: r[3] as CycleLite[] | null | undefined,
          modules: r[4] as ModuleLite[] | null | undefined,
          estimates: r[5] as Estimate[] | null | undefined,
          workflows: r[6] as WorkflowState[] | undefined,
          userId,
          isLoading: loading,
        }),
      );
    });
    return { merged: mergeRefs(projects, byProject, loading), byProject };
    // `version` stands for the answers (useQueries gives a new array every render)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [projects, version, wm.data, loading, userId]);
}

/** One project's refs over several: lists concatenated in the projects' order, names marked with their project when there are several. */
function mergeRefs(projects: readonly Project[], byProject: Map<string, ProjectRefs>, isLoading: boolean): ProjectRefs {
  const several = projects.length > 1;
  const mark = <T extends { name: string }>(x: T, p: Project): T =>
    several ? { ...x, name: `${x.name} · ${p.identifier}` } : x;
  const all = projects.map((p) => [p, byProject.get(p.id)!] as const);
  const states = all.flatMap(([p, r]) => r.states.map((s) => mark(s, p)));
  const labels = all.flatMap(([p, r]) => r.labels.map((l) => mark(l, p)));
  const cycles = all.flatMap(([p, r]) => r.cycles.map((c) => mark(c, p)));
  const modules = all.flatMap(([p, r]) => r.modules.map((m) => mark(m, p)));
  const estimatePoints = all.flatMap(([, r]) => r.estimatePoints);
  const memberById = new Map<string, MemberRef>();
  for (const [, r] of all)
    for (const m of r.members) if ((memberById.get(m.id)?.role ?? 0) < m.role) memberById.set(m.id, m);
  const members = [...memberById.values()].sort((a, b) => compareNames(a.display_name || "", b.display_name || ""));
  const userById = all[0]?.[1].userById ?? new Map<string, UserLite>();
  const stateById = new Map(states.map((s) => [s.id, s]));
  const labelById = new Map(labels.map((l) => [l.id, l]));
  return {
    project: undefined,
    projects: [...projects],
    states,
    stateById,
    labels,
    labelById,
    members,
    memberById,
    userById,
    cycles,
    modules,
    cyclesEnabled: all.some(([, r]) => r.cyclesEnabled),
    modulesEnabled: all.some(([, r]) => r.modulesEnabled),
    estimatePoints,
    // several projects' estimates and workflows differ: an item's own project's refs (byProject) carry them
    estimateType: all.length === 1 ? all[0]![1].estimateType : null,
    workflow: null,
    lookups: lookupsOf(stateById, labelById, userById, cycles, modules, estimatePoints),
    isLoading,
  };
}
