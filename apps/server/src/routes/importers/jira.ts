import { textToHtml } from "@stride/shared";
import { type SourceComment, type SourceItem, type SourceUser } from "./source.ts";

/**
 * Jira's CSV export (Filters → Export → CSV): one row per issue, repeated columns for lists ("Labels", "Comment"),
 * text fields quoted with embedded commas, quotes and line breaks (RFC 4180).
 */

/** Rows of RFC 4180 CSV (quoted fields, doubled quotes, CRLF or LF); a BOM is ignored. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
    } else if (c === '"' && field === "") quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      field = "";
      rows.push(row);
      row = [];
    } else field += c;
  }
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((f) => f.trim() !== ""));
}

export class JiraCsvError extends Error {}

const PRIORITIES: Record<string, SourceItem["priority"]> = {
  highest: "urgent",
  blocker: "urgent",
  critical: "urgent",
  high: "high",
  major: "high",
  medium: "medium",
  low: "low",
  lowest: "low",
  minor: "low",
  trivial: "low",
};
export const jiraPriority = (p: string): SourceItem["priority"] => PRIORITIES[p.trim().toLowerCase()] ?? "none";

const looksLikeEmail = (s: string) => /^[^\s@;]+@[^\s@;]+\.[^\s@;]+$/.test(s.trim());

/** "24/Nov/26 9:15 AM;author;body" (Jira's comment cells); a cell in another form is all body. */
function splitComment(cell: string): { author: string | null; body: string } {
  const m = /^(\d{1,2}\/\w{3}\/\d{2,4} \d{1,2}:\d{2}(?: ?[AP]M)?);([^;]*);([\s\S]*)$/i.exec(cell);
  return m ? { author: m[2].trim() || null, body: m[3] } : { author: null, body: cell };
}

export interface JiraParse {
  items: SourceItem[];
  users: SourceUser[];
}

const cell = (r: string[], i: number | undefined) => (i === undefined ? "" : (r[i] ?? "").trim());

/** Where a Jira export keeps each field (the first column of that name), and its other columns by header. */
interface JiraColumns {
  summary: number;
  key?: number;
  id?: number;
  status?: number;
  priority?: number;
  description?: number;
  assignee?: number;
  assigneeEmail?: number;
  parentId?: number;
  parentKey?: number;
  labelCols: number[];
  commentCols: number[];
  /** the other columns (issue #29: mapped to custom properties), by their header */
  otherCols: Map<string, number[]>;
}

/** The columns of the export's header row; a file without Summary or Issue key is not a Jira export. */
function jiraColumns(headRow: string[]): JiraColumns {
  const header = headRow.map((h) => h.trim().toLowerCase());
  const cols = (name: string) => header.flatMap((h, i) => (h === name ? [i] : []));
  const col = (...names: string[]) => names.map((n) => cols(n)[0]).find((i) => i !== undefined);
  const summary = col("summary");
  const key = col("issue key", "key");
  const id = col("issue id");
  if (summary === undefined)
    throw new JiraCsvError("The file has no Summary column: export the issues from Jira as CSV.");
  if (key === undefined && id === undefined)
    throw new JiraCsvError("The file has no Issue key column: export the issues from Jira as CSV.");
  const c: JiraColumns = {
    summary,
    key,
    id,
    status: col("status"),
    priority: col("priority"),
    description: col("description"),
    assignee: col("assignee"),
    assigneeEmail: col("assignee email", "assignee email address"),
    parentId: col("parent id"),
    parentKey: col("parent", "parent key"),
    labelCols: cols("labels"),
    commentCols: cols("comment"),
    otherCols: new Map(),
  };
  const { labelCols, commentCols, otherCols, ...named } = c;
  const used = new Set<number | undefined>([...Object.values(named), ...labelCols, ...commentCols]);
  headRow.forEach((h, i) => {
    const name = h.trim();
    if (!used.has(i) && name) otherCols.set(name, [...(otherCols.get(name) ?? []), i]);
  });
  return c;
}

/** A row's other columns by header; repeated ones joined with ", ". */
function otherFields(r: string[], otherCols: Map<string, number[]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, idx] of otherCols) {
    const v = idx
      .map((i) => cell(r, i))
      .filter(Boolean)
      .join(", ");
    if (v) out[name] = v.slice(0, 10_000);
  }
  return out;
}

type ParsedItem = SourceItem & { parentRef: { id: string; key: string } };

/** One row's work item (null when it has no key or summary); the people it names join `users`. */
function rowItem(
  r: string[],
  c: JiraColumns,
  users: Map<string, SourceUser>,
  keyOfId: Map<string, string>,
): ParsedItem | null {
  const ext = cell(r, c.key) || cell(r, c.id);
  const name = cell(r, c.summary);
  if (!ext || !name) return null;
  if (c.id !== undefined && cell(r, c.id)) keyOfId.set(cell(r, c.id), ext);
  const assigneeName = cell(r, c.assignee);
  const email = cell(r, c.assigneeEmail) || (looksLikeEmail(assigneeName) ? assigneeName : "");
  const assignees: string[] = [];
  if (email || assigneeName) {
    const k = (email || assigneeName).toLowerCase();
    if (!users.has(k)) users.set(k, { key: k, name: assigneeName || email, email: email ? email.toLowerCase() : null });
    assignees.push(k);
  }
  const labels = [...new Set(c.labelCols.flatMap((i) => cell(r, i).split(/\s+/)).filter(Boolean))].map((n) => ({
    name: n,
    color: "",
  }));
  const comments: SourceComment[] = [];
  c.commentCols.forEach((i, n) => {
    const raw = cell(r, i);
    if (!raw) return;
    const { author, body } = splitComment(raw);
    const authorKey = author ? author.toLowerCase() : null;
    if (authorKey && !users.has(authorKey))
      users.set(authorKey, { key: authorKey, name: author!, email: looksLikeEmail(author!) ? authorKey : null });
    comments.push({ external_id: `${ext}#comment-${n + 1}`, html: textToHtml(body), author: authorKey });
  });
  return {
    external_id: ext,
    name: name.slice(0, 255),
    description_html: textToHtml(cell(r, c.description)),
    status: cell(r, c.status) || "To Do",
    priority: jiraPriority(cell(r, c.priority)),
    labels,
    assignees,
    parent: null,
    parentRef: { id: cell(r, c.parentId), key: cell(r, c.parentKey) },
    comments,
    fields: otherFields(r, c.otherCols),
  };
}

/** The work items and people of a Jira CSV export; a file that is not one throws `JiraCsvError` with why. */
export function parseJiraCsv(text: string): JiraParse {
  const rows = parseCsv(text);
  if (rows.length === 0) throw new JiraCsvError("The file is empty.");
  const c = jiraColumns(rows[0]);
  const users = new Map<string, SourceUser>();
  const keyOfId = new Map<string, string>();
  const parsed: ParsedItem[] = [];
  for (const r of rows.slice(1)) {
    const item = rowItem(r, c, users, keyOfId);
    if (item) parsed.push(item);
  }
  if (parsed.length === 0) throw new JiraCsvError("The file has no issues.");
  const keys = new Set(parsed.map((p) => p.external_id));
  const items = parsed.map(({ parentRef, ...it }) => {
    const viaId = parentRef.id ? keyOfId.get(parentRef.id) : undefined;
    const parent = viaId ?? (keys.has(parentRef.key) ? parentRef.key : null);
    return { ...it, parent: parent && parent !== it.external_id ? parent : null };
  });
  return { items, users: [...users.values()] };
}
