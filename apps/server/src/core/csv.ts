/**
 * The one CSV encoder (RFC 4180), shared by every CSV the server writes: the work-item export (routes/exports) and
 * the profile's activity export (routes/profiles). Issue #24 point 17: the work-item export wrote a name such as
 * `=HYPERLINK(…)` as it was, and a spreadsheet opening the file would run it.
 */

/** Text a spreadsheet reads as a formula (or a command, DDE) when a cell starts with it (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV field: null as empty, booleans as `True`/`False` (Python's csv writer), lists and objects as JSON, text
 * whose first character would start a formula prefixed with `'` (shown, not run), quoted when it holds a comma, a
 * quote or a line break. Numbers are written as they are: a number is never a formula.
 */
export function csvCell(value: unknown): string {
  let s: string;
  if (value === null || value === undefined) s = "";
  else if (typeof value === "boolean") s = value ? "True" : "False";
  else if (typeof value === "number" || typeof value === "bigint") s = String(value);
  else if (typeof value === "object" && !(value instanceof Date)) s = JSON.stringify(value);
  else {
    s = value instanceof Date ? value.toISOString() : String(value);
    if (FORMULA_START.test(s)) s = `'${s}`;
  }
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One CSV line (without its line break). */
export const csvLine = (cells: readonly unknown[]): string => cells.map(csvCell).join(",");
