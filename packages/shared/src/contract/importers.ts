import { z } from "zod";
import { fieldError, MSG, requiredText, uuid } from "./fields.ts";
import type { AuditFields, Timestamp } from "./common.ts";

// Importers (work-tracking §9: github, jira; settings → imports). No wire facts exist for them: the shapes are ours.

export const IMPORT_SERVICES = ["jira", "github"] as const;
export type ImportService = (typeof IMPORT_SERVICES)[number];
export const IMPORT_STATUSES = ["analyzing", "mapping", "queued", "running", "completed", "failed"] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
/** The largest Jira CSV file accepted (characters), inside the server's 10 MB body limit. */
export const JIRA_CSV_MAX = 9_000_000;

// ---------------------------------------------------------------- request bodies

/** A GitHub owner or repository name. */
const ghName = () => requiredText(100).regex(/^[A-Za-z0-9_.-]+$/, "Enter a GitHub owner or repository name.");

/** POST W/importers/ with `service: "jira"`: the CSV export file's text. */
export const createJiraImportBody = z.object({
  service: z.literal("jira", { error: fieldError(MSG.choice) }),
  project_id: uuid(),
  file_name: requiredText(255),
  csv: z
    .string({ error: fieldError(MSG.string) })
    .min(1, MSG.blank)
    .max(JIRA_CSV_MAX, MSG.maxLen(JIRA_CSV_MAX)),
});
/** POST W/importers/ with `service: "github"`: a personal access token and the repository. */
export const createGithubImportBody = z.object({
  service: z.literal("github", { error: fieldError(MSG.choice) }),
  project_id: uuid(),
  token: requiredText(255),
  owner: ghName(),
  repo: ghName(),
});
export const createImportBody = z.discriminatedUnion("service", [createJiraImportBody, createGithubImportBody], {
  error: (iss) => {
    if (iss.code !== "invalid_union") return undefined;
    const service = (iss.input as { service?: unknown } | null | undefined)?.service;
    return service === undefined ? MSG.required : MSG.choice(service);
  },
});
export type CreateImportBody = z.infer<typeof createImportBody>;

/**
 * The admin's mapping: each source status → a project state; each source person → a project member or nobody; and
 * (issue #29) source fields (a file's other columns) → custom properties of the project's default type.
 */
export const importMapping = z.object({
  states: z.record(z.string().max(255), uuid()),
  users: z.record(z.string().max(320), uuid().nullable()),
  properties: z.record(z.string().max(255), uuid()).optional(),
});
export type ImportMapping = z.infer<typeof importMapping>;

/** POST W/importers/{id}/start/. */
export const startImportBody = z.object({ mapping: importMapping });
export type StartImportBody = z.infer<typeof startImportBody>;

// ---------------------------------------------------------------- responses

export interface ImportSourceState {
  /** The source's status name (Jira "In Progress"; GitHub "open" / "closed"). */
  key: string;
  name: string;
  /** Work items in that status. */
  count: number;
}
export interface ImportSourceUser {
  /** Jira: the email (or name when there is none); GitHub: the login. */
  key: string;
  name: string;
  email: string | null;
  count: number;
}

/** A source field besides the ones the import reads itself (a Jira column such as "Custom field (Story Points)"). */
export interface ImportSourceField {
  key: string;
  name: string;
  /** Work items with a value in it. */
  count: number;
}

export interface ImportSummary {
  created: number;
  updated: number;
  unchanged: number;
  comments_created: number;
  labels_created: number;
  /** Items the run could not import, with why. */
  failed: { external_id: string; name: string; reason: string }[];
}

export interface Importer extends AuditFields {
  id: string;
  workspace: string;
  project: string;
  service: ImportService;
  status: ImportStatus;
  source_label: string;
  discovered: { states: ImportSourceState[]; users: ImportSourceUser[]; fields?: ImportSourceField[] } | null;
  mapping: ImportMapping | null;
  progress: { done: number; total: number };
  summary: ImportSummary | null;
  error: string | null;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
}
