import { useEffect, useSyncExternalStore } from "react";
import type { WorkItem } from "../api/work-items-types.ts";

/**
 * The work item the person is looking at (its page or its peek view), so the command palette can act on it.
 * The detail screen registers it with what the caller may do and the screen's own actions; the palette offers
 * them (change state, priority, assignees, labels, cycle, modules, copy link, archive, delete) and uses the
 * screen's mutations, so an action from the palette is the same write as the same click on the screen.
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
  set: (patch: Partial<WorkItem>) => void;
  archive: () => void;
  /** Opens the screen's delete confirmation. */
  requestDelete: () => void;
  /** Hands the item to the project's issue agent (absent when the caller may not run agents). */
  runAgent?: () => void;
}

let current: WorkItemTarget | null = null;
const listeners = new Set<() => void>();
const emit = () => { for (const l of listeners) l(); };

function subscribe(l: () => void) {
  listeners.add(l);
  return () => { listeners.delete(l); };
}

/** Register the work item on screen (null: none); the latest registration wins and is removed on unmount. */
export function useRegisterWorkItemTarget(target: WorkItemTarget | null): void {
  useEffect(() => {
    if (!target) return;
    current = target;
    rememberRecent(target);
    emit();
    return () => {
      if (current === target) {
        current = null;
        emit();
      }
    };
  }, [target]);
}

export function useWorkItemTarget(): WorkItemTarget | null {
  return useSyncExternalStore(subscribe, () => current, () => null);
}

// ---------------------------------------------------------------- recently opened work items (per workspace)

export interface RecentItem { key: string; name: string; url: string }
/** How many recently opened work items the palette offers first. */
export const RECENT_MAX = 8;
const recentKey = (slug: string) => `stride:recent-items:${slug}`;

export function recentItems(slug: string): RecentItem[] {
  try {
    const v = JSON.parse(localStorage.getItem(recentKey(slug)) ?? "[]") as unknown;
    return Array.isArray(v) ? (v as RecentItem[]).filter((r) => r && typeof r.url === "string" && typeof r.key === "string").slice(0, RECENT_MAX) : [];
  } catch {
    return [];
  }
}

function rememberRecent(t: WorkItemTarget) {
  try {
    const next = [{ key: t.key, name: t.name, url: t.url }, ...recentItems(t.slug).filter((r) => r.url !== t.url)].slice(0, RECENT_MAX);
    localStorage.setItem(recentKey(t.slug), JSON.stringify(next));
  } catch {
    // storage full or blocked: the palette simply shows no recents
  }
}
