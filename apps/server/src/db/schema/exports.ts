import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { audit, pk } from "./common.ts";
import { workspaces } from "./workspaces.ts";
import { users } from "./users.ts";

/**
 * One export of work items (wire-facts-2 §5, Plane's ExporterHistory): queued by `W/export-issues/`, run by the
 * `exports:run` job, which writes the zip through the storage driver (`key`) and counts its progress in `done` of
 * `total`. The projects are `project_ids`: a `project` column would read as the row's project to the live-event
 * trigger (db/sql/live-events.sql), and an export belongs to its workspace.
 */
export const exporters = pgTable(
  "exporters",
  {
    id: pk(),
    workspaceId: uuid("workspace")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** The projects asked for (empty: all of the initiator's active projects). */
    projectIds: uuid("project_ids")
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    provider: text("provider").notNull(),
    /** queued → processing → completed | failed */
    status: text("status").notNull().default("queued"),
    multiple: boolean("multiple").notNull().default(false),
    token: text("token").notNull(),
    /** Storage key of the finished zip. */
    key: text("key"),
    initiatedById: uuid("initiated_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    total: integer("total").notNull().default(0),
    done: integer("done").notNull().default(0),
    /** Why a failed export failed, in words for people. */
    error: text("error"),
    ...audit(),
  },
  (t) => [index("exporters_workspace_idx").on(t.workspaceId, t.createdAt)],
);
