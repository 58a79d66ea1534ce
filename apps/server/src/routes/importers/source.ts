import type { ImportSourceField, ImportSourceState, ImportSourceUser } from "@stride/shared/contract";

/**
 * A source's work items in one shape, whatever the service (Jira CSV rows, GitHub issues): what the analysis stores
 * in `importers.items` and the run reads. Statuses and people are the source's own keys, mapped at run time.
 */
export interface SourceComment {
  external_id: string;
  html: string;
  /** The author's user key, if known. */
  author: string | null;
}

export interface SourceItem {
  external_id: string;
  name: string;
  description_html: string;
  /** The source status key (mapped to a state). */
  status: string;
  priority: "urgent" | "high" | "medium" | "low" | "none";
  labels: { name: string; color: string }[];
  /** User keys. */
  assignees: string[];
  /** The parent's `external_id`, if it has one. */
  parent: string | null;
  comments: SourceComment[];
  /** The source's other fields with a value (issue #29: mapped to custom properties), by field name. */
  fields?: Record<string, string>;
}

export interface SourceUser {
  key: string;
  name: string;
  email: string | null;
}

export interface Discovered {
  states: ImportSourceState[];
  users: ImportSourceUser[];
  /** Absent in imports analysed before fields were read. */
  fields?: ImportSourceField[];
}

/** Statuses and people the items use, with counts, in first-seen order. */
export function discover(items: readonly SourceItem[], users: readonly SourceUser[]): Discovered {
  const states = new Map<string, ImportSourceState>();
  const people = new Map<string, ImportSourceUser>();
  const known = new Map(users.map((u) => [u.key, u]));
  const fields = new Map<string, ImportSourceField>();
  const person = (key: string) => {
    const p = people.get(key);
    if (p) return p;
    const u = known.get(key);
    const n = { key, name: u?.name ?? key, email: u?.email ?? null, count: 0 };
    people.set(key, n);
    return n;
  };
  for (const it of items) {
    const s = states.get(it.status) ?? { key: it.status, name: it.status, count: 0 };
    s.count++;
    states.set(it.status, s);
    for (const a of it.assignees) person(a).count++;
    for (const c of it.comments) if (c.author) person(c.author);
    for (const key of Object.keys(it.fields ?? {})) {
      const f = fields.get(key) ?? { key, name: key, count: 0 };
      f.count++;
      fields.set(key, f);
    }
  }
  return { states: [...states.values()], users: [...people.values()], fields: [...fields.values()] };
}
