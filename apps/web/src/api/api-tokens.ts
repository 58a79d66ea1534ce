import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateApiTokenBody } from "@stride/shared/contract";
import { apiTokenEndpoints as T } from "@stride/shared/endpoints";
import { call, hasFieldErrors } from "./client.ts";
import { qk } from "./query-keys.ts";

/** A workspace's API tokens of the signed-in admin (`W/api-tokens/`): listed without the token text. */
export const apiTokensQuery = (slug: string) =>
  queryOptions({ queryKey: qk.apiTokens(slug), queryFn: () => call(T.list, { slug }) });

export function useApiTokens(slug: string) {
  return useQuery(apiTokensQuery(slug));
}

/** Create a token: the answer carries the token text, the only time it is shown. The form shows field errors. */
export function useCreateApiToken(slug: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: hasFieldErrors, errorTitle: "Could not create the token" },
    mutationFn: (body: CreateApiTokenBody) => call(T.create, { slug }, body),
    onSettled: () => qc.invalidateQueries({ queryKey: qk.apiTokens(slug) }),
  });
}

/** Revoke (delete) a token: it stops working at once. */
export function useRevokeApiToken(slug: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: "Could not revoke the token" },
    mutationFn: (id: string) => call(T.remove, { slug, tokenId: id }),
    onSettled: () => qc.invalidateQueries({ queryKey: qk.apiTokens(slug) }),
  });
}
