/** The bulk calls on selected work items (the list's bulk bar): update, archive, delete; optimistic like every list edit. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { BulkProperties } from "@stride/shared/contract";
import { workItemEndpoints as WI } from "@stride/shared/endpoints";
import { call } from "./client.ts";
import { invalidateModuleData, useProjectRefs } from "./work-items-refs.ts";
import type { WorkItem } from "./work-items-types.ts";
import { removeItem } from "./work-items-list-data.ts";
import {
  cachedItem,
  editItem,
  forgetItem,
  invalidateCycles,
  restore,
  snapshotWithTeams,
  updateLists,
  wiKeys,
  type ListSource,
} from "./work-items.ts";

/** POST P/bulk-operation-issues/: scalars are set; labels, assignees and modules are added. */
export function useBulkUpdate(slug: string, pid: string) {
  const qc = useQueryClient();
  const refs = useProjectRefs(slug, pid);
  return useMutation({
    meta: { errorTitle: "Could not update the selected work items" },
    mutationFn: ({ ids, properties }: { ids: string[]; properties: BulkProperties }) =>
      call(WI.bulkUpdate, { slug, projectId: pid }, { issue_ids: ids, properties }),
    onMutate: async ({ ids, properties }) => {
      await qc.cancelQueries({ queryKey: wiKeys.lists(slug, pid) });
      const snap = snapshotWithTeams(qc, slug, wiKeys.lists(slug, pid), ids);
      for (const id of ids) {
        const cur = cachedItem(qc, id);
        const patch: Partial<WorkItem> = {};
        for (const [k, v] of Object.entries(properties)) {
          if (k === "label_ids" || k === "assignee_ids" || k === "module_ids") {
            const list = (v as string[]) ?? [];
            if (list.length)
              (patch as Record<string, unknown>)[k] = [...new Set([...((cur?.[k] as string[] | null) ?? []), ...list])];
          } else (patch as Record<string, unknown>)[k] = v;
        }
        if ("state_id" in properties) patch.state__group = refs.stateById.get(properties.state_id ?? "")?.group ?? null;
        editItem(qc, slug, pid, id, patch, refs.lookups);
      }
      return { snap };
    },
    onError: (_e, _v, ctx) => {
      if (ctx?.snap) restore(qc, ctx.snap);
    },
    onSettled: (_r, _e, { properties }) => {
      qc.invalidateQueries({ queryKey: wiKeys.part(slug, pid, "detail") });
      if (properties.module_ids?.length) qc.invalidateQueries({ queryKey: wiKeys.listsOf(slug, pid, "module") });
      invalidateModuleData(qc, slug, pid);
      invalidateCycles(qc, slug, pid, "cycle_id" in properties);
    },
  });
}

function useBulkRemove(
  slug: string,
  pid: string,
  call: (ids: string[]) => Promise<unknown>,
  failTitle: string,
  invalidate: ListSource[],
  deletes: boolean,
) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: failTitle },
    mutationFn: ({ ids }: { ids: string[] }) => call(ids),
    onMutate: async ({ ids }) => {
      await qc.cancelQueries({ queryKey: wiKeys.lists(slug, pid) });
      const snap = snapshotWithTeams(qc, slug, wiKeys.lists(slug, pid));
      updateLists(qc, slug, pid, (data) => ids.reduce((d, id) => removeItem(d, id), data), {}, [
        "issues",
        "epics",
        "view",
        "module",
        "cycle",
      ]);
      return { snap };
    },
    onError: (_e, _v, ctx) => {
      if (ctx?.snap) restore(qc, ctx.snap);
    },
    onSuccess: (_r, { ids }) => {
      for (const k of invalidate) qc.invalidateQueries({ queryKey: wiKeys.listsOf(slug, pid, k) });
      invalidateModuleData(qc, slug, pid);
      if (deletes) for (const id of ids) forgetItem(qc, slug, pid, id);
    },
  });
}

export function useBulkArchive(slug: string, pid: string) {
  return useBulkRemove(
    slug,
    pid,
    (ids) => call(WI.bulkArchive, { slug, projectId: pid }, { issue_ids: ids }),
    "Could not archive the selected work items",
    ["archived"],
    false,
  );
}

export function useBulkDelete(slug: string, pid: string) {
  return useBulkRemove(
    slug,
    pid,
    (ids) => call(WI.bulkDelete, { slug, projectId: pid }, { issue_ids: ids }),
    "Could not delete the selected work items",
    [],
    true,
  );
}
