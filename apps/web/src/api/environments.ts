import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { EnvironmentTemplate, EnvironmentType, Sandbox } from "@stride/shared/contract";
import { api } from "./client.ts";
import { qk } from "./query-keys.ts";

/** Repositories (sandbox environment templates), MCP servers and sandboxes of a project (agents.md §2): admin only. */
const base = (slug: string, pid: string) => `/api/workspaces/${encodeURIComponent(slug)}/projects/${pid}/environments/`;

export const environmentTemplatesQuery = (slug: string, pid: string) =>
  queryOptions({
    queryKey: qk.environmentTemplates(slug, pid),
    queryFn: async () =>
      (await api<{ environment_templates: EnvironmentTemplate[] }>(`${base(slug, pid)}templates/`))
        .environment_templates,
  });

/** The project's running sandboxes (starting or active). */
export const sandboxesQuery = (slug: string, pid: string) =>
  queryOptions({
    queryKey: qk.sandboxes(slug, pid),
    queryFn: async () => (await api<{ sandboxes: Sandbox[] }>(`${base(slug, pid)}sandboxes/`)).sandboxes,
    // sandbox polling interval (platform.md §9): 5 minutes, besides the live events
    refetchInterval: 5 * 60_000,
  });

export function useEnvironmentTemplates(slug: string, pid: string, enabled = true) {
  return useQuery({ ...environmentTemplatesQuery(slug, pid), enabled: enabled && !!slug && !!pid });
}

export function useSandboxes(slug: string, pid: string, enabled = true) {
  return useQuery({ ...sandboxesQuery(slug, pid), enabled: enabled && !!slug && !!pid });
}

export interface SaveTemplate {
  type: EnvironmentType;
  config: Record<string, unknown>;
  environment_template_id?: string;
  preset_names?: "issue_agent"[];
}

/** The forms show their own field errors (`silent`); the other writes are toasted by the one handler. */
export function useSaveEnvironmentTemplate(slug: string, pid: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveTemplate) =>
      api<{ environment_template: EnvironmentTemplate }>(`${base(slug, pid)}templates/`, { method: "POST", body }),
    meta: { silent: true },
    onSettled: () => qc.invalidateQueries({ queryKey: qk.environmentTemplates(slug, pid) }),
  });
}

export function useDeleteEnvironmentTemplate(slug: string, pid: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`${base(slug, pid)}templates/${id}/`, { method: "DELETE" }),
    meta: { errorTitle: "Could not delete the repository", successTitle: "Repository deleted" },
    onSettled: () => qc.invalidateQueries({ queryKey: qk.environmentTemplates(slug, pid) }),
  });
}

function useSandboxMutation<V>(
  slug: string,
  pid: string,
  fn: (v: V) => Promise<unknown>,
  meta: { errorTitle: string; successTitle?: string },
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta,
    onSettled: () => qc.invalidateQueries({ queryKey: qk.sandboxes(slug, pid) }),
  });
}

export const useCreateSandbox = (slug: string, pid: string) =>
  useSandboxMutation(
    slug,
    pid,
    (templateId: string) =>
      api<{ sandbox: Sandbox }>(`${base(slug, pid)}sandboxes/`, {
        method: "POST",
        body: { sandbox_template_id: templateId },
      }),
    { errorTitle: "Could not start the sandbox", successTitle: "Sandbox starting" },
  );
export const useShutdownSandbox = (slug: string, pid: string) =>
  useSandboxMutation(
    slug,
    pid,
    (id: string) =>
      api<{ sandbox: Sandbox }>(`${base(slug, pid)}sandboxes/${id}/shutdown/`, { method: "POST", body: {} }),
    { errorTitle: "Could not shut down the sandbox", successTitle: "Sandbox shut down" },
  );
export const useRefreshSandbox = (slug: string, pid: string) =>
  useSandboxMutation(
    slug,
    pid,
    ({ id, seconds }: { id: string; seconds: number }) =>
      api<{ sandbox: Sandbox }>(`${base(slug, pid)}sandboxes/${id}/refresh/`, {
        method: "POST",
        body: { extend_lifetime: seconds },
      }),
    { errorTitle: "Could not extend the sandbox", successTitle: "Sandbox extended" },
  );
