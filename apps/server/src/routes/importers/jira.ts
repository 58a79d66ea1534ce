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

/** The work items and people of a Jira CSV export; a file that is not one throws `JiraCsvError` with why. */
export function parseJiraCsv(text: string): JiraParse {
  const rows = parseCsv(text);
  if (rows.length === 0) throw new JiraCsvError("The file is empty.");
  const header = rows[0].map((h) => h.trim().toLowerCase());
  const cols = (name: string) => header.flatMap((h, i) => (h === name ? [i] : []));
  const col = (...names: string[]) => names.map((n) => cols(n)[0]).find((i) => i !== undefined);
  const summary = col("summary");
  const key = col("issue key", "key");
  const id = col("issue id");
  if (summary === undefined)
    throw new JiraCsvError("The file has no Summary column: export the issues from Jira as CSV.");
  if (key === undefined && id === undefined)
    throw new JiraCsvError("The file has no Issue key column: export the issues from Jira as CSV.");
  const status = col("status");
  const priority = col("priority");
  const description = col("description");
  const assignee = col("assignee");
  const assigneeEmail = col("assignee email", "assignee email address");
  const parentId = col("parent id");
  const parentKey = col("parent", "parent key");
  const labelCols = cols("labels");
  const commentCols = cols("comment");

  const cell = (r: string[], i: number | undefined) => (i === undefined ? "" : (r[i] ?? "").trim());
  // the other columns (issue #29: mapped to custom properties), by their header; repeated ones joined with ", "
  const used = new Set([
    summary,
    key,
    id,
    status,
    priority,
    description,
    assignee,
    assigneeEmail,
    parentId,
    parentKey,
    ...labelCols,
    ...commentCols,
  ]);
  const otherCols = new Map<string, number[]>();
  rows[0].forEach((h, i) => {
    const name = h.trim();
    if (!used.has(i) && name) otherCols.set(name, [...(otherCols.get(name) ?? []), i]);
  });
  const otherFields = (r: string[]) => {
    const out: Record<string, string> = {};
    for (const [name, idx] of otherCols) {
      const v = idx
        .map((i) => cell(r, i))
        .filter(Boolean)
        .join(", ");
      if (v) out[name] = v.slice(0, 10_000);
    }
    return out;
  };
  const users = new Map<string, SourceUser>();
  const keyOfId = new Map<string, string>();
  const parsed: (SourceItem & { parentRef: { id: string; key: string } })[] = [];
  for (const r of rows.slice(1)) {
    const ext = cell(r, key) || cell(r, id);
    const name = cell(r, summary);
    if (!ext || !name) continue;
    if (id !== undefined && cell(r, id)) keyOfId.set(cell(r, id), ext);
    const assigneeName = cell(r, assignee);
    const email = cell(r, assigneeEmail) || (looksLikeEmail(assigneeName) ? assigneeName : "");
    const assignees: string[] = [];
    if (email || assigneeName) {
      const k = (email || assigneeName).toLowerCase();
      if (!users.has(k))
        users.set(k, { key: k, name: assigneeName || email, email: email ? email.toLowerCase() : null });
      assignees.push(k);
    }
    const labels = [...new Set(labelCols.flatMap((i) => cell(r, i).split(/\s+/)).filter(Boolean))].map((n) => ({
      name: n,
      color: "",
    }));
    const comments: SourceComment[] = [];
    commentCols.forEach((i, n) => {
      const raw = cell(r, i);
      if (!raw) return;
      const { author, body } = splitComment(raw);
      const authorKey = author ? author.toLowerCase() : null;
      if (authorKey && !users.has(authorKey))
        users.set(authorKey, { key: authorKey, name: author!, email: looksLikeEmail(author!) ? authorKey : null });
      comments.push({ external_id: `${ext}#comment-${n + 1}`, html: textToHtml(body), author: authorKey });
    });
    parsed.push({
      external_id: ext,
      name: name.slice(0, 255),
      description_html: textToHtml(cell(r, description)),
      status: cell(r, status) || "To Do",
      priority: jiraPriority(cell(r, priority)),
      labels,
      assignees,
      parent: null,
      parentRef: { id: cell(r, parentId), key: cell(r, parentKey) },
      comments,
      fields: otherFields(r),
    });
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
