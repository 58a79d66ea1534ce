import fs from "node:fs";
import { once } from "node:events";
import ExcelJS from "exceljs";
import type { ExportProvider } from "@stride/shared/contract";
import { csvCell } from "../../core/csv.ts";

/**
 * The exported files (wire-facts-2 §5): one row per work item with the §5 columns in order, written as CSV, XLSX
 * or JSON. Each writer streams to a file page by page, so memory stays bounded whatever the number of items.
 */
export const EXPORT_COLUMNS = [
  "project_name",
  "project_identifier",
  "parent",
  "identifier",
  "sequence_id",
  "name",
  "state_name",
  "priority",
  "assignees",
  "subscribers",
  "created_by_name",
  "start_date",
  "target_date",
  "completed_at",
  "created_at",
  "updated_at",
  "archived_at",
  "estimate",
  "labels",
  "cycles",
  "modules",
  "links",
  "relations",
  "comments",
  "sub_issues_count",
  "link_count",
  "attachment_count",
  "is_draft",
  "custom_properties",
] as const;

export interface ExportLink {
  url: string;
  title: string;
}
export interface ExportRelation {
  type: string;
  issue: string;
  direction: "outgoing" | "incoming";
}
export interface ExportComment {
  comment: string;
  created_by: string;
  created_at: string;
}

export interface ExportRow {
  project_name: string;
  project_identifier: string;
  parent: string;
  identifier: string;
  sequence_id: number;
  name: string;
  state_name: string;
  priority: string;
  assignees: string[];
  subscribers: string[];
  created_by_name: string;
  start_date: string | null;
  target_date: string | null;
  completed_at: string | null;
  created_at: string;
  updated_at: string;
  archived_at: string | null;
  estimate: string;
  labels: string[];
  cycles: string[];
  modules: string[];
  links: ExportLink[];
  relations: ExportRelation[];
  comments: ExportComment[];
  sub_issues_count: number;
  link_count: number;
  attachment_count: number;
  is_draft: boolean;
  /** Custom property values (issue #29): "Name: value" for each property with a value, in the type's order. */
  custom_properties: string[];
}

/** "created_by_name" → "Created By Name": the CSV and XLSX headers. */
export function headerOf(column: string): string {
  return column
    .split("_")
    .map((w) => (w ? w[0].toUpperCase() + w.slice(1) : w))
    .join(" ");
}

/** A date-time as the export writes it: "YYYY-MM-DD HH:MM:SS" in UTC. */
export function exportDateTime(value: string | Date | null | undefined): string | null {
  if (!value) return null;
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return null;
  return d.toISOString().slice(0, 19).replace("T", " ");
}

/** Nested objects flattened with `__` joining the keys (CSV). */
export function flatten(
  row: Record<string, unknown>,
  prefix = "",
  out: Record<string, unknown> = {},
): Record<string, unknown> {
  for (const [k, v] of Object.entries(row)) {
    const key = prefix ? `${prefix}__${k}` : k;
    if (v !== null && typeof v === "object" && !Array.isArray(v)) flatten(v as Record<string, unknown>, key, out);
    else out[key] = v;
  }
  return out;
}

/** A CSV field of the export: the shared encoder (core/csv.ts: lists as JSON, booleans as True/False, formulas defused). */
export const csvField = csvCell;

/** An XLSX cell: lists joined with ", " (objects in them as JSON), objects as JSON, null as "". */
export function xlsxCell(value: unknown): string | number | boolean {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value))
    return value.map((v) => (v !== null && typeof v === "object" ? JSON.stringify(v) : String(v))).join(", ");
  if (typeof value === "object") return JSON.stringify(value);
  return value as string | number | boolean;
}

export interface RowWriter {
  /** Append one page of rows (in order). */
  write(rows: ExportRow[]): Promise<void>;
  /** Finish the file. */
  close(): Promise<void>;
}

async function writeChunk(out: fs.WriteStream, chunk: string): Promise<void> {
  if (!chunk) return;
  if (!out.write(chunk)) await once(out, "drain");
}

async function endStream(out: fs.WriteStream): Promise<void> {
  out.end();
  await once(out, "finish");
}

class CsvWriter implements RowWriter {
  private out: fs.WriteStream;
  private header: string[] | null = null;
  constructor(file: string) {
    this.out = fs.createWriteStream(file);
  }
  async write(rows: ExportRow[]): Promise<void> {
    let chunk = "";
    for (const row of rows) {
      const flat = flatten(row as unknown as Record<string, unknown>);
      if (!this.header) {
        this.header = Object.keys(flat);
        chunk += `${this.header.map((k) => csvField(headerOf(k))).join(",")}\r\n`;
      }
      chunk += `${this.header.map((k) => csvField(flat[k])).join(",")}\r\n`;
    }
    await writeChunk(this.out, chunk);
  }
  close(): Promise<void> {
    return endStream(this.out);
  }
}

/** The same text as `JSON.stringify(allRows, null, 2)`, written a page at a time. */
class JsonWriter implements RowWriter {
  private out: fs.WriteStream;
  private count = 0;
  constructor(file: string) {
    this.out = fs.createWriteStream(file);
  }
  async write(rows: ExportRow[]): Promise<void> {
    let chunk = "";
    for (const row of rows) {
      chunk += `${this.count++ === 0 ? "[\n" : ",\n"}  ${JSON.stringify(row, null, 2).replace(/\n/g, "\n  ")}`;
    }
    await writeChunk(this.out, chunk);
  }
  async close(): Promise<void> {
    await writeChunk(this.out, this.count === 0 ? "[]" : "\n]");
    return endStream(this.out);
  }
}

/** exceljs's streaming writer: each row is committed (written out and let go) as it is added. */
class XlsxWriter implements RowWriter {
  private book: ExcelJS.stream.xlsx.WorkbookWriter;
  private sheet: ExcelJS.Worksheet;
  constructor(file: string) {
    this.book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false, useStyles: false });
    this.sheet = this.book.addWorksheet("Work items");
    this.sheet.addRow(EXPORT_COLUMNS.map(headerOf)).commit();
  }
  async write(rows: ExportRow[]): Promise<void> {
    for (const row of rows) this.sheet.addRow(EXPORT_COLUMNS.map((c) => xlsxCell(row[c]))).commit();
  }
  async close(): Promise<void> {
    this.sheet.commit();
    await this.book.commit();
  }
}

export function rowWriter(provider: ExportProvider, file: string): RowWriter {
  if (provider === "csv") return new CsvWriter(file);
  if (provider === "json") return new JsonWriter(file);
  return new XlsxWriter(file);
}
