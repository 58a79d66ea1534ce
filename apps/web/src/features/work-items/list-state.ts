/**
 * The parts of a list's context (context.tsx) that are state of their own: the peek view's item in the URL, the
 * selection, the groups loading their next page, and the optimistic change of one item.
 */
import { useCallback, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import {
  loadMoreFlat,
  loadMoreGroup,
  TEAM_LISTS,
  useUpdateWorkItem,
  wiKeys,
  type ItemKind,
  type ListDesc,
} from "../../api/work-items.ts";
import { useUpdateListedDraft } from "../../api/work-items-drafts.ts";
import { itemStore } from "../../api/work-item-store.ts";
import type { WorkItem } from "../../api/work-items-types.ts";

export interface Selection {
  /** Items can be selected for bulk edits (not the caller's drafts, edited one by one). */
  enabled: boolean;
  ids: Set<string>;
  toggle: (id: string) => void;
  setAll: (ids: string[]) => void;
  clear: () => void;
}

/** Optimistic change of one item (rolled back on a server error, then `onError`). */
export type UpdateItem = (
  id: string,
  patch: Partial<WorkItem>,
  opts?: { onError?: () => void; onSuccess?: () => void },
) => void;

/** The peek view's item (`?peekId=`), opened and closed in the URL. */
export function usePeek() {
  const [sp, setSp] = useSearchParams();
  const peekId = sp.get("peekId");
  const openPeek = useCallback(
    (id: string) =>
      setSp((p) => {
        const n = new URLSearchParams(p);
        n.set("peekId", id);
        return n;
      }),
    [setSp],
  );
  const closePeek = useCallback(
    () =>
      setSp((p) => {
        const n = new URLSearchParams(p);
        n.delete("peekId");
        return n;
      }),
    [setSp],
  );
  return { peekId, openPeek, closePeek };
}

/** The items selected for bulk edits (none for the caller's drafts). */
export function useSelection(enabled: boolean): Selection {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  return useMemo<Selection>(
    () => ({
      enabled,
      ids: selected,
      toggle: (id) =>
        setSelected((s) => {
          const n = new Set(s);
          if (n.has(id)) n.delete(id);
          else n.add(id);
          return n;
        }),
      setAll: (ids) => setSelected(new Set(ids)),
      clear: () => setSelected(new Set()),
    }),
    [selected, enabled],
  );
}

/** The next page of the list or of a group (and sub-group); `loadingMore` names those on their way (`__flat`, `group|sub`). */
export function useLoadMore(desc: ListDesc) {
  const qc = useQueryClient();
  const [loadingMore, setLoadingMore] = useState<Set<string>>(new Set());
  const loadMore = useCallback(
    async (groupKey?: string | null, subKey?: string | null) => {
      const tag = groupKey ? `${groupKey}|${subKey ?? ""}` : "__flat";
      setLoadingMore((s) => new Set(s).add(tag));
      try {
        if (groupKey) await loadMoreGroup(qc, desc, groupKey, subKey ?? null);
        else await loadMoreFlat(qc, desc);
      } finally {
        setLoadingMore((s) => {
          const n = new Set(s);
          n.delete(tag);
          return n;
        });
      }
    },
    [qc, desc],
  );
  return { loadMore, loadingMore };
}

/**
 * The change of one item of the list: a draft of the caller's as a draft (W/draft-issues/{id}/), an item of a list
 * across projects in its own project (the lists across projects are read again after), others in the list's project.
 */
export function useUpdateItem(
  slug: string,
  projectId: string,
  o: { spans: boolean; drafts: boolean; itemKind: ItemKind },
): UpdateItem {
  const qc = useQueryClient();
  const mutate = useUpdateWorkItem(slug, o.spans ? "" : projectId).mutate;
  const mutateDraft = useUpdateListedDraft(slug).mutate;
  const { spans, drafts, itemKind } = o;
  return useCallback<UpdateItem>(
    (id, patch, opts) => {
      // a caller that says what happens on a refusal hears it from the server now (see UpdateVars.confirm)
      if (drafts) return mutateDraft({ id, patch }, { onError: opts?.onError, onSuccess: opts?.onSuccess });
      const vars = { id, patch, kind: itemKind, confirm: !!opts?.onError };
      if (!spans) return mutate(vars, { onError: opts?.onError, onSuccess: opts?.onSuccess });
      mutate(
        // the item's own project, from its record (read when it changes: not a reason to change `updateItem`)
        { ...vars, pid: itemStore(qc).get(id)?.project_id ?? undefined },
        {
          onError: opts?.onError,
          onSuccess: opts?.onSuccess,
          onSettled: () => void qc.invalidateQueries({ queryKey: wiKeys.lists(slug, TEAM_LISTS) }),
        },
      );
    },
    [mutate, mutateDraft, drafts, itemKind, spans, qc, slug],
  );
}
