import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ApiToken, CreateApiTokenBody, CreatedApiToken } from "@stride/shared/contract";
import { api, hasFieldErrors } from "./client.ts";
import { qk } from "./query-keys.ts";

/** A workspace's API tokens of the signed-in admin (`W/api-tokens/`): listed without the token text. */
const T = (slug: string) => `/api/workspaces/${encodeURIComponent(slug)}/api-tokens/`;

export const apiTokensQuery = (slug: string) =>
  queryOptions({ queryKey: qk.apiTokens(slug), queryFn: () => api<ApiToken[]>(T(slug)) });

export function useApiTokens(slug: string) {
  return useQuery(apiTokensQuery(slug));
}

/** Create a token: the answer carries the token text, the only time it is shown. The form shows field errors. */
export function useCreateApiToken(slug: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: hasFieldErrors, errorTitle: "Could not create the token" },
    mutationFn: (body: CreateApiTokenBody) => api<CreatedApiToken>(T(slug), { method: "POST", body }),
    onSettled: () => qc.invalidateQueries({ queryKey: qk.apiTokens(slug) }),
  });
}

/** Revoke (delete) a token: it stops working at once. */
export function useRevokeApiToken(slug: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: "Could not revoke the token" },
    mutationFn: (id: string) => api(`${T(slug)}${id}/`, { method: "DELETE" }),
    onSettled: () => qc.invalidateQueries({ queryKey: qk.apiTokens(slug) }),
  });
}
