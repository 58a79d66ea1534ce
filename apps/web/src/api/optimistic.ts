import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "./client.ts";

/**
 * PATCH one row of a cached list (a project's states or labels) and show the change at once — a drag and
 * drop reorder must not wait for the server; the list is rolled back if the server refuses, and refetched
 * either way.
 */
export function useOptimisticRowPatch<T extends { id: string }>(key: readonly unknown[], url: (id: string) => string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: Partial<T> & { id: string }) => api<T>(url(id), { method: "PATCH", body }),
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
