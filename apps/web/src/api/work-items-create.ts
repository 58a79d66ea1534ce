/**
 * Creating a work item (POST P/issues/ or epics/): sent to the server, or kept in the local database's outbox when
 * the server cannot be reached; the new item joins the cached lists it belongs to.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { BulkProperties, WorkItemCreateBody } from "@stride/shared/contract";
import { ofKind, workItemEndpoints as WI } from "@stride/shared/endpoints";
import { call } from "./client.ts";
import { localCreate, localItemsChanged, serverOrOutbox } from "./local-db/client.ts";
import { invalidateModuleData, useProjectRefs } from "./work-items-refs.ts";
import { asListRow, type WorkItem } from "./work-items-types.ts";
import { insertItem, makeComparator, type ListData } from "./work-items-list-data.ts";
import { itemStore } from "./work-item-store.ts";
import { invalidateCycles, updateLists, wiKeys, type ItemKind, type ListSource } from "./work-items.ts";

/** List params that do not filter (a new item always belongs to such a list). */
const UNFILTERED_PARAMS = new Set(["group_by", "sub_group_by", "order_by", "layout"]);

/** POST P/issues/'s body, its cycle and modules included. */
export type CreateBody = WorkItemCreateBody & Pick<BulkProperties, "cycle_id" | "module_ids">;

/** POST P/issues/ (or epics/); the new item joins the cached lists (a cycle's when it is in that cycle). */
export function useCreateWorkItem(slug: string, pid: string, kind: ItemKind = "issues") {
  const qc = useQueryClient();
  const refs = useProjectRefs(slug, pid);
  return useMutation({
    // the create modal, quick add and sub-item form report a refusal themselves
    meta: { silent: true },
    // offline too: the local database keeps it (its outbox); without it, it fails and says so
    networkMode: "always",
    mutationFn: async ({ body, pid: target }: { body: CreateBody; pid?: string }) => {
      const project = target ?? pid;
      const { cycle_id, module_ids, ...rest } = body;
      // quick-add rules (work-tracking.md §5): cycle "None" means no cycle; module "None" is dropped
      const mods = [...new Set((module_ids ?? []).filter((m) => m && m !== "None"))];
      const cycle = cycle_id && cycle_id !== "None" ? { cycle_id } : {};
      // the item joins its cycle and modules in the create call itself (one command on the server)
      const sent = { ...rest, ...cycle, ...(mods.length ? { module_ids: mods } : {}) };
      // offline (or with writes waiting before it): kept in the local outbox, shown at once as pending
      const r = await serverOrOutbox(
        (headers) => call(ofKind(WI.create, kind), { slug, projectId: project }, sent, { headers }),
        (key) => localCreate(slug, project, kind, sent, key),
      );
      // kept: shown as pending (`IDENT-~N`) until the server has it
      return r.kept
        ? { item: r.kept as unknown as WorkItem, pending: true, project }
        : { item: asListRow(r.sent), pending: false, project };
    },
    onSuccess: ({ item, pending, project }) => {
      // the local database reads the new item before it answers the lists invalidated below
      if (!pending) localItemsChanged(slug, project, [item.id]);
      const withGroup = {
        ...item,
        state__group: item.state__group ?? refs.stateById.get(item.state_id ?? "")?.group ?? null,
      };
      // unfiltered lists take the new item at once; filtered ones ask the server whether it belongs
      const source: ListSource = kind === "epics" ? "epics" : "issues";
      for (const [key] of qc.getQueriesData<ListData>({ queryKey: wiKeys.listsOf(slug, project, source) })) {
        const params = (key[6] ?? {}) as Record<string, string>;
        if (Object.keys(params).some((k) => !UNFILTERED_PARAMS.has(k)))
          qc.invalidateQueries({ queryKey: key, exact: true });
      }
      const store = itemStore(qc);
      const prev = store.get(withGroup.id);
      store.put([withGroup]);
      updateLists(qc, slug, project, (data, cmp, get) => insertItem(data, withGroup, get, cmp, prev), refs.lookups, [
        source,
      ]);
      // saved views decide on the server whether the new item matches their filters
      if (source === "issues") void qc.invalidateQueries({ queryKey: wiKeys.listsOf(slug, project, "view") });
      // the lists of the item's cycle take it at once (key[8]: the list's cycle)
      if (item.cycle_id) {
        for (const [key, data] of qc.getQueriesData<ListData>({ queryKey: wiKeys.listsOf(slug, project, "cycle") })) {
          if (data && key[8] === item.cycle_id)
            qc.setQueryData(
              key,
              insertItem(
                data,
                withGroup,
                (id) => store.get(id),
                makeComparator(((key[6] ?? {}) as Record<string, string>).order_by, refs.lookups),
                prev,
              ),
            );
        }
        invalidateCycles(qc, slug, project, false);
      }
      if (item.parent_id)
        qc.invalidateQueries({ queryKey: wiKeys.itemPart(slug, project, "sub-issues", item.parent_id) });
      if (item.parent_id) qc.invalidateQueries({ queryKey: wiKeys.itemPart(slug, project, "history", item.parent_id) });
      if (item.module_ids?.length) {
        qc.invalidateQueries({ queryKey: wiKeys.listsOf(slug, project, "module") });
        invalidateModuleData(qc, slug, project);
      }
    },
  });
}
