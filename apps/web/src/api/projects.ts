import { useMemo } from "react";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  assetEndpoints as AS,
  projectEndpoints as PE,
  projectMemberEndpoints as PM,
  type BodyOf,
} from "@stride/shared/endpoints";
import { isRole } from "@stride/shared";
import { call } from "./client.ts";
import { qk } from "./query-keys.ts";
import type { Project, ProjectLite } from "./types.ts";
import { addFavoriteLocally, invalidateFavorites, removeFavoriteLocally, restoreFavorites } from "./favorites.ts";

const at = (slug: string, projectId: string) => ({ slug, projectId });

/* Query options of each resource, shared by the hooks and the route loaders (app/loaders.ts). */
/** Lite list (every project the caller may see, archived included); low priority: the sidebar's list, no screen waits for it. */
export const projectsQuery = (slug: string) =>
  queryOptions({
    queryKey: qk.projects(slug),
    queryFn: () => call(PE.list, { slug }, undefined, { priority: "low" }),
  });
/** Full objects, including is_favorite and members. */
export const projectDetailsQuery = (slug: string) =>
  queryOptions({
    queryKey: qk.projectDetails(slug),
    // without `per_page` and `cursor` the answer is the plain list
    queryFn: () => call(PE.details, { slug }).then((r) => (Array.isArray(r) ? r : r.results)),
  });
export const projectQuery = (slug: string, pid: string) =>
  queryOptions({ queryKey: qk.project(slug, pid), queryFn: () => call(PE.get, at(slug, pid)) });
export const projectMembersQuery = (slug: string, pid: string) =>
  queryOptions({
    queryKey: qk.projectMembers(slug, pid),
    queryFn: () => call(PM.list, at(slug, pid)),
  });

/**
 * The covers offered for a project (Stride's own first, then the operator's), as paths of this server where they are
 * (the list answers absolute URLs, as Plane's client reads them; a path survives a change of the instance's address).
 */
export const projectCoversQuery = queryOptions({
  queryKey: qk.projectCovers,
  queryFn: async () =>
    (await call(AS.projectCovers, {})).map((u) => {
      const url = new URL(u, location.origin);
      return url.origin === location.origin ? url.pathname : u;
    }),
  staleTime: Infinity,
});

export function useProjectCovers(enabled = true) {
  return useQuery({ ...projectCoversQuery, enabled });
}

export function useProjects(slug: string | undefined) {
  return useQuery({ ...projectsQuery(slug ?? ""), enabled: !!slug });
}

export function useProjectDetails(slug: string | undefined) {
  return useQuery({ ...projectDetailsQuery(slug ?? ""), enabled: !!slug });
}

const NO_PROJECTS: Project[] = [];

/** The live projects the caller is a member of: what the workspace's lists (global views, profile tabs) span. */
export function useMemberProjects(slug: string): { projects: Project[]; isLoading: boolean } {
  const q = useProjectDetails(slug);
  const projects = useMemo(
    () => (q.data ? q.data.filter((p) => p.member_role && !p.archived_at) : NO_PROJECTS),
    [q.data],
  );
  return { projects, isLoading: q.isLoading };
}

export function useProject(slug: string | undefined, pid: string | undefined, enabled = true) {
  return useQuery({ ...projectQuery(slug ?? "", pid ?? ""), enabled: !!slug && !!pid && enabled });
}

export function useProjectMembers(slug: string | undefined, pid: string | undefined, enabled = true) {
  return useQuery({ ...projectMembersQuery(slug ?? "", pid ?? ""), enabled: !!slug && !!pid && enabled });
}

function invalidateProjects(qc: ReturnType<typeof useQueryClient>, slug: string) {
  qc.invalidateQueries({ queryKey: qk.projects(slug) });
  // archiving or deleting a project drops its favourites
  invalidateFavorites(qc, slug);
  qc.invalidateQueries({ queryKey: qk.projectDetails(slug) });
  qc.invalidateQueries({ queryKey: qk.projectRoles(slug) });
}

/** The writes below are `silent` (api/mutation-meta.ts): their screens report a refusal themselves, under a field, in a banner or with a toast naming the action. */
export function useCreateProject(slug: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: BodyOf<typeof PE.create>) => call(PE.create, { slug }, body),
    onSuccess: () => invalidateProjects(qc, slug),
  });
}

export function useUpdateProject(slug: string, pid: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: BodyOf<typeof PE.update>) => call(PE.update, at(slug, pid), body),
    onSuccess: (p) => {
      qc.setQueryData(qk.project(slug, pid), p);
      invalidateProjects(qc, slug);
    },
  });
}

export function useDeleteProject(slug: string, pid: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: () => call(PE.remove, at(slug, pid)),
    onSuccess: () => invalidateProjects(qc, slug),
  });
}

export function useArchiveProject(slug: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: async ({ id, archive }: { id: string; archive: boolean }) => {
      if (archive) await call(PE.archive, at(slug, id));
      else await call(PE.restore, at(slug, id));
    },
    onSuccess: (_r, v) => {
      invalidateProjects(qc, slug);
      qc.invalidateQueries({ queryKey: qk.project(slug, v.id) });
    },
  });
}

/** Favourite toggle: optimistic on the details list and the sidebar's favourites, rolled back on failure. */
export function useToggleFavoriteProject(slug: string) {
  const qc = useQueryClient();
  const key = qk.projectDetails(slug);
  return useMutation({
    meta: { silent: true },
    mutationFn: ({ id, favorite }: { id: string; favorite: boolean }) =>
      favorite ? call(PE.favorite, { slug }, { project: id }) : call(PE.unfavorite, at(slug, id)),
    onMutate: async ({ id, favorite }) => {
      await qc.cancelQueries({ queryKey: key });
      const prev = qc.getQueryData<Project[]>(key);
      if (prev)
        qc.setQueryData<Project[]>(
          key,
          prev.map((p) => (p.id === id ? { ...p, is_favorite: favorite } : p)),
        );
      const project =
        prev?.find((p) => p.id === id) ?? qc.getQueryData<ProjectLite[]>(qk.projects(slug))?.find((p) => p.id === id);
      const favs = favorite
        ? await addFavoriteLocally(qc, slug, {
            entity_type: "project",
            entity_identifier: id,
            project_id: id,
            entity_data: {
              id,
              name: project?.name ?? "",
              logo_props: (project?.logo_props ?? {}) as Record<string, unknown>,
            },
          })
        : await removeFavoriteLocally(qc, slug, "project", id);
      return { prev, favs: favs.prev };
    },
    onError: (_e, _v, ctx) => {
      if (ctx?.prev) qc.setQueryData(key, ctx.prev);
      restoreFavorites(qc, slug, ctx?.favs);
    },
    onSettled: () => {
      qc.invalidateQueries({ queryKey: key });
      invalidateFavorites(qc, slug);
    },
  });
}

/** Join projects with the caller's workspace role (Plane's "Join"); the project, its roles and the lists are read again. */
export function useJoinProjects(slug: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (projectIds: string[]) => call(PM.join, { slug }, { project_ids: projectIds }),
    onSuccess: (_r, ids) => {
      invalidateProjects(qc, slug);
      for (const id of ids) qc.invalidateQueries({ queryKey: qk.project(slug, id) });
    },
  });
}

export function useAddProjectMembers(slug: string, pid: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (members: BodyOf<typeof PM.add>["members"]) => call(PM.add, at(slug, pid), { members }),
    onSettled: () => {
      qc.invalidateQueries({ queryKey: qk.projectMembers(slug, pid) });
      qc.invalidateQueries({ queryKey: qk.project(slug, pid) });
    },
  });
}

export function useUpdateProjectMember(slug: string, pid: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: ({ id, role }: { id: string; role: number }) => {
      // the screen's select offers the roles only
      if (!isRole(role)) throw new Error(`Not a role: ${role}`);
      return call(PM.update, { ...at(slug, pid), memberId: id }, { role });
    },
    onSettled: () => qc.invalidateQueries({ queryKey: qk.projectMembers(slug, pid) }),
  });
}

export function useRemoveProjectMember(slug: string, pid: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (id: string) => call(PM.remove, { ...at(slug, pid), memberId: id }),
    onSettled: () => qc.invalidateQueries({ queryKey: qk.projectMembers(slug, pid) }),
  });
}

export function useLeaveProject(slug: string, pid: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: () => call(PM.leave, at(slug, pid)),
    onSuccess: () => invalidateProjects(qc, slug),
  });
}
