/**
 * The local database's `issues` table as the store (store.ts) writes and reads it: its columns, a list item → the
 * values bound to them, and the batch statements of a sync page.
 */
import { PRIORITY_RANK, type LocalItem } from "@stride/shared";

export type Bind = (string | number | null)[];

export const ITEM_COLS = [
  "id",
  "project_id",
  "name",
  "state_id",
  "sort_order",
  "priority",
  "priority_proxy",
  "start_date",
  "target_date",
  "sequence_id",
  "parent_id",
  "is_draft",
  "archived_at",
  "cycle_id",
  "type_id",
  "label_ids",
  "assignee_ids",
  "module_ids",
  "description_html",
  "is_local_update",
  "estimate_point",
  "completed_at",
  "created_at",
  "updated_at",
  "created_by",
  "updated_by",
  "sub_issues_count",
  "attachment_count",
  "link_count",
  "item",
] as const;

export function itemBind(it: LocalItem & { description_html?: string }, keepDescription: string | null): Bind {
  const s = (v: unknown) => (v === undefined || v === null ? null : String(v));
  return [
    it.id,
    it.project_id,
    it.name,
    s(it.state_id),
    Number(it.sort_order),
    it.priority,
    PRIORITY_RANK[it.priority] ?? 0,
    s(it.start_date),
    s(it.target_date),
    it.sequence_id,
    s(it.parent_id),
    it.is_draft ? 1 : 0,
    s(it.archived_at),
    s(it.cycle_id),
    s(it.type_id),
    JSON.stringify(it.label_ids ?? []),
    JSON.stringify(it.assignee_ids ?? []),
    JSON.stringify(it.module_ids ?? []),
    it.description_html ?? keepDescription,
    0,
    s(it.estimate_point),
    s(it.completed_at),
    it.created_at,
    it.updated_at,
    s(it.created_by),
    s(it.updated_by),
    it.sub_issues_count ?? 0,
    it.attachment_count ?? 0,
    it.link_count ?? 0,
    JSON.stringify({ ...it, description_html: undefined }),
  ];
}

export const marks = (n: number) => Array<string>(n).fill("?").join(", ");
/** `INSERT OR REPLACE` of `n` items (a batch: one statement). */
export const upsertSql = (n: number) =>
  `INSERT OR REPLACE INTO issues (${ITEM_COLS.join(", ")}) VALUES ${Array<string>(n)
    .fill(`(${marks(ITEM_COLS.length)})`)
    .join(", ")}`;
