/** Work items and list answers as the server sends them, for the unit tests of the lists and the item store. */
import type { ListEnvelope, WorkItem } from "./work-items-types.ts";

let n = 0;
export function item(p: Partial<WorkItem> = {}): WorkItem {
  n += 1;
  return {
    id: `id-${n}`,
    name: `Item ${n}`,
    state_id: "s1",
    sort_order: n * 10000,
    completed_at: null,
    estimate_point: null,
    priority: "none",
    start_date: null,
    target_date: null,
    sequence_id: n,
    project_id: "p",
    parent_id: null,
    cycle_id: null,
    module_ids: [],
    label_ids: [],
    assignee_ids: [],
    sub_issues_count: 0,
    created_at: `2025-01-${String(n).padStart(2, "0")}T00:00:00Z`,
    updated_at: "2025-01-01T00:00:00Z",
    created_by: "u",
    updated_by: "u",
    attachment_count: 0,
    link_count: 0,
    is_draft: false,
    type_id: null,
    archived_at: null,
    property_values: {},
    ...p,
  };
}
export const env = (results: ListEnvelope["results"], extra: Partial<ListEnvelope> = {}): ListEnvelope => ({
  grouped_by: null,
  sub_grouped_by: null,
  total_count: 0,
  next_cursor: "",
  prev_cursor: "",
  next_page_results: false,
  prev_page_results: false,
  extra_stats: null,
  count: 0,
  total_pages: 1,
  total_results: 0,
  results,
  ...extra,
});
