import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "./client.ts";
import { qk } from "./query-keys.ts";
import type { CreateInvitationsBody, CreateWorkspaceBody, UpdateWorkspaceBody } from "@stride/shared/contract";
import type { Invitation, Workspace, WorkspaceMember, WorkspaceMemberMe } from "./types.ts";

const W = (slug: string) => `/api/workspaces/${encodeURIComponent(slug)}`;

/* Query options of each resource, shared by the hooks and the route loaders (app/loaders.ts). */
export const workspaceQuery = (slug: string) =>
  queryOptions({ queryKey: qk.workspace(slug), queryFn: () => api<Workspace>(`${W(slug)}/`) });
export const workspaceMemberMeQuery = (slug: string) =>
  queryOptions({
    queryKey: qk.workspaceMemberMe(slug),
    queryFn: () => api<WorkspaceMemberMe>(`${W(slug)}/workspace-members/me/`),
  });
export const workspaceMembersQuery = (slug: string) =>
  queryOptions({ queryKey: qk.workspaceMembers(slug), queryFn: () => api<WorkspaceMember[]>(`${W(slug)}/members/`) });
export const workspaceInvitationsQuery = (slug: string) =>
  queryOptions({
    queryKey: qk.workspaceInvitations(slug),
    queryFn: () => api<Invitation[]>(`${W(slug)}/invitations/`),
  });

export function useWorkspace(slug: string | undefined) {
  return useQuery({ ...workspaceQuery(slug ?? ""), enabled: !!slug });
}

export function useWorkspaceMemberMe(slug: string | undefined) {
  return useQuery({ ...workspaceMemberMeQuery(slug ?? ""), enabled: !!slug });
}

export function useWorkspaceMembers(slug: string | undefined) {
  return useQuery({ ...workspaceMembersQuery(slug ?? ""), enabled: !!slug });
}

export function useWorkspaceInvitations(slug: string | undefined, enabled = true) {
  return useQuery({ ...workspaceInvitationsQuery(slug ?? ""), enabled: !!slug && enabled });
}

/** `true` when the slug is free (reserved names report false). */
export const checkWorkspaceSlug = (slug: string, signal?: AbortSignal) =>
  api<{ status: boolean }>("/api/workspace-slug-check/", { query: { slug }, signal }).then((r) => r.status);

/** The writes below are `silent` (api/mutation-meta.ts): their screens report a refusal themselves, under a field, in a banner or with a toast naming the action. */
export type CreateWorkspaceInput = CreateWorkspaceBody;

export function useCreateWorkspace() {
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: CreateWorkspaceInput) => api<Workspace>("/api/workspaces/", { method: "POST", body }),
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: qk.myWorkspaces });
      qc.invalidateQueries({ queryKey: qk.settings });
    },
  });
}

export function useUpdateWorkspace(slug: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: UpdateWorkspaceBody) => api<Workspace>(`${W(slug)}/`, { method: "PATCH", body }),
    onSuccess: (ws) => {
      qc.setQueryData(qk.workspace(slug), ws);
      qc.invalidateQueries({ queryKey: qk.myWorkspaces });
    },
  });
}

export function useDeleteWorkspace(slug: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: () => api(`${W(slug)}/`, { method: "DELETE" }),
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: qk.myWorkspaces });
      qc.invalidateQueries({ queryKey: qk.settings });
    },
  });
}

export function useUpdateWorkspaceMember(slug: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: ({ id, role }: { id: string; role: number }) =>
      api(`${W(slug)}/members/${id}/`, { method: "PATCH", body: { role } }),
    onSettled: () => qc.invalidateQueries({ queryKey: qk.workspaceMembers(slug) }),
  });
}

export function useRemoveWorkspaceMember(slug: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (id: string) => api(`${W(slug)}/members/${id}/`, { method: "DELETE" }),
    onSettled: () => qc.invalidateQueries({ queryKey: qk.workspaceMembers(slug) }),
  });
}

export function useLeaveWorkspace(slug: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: () => api(`${W(slug)}/members/leave/`, { method: "POST" }),
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: qk.myWorkspaces });
      qc.invalidateQueries({ queryKey: qk.settings });
    },
  });
}

export function useInviteMembers(slug: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (emails: NonNullable<CreateInvitationsBody["emails"]>) =>
      api<{ message: string }>(`${W(slug)}/invitations/`, { method: "POST", body: { emails } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: qk.workspaceInvitations(slug) }),
  });
}

export function useUpdateInvitation(slug: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: ({ id, role }: { id: string; role: number }) =>
      api(`${W(slug)}/invitations/${id}/`, { method: "PATCH", body: { role } }),
    onSettled: () => qc.invalidateQueries({ queryKey: qk.workspaceInvitations(slug) }),
  });
}

export function useDeleteInvitation(slug: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (id: string) => api(`${W(slug)}/invitations/${id}/`, { method: "DELETE" }),
    onSettled: () => qc.invalidateQueries({ queryKey: qk.workspaceInvitations(slug) }),
  });
}

/** Invitation link answer (`/workspace-invitations/?invitation_id&slug&token`). */
export const fetchInvitationForJoin = (slug: string, id: string, token: string) =>
  api<Invitation>(`${W(slug)}/invitations/${id}/join/`, { query: { token }, allow401: true });
export const answerInvitation = (slug: string, id: string, token: string, accepted: boolean) =>
  api<{ message: string }>(`${W(slug)}/invitations/${id}/join/`, {
    method: "POST",
    body: { token, accepted },
    allow401: true,
  });
