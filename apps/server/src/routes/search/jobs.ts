import { sql, type SQL } from "drizzle-orm";
import type { AppContext } from "../../core/context.ts";
import { textArray } from "./commands.ts";

export const PRUNE_SEARCH_WORDS_TASK = "search:prune-words";

/** Words read per statement of the prune (each its own short transaction). */
export const PRUNE_BATCH = 1000;
/** How long the prune waits for the writes that were running while it deleted (see `pruneSearchWords`). */
const SETTLE_TIMEOUT_MS = 30_000;

/** The item's full-text vector holds exactly this word (a lexeme quoted, not parsed again). */
const holds = (word: SQL) =>
  sql`i.search_vector @@ ('''' || replace(replace(${word}, '\\', '\\\\'), '''', '''''') || '''')::tsquery`;

/**
 * Prunes the search dictionary (`search_words`, db/sql/search.sql): the words that no item of their workspace
 * (deleted ones aside) has in its name or description any more, left by deleted items, renamed items and changed
 * descriptions (the triggers only add). Per workspace, in batches of `batch` words in word order, each batch one
 * statement that deletes those of its words no item holds (the full-text index answers each). A writer that added an
 * item with such a word while it was being deleted found the word still there and did not add it (its insert does
 * not wait on the word); so once every transaction running at the end of the deletes has ended, the deleted words
 * an item now holds are added back. Returns how many words went.
 */
export async function pruneSearchWords(app: AppContext, batch = PRUNE_BATCH): Promise<number> {
  const workspaces = await app.db.execute<{ id: string }>(sql`SELECT DISTINCT workspace AS id FROM search_words`);
  const deleted: { workspace: string; words: string[] }[] = [];
  for (const { id } of workspaces) {
    let after = "";
    for (;;) {
      const [row] = await app.db.execute<{ last: string | null; gone: string[] }>(sql`
        WITH batch AS (SELECT sw.word FROM search_words sw WHERE sw.workspace = ${id}::uuid AND sw.word > ${after}::text ORDER BY sw.word LIMIT ${batch}),
        gone AS (DELETE FROM search_words d USING batch b
          WHERE d.workspace = ${id}::uuid AND d.word = b.word
            AND NOT EXISTS (SELECT 1 FROM issues i WHERE i.workspace = ${id}::uuid AND i.deleted_at IS NULL AND ${holds(sql`b.word`)})
          RETURNING d.word)
        SELECT (SELECT max(word) FROM batch) AS last, ARRAY(SELECT word FROM gone) AS gone`);
      if (row.gone.length) deleted.push({ workspace: id, words: row.gone });
      if (row.last === null) break;
      after = row.last;
    }
  }
  if (!deleted.length) return 0;
  // every transaction that may have added an item with a deleted word has ended (or the wait gave up)
  const [{ xmax }] = await app.db.execute<{ xmax: string }>(
    sql`SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS xmax`,
  );
  const until = Date.now() + SETTLE_TIMEOUT_MS;
  for (;;) {
    const [{ settled }] = await app.db.execute<{ settled: boolean }>(
      sql`SELECT pg_snapshot_xmin(pg_current_snapshot()) >= ${xmax}::xid8 AS settled`,
    );
    if (settled || Date.now() > until) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  let restored = 0;
  for (const { workspace, words } of deleted) {
    const back = await app.db.execute(sql`
      INSERT INTO search_words (workspace, word)
      SELECT ${workspace}::uuid, w.word FROM unnest(${textArray(words)}) w(word)
      WHERE EXISTS (SELECT 1 FROM issues i WHERE i.workspace = ${workspace}::uuid AND i.deleted_at IS NULL AND ${holds(sql`w.word`)})
      ORDER BY 2
      ON CONFLICT DO NOTHING
      RETURNING 1`);
    restored += back.length;
  }
  return deleted.reduce((n, d) => n + d.words.length, 0) - restored;
}

/** Job registration (listed in startup.ts): the prune runs nightly, once across all instances. */
export function registerSearchJobs(app: AppContext): void {
  app.jobs.register(PRUNE_SEARCH_WORDS_TASK, () => pruneSearchWords(app), { schedule: "23 3 * * *", maxAttempts: 3 });
}
