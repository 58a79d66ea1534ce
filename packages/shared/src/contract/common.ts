/**
 * Wire types shared by every resource (wire-facts §0). Presenters on the server return these types and the
 * web reads them, so a presenter that drifts from the contract fails typecheck on both sides.
 */

/** An ISO-8601 date-time as the server writes it (`2026-01-31T12:00:00.000Z`). */
export type Timestamp = string;
/** A calendar date written `yyyy-MM-dd`. */
export type CalendarDate = string;

/** The audit fields that close most wire objects; `deleted_at` is always null for live rows. */
export interface AuditFields {
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: null;
  created_by: string | null;
  updated_by: string | null;
}

/** The cursor-paginated envelope (wire-facts §0): cursor = "<per_page>:<page>:<is_prev>". */
export interface Paginated<T> extends PageInfo {
  results: T[];
}

/** The envelope's fields besides `results`. */
export interface PageInfo {
  grouped_by: string | null;
  sub_grouped_by: string | null;
  total_count: number;
  next_cursor: string;
  prev_cursor: string;
  next_page_results: boolean;
  prev_page_results: boolean;
  count: number;
  total_pages: number;
  total_results: number;
  extra_stats: null;
}

/** `{"message": …}` answers of actions without an object to return. */
export interface MessageResponse {
  message: string;
}
