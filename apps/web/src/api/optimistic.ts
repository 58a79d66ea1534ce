import { useMutation, useQueryClient } from "@tanstack/react-query";

/**
 * PATCH one row of a cached list (a project's states or labels) and show the change at once — a drag and
 * drop reorder must not wait for the server; the list is rolled back if the server refuses (the screen
 * says so: the mutation is `silent`), and refetched either way.
 */
export function useOptimisticRowPatch<T extends { id: string }, TPatch extends Partial<T>>(
  key: readonly unknown[],
  patch: (id: string, body: TPatch) => Promise<T>,
) {
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: ({ id, ...body }: TPatch & { id: string }) => patch(id, body as unknown as TPatch),
    onMutate: async ({ id, ...body }) => {
      await qc.cancelQueries({ queryKey: key });
      const prev = qc.getQueryData<T[]>(key);
      qc.setQueryData<T[]>(key, (old) => old?.map((row) => (row.id === id ? { ...row, ...body } : row)));
      return { prev };
    },
    onError: (_e, _v, ctx) => {
      if (ctx?.prev) qc.setQueryData(key, ctx.prev);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: key }),
  });
}
