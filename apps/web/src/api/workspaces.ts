import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  invitationEndpoints as I,
  workspaceEndpoints as WS,
  workspaceMemberEndpoints as WM,
  type BodyOf,
} from "@stride/shared/endpoints";
import { call } from "./client.ts";
import { qk } from "./query-keys.ts";

/* Query options of each resource, shared by the hooks and the route loaders (app/loaders.ts). */
export const workspaceQuery = (slug: string) =>
  queryOptions({ queryKey: qk.workspace(slug), queryFn: () => call(WS.get, { slug }) });
export const workspaceMemberMeQuery = (slug: string) =>
  queryOptions({
    queryKey: qk.workspaceMemberMe(slug),
    queryFn: () => call(WS.memberMe, { slug }),
  });
export const workspaceMembersQuery = (slug: string) =>
  queryOptions({ queryKey: qk.workspaceMembers(slug), queryFn: () => call(WM.list, { slug }) });
export const workspaceInvitationsQuery = (slug: string) =>
  queryOptions({
    queryKey: qk.workspaceInvitations(slug),
    queryFn: () => call(I.list, { slug }),
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
  call(WS.slugCheck, {}, undefined, { query: { slug }, signal }).then((r) => r.status);

/** The writes below are `silent` (api/mutation-meta.ts): their screens report a refusal themselves, under a field, in a banner or with a toast naming the action. */
export type CreateWorkspaceInput = BodyOf<typeof WS.create>;

export function useCreateWorkspace() {
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: CreateWorkspaceInput) => call(WS.create, {}, body),
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
    mutationFn: (body: BodyOf<typeof WS.update>) => call(WS.update, { slug }, body),
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
    mutationFn: () => call(WS.remove, { slug }),
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
    mutationFn: ({ id, role }: { id: string; role: number }) => call(WM.update, { slug, memberId: id }, { role }),
    onSettled: () => qc.invalidateQueries({ queryKey: qk.workspaceMembers(slug) }),
  });
}

export function useRemoveWorkspaceMember(slug: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (id: string) => call(WM.remove, { slug, memberId: id }),
    onSettled: () => qc.invalidateQueries({ queryKey: qk.workspaceMembers(slug) }),
  });
}

export function useLeaveWorkspace(slug: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: () => call(WM.leave, { slug }),
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
    mutationFn: (emails: NonNullable<BodyOf<typeof I.create>["emails"]>) => call(I.create, { slug }, { emails }),
    onSuccess: () => qc.invalidateQueries({ queryKey: qk.workspaceInvitations(slug) }),
  });
}

export function useUpdateInvitation(slug: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: ({ id, role }: { id: string; role: number }) => call(I.update, { slug, invitationId: id }, { role }),
    onSettled: () => qc.invalidateQueries({ queryKey: qk.workspaceInvitations(slug) }),
  });
}

export function useDeleteInvitation(slug: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (id: string) => call(I.remove, { slug, invitationId: id }),
    onSettled: () => qc.invalidateQueries({ queryKey: qk.workspaceInvitations(slug) }),
  });
}

/** Invitation link answer (`/workspace-invitations/?invitation_id&slug&token`). */
export const fetchInvitationForJoin = (slug: string, id: string, token: string) =>
  call(I.joinGet, { slug, invitationId: id }, undefined, { query: { token }, allow401: true });
export const answerInvitation = (slug: string, id: string, token: string, accepted: boolean) =>
  call(I.join, { slug, invitationId: id }, { token, accepted }, { allow401: true });
