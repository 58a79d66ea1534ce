import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { assetEndpoints as AS, userEndpoints as U, type BodyOf } from "@stride/shared/endpoints";
import { ApiError, call } from "./client.ts";
import { qk } from "./query-keys.ts";
import { uploadAvatar } from "./work-items-upload.ts";
import type { Profile, User } from "./types.ts";

/** The signed-in user, or null when signed out (a 401 here is not an error). */
export async function fetchMe(): Promise<User | null> {
  try {
    return await call(U.me, {});
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) return null;
    throw e;
  }
}

/*
 * Query options (key + fetch) of each resource: the hooks below and the route loaders (app/loaders.ts)
 * use the same objects, so a request started at navigation is the one the screen then reads.
 */
export const meQuery = queryOptions({ queryKey: qk.me, queryFn: fetchMe, staleTime: 30_000 });
// the profile, like the sidebar's lists, is asked for at low priority: no screen waits for it
export const profileQuery = queryOptions({
  queryKey: qk.profile,
  queryFn: () => call(U.profile, {}, undefined, { priority: "low" }),
});
export const userSettingsQuery = queryOptions({
  queryKey: qk.settings,
  queryFn: () => call(U.settings, {}),
});
export const myWorkspacesQuery = queryOptions({
  queryKey: qk.myWorkspaces,
  queryFn: () => call(U.workspaces, {}, undefined, { priority: "low" }),
});
export const myInvitationsQuery = queryOptions({
  queryKey: qk.myInvitations,
  queryFn: () => call(U.invitations, {}),
});
/** `{projectId: role}` of the current user in a workspace. */
export const projectRolesQuery = (slug: string) =>
  queryOptions({
    queryKey: qk.projectRoles(slug),
    queryFn: () => call(U.projectRoles, { slug }),
  });

export function useMe() {
  return useQuery(meQuery);
}

/** `fresh`: refetch on mount even when cached (for routing decisions). */
export function useProfile(enabled = true, fresh = false) {
  return useQuery({ ...profileQuery, enabled, ...(fresh ? { refetchOnMount: "always" as const } : {}) });
}

export function useUserSettings(enabled = true, fresh = false) {
  return useQuery({ ...userSettingsQuery, enabled, ...(fresh ? { refetchOnMount: "always" as const } : {}) });
}

export function useMyWorkspaces(enabled = true) {
  return useQuery({ ...myWorkspacesQuery, enabled });
}

export function useMyInvitations(enabled = true) {
  return useQuery({ ...myInvitationsQuery, enabled });
}

export function useProjectRoles(slug: string | undefined) {
  return useQuery({ ...projectRolesQuery(slug ?? ""), enabled: !!slug });
}

/** The writes below are `silent` (api/mutation-meta.ts): their screens report a refusal themselves, under a field, in a banner or with a toast naming the action. */
export function useUpdateMe() {
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (patch: BodyOf<typeof U.updateMe>) => call(U.updateMe, {}, patch),
    onSuccess: (u) => qc.setQueryData(qk.me, (old: User | null | undefined) => ({ ...(old ?? {}), ...u }) as User),
  });
}

export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (patch: BodyOf<typeof U.updateProfile>) => call(U.updateProfile, {}, patch),
    onMutate: async (patch) => {
      await qc.cancelQueries({ queryKey: qk.profile });
      const prev = qc.getQueryData<Profile>(qk.profile);
      if (prev) qc.setQueryData(qk.profile, { ...prev, ...patch });
      return { prev };
    },
    onError: (_e, _p, ctx) => {
      if (ctx?.prev) qc.setQueryData(qk.profile, ctx.prev);
    },
    onSuccess: (p) => qc.setQueryData(qk.profile, p),
  });
}

export function useAcceptInvitations() {
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (ids: string[]) => call(U.acceptInvitations, {}, { invitations: ids }),
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: qk.myInvitations });
      qc.invalidateQueries({ queryKey: qk.myWorkspaces });
      qc.invalidateQueries({ queryKey: qk.settings });
    },
  });
}

/** The asset id of a user's uploaded avatar (its `avatar_url` is `/api/assets/v2/static/{id}/`), else null. */
export function avatarAssetId(avatarUrl: string | null | undefined): string | null {
  return avatarUrl?.match(/^\/api\/assets\/v2\/static\/([0-9a-f-]{36})\/?$/i)?.[1] ?? null;
}

/**
 * Change or remove the signed-in user's avatar. Afterwards the user and every cached list of people (members,
 * work-item references) are read again, so the new picture shows wherever avatars are shown.
 */
export function useAvatar() {
  const qc = useQueryClient();
  const refresh = async () => {
    await qc.refetchQueries({ queryKey: qk.me });
    await qc.invalidateQueries({ predicate: (q) => q.queryKey.some((k) => typeof k === "string" && /member/.test(k)) });
  };
  const upload = useMutation({
    meta: { silent: true },
    mutationFn: async ({ file, onProgress }: { file: File; onProgress: (percent: number) => void }) =>
      (await uploadAvatar(file, onProgress).promise).assetId,
    onSettled: refresh,
  });
  const remove = useMutation({
    meta: { silent: true },
    mutationFn: async (me: Pick<User, "avatar" | "avatar_url">) => {
      const asset = avatarAssetId(me.avatar_url);
      // an uploaded avatar is retired (the user no longer shows it); a linked picture (e.g. from a sign-in provider) is cleared
      if (asset) await call(AS.userRemove, { assetId: asset });
      if (me.avatar) await call(U.updateMe, {}, { avatar: "" });
    },
    onSettled: refresh,
  });
  return { upload, remove };
}
