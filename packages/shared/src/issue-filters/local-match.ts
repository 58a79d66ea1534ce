// Whether a held work item matches a list's filter, as the server's list engine decides it (local-list.ts).
import { isFilterDate, shiftDate } from "./dates.ts";
import { isFilterLeaf, type FilterLeaf, type FilterNode } from "./ast.ts";
import { isoMicros, type LocalItem, type LocalRow } from "./local-row.ts";

/* ------------------------------------------------------------------ time zones */

const offsetFormats = new Map<string, Intl.DateTimeFormat>();
/** The zone's offset from UTC (ms) at an instant. */
function zoneOffsetMs(timeZone: string, at: number): number {
  let f = offsetFormats.get(timeZone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat("en-US", {
        timeZone,
        hourCycle: "h23",
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        second: "2-digit",
      });
    } catch {
      return 0;
    }
    offsetFormats.set(timeZone, f);
  }
  const p: Record<string, number> = {};
  for (const part of f.formatToParts(new Date(at))) if (part.type !== "literal") p[part.type] = Number(part.value);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(at / 1000) * 1000;
}

/** The instant (µs) a day starts in a time zone (`d::timestamp AT TIME ZONE tz`). */
export function dayStartMicros(day: string, timeZone: string): number {
  const [y, m, d] = day.split("-").map(Number);
  const utc = Date.UTC(y, m - 1, d);
  let t = utc - zoneOffsetMs(timeZone, utc);
  const again = utc - zoneOffsetMs(timeZone, t);
  if (again !== t) t = again;
  return t * 1000;
}

/* ------------------------------------------------------------------ filters */

export interface EvalCtx {
  stateGroup: Map<string, string>;
  tz: string;
  /** Day bounds turned into instants once per evaluation. */
  dayStarts: Map<string, number>;
  /** The items the viewer subscribes to, when the client holds them (a `subscriber_id` filter naming the viewer). */
  subscriptions?: LocalSubscriptions;
}

/**
 * The work items one person (the viewer: a client holds only its own) subscribes to, among the items it holds: a
 * `subscriber_id` filter naming that person alone is evaluated from them (local-list.ts `localFilterSupported`).
 */
export interface LocalSubscriptions {
  userId: string;
  ids: ReadonlySet<string>;
}

function dayStart(ctx: EvalCtx, day: string): number {
  let v = ctx.dayStarts.get(day);
  if (v === undefined) ctx.dayStarts.set(day, (v = dayStartMicros(day, ctx.tz)));
  return v;
}

const RELATION_FIELD: Record<string, "assignee_ids" | "label_ids" | "module_ids"> = {
  assignee_id: "assignee_ids",
  label_id: "label_ids",
  module_id: "module_ids",
};
const COLUMN_FIELD: Record<string, keyof LocalItem> = {
  state_id: "state_id",
  created_by_id: "created_by",
  project_id: "project_id",
  parent_id: "parent_id",
  estimate_point_id: "estimate_point",
  type_id: "type_id",
  cycle_id: "cycle_id",
};

function matchLeaf(leaf: FilterLeaf, row: LocalRow, ctx: EvalCtx): boolean {
  const it = row.item;
  switch (leaf.op) {
    case "in": {
      if (leaf.field === "state_group") {
        const g = it.state_id ? (ctx.stateGroup.get(it.state_id) ?? null) : null;
        return leaf.values.some((v) => (v === null ? it.state_id === null : g === v));
      }
      if (leaf.field === "priority")
        return leaf.values.some((v) => (v === null ? it.priority === "none" : it.priority === v));
      // (only the viewer's own subscriptions are held: localFilterSupported lets no other value through)
      if (leaf.field === "subscriber_id") {
        const subs = ctx.subscriptions;
        return !!subs?.ids.has(it.id) && leaf.values.includes(subs.userId);
      }
      const rel = RELATION_FIELD[leaf.field];
      if (rel) {
        const vals = (it[rel] as string[] | null) ?? [];
        return leaf.values.some((v) => (v === null ? vals.length === 0 : vals.includes(v)));
      }
      const col = COLUMN_FIELD[leaf.field];
      if (!col) return false;
      const value = (it[col] as string | null | undefined) ?? null;
      return leaf.values.some((v) => (v === null ? value === null : value === v));
    }
    case "range": {
      const f = leaf.field;
      if (f === "start_date" || f === "target_date") {
        const v = it[f];
        if (leaf.isNull === true && v !== null) return false;
        if (leaf.isNull === false && v === null) return false;
        if (leaf.gte && !(v !== null && v >= leaf.gte.slice(0, 10))) return false;
        if (leaf.lte && !(v !== null && v <= leaf.lte.slice(0, 10))) return false;
        if (leaf.gt && !(v !== null && v > leaf.gt.slice(0, 10))) return false;
        return true;
      }
      const us = f === "created_at" ? row.createdUs : f === "updated_at" ? row.updatedUs : row.completedUs;
      if (leaf.isNull === true && us !== null) return false;
      if (leaf.isNull === false && us === null) return false;
      const bound = (value: string, side: "gte" | "lte" | "gt"): boolean => {
        if (us === null) return false;
        if (!isFilterDate(value)) {
          const b = isoMicros(value);
          return side === "gte" ? us >= b : side === "lte" ? us <= b : us > b;
        }
        // a whole day in the viewer's time zone
        return side === "gte" ? us >= dayStart(ctx, value) : us < dayStart(ctx, shiftDate(value, 1));
      };
      if (leaf.gte && !bound(leaf.gte, "gte")) return false;
      if (leaf.lte && !bound(leaf.lte, "lte")) return false;
      if (leaf.gt && !bound(leaf.gt, "gt")) return false;
      return true;
    }
    case "bool":
      return leaf.field === "is_archived" ? (it.archived_at !== null) === leaf.value : it.is_draft === leaf.value;
    case "icontains":
      return it.name.toLowerCase().includes(leaf.value.toLowerCase());
    // a custom property's values are not held locally (localFilterSupported sends such lists to the server)
    case "prop":
    case "prop_range":
      return false;
  }
}

/** SQL's `NOT coalesce(…, false)` and two-valued AND / OR: an unknown is false throughout. */
export function matches(node: FilterNode, row: LocalRow, ctx: EvalCtx): boolean {
  if (isFilterLeaf(node)) return matchLeaf(node, row, ctx);
  if ("and" in node) return node.and.every((n) => matches(n, row, ctx));
  if ("or" in node) return node.or.some((n) => matches(n, row, ctx));
  return !matches(node.not, row, ctx);
}
