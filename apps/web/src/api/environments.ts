import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { environmentEndpoints as E, type BodyOf } from "@stride/shared/endpoints";
import { call } from "./client.ts";
import { qk } from "./query-keys.ts";

/** Repositories (sandbox environment templates), MCP servers and sandboxes of a project (agents.md §2): admin only. */
const at = (slug: string, projectId: string) => ({ slug, projectId });

export const environmentTemplatesQuery = (slug: string, pid: string) =>
  queryOptions({
    queryKey: qk.environmentTemplates(slug, pid),
    queryFn: async () => (await call(E.templates, at(slug, pid))).environment_templates,
  });

/** The project's running sandboxes (starting or active). */
export const sandboxesQuery = (slug: string, pid: string) =>
  queryOptions({
    queryKey: qk.sandboxes(slug, pid),
    queryFn: async () => (await call(E.sandboxes, at(slug, pid))).sandboxes,
    // sandbox polling interval (platform.md §9): 5 minutes, besides the live events
    refetchInterval: 5 * 60_000,
  });

export function useEnvironmentTemplates(slug: string, pid: string, enabled = true) {
  return useQuery({ ...environmentTemplatesQuery(slug, pid), enabled: enabled && !!slug && !!pid });
}

export function useSandboxes(slug: string, pid: string, enabled = true) {
  return useQuery({ ...sandboxesQuery(slug, pid), enabled: enabled && !!slug && !!pid });
}

export type SaveTemplate = BodyOf<typeof E.saveTemplate>;

/** The forms show their own field errors (`silent`); the other writes are toasted by the one handler. */
export function useSaveEnvironmentTemplate(slug: string, pid: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveTemplate) => call(E.saveTemplate, at(slug, pid), body),
    meta: { silent: true },
    onSettled: () => qc.invalidateQueries({ queryKey: qk.environmentTemplates(slug, pid) }),
  });
}

export function useDeleteEnvironmentTemplate(slug: string, pid: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(E.removeTemplate, { ...at(slug, pid), templateId: id }),
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
    (templateId: string) => call(E.createSandbox, at(slug, pid), { sandbox_template_id: templateId }),
    { errorTitle: "Could not start the sandbox", successTitle: "Sandbox starting" },
  );
export const useShutdownSandbox = (slug: string, pid: string) =>
  useSandboxMutation(slug, pid, (id: string) => call(E.shutdownSandbox, { ...at(slug, pid), sandboxId: id }), {
    errorTitle: "Could not shut down the sandbox",
    successTitle: "Sandbox shut down",
  });
export const useRefreshSandbox = (slug: string, pid: string) =>
  useSandboxMutation(
    slug,
    pid,
    ({ id, seconds }: { id: string; seconds: number }) =>
      call(E.refreshSandbox, { ...at(slug, pid), sandboxId: id }, { extend_lifetime: seconds }),
    { errorTitle: "Could not extend the sandbox", successTitle: "Sandbox extended" },
  );
