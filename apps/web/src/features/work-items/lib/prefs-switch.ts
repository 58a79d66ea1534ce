/**
 * A change of a list's choices (its layout, a filter, the grouping, the ordering) that starts reading the new list in
 * the same event as the click, and — when the local database answers the list (api/local-db/client.ts
 * `localListsReady`) — shows the change once that answer is in, briefly held (at most `HOLD_MS`): the new layout then
 * renders once, with its own items, instead of first with the items of the list before and again when they arrive
 * (issue #28: a switch painted within 50 ms). Choices made meanwhile apply after it, in order.
 */
import { useCallback, useLayoutEffect, useRef } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { workItemListQuery, type ListDesc } from "../../../api/work-items.ts";
import type { ContextKind, Prefs } from "./list-view.ts";
import { mergePrefs, type PrefsPatch } from "./prefs-merge.ts";

/** How long a change waits for its list's local answer before it shows with the items shown before. */
export const HOLD_MS = 50;

/** Runs each `apply` in the order given, once its `wait` settled (resolved or failed) and those before it applied. */
export function inOrder(): (wait: Promise<unknown>, apply: () => void) => Promise<void> {
  let last: Promise<void> = Promise.resolve();
  return (wait, apply) => {
    const settled = wait.then(
      () => undefined,
      () => undefined,
    );
    last = last.then(() => settled).then(apply);
    return last;
  };
}

/** Settles when `p` settles or after `ms`, whichever is first (never fails). */
export function within(p: Promise<unknown>, ms: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    p.then(done, done);
  });
}

export interface SwitchSource {
  prefs: Prefs;
  kind: ContextKind;
  /** Applies a change (its optimistic display and its save). */
  updatePrefs: (p: PrefsPatch) => void;
  /** The list the choices ask for (null: none read now, e.g. a calendar waiting for its window). */
  descOf: (prefs: Prefs) => ListDesc | null;
  /** The local database answers this list now: a change waits for its answer. */
  local: boolean;
}

/** `updatePrefs` that starts the new list's read at once (see the file's comment). */
export function useSwitchPrefs(src: SwitchSource): (p: PrefsPatch) => void {
  const qc = useQueryClient();
  const latest = useRef(src);
  useLayoutEffect(() => {
    latest.current = src;
  });
  const queue = useRef<ReturnType<typeof inOrder> | null>(null);
  /** The choices as the changes not shown yet make them (the base of the next change). */
  const pending = useRef<Prefs | null>(null);
  return useCallback(
    (p: PrefsPatch) => {
      const cur = latest.current;
      if (!cur.local && !pending.current) return cur.updatePrefs(p);
      const next = mergePrefs(pending.current ?? cur.prefs, p, cur.kind).next;
      const desc = cur.descOf(next);
      const wait = desc && cur.local ? within(qc.prefetchQuery(workItemListQuery(desc)), HOLD_MS) : Promise.resolve();
      pending.current = next;
      queue.current ??= inOrder();
      void queue.current(wait, () => {
        if (pending.current === next) pending.current = null;
        latest.current.updatePrefs(p);
      });
    },
    [qc],
  );
}
