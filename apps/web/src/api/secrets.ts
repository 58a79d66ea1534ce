import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { userSecretEndpoints as S, type BodyOf } from "@stride/shared/endpoints";
import type { UserSecret } from "@stride/shared/contract";
import { call } from "./client.ts";
import { qk } from "./query-keys.ts";

export type { UserSecret };

export const mySecretsQuery = queryOptions({ queryKey: qk.mySecrets, queryFn: () => call(S.list, {}) });

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

export const useCreateSecret = () => useSecretMutation((body: BodyOf<typeof S.create>) => call(S.create, {}, body));
export const useUpdateSecret = () =>
  useSecretMutation(({ id, ...body }: BodyOf<typeof S.update> & { id: string }) =>
    call(S.update, { secretId: id }, body),
  );
export const useDeleteSecret = () => useSecretMutation((id: string) => call(S.remove, { secretId: id }));
