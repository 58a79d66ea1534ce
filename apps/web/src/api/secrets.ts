import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateSecretBody, UpdateSecretBody, UserSecret } from "@stride/shared/contract";
import { api } from "./client.ts";
import { qk } from "./query-keys.ts";

export type { UserSecret };

const BASE = "/api/users/me/secrets/";

export const mySecretsQuery = queryOptions({ queryKey: qk.mySecrets, queryFn: () => api<UserSecret[]>(BASE) });

export const useMySecrets = () => useQuery(mySecretsQuery);

/** Writes are `silent`: the form shows field errors under their fields, the page toasts the rest. */
function useSecretMutation<V>(fn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { silent: true },
    onSettled: () => qc.invalidateQueries({ queryKey: qk.mySecrets }),
  });
}

export const useCreateSecret = () =>
  useSecretMutation((body: CreateSecretBody) => api<UserSecret>(BASE, { method: "POST", body }));
export const useUpdateSecret = () =>
  useSecretMutation(({ id, ...body }: UpdateSecretBody & { id: string }) =>
    api<UserSecret>(`${BASE}${id}/`, { method: "PATCH", body }),
  );
export const useDeleteSecret = () => useSecretMutation((id: string) => api(`${BASE}${id}/`, { method: "DELETE" }));
