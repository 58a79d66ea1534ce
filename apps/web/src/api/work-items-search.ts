import { useQuery } from "@tanstack/react-query";
import { workItemListEndpoints as WL } from "@stride/shared/endpoints";
import { call } from "./client.ts";
import { wiKeys } from "./work-items.ts";

/** Work items of a project whose name matches (parent, relation and sub-item pickers). */
export function useWorkItemSearch(slug: string, pid: string, q: string, enabled = true) {
  return useQuery({
    queryKey: wiKeys.search(slug, pid, q),
    queryFn: () =>
      call(WL.list, { slug, projectId: pid }, undefined, {
        query: { name: q || undefined, per_page: 20, cursor: "20:0:0", order_by: "-updated_at" },
      }),
    enabled: enabled && !!pid,
    select: (env) => (Array.isArray(env.results) ? env.results : []),
    staleTime: 5_000,
  });
}
