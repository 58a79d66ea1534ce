import {
  bigserial,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { audit, pk, ts } from "./common.ts";
import { users } from "./users.ts";
import { workspaces } from "./workspaces.ts";
import { projects } from "./projects.ts";

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });

/**
 * Project pages (wire-facts §9, platform.md §3). The content is kept in three forms that always describe the same
 * document: the Yjs state (`description_binary`, the form a Yjs server loads and stores), the HTML (sanitised;
 * what lists, search and versions read) and the editor's JSON, all three written from the Yjs document (src/collab/;
 * a page created with HTML only gets its state when first opened or patched; docs/decisions.md). `access` 0 public,
 * 1 private (the owner alone sees it). Pages nest (`parent`), ordered among siblings by `sort_order`.
 */
export const pages = pgTable(
  "pages",
  {
    id: pk(),
    workspaceId: uuid("workspace")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    projectId: uuid("project")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    name: text("name").notNull().default(""),
    descriptionHtml: text("description_html").notNull().default("<p></p>"),
    descriptionStripped: text("description_stripped").notNull().default(""),
    descriptionBinary: bytea("description_binary"),
    descriptionJson: jsonb("description_json").notNull().default({}),
    ownedById: uuid("owned_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    access: integer("access").notNull().default(0),
    color: text("color").notNull().default(""),
    parentId: uuid("parent").references((): AnyPgColumn => pages.id, { onDelete: "set null" }),
    /** The page's place among its siblings in the page tree (ascending; a new page goes last). */
    sortOrder: doublePrecision("sort_order").notNull().default(65535),
    isLocked: boolean("is_locked").notNull().default(false),
    archivedAt: date("archived_at", { mode: "string" }),
    viewProps: jsonb("view_props").notNull().default({}),
    logoProps: jsonb("logo_props").notNull().default({}),
    ...audit(),
  },
  (t) => [index("pages_project_idx").on(t.projectId, t.updatedAt), index("pages_parent_idx").on(t.parentId)],
);

/**
 * Periodic snapshots of a page's content (P/pages/{id}/versions/): one row per editing session — a save by the
 * latest version's owner within the session window updates that row, anything else adds one.
 */
export const pageVersions = pgTable(
  "page_versions",
  {
    id: pk(),
    pageId: uuid("page")
      .notNull()
      .references(() => pages.id, { onDelete: "cascade" }),
    workspaceId: uuid("workspace")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    projectId: uuid("project")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    descriptionHtml: text("description_html").notNull().default("<p></p>"),
    descriptionStripped: text("description_stripped").notNull().default(""),
    descriptionBinary: bytea("description_binary"),
    descriptionJson: jsonb("description_json").notNull().default({}),
    ownedById: uuid("owned_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lastSavedAt: ts("last_saved_at").notNull().defaultNow(),
    ...audit(),
  },
  (t) => [index("page_versions_page_idx").on(t.pageId, t.lastSavedAt)],
);

/**
 * The collaboration relay (src/collab/relay.ts): every Yjs update (kind 0) and awareness update (kind 1) a server
 * instance takes from its clients, kept a few minutes so that the other instances holding the page's document apply
 * it (they hear the row's id by NOTIFY on `page_collab`) and an instance loading the document catches up.
 */
export const pageCollabUpdates = pgTable(
  "page_collab_updates",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    pageId: uuid("page")
      .notNull()
      .references(() => pages.id, { onDelete: "cascade" }),
    kind: smallint("kind").notNull(),
    payload: bytea("payload").notNull(),
    /** the server instance that took it from its client (it does not apply its own rows again) */
    origin: text("origin").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("page_collab_updates_page_idx").on(t.pageId, t.id),
    index("page_collab_updates_created_idx").on(t.createdAt),
  ],
);
