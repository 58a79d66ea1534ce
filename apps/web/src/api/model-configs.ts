import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  ModelConfig,
  ModelConfigList,
  ModelConfigTestResult,
  SaveModelConfigBody,
  TestModelConfigBody,
} from "@stride/shared/contract";
import { api } from "./client.ts";
import { qk } from "./query-keys.ts";

export type { ModelConfig, ModelConfigTestResult, SaveModelConfigBody, TestModelConfigBody };

const base = (slug: string, pid: string) =>
  `/api/workspaces/${encodeURIComponent(slug)}/projects/${pid}/model-configs/`;

/** Query options, shared by the hook and the route loaders (app/loaders.ts). */
export const modelConfigsQuery = (slug: string, pid: string) =>
  queryOptions({
    queryKey: qk.modelConfigs(slug, pid),
    queryFn: async () => (await api<ModelConfigList>(base(slug, pid))).model_configs,
  });

export function useModelConfigs(slug: string, pid: string, enabled = true) {
  return useQuery({ ...modelConfigsQuery(slug, pid), enabled: enabled && !!slug && !!pid });
}

/** Saves and deletes are `silent`: the modal shows field errors under their fields, the page toasts the rest. */
export function useSaveModelConfig(slug: string, pid: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ name, body }: { name: string; body: SaveModelConfigBody }) =>
      api<{ model_config: ModelConfig }>(`${base(slug, pid)}${encodeURIComponent(name)}/`, { method: "POST", body }),
    meta: { silent: true },
    onSettled: () => qc.invalidateQueries({ queryKey: qk.modelConfigs(slug, pid) }),
  });
}

export function useDeleteModelConfig(slug: string, pid: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api(`${base(slug, pid)}${encodeURIComponent(name)}/`, { method: "DELETE" }),
    meta: { silent: true },
    onSettled: () => qc.invalidateQueries({ queryKey: qk.modelConfigs(slug, pid) }),
  });
}

/** The test call: a real request to the provider; the answer (`ok`, or the provider's error in words) is shown by the screen. */
export function useTestModelConfig(slug: string, pid: string) {
  return useMutation({
    mutationFn: (body: TestModelConfigBody) =>
      api<ModelConfigTestResult>(`${base(slug, pid)}test/`, { method: "POST", body }),
    meta: { silent: true },
  });
}
