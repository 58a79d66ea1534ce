import { index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { audit, pk, ts } from "./common.ts";
import { workspaces } from "./workspaces.ts";
import { projects } from "./projects.ts";

/**
 * One import into a project (work-tracking §9 importers: Jira CSV, GitHub issues): created with its source, then
 * `analyzing` (GitHub: the job reads the repository) → `mapping` (the source's statuses and people wait for the
 * admin's mapping) → `queued` → `running` (progress in `done` / `total`) → `completed` with `summary`, or `failed`.
 * `items` holds the source's work items normalised (routes/importers/source.ts) so the run reads no source twice.
 * The GitHub token is sealed (core/crypto-box.ts) and dropped once the import has finished.
 */
export const importers = pgTable(
  "importers",
  {
    id: pk(),
    workspaceId: uuid("workspace")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    projectId: uuid("project")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    service: text("service").notNull(),
    status: text("status").notNull(),
    /** What was imported, for people: the Jira file's name, `owner/repo`. */
    sourceLabel: text("source_label").notNull(),
    /** Service settings without secrets (GitHub `{owner, repo}`). */
    config: jsonb("config").notNull().default({}),
    tokenSealed: text("token_sealed"),
    items: jsonb("items"),
    /** `{states: [{key, name, count}], users: [{key, name, email, count}]}` found in the source. */
    discovered: jsonb("discovered"),
    /** `{states: {key: stateId}, users: {key: userId | null}}`: suggested at analysis, the admin's once started. */
    mapping: jsonb("mapping"),
    total: integer("total").notNull().default(0),
    done: integer("done").notNull().default(0),
    summary: jsonb("summary"),
    error: text("error"),
    startedAt: ts("started_at"),
    finishedAt: ts("finished_at"),
    ...audit(),
  },
  (t) => [index("importers_workspace_idx").on(t.workspaceId, t.createdAt)],
);
