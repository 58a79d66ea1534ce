import { useMemo } from "react";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "./client.ts";
import { qk } from "./query-keys.ts";
import type { AddProjectMembersBody, CreateProjectBody, UpdateProjectBody } from "@stride/shared/contract";
import type { Project, ProjectLite, ProjectMember } from "./types.ts";
import { addFavoriteLocally, invalidateFavorites, removeFavoriteLocally, restoreFavorites } from "./favorites.ts";

const W = (slug: string) => `/api/workspaces/${encodeURIComponent(slug)}`;
const P = (slug: string, pid: string) => `${W(slug)}/projects/${pid}`;

/* Query options of each resource, shared by the hooks and the route loaders (app/loaders.ts). */
/** Lite list (every project the caller may see, archived included); low priority: the sidebar's list, no screen waits for it. */
export const projectsQuery = (slug: string) =>
  queryOptions({
    queryKey: qk.projects(slug),
    queryFn: () => api<ProjectLite[]>(`${W(slug)}/projects/`, { priority: "low" }),
  });
/** Full objects, including is_favorite and members. */
export const projectDetailsQuery = (slug: string) =>
  queryOptions({ queryKey: qk.projectDetails(slug), queryFn: () => api<Project[]>(`${W(slug)}/projects/details/`) });
export const projectQuery = (slug: string, pid: string) =>
  queryOptions({ queryKey: qk.project(slug, pid), queryFn: () => api<Project>(`${P(slug, pid)}/`) });
export const projectMembersQuery = (slug: string, pid: string) =>
  queryOptions({
    queryKey: qk.projectMembers(slug, pid),
    queryFn: () => api<ProjectMember[]>(`${P(slug, pid)}/members/`),
  });

/**
 * The covers offered for a project (Stride's own first, then the operator's), as paths of this server where they are
 * (the list answers absolute URLs, as Plane's client reads them; a path survives a change of the instance's address).
 */
export const projectCoversQuery = queryOptions({
  queryKey: qk.projectCovers,
  queryFn: async () =>
    (await api<string[]>("/api/project-covers/")).map((u) => {
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
    mutationFn: (body: CreateProjectBody) => api<Project>(`${W(slug)}/projects/`, { method: "POST", body }),
    onSuccess: () => invalidateProjects(qc, slug),
  });
}

export function useUpdateProject(slug: string, pid: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: UpdateProjectBody) => api<Project>(`${P(slug, pid)}/`, { method: "PATCH", body }),
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
    mutationFn: () => api(`${P(slug, pid)}/`, { method: "DELETE" }),
    onSuccess: () => invalidateProjects(qc, slug),
  });
}

export function useArchiveProject(slug: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: ({ id, archive }: { id: string; archive: boolean }) =>
      api(`${P(slug, id)}/archive/`, { method: archive ? "POST" : "DELETE" }),
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
      favorite
        ? api(`${W(slug)}/user-favorite-projects/`, { method: "POST", body: { project: id } })
        : api(`${W(slug)}/user-favorite-projects/${id}/`, { method: "DELETE" }),
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
    mutationFn: (projectIds: string[]) =>
      api<{ message: string }>(`/api/users/me/workspaces/${encodeURIComponent(slug)}/projects/invitations/`, {
        method: "POST",
        body: { project_ids: projectIds },
      }),
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
    mutationFn: (members: AddProjectMembersBody["members"]) =>
      api(`${P(slug, pid)}/members/`, { method: "POST", body: { members } }),
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
    mutationFn: ({ id, role }: { id: string; role: number }) =>
      api(`${P(slug, pid)}/members/${id}/`, { method: "PATCH", body: { role } }),
    onSettled: () => qc.invalidateQueries({ queryKey: qk.projectMembers(slug, pid) }),
  });
}

export function useRemoveProjectMember(slug: string, pid: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (id: string) => api(`${P(slug, pid)}/members/${id}/`, { method: "DELETE" }),
    onSettled: () => qc.invalidateQueries({ queryKey: qk.projectMembers(slug, pid) }),
  });
}

export function useLeaveProject(slug: string, pid: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: () => api(`${P(slug, pid)}/members/leave/`, { method: "POST" }),
    onSuccess: () => invalidateProjects(qc, slug),
  });
}
