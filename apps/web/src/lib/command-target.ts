import { useEffect, useSyncExternalStore } from "react";
import type { WorkItem } from "../api/work-items-types.ts";

/**
 * The work item in hand (its page or its peek view, or in a list the selected items or the focused row), so the
 * command palette and the single keys (S, P, A, L) can act on it. The screen registers it with what the caller may
 * do and the screen's own actions; the palette offers them (change state, priority, assignees, labels, cycle,
 * modules, copy link, archive, delete) and uses the screen's mutations, so an action from the palette is the same
 * write as the same click on the screen.
 */
export interface WorkItemTarget {
  slug: string;
  pid: string;
  id: string;
  /** `PROJ-12`. */
  key: string;
  name: string;
  /** The item's page path. */
  url: string;
  item: Pick<WorkItem, "state_id" | "priority" | "assignee_ids" | "label_ids" | "cycle_id" | "module_ids">;
  editable: boolean;
  canDelete: boolean;
  archived: boolean;
  /** How many work items the target stands for (a list's selection); one when absent. */
  count?: number;
  set: (patch: Partial<WorkItem>) => void;
  /** Absent where the screen offers no archiving of it (a list row: its menu does). */
  archive?: () => void;
  /** Opens the screen's delete confirmation. */
  requestDelete?: () => void;
  /** Hands the item to the project's issue agent (absent when the caller may not run agents). */
  runAgent?: () => void;
}

/** The registered targets, latest last: the latest one is in hand, and the one before it is again once it goes. */
const registered: WorkItemTarget[] = [];
let current: WorkItemTarget | null = null;
const listeners = new Set<() => void>();
const emit = () => {
  current = registered[registered.length - 1] ?? null;
  for (const l of listeners) l();
};

function subscribe(l: () => void) {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
}

/**
 * Register the work item in hand (null: none) while the caller is mounted; the latest registration wins, and when
 * it goes the one before it is in hand again (a list row's focus leaving for the peek view of another item).
 */
export function useRegisterWorkItemTarget(target: WorkItemTarget | null, opts: { recent?: boolean } = {}): void {
  const recent = opts.recent ?? true;
  useEffect(() => {
    if (!target) return;
    registered.push(target);
    if (recent) rememberRecent(target);
    emit();
    return () => {
      const i = registered.indexOf(target);
      if (i >= 0) registered.splice(i, 1);
      emit();
    };
  }, [target, recent]);
}

export function useWorkItemTarget(): WorkItemTarget | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}

// ---------------------------------------------------------------- recently opened work items (per workspace)

export interface RecentItem {
  key: string;
  name: string;
  url: string;
}
/** How many recently opened work items the palette offers first. */
export const RECENT_MAX = 8;
const recentKey = (slug: string) => `stride:recent-items:${slug}`;

export function recentItems(slug: string): RecentItem[] {
  try {
    const v = JSON.parse(localStorage.getItem(recentKey(slug)) ?? "[]") as unknown;
    return Array.isArray(v)
      ? (v as RecentItem[])
          .filter((r) => r && typeof r.url === "string" && typeof r.key === "string")
          .slice(0, RECENT_MAX)
      : [];
  } catch {
    return [];
  }
}

function rememberRecent(t: WorkItemTarget) {
  try {
    const next = [
      { key: t.key, name: t.name, url: t.url },
      ...recentItems(t.slug).filter((r) => r.url !== t.url),
    ].slice(0, RECENT_MAX);
    localStorage.setItem(recentKey(t.slug), JSON.stringify(next));
  } catch {
    // storage full or blocked: the palette simply shows no recents
  }
}
