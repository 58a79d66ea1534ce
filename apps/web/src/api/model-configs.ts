import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  ModelConfig,
  ModelConfigTestResult,
  SaveModelConfigBody,
  TestModelConfigBody,
} from "@stride/shared/contract";
import { modelConfigEndpoints as M } from "@stride/shared/endpoints";
import { call } from "./client.ts";
import { qk } from "./query-keys.ts";

export type { ModelConfig, ModelConfigTestResult, SaveModelConfigBody, TestModelConfigBody };

const at = (slug: string, projectId: string) => ({ slug, projectId });

/** Query options, shared by the hook and the route loaders (app/loaders.ts). */
export const modelConfigsQuery = (slug: string, pid: string) =>
  queryOptions({
    queryKey: qk.modelConfigs(slug, pid),
    queryFn: async () => (await call(M.list, at(slug, pid))).model_configs,
  });

export function useModelConfigs(slug: string, pid: string, enabled = true) {
  return useQuery({ ...modelConfigsQuery(slug, pid), enabled: enabled && !!slug && !!pid });
}

/** Saves and deletes are `silent`: the modal shows field errors under their fields, the page toasts the rest. */
export function useSaveModelConfig(slug: string, pid: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ name, body }: { name: string; body: SaveModelConfigBody }) =>
      call(M.save, { ...at(slug, pid), name }, body),
    meta: { silent: true },
    onSettled: () => qc.invalidateQueries({ queryKey: qk.modelConfigs(slug, pid) }),
  });
}

export function useDeleteModelConfig(slug: string, pid: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => call(M.remove, { ...at(slug, pid), name }),
    meta: { silent: true },
    onSettled: () => qc.invalidateQueries({ queryKey: qk.modelConfigs(slug, pid) }),
  });
}

/** The test call: a real request to the provider; the answer (`ok`, or the provider's error in words) is shown by the screen. */
export function useTestModelConfig(slug: string, pid: string) {
  return useMutation({
    mutationFn: (body: TestModelConfigBody) => call(M.test, at(slug, pid), body),
    meta: { silent: true },
  });
}
