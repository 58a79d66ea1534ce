import { pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { workspaces } from "./workspaces.ts";

/**
 * The search dictionary (routes/search/commands.ts `correctWords`): every distinct word of a workspace's work-item
 * names and descriptions (the lexemes of `issues.search_vector`, 3–32 characters, not all digits), so a misspelled
 * query word is corrected to the workspace's nearest words (a trigram index over a few thousand rows) before the
 * full-text index is asked. Kept by triggers on `issues` (db/sql/search.sql), which only add words; a word whose
 * last item went away (deleted, renamed, description changed) stays until the nightly prune (routes/search/jobs.ts)
 * removes it. Never published live.
 */
export const searchWords = pgTable(
  "search_words",
  {
    workspaceId: uuid("workspace")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    word: text("word").notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.word] })],
);
