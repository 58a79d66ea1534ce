// A list item as the client-side list evaluation (local-list.ts) holds it, its timestamps read once.

/** The fields of a list item the evaluation reads (the list engine's item, wire-facts §6.1). */
export interface LocalItem {
  id: string;
  name: string;
  state_id: string | null;
  sort_order: number | string;
  completed_at: string | null;
  estimate_point: string | null;
  priority: string;
  start_date: string | null;
  target_date: string | null;
  sequence_id: number;
  project_id: string;
  parent_id: string | null;
  cycle_id: string | null;
  module_ids: string[];
  label_ids: string[];
  assignee_ids: string[];
  sub_issues_count: number | null;
  created_at: string;
  updated_at: string;
  created_by: string | null;
  updated_by: string | null;
  attachment_count: number | null;
  link_count: number | null;
  is_draft: boolean;
  archived_at: string | null;
  type_id: string | null;
  /** Set by a client on the epics it holds (P/epics/'s items carry no such field): they are not in the project's list. */
  is_epic?: boolean;
  state__group?: string | null;
  [k: string]: unknown;
}

/** An item with its timestamps read once (microseconds since the epoch): what the evaluation compares. */
export interface LocalRow<T extends LocalItem = LocalItem> {
  item: T;
  createdUs: number;
  updatedUs: number;
  completedUs: number | null;
}

/** Microseconds since the epoch of an ISO-8601 timestamp (the wire's `…T…:SS.ffffff+hh:mm`); NaN when unreadable. */
export function isoMicros(s: string): number {
  const ms = Date.parse(s);
  if (!Number.isFinite(ms)) return NaN;
  const m = /\.(\d+)/.exec(s);
  const frac = m ? Number((m[1] + "000000").slice(0, 6)) : 0;
  return Math.floor(ms / 1000) * 1_000_000 + frac;
}

export function toLocalRow<T extends LocalItem>(item: T): LocalRow<T> {
  return {
    item,
    createdUs: isoMicros(item.created_at),
    updatedUs: isoMicros(item.updated_at),
    completedUs: item.completed_at ? isoMicros(item.completed_at) : null,
  };
}

/** What the list shows ids by (the project's states, labels, members, modules, cycles, estimate points). */
export interface LocalRefs {
  states: { id: string; name: string; group: string; sequence: number }[];
  labels: { id: string; name: string }[];
  members: { id: string; first_name: string | null }[];
  modules: { id: string; name: string; archived_at?: string | null }[];
  cycles: { id: string; name: string; created_at: string; archived_at?: string | null }[];
  estimatePoints: { id: string; key: number }[];
  projects: { id: string; name: string }[];
}
