import type { LiveEvent } from "@stride/shared";

/** Where a realtime event was heard (api/live-map.ts maps it to query keys under it). */
export interface LiveCtx {
  /** The workspace slug the topic was subscribed under (query keys are by slug). */
  slug: string;
  /** The project of a project or item topic. */
  pid?: string;
}

/**
 * Who else hears the realtime channel (api/live.ts) besides the query cache: the local database (api/local-db/)
 * reads again what an event names, and catches up when the channel reconnects or lost events (`gap`).
 */
export interface LiveListener {
  event?: (e: LiveEvent, ctx: LiveCtx) => void;
  gap?: (topic: string, ctx: LiveCtx) => void;
}

const listeners = new Set<LiveListener>();

export function addLiveListener(l: LiveListener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function tellLiveEvent(e: LiveEvent, ctx: LiveCtx): void {
  for (const l of listeners) l.event?.(e, ctx);
}

export function tellLiveGap(topic: string, ctx: LiveCtx): void {
  for (const l of listeners) l.gap?.(topic, ctx);
}

/** A work item deleted or archived (its own row's event): the fields that say so. */
const GONE_FIELDS = ["deleted_at", "archived_at"];

/** A work item's own event that deletes it or changes whether it is archived or deleted (then nothing reads it again). */
export function itemGone(e: LiveEvent): boolean {
  return e.op === "delete" || (e.op === "update" && !!e.f?.some((f) => GONE_FIELDS.includes(f)));
}
