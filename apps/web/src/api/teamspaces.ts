/**
 * Teamspaces (W/teamspaces/…, work-tracking.md §2 `teamspaceId`): the caller's teamspaces (a workspace admin's: all of
 * them), one teamspace with its people and projects, its overview (progress by project and by member), and the admin's
 * create / change / delete. Its work items are a list context of the work-item lists (api/work-items.ts `TEAM_LISTS`).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Teamspace, TeamspaceCreateBody, TeamspacePatchBody } from "@stride/shared/contract";
import { teamspaceEndpoints as T } from "@stride/shared/endpoints";
import { call } from "./client.ts";
import { qk } from "./query-keys.ts";
import { TEAM_LISTS, wiKeys } from "./work-items.ts";

export type { Teamspace };

export const teamspaceKeys = {
  all: (slug: string) => ["teamspaces", slug] as const,
  list: qk.teamspaces,
  one: qk.teamspace,
  /** Counts of work items: moved by any item's change (api/live-map.ts). */
  progress: (slug: string, id: string) => ["teamspaces", slug, "progress", id] as const,
  progressAll: (slug: string) => ["teamspaces", slug, "progress"] as const,
};

/* Query options shared by the hooks and the route loaders (app/loaders.ts). */
export const teamspacesQuery = (slug: string) =>
  queryOptions({ queryKey: teamspaceKeys.list(slug), queryFn: () => call(T.list, { slug }) });
export const teamspaceQuery = (slug: string, id: string) =>
  queryOptions({
    queryKey: teamspaceKeys.one(slug, id),
    queryFn: () => call(T.get, { slug, teamspaceId: id }),
    retry: false,
  });
export const teamspaceProgressQuery = (slug: string, id: string) =>
  queryOptions({
    queryKey: teamspaceKeys.progress(slug, id),
    queryFn: () => call(T.progress, { slug, teamspaceId: id }),
    staleTime: 10_000,
  });

/** The teamspaces the caller sees (`enabled` false for guests, who have none). */
export const useTeamspaces = (slug: string, enabled = true) => useQuery({ ...teamspacesQuery(slug), enabled });
export const useTeamspace = (slug: string, id: string | undefined) =>
  useQuery({ ...teamspaceQuery(slug, id ?? ""), enabled: !!id });
export const useTeamspaceProgress = (slug: string, id: string) => useQuery(teamspaceProgressQuery(slug, id));

/** After a change of a teamspace: the teamspaces, and what its lists and overview hold (its projects may have changed). */
function invalidateTeamspaces(qc: ReturnType<typeof useQueryClient>, slug: string) {
  void qc.invalidateQueries({ queryKey: teamspaceKeys.all(slug) });
  void qc.invalidateQueries({ queryKey: wiKeys.lists(slug, TEAM_LISTS) });
}

/** Create a teamspace (workspace admins); the form shows a refusal under its fields. */
export function useCreateTeamspace(slug: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: TeamspaceCreateBody) => call(T.create, { slug }, body),
    onSuccess: (t) => {
      qc.setQueryData(teamspaceKeys.one(slug, t.id), t);
      invalidateTeamspaces(qc, slug);
    },
  });
}

/** Change a teamspace: its fields, and `member_ids` / `project_ids` replacing its people and projects. */
export function useUpdateTeamspace(slug: string, id: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: TeamspacePatchBody) => call(T.update, { slug, teamspaceId: id }, body),
    onSuccess: (t) => {
      qc.setQueryData(teamspaceKeys.one(slug, t.id), t);
      invalidateTeamspaces(qc, slug);
    },
  });
}

export function useDeleteTeamspace(slug: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: "Could not delete the teamspace", successTitle: "Teamspace deleted" },
    mutationFn: ({ id }: { id: string; label?: string }) => call(T.remove, { slug, teamspaceId: id }),
    onSuccess: (_r, { id }) => {
      qc.removeQueries({ queryKey: teamspaceKeys.one(slug, id), exact: true });
      invalidateTeamspaces(qc, slug);
    },
  });
}
