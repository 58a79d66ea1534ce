import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { instanceEndpoints as I } from "@stride/shared/endpoints";
import { ApiError, call, submitForm } from "./client.ts";
import { qk } from "./query-keys.ts";
import type { AdminMe, ConfigRow } from "@stride/shared/contract";

/** Instance admin API (wire-facts-2 §1), under the `admin-session-id` cookie. */
export type AdminUser = AdminMe;
export type { ConfigRow };

export async function fetchAdminMe(): Promise<AdminUser | null> {
  try {
    return await call(I.adminMe, {});
  } catch (e) {
    if (e instanceof ApiError && (e.status === 401 || e.status === 403)) return null;
    throw e;
  }
}

export function useAdminMe() {
  return useQuery({ queryKey: qk.admin.me, queryFn: fetchAdminMe, staleTime: 30_000 });
}

/** The configuration as the screens read it: values by key, and the keys the server's environment sets. */
interface Configurations {
  values: Record<string, string>;
  fromEnv: string[];
}

const configurationsQuery = {
  queryKey: qk.admin.configurations,
  queryFn: async (): Promise<Configurations> => {
    const rows = await call(I.configurations, {});
    return {
      values: Object.fromEntries(rows.map((r) => [r.key, r.value ?? ""])) as Record<string, string>,
      fromEnv: rows.filter((r) => r.set_by_environment).map((r) => r.key),
    };
  },
};

export function useConfigurations(enabled = true) {
  return useQuery({ ...configurationsQuery, select: (d: Configurations) => d.values, enabled });
}

/** Keys set by the server's environment (EMAIL_*, UNSPLASH_ACCESS_KEY): shown read-only. */
export function useConfigurationsFromEnv() {
  return useQuery({ ...configurationsQuery, select: (d: Configurations) => new Set(d.fromEnv) });
}

/** The writes below are `silent` (api/mutation-meta.ts): their screens report a refusal themselves, under a field, in a banner or with a toast naming the action. */
export function useUpdateConfigurations() {
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (patch: Record<string, string>) => call(I.updateConfigurations, {}, patch),
    onMutate: async (patch) => {
      await qc.cancelQueries({ queryKey: qk.admin.configurations });
      const prev = qc.getQueryData<Configurations>(qk.admin.configurations);
      if (prev) qc.setQueryData(qk.admin.configurations, { ...prev, values: { ...prev.values, ...patch } });
      return { prev };
    },
    onError: (_e, _p, ctx) => {
      if (ctx?.prev) qc.setQueryData(qk.admin.configurations, ctx.prev);
    },
    onSettled: () => {
      qc.invalidateQueries({ queryKey: qk.admin.configurations });
      qc.invalidateQueries({ queryKey: qk.instance });
    },
  });
}

export function useUpdateInstance() {
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (patch: { instance_name?: string; is_telemetry_enabled?: boolean }) => call(I.update, {}, patch),
    onSettled: () => qc.invalidateQueries({ queryKey: qk.instance }),
  });
}

/** The installation's server processes (god-mode → Instances), re-read every 30 s while shown. */
export function useServerInstances() {
  return useQuery({
    queryKey: qk.admin.servers,
    queryFn: () => call(I.servers, {}),
    refetchInterval: 30_000,
  });
}

export const sendTestEmail = (receiver_email: string) => call(I.checkEmail, {}, { receiver_email });

export const disableEmail = () => call(I.disableEmail, {});

export function useAdminWorkspaces(search: string, cursor: string) {
  return useQuery({
    queryKey: qk.admin.workspaces(search, cursor),
    queryFn: () => call(I.workspaces, {}, undefined, { query: { search, cursor, per_page: 10 } }),
    placeholderData: (prev) => prev,
  });
}

export const adminCheckSlug = (slug: string, signal?: AbortSignal) =>
  call(I.slugCheck, {}, undefined, { query: { slug }, signal }).then((r) => r.status);

export function useAdminCreateWorkspace() {
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: { name: string; slug: string; organization_size?: string }) => call(I.createWorkspace, {}, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: qk.admin.workspacesAll }),
  });
}

export const adminSignUpForm = (f: Record<string, string>) => submitForm("/api/instances/admins/sign-up/", f);
export const adminSignInForm = (f: { email: string; password: string }) =>
  submitForm("/api/instances/admins/sign-in/", f);
export const adminSignOutForm = () => submitForm("/api/instances/admins/sign-out/", {});
