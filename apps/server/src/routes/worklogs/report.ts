import ExcelJS from "exceljs";
import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import {
  durationHours,
  WORKLOG_EXPORT_COLUMNS,
  WORKLOG_EXPORT_FORMATS,
  WORKLOG_GROUPS,
  type WorklogExportFormat,
  type WorklogGroup,
} from "@stride/shared";
import type { WorklogReportRow, WorklogSummaryRow } from "@stride/shared/contract";
import type { DbOrTx } from "../../db/client.ts";
import { errors } from "../../http/errors.ts";
import { auditFields, presentUserLite } from "../../http/present.ts";
import type { PageRequest } from "../../http/pagination.ts";
import { csvField } from "../exports/format.ts";
import { usersById } from "../issues/detail.ts";

/**
 * The project's worklog report (issue #29 point 3): its logs filtered by person, work item, cycle, module and days;
 * the totals per work item, person, cycle, module or day; and the same rows as a CSV or XLSX file. Logs of deleted
 * items are left out; archived items' logs count (the time was spent).
 */
export interface ReportFilter {
  loggedBy: string[];
  issueId: string | null;
  /** A cycle id, or "None" for items in no cycle. */
  cycle: string | null;
  module: string | null;
  from: string | null;
  to: string | null;
}

const isUuid = (s: string) => z.uuid().safeParse(s).success;
const isDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`));

/** The report's query: ids and days checked (400 `{detail}` for a malformed one). */
export function reportFilter(q: {
  logged_by?: string;
  issue?: string;
  cycle?: string;
  module?: string;
  from?: string;
  to?: string;
}): ReportFilter {
  const bad = (name: string, v: string) => errors.badParam(`Invalid ${name} value: ${v.slice(0, 100)}.`);
  const loggedBy = (q.logged_by ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  for (const id of loggedBy) if (!isUuid(id)) throw bad("logged_by", id);
  const idOrNone = (name: string, v: string | undefined) => {
    if (!v) return null;
    if (v !== "None" && !isUuid(v)) throw bad(name, v);
    return v;
  };
  const day = (name: string, v: string | undefined) => {
    if (!v) return null;
    if (!isDay(v)) throw bad(name, v);
    return v;
  };
  const issue = q.issue ? q.issue : null;
  if (issue && !isUuid(issue)) throw bad("issue", issue);
  return {
    loggedBy,
    issueId: issue,
    cycle: idOrNone("cycle", q.cycle),
    module: idOrNone("module", q.module),
    from: day("from", q.from),
    to: day("to", q.to),
  };
}

/** The WHERE of the report's rows (`w` the logs, `i` their items). */
function whereOf(projectId: string, f: ReportFilter): SQL {
  const parts: SQL[] = [sql`w.project = ${projectId}`, sql`i.deleted_at IS NULL`];
  if (f.loggedBy.length)
    parts.push(
      sql`w.logged_by IN (${sql.join(
        f.loggedBy.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
  if (f.issueId) parts.push(sql`w.issue = ${f.issueId}`);
  if (f.cycle === "None") parts.push(sql`i.cycle_id IS NULL`);
  else if (f.cycle) parts.push(sql`i.cycle_id = ${f.cycle}`);
  if (f.module === "None") parts.push(sql`cardinality(i.module_ids) = 0`);
  else if (f.module) parts.push(sql`${f.module}::uuid = ANY(i.module_ids)`);
  if (f.from) parts.push(sql`w.logged_on >= ${f.from}`);
  if (f.to) parts.push(sql`w.logged_on <= ${f.to}`);
  return sql.join(parts, sql` AND `);
}

type RawRow = {
  id: string;
  issue: string;
  project: string;
  workspace: string;
  logged_by: string;
  duration: number;
  logged_on: string;
  description: string;
  created_at: Date | string;
  updated_at: Date | string;
  created_by: string | null;
  updated_by: string | null;
  sequence_id: number;
  name: string;
  identifier: string;
  cycle_name: string | null;
  module_names: string[] | null;
};

async function reportRows(
  db: DbOrTx,
  projectId: string,
  f: ReportFilter,
  limit: number,
  offset: number,
): Promise<RawRow[]> {
  return db.execute<RawRow>(sql`
    SELECT w.id, w.issue, w.project, w.workspace, w.logged_by, w.duration, w.logged_on::text AS logged_on, w.description,
      w.created_at, w.updated_at, w.created_by, w.updated_by, i.sequence_id, i.name, p.identifier,
      (SELECT c.name FROM cycles c WHERE c.id = i.cycle_id) AS cycle_name,
      (SELECT array_agg(m.name ORDER BY m.name) FROM modules m WHERE m.id = ANY(i.module_ids)) AS module_names
    FROM issue_worklogs w JOIN issues i ON i.id = w.issue JOIN projects p ON p.id = w.project
    WHERE ${whereOf(projectId, f)}
    ORDER BY w.logged_on DESC, w.created_at DESC, w.id
    LIMIT ${limit} OFFSET ${offset}`) as unknown as Promise<RawRow[]>;
}

const toDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

/** One page of the report's logs (latest day first) with the total count. */
export async function reportPage(
  db: DbOrTx,
  projectId: string,
  f: ReportFilter,
  page: PageRequest,
): Promise<{ total: number; results: WorklogReportRow[] }> {
  const [[count], rows] = await Promise.all([
    db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM issue_worklogs w JOIN issues i ON i.id = w.issue WHERE ${whereOf(projectId, f)}`,
    ),
    reportRows(db, projectId, f, page.perPage, page.offset),
  ]);
  const users = await usersById(
    db,
    rows.map((r) => r.logged_by),
  );
  const results = rows.map((r): WorklogReportRow => {
    const u = users.get(r.logged_by);
    return {
      id: r.id,
      issue_id: r.issue,
      project_id: r.project,
      workspace_id: r.workspace,
      duration: Number(r.duration),
      description: r.description,
      logged_on: r.logged_on,
      logged_by: r.logged_by,
      logged_by_detail: u ? presentUserLite(u) : null,
      ...auditFields({
        createdAt: toDate(r.created_at),
        updatedAt: toDate(r.updated_at),
        createdById: r.created_by,
        updatedById: r.updated_by,
      }),
      issue_detail: { id: r.issue, sequence_id: r.sequence_id, name: r.name, project_identifier: r.identifier },
    };
  });
  return { total: Number(count?.n ?? 0), results };
}

/** `group_by` of the totals: one of WORKLOG_GROUPS (default: per work item). */
export function reportGroup(v: string | undefined): WorklogGroup {
  if (!v) return "issue";
  if (!(WORKLOG_GROUPS as readonly string[]).includes(v))
    throw errors.badParam(`Invalid group_by value: ${v.slice(0, 100)}. Use one of ${WORKLOG_GROUPS.join(", ")}.`);
  return v as WorklogGroup;
}

/**
 * The report's totals by `group`, the largest first: minutes and number of logs per key (a work item in two modules
 * counts in both). Work items under a time estimate carry it in minutes.
 */
export async function reportSummary(
  db: DbOrTx,
  projectId: string,
  f: ReportFilter,
  group: WorklogGroup,
): Promise<WorklogSummaryRow[]> {
  const where = whereOf(projectId, f);
  const base = sql`FROM issue_worklogs w JOIN issues i ON i.id = w.issue JOIN projects p ON p.id = w.project`;
  const totals = sql`sum(w.duration)::int AS duration, count(*)::int AS n`;
  let q: SQL;
  switch (group) {
    case "issue":
      q = sql`SELECT i.id::text AS key, p.identifier || '-' || i.sequence_id || ' ' || i.name AS name, ${totals},
          (SELECT CASE WHEN ep.value ~ '^[0-9]+(\.[0-9]+)?$' THEN round(ep.value::numeric)::int END FROM estimate_points ep
            JOIN estimates e ON e.id = ep.estimate AND e.type = 'time' WHERE ep.id = i.estimate_point AND ep.estimate = p.estimate) AS estimate
        ${base} WHERE ${where} GROUP BY i.id, p.identifier, p.estimate`;
      break;
    case "member":
      // people by their names ("first last"; the display name when both are empty), as the exports name them
      q = sql`SELECT w.logged_by::text AS key, coalesce(nullif(btrim(u.first_name || ' ' || u.last_name), ''), u.display_name) AS name, ${totals}
        ${base} JOIN users u ON u.id = w.logged_by WHERE ${where} GROUP BY w.logged_by, u.display_name, u.first_name, u.last_name`;
      break;
    case "cycle":
      q = sql`SELECT i.cycle_id::text AS key, coalesce(c.name, 'No cycle') AS name, ${totals}
        ${base} LEFT JOIN cycles c ON c.id = i.cycle_id WHERE ${where} GROUP BY i.cycle_id, c.name`;
      break;
    case "module":
      q = sql`SELECT m.id::text AS key, coalesce(m.name, 'No module') AS name, ${totals}
        ${base} LEFT JOIN LATERAL unnest(CASE WHEN cardinality(i.module_ids) = 0 THEN ARRAY[NULL::uuid] ELSE i.module_ids END) AS mid(id) ON true
        LEFT JOIN modules m ON m.id = mid.id WHERE ${where} GROUP BY m.id, m.name`;
      break;
    case "date":
      q = sql`SELECT w.logged_on::text AS key, w.logged_on::text AS name, ${totals} ${base} WHERE ${where} GROUP BY w.logged_on`;
      break;
  }
  const order = group === "date" ? sql`ORDER BY key DESC` : sql`ORDER BY duration DESC, name`;
  const rows = (await db.execute<{
    key: string | null;
    name: string;
    duration: number;
    n: number;
    estimate?: number | null;
  }>(sql`${q} ${order} LIMIT 1000`)) as unknown as {
    key: string | null;
    name: string;
    duration: number;
    n: number;
    estimate?: number | null;
  }[];
  return rows.map((r) => ({
    group_by: group,
    key: r.key,
    name: r.name,
    duration: Number(r.duration),
    count: Number(r.n),
    ...(group === "issue"
      ? { estimate_minutes: r.estimate === null || r.estimate === undefined ? null : Number(r.estimate) }
      : {}),
  }));
}

/** At most this many logs go into one exported file. */
export const EXPORT_MAX_ROWS = 50_000;

export function exportFormat(v: string | undefined): WorklogExportFormat {
  const f = v ?? "csv";
  if (!(WORKLOG_EXPORT_FORMATS as readonly string[]).includes(f))
    throw errors.badParam(`Invalid format value: ${f.slice(0, 100)}. Use csv or xlsx.`);
  return f as WorklogExportFormat;
}

/**
 * The filtered logs as a file (the columns of WORKLOG_EXPORT_COLUMNS, latest day first): CSV through the exports'
 * field encoder (routes/exports/format.ts), XLSX through exceljs as the work-item exports write it.
 */
export async function exportFile(
  db: DbOrTx,
  projectId: string,
  f: ReportFilter,
  format: WorklogExportFormat,
): Promise<Buffer> {
  const rows = await reportRows(db, projectId, f, EXPORT_MAX_ROWS, 0);
  const users = await usersById(
    db,
    rows.map((r) => r.logged_by),
  );
  const name = (id: string) => {
    const u = users.get(id);
    return u ? `${u.firstName} ${u.lastName}`.trim() || u.displayName : "";
  };
  const values = rows.map((r) => [
    r.logged_on,
    `${r.identifier}-${r.sequence_id}`,
    r.name,
    name(r.logged_by),
    Number(r.duration),
    durationHours(Number(r.duration)),
    r.description,
    r.cycle_name ?? "",
    (r.module_names ?? []).join(", "),
  ]);
  if (format === "csv") {
    const lines = [WORKLOG_EXPORT_COLUMNS, ...values].map((cells) => cells.map(csvField).join(","));
    return Buffer.from(`${lines.join("\r\n")}\r\n`, "utf8");
  }
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Worklogs");
  sheet.addRow([...WORKLOG_EXPORT_COLUMNS]);
  for (const v of values) sheet.addRow(v);
  return Buffer.from(await book.xlsx.writeBuffer());
}
