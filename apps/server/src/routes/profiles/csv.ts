import type { ActivityRow } from "./queries.ts";
import { csvLine } from "../../core/csv.ts";

type IssueLite = { sequenceId: number; name: string; projectId: string };
type ProjectLite = { identifier: string; name: string };

export const ACTIVITY_CSV_HEADER = [
  "Date",
  "Work item",
  "Name",
  "Project",
  "Action",
  "Property",
  "Old value",
  "New value",
];

/** A person's activity as CSV text (header first; dates in UTC ISO-8601). */
export function activityCsv(
  rows: ActivityRow[],
  rel: { issues: Map<string, IssueLite>; projects: Map<string, ProjectLite> },
): string {
  const lines = [csvLine(ACTIVITY_CSV_HEADER)];
  for (const a of rows) {
    const p = rel.projects.get(a.projectId);
    const it = a.issueId ? rel.issues.get(a.issueId) : undefined;
    lines.push(
      csvLine([
        a.createdAt.toISOString(),
        it && p ? `${p.identifier}-${it.sequenceId}` : "",
        it?.name ?? "",
        p?.name ?? "",
        a.verb,
        a.field ?? "",
        a.oldValue ?? "",
        a.newValue ?? "",
      ]),
    );
  }
  return lines.join("\r\n") + "\r\n";
}
