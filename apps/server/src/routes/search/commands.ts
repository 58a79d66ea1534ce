/**
 * Search queries (wire-facts-2 §6): one query per entity type, W/search/ and W/entity-search/ sending all of a
 * request's in one statement (`searchInOne`), after the one that makes the settings and reads the dictionary's
 * corrections of the query's words (`inSearch`). Text matches by case-insensitive substring,
 * trigram word similarity (`<%`, so a misspelled word still matches) and, for work items, full text over name and
 * description; results are ranked by the sum `searchRank` defines (@stride/shared search-query.ts), newest first
 * on ties. Work items are found in tiers of bounded candidate sets (`issueTiers`), so a word that matches
 * thousands of items costs about as much as a rare one. Every query applies what the caller may see: active
 * membership of a non-archived project, the guest rule (own items unless the project lets guests see all),
 * nothing archived, deleted or a draft. The expressions match the indexes of db/sql/search.sql.
 */
import { sql, type SQL } from "drizzle-orm";
import {
  correctableWords,
  fuzzyWords,
  INTAKE_STATUS,
  PROJECT_IDENTIFIER_MAX,
  RANK_WEIGHTS,
  type SearchQuery,
} from "@stride/shared";
import type { AppContext } from "../../core/context.ts";
import type { DbOrTx } from "../../db/client.ts";

const GUEST_BELOW = 15;

/** Name (and extra columns) contain the text, or the name is a near match of it. */
function textMatch(q: SearchQuery, name: SQL, ...others: SQL[]): SQL {
  const t = sql`${q.text}::text`;
  const like = sql`${q.like}::text`;
  const parts = [sql`${name} ILIKE ${like}`, sql`${t} <% ${name}`, ...others.map((o) => sql`${o} ILIKE ${like}`)];
  return sql`(${sql.join(parts, sql` OR `)})`;
}

/** The rank of `searchRank` in SQL, without the key and full-text signals (for non-work-item entities). */
function nameRank(q: SearchQuery, name: SQL): SQL {
  return sql`(CASE WHEN ${name} ILIKE ${q.like}::text THEN ${RANK_WEIGHTS.nameContains}::float8 ELSE 0 END + word_similarity(${q.text}::text, ${name}))`;
}

/** Optional text filter: everything matches an empty query. */
const maybe = (q: SearchQuery, cond: () => SQL): SQL => (q.text ? cond() : sql`true`);

// ---------------------------------------------------------------- work items

export type IssueSearchRow = {
  id: string;
  name: string;
  sequence_id: number;
  project_id: string;
  project__identifier: string;
  project__name: string;
  priority: string;
  state_id: string | null;
  type_id: string | null;
  start_date: string | null;
  state__name: string | null;
  state__group: string | null;
  state__color: string | null;
};

export interface IssueSearchOptions {
  workspaceId: string;
  userId: string;
  /** Limit to one project. */
  projectId?: string;
  limit: number;
  /** Extra conditions on `i` (P/search-issues/ flags). */
  extra?: SQL[];
  /**
   * Intake requests instead of work items: items waiting in a project's intake (pending or snoozed), which a
   * guest sees only when they filed them (the intake list's rule).
   */
  intake?: boolean;
}

/** The item's full-text vector: a stored generated column (db/sql/search.sql), indexed. */
const ISSUE_FTS = sql`i.search_vector`;

/**
 * How the work-item search finds its matches without ranking every one of them (a common word matches thousands
 * of items, and ranking each costs a trigram similarity): in tiers of bounded candidate sets, each the newest
 * `limit` items of one kind of match, taken by the index that fits (newest first by the
 * `(workspace|project, created_at)` index when matches are common and the scan stops early, by the trigram or
 * full-text index when they are rare; the planner knows which from the column statistics).
 * - strong tier: the exact key (`PROJ-12`, or a bare number in a short query), the name containing the text, every
 *   word of the text as a whole word of the name or description, and items of projects whose identifier contains
 *   the text;
 * - fuzzy tier (so a misspelled word still finds its item), only when the strong tier found fewer than `limit`:
 *   when the search dictionary knows a near word for every word of a 1–4 word query (`correctWords`), the items
 *   holding a near word of every query word, and, for several words, of any (full text over name and description,
 *   so a misspelled word is found as fast as an exact one); otherwise trigram word similarity per item: the name
 *   near the whole text, and, for a query of 2–4 words, every word near a word of the name (so one common word of
 *   the query cannot crowd out the item that has them all).
 * At most a few hundred candidates are then ranked by `searchRank` (@stride/shared), newest first on ties. What
 * the caller may see is applied inside each tier, before its limit.
 */
function issueTiers(q: SearchQuery, o: IssueSearchOptions, corrected: string[][] | null): SQL {
  const limit = o.limit;
  const me = sql`${o.userId}::uuid`;
  const ws = sql`${o.workspaceId}::uuid`;
  // what the caller may see, on `i` alone (the caller's projects and the workspace's triage states, read once into
  // `vis`), so each tier plans as one table
  const memberOf = (
    seeAll: boolean,
  ) => sql`ARRAY(SELECT vm.project FROM project_members vm JOIN projects vp ON vp.id = vm.project
    WHERE vm.member = ${me} AND vm.workspace = ${ws} AND vm.is_active = true AND vp.archived_at IS NULL
    ${seeAll ? sql`AND (vm.role >= ${GUEST_BELOW} OR vp.guest_view_all_features = true)` : sql``})`;
  const vis = sql`vis AS MATERIALIZED (SELECT ${memberOf(true)} AS see_all, ${memberOf(false)} AS member_of,
    ARRAY(SELECT ts.id FROM states ts WHERE ts.workspace = ${ws} AND ts."group" = 'triage') AS triage)`;
  const conds: SQL[] = [
    sql`i.workspace = ${ws} AND i.deleted_at IS NULL AND i.archived_at IS NULL AND i.is_draft = false AND i.is_epic = false`,
    sql`(i.project = ANY((SELECT see_all FROM vis)::uuid[]) OR (i.created_by = ${me} AND i.project = ANY((SELECT member_of FROM vis)::uuid[])))`,
    sql`(i.state IS NULL OR NOT i.state = ANY((SELECT triage FROM vis)::uuid[]))`,
    ...(o.extra ?? []),
  ];
  if (o.projectId) conds.push(sql`i.project = ${o.projectId}::uuid`);
  const scope = sql`FROM issues i WHERE ${sql.join(conds, sql` AND `)}`;
  const newest = (match: SQL) => sql`(SELECT i.id ${scope} AND ${match} ORDER BY i.created_at DESC LIMIT ${limit})`;
  // an empty query: the newest items
  if (!q.text)
    return sql`WITH ${vis}, strong AS MATERIALIZED ${newest(sql`true`)}, fuzzy AS (SELECT NULL::uuid AS id WHERE false)`;
  const like = sql`${q.like}::text`;
  const strong = [newest(sql`(i.name ILIKE ${like} OR ${ISSUE_FTS} @@ plainto_tsquery('simple', ${q.text}::text))`)];
  if (q.text.length <= PROJECT_IDENTIFIER_MAX) {
    // gated, so that without such a project no item is read for it
    strong.push(
      newest(sql`EXISTS (SELECT 1 FROM projects cp WHERE cp.workspace = ${ws} AND cp.identifier ILIKE ${like})
      AND i.project IN (SELECT cp.id FROM projects cp WHERE cp.workspace = ${ws} AND cp.identifier ILIKE ${like})`),
    );
  }
  if (q.sequenceIds.length) {
    const seq = sql`i.sequence_id = ANY(${`{${q.sequenceIds.join(",")}}`}::int[])`;
    strong.unshift(
      newest(
        q.identifier
          ? sql`${seq} AND i.project IN (SELECT cp.id FROM projects cp WHERE cp.workspace = ${ws} AND upper(cp.identifier) = ${q.identifier}::text)`
          : seq,
      ),
    );
  }
  if (corrected) {
    // every word corrected by the dictionary: the full-text index finds the items holding, for each word, one of its
    // near known words (and, for several words, any of them: what the whole text is near)
    const anyOf = (cands: string[]) =>
      sql`(${sql.join(
        cands.map((c) => sql`plainto_tsquery('simple', ${c}::text)`),
        sql` || `,
      )})`;
    const fuzzy = [newest(sql`${ISSUE_FTS} @@ (${sql.join(corrected.map(anyOf), sql` && `)})`)];
    if (corrected.length > 1) fuzzy.push(newest(sql`${ISSUE_FTS} @@ ${anyOf(corrected.flat())}`));
    return sql`WITH ${vis}, strong AS MATERIALIZED (${sql.join(strong, sql` UNION `)}),
    fuzzy AS MATERIALIZED (SELECT f.id FROM (${sql.join(fuzzy, sql` UNION `)}) f WHERE (SELECT count(*) FROM strong) < ${limit})`;
  }
  // a key's parts are no words to be near
  const words = q.identifier ? [] : fuzzyWords(q.text);
  const fuzzy = [newest(sql`${q.text}::text <% i.name`)];
  if (words.length) {
    // items near every word are few: found through the trigram index (ordered by an expression no index serves, so
    // the planner does not walk the newest items testing each for all the words)
    fuzzy.push(sql`(SELECT i.id ${scope} AND ${sql.join(
      words.map((w) => sql`${w}::text <% i.name`),
      sql` AND `,
    )}
      ORDER BY i.created_at + interval '0 s' DESC LIMIT ${limit})`);
  }
  return sql`WITH ${vis}, strong AS MATERIALIZED (${sql.join(strong, sql` UNION `)}),
    fuzzy AS MATERIALIZED (SELECT f.id FROM (${sql.join(fuzzy, sql` UNION `)}) f WHERE (SELECT count(*) FROM strong) < ${limit})`;
}

/** `searchRank` (@stride/shared) in SQL. */
function issueRank(q: SearchQuery): SQL {
  if (!q.text) return sql`0::float`;
  const exactKey =
    q.identifier && q.sequenceIds.length
      ? sql`CASE WHEN upper(p.identifier) = ${q.identifier}::text AND i.sequence_id = ${q.sequenceIds[0]}::int THEN ${RANK_WEIGHTS.exactKey}::float8 ELSE 0 END`
      : sql`0`;
  const tsq = sql`plainto_tsquery('simple', ${q.text}::text)`;
  return sql`(${exactKey} + CASE WHEN i.name ILIKE ${q.like}::text THEN ${RANK_WEIGHTS.nameContains}::float8 ELSE 0 END
    + CASE WHEN to_tsvector('simple', i.name) @@ ${tsq} THEN ${RANK_WEIGHTS.nameWords}::float8 ELSE 0 END
    + greatest(word_similarity(${q.text}::text, i.name), ts_rank(${ISSUE_FTS}, ${tsq})))`;
}

const ISSUE_COLUMNS = sql`i.id, i.name, i.sequence_id, i.project AS project_id, p.identifier AS project__identifier, p.name AS project__name,
      i.priority, i.state AS state_id, i.type AS type_id, i.start_date::text AS start_date,
      s.name AS state__name, s."group" AS state__group, s.color AS state__color`;

/**
 * The statement of work items the caller may see that match the query (all of them for an empty query), best first.
 * `corrected`: the dictionary's corrections of the query's words (`correctWords`), read before, so this statement is
 * planned for the corrected words themselves.
 */
export function issueSearchSql(q: SearchQuery, o: IssueSearchOptions, corrected: string[][] | null): SQL {
  if (o.intake) return intakeSearchSql(q, o);
  // the tiers applied what the caller may see
  return sql`${issueTiers(q, o, corrected)}
    SELECT ${ISSUE_COLUMNS}
    FROM issues i JOIN projects p ON p.id = i.project LEFT JOIN states s ON s.id = i.state
    WHERE i.id IN (SELECT id FROM strong UNION SELECT id FROM fuzzy)
    ORDER BY ${issueRank(q)} DESC, i.created_at DESC, i.id
    LIMIT ${o.limit}`;
}

/** The words of the query the dictionary corrects (none for an empty query or a key, whose parts are no words). */
export const wordsToCorrect = (q: SearchQuery): string[] => (q.text && !q.identifier ? correctableWords(q.text) : []);

/**
 * Work items the caller may see that match the query, best first. `corrected` as `inSearch` passes it; without it
 * (undefined) the words are corrected here first, in a statement of their own.
 */
export async function searchIssues(
  db: DbOrTx,
  q: SearchQuery,
  o: IssueSearchOptions,
  corrected?: string[][] | null,
): Promise<IssueSearchRow[]> {
  if (corrected === undefined && !o.intake) corrected = await correctWords(db, o.workspaceId, wordsToCorrect(q));
  return db.execute<IssueSearchRow>(issueSearchSql(q, o, corrected ?? null));
}

/** Near known words taken for each query word, nearest first. */
export const CORRECTIONS_PER_WORD = 8;

/**
 * Each query word's nearest words of the workspace's search dictionary (`search_words`, db/sql/search.sql): those
 * the word is near by trigram word similarity (the threshold `inSearch` sets, as the fuzzy tier's; a word is near
 * itself and the words it is part of), nearest first, at most CORRECTIONS_PER_WORD. Null when there is no word to
 * correct or some word has no near known word (then the fuzzy tier compares the text with each name instead).
 * A separate statement, so the work-item statement is planned for the corrected words themselves (a common word is
 * found by walking the newest items, a rare one through the full-text index).
 */
export async function correctWords(db: DbOrTx, workspaceId: string, words: string[]): Promise<string[][] | null> {
  if (!words.length) return null;
  return corrections(
    await db.execute<{ words: string[] }>(sql`${correctionSql(workspaceId, words, sql``, sql`true`)} ORDER BY q.n`),
    words,
  );
}

/** A text[] parameter of these words. */
export const textArray = (words: string[]): SQL =>
  sql`${`{${words.map((w) => `"${w.replace(/["\\]/g, (c) => "\\" + c)}"`).join(",")}}`}::text[]`;

/** One row per query word (in order, when ordered by `q.n`): its near known words, read once `after` (of `from`) is true. */
function correctionSql(workspaceId: string, words: string[], from: SQL, after: SQL): SQL {
  return sql`SELECT ARRAY(SELECT sw.word FROM search_words sw WHERE sw.workspace = ${workspaceId}::uuid AND q.w <% sw.word
      ORDER BY word_similarity(q.w, sw.word) DESC, similarity(q.w, sw.word) DESC, sw.word LIMIT ${CORRECTIONS_PER_WORD}) AS words
    FROM ${from} unnest(CASE WHEN ${after} THEN ${textArray(words)} END) WITH ORDINALITY q(w, n)`;
}

const corrections = (rows: { words: string[] }[], words: string[]): string[][] | null => {
  const corrected = rows.map((r) => r.words);
  return corrected.length === words.length && corrected.every((c) => c.length) ? corrected : null;
};

/**
 * Requests waiting in intake (pending or snoozed) that match; a guest sees only those they filed (the intake
 * list's rule). They are few, so every match is ranked.
 */
function intakeSearchSql(q: SearchQuery, o: IssueSearchOptions): SQL {
  const me = sql`${o.userId}::uuid`;
  const conds: SQL[] = [
    sql`i.workspace = ${o.workspaceId}::uuid`,
    sql`i.deleted_at IS NULL AND i.archived_at IS NULL AND i.is_draft = false AND i.is_epic = false`,
    sql`i.id IN (SELECT ii.issue FROM intake_issues ii WHERE ii.workspace = ${o.workspaceId}::uuid AND ii.status IN (${INTAKE_STATUS.pending}, ${INTAKE_STATUS.snoozed}))`,
    sql`(pm.role >= ${GUEST_BELOW} OR i.created_by = ${me})`,
    maybe(
      q,
      () =>
        sql`(i.name ILIKE ${q.like}::text OR ${q.text}::text <% i.name OR ${ISSUE_FTS} @@ plainto_tsquery('simple', ${q.text}::text))`,
    ),
    ...(o.extra ?? []),
  ];
  if (o.projectId) conds.push(sql`i.project = ${o.projectId}::uuid`);
  return sql`
    SELECT ${ISSUE_COLUMNS}
    FROM issues i
    JOIN projects p ON p.id = i.project AND p.archived_at IS NULL
    JOIN project_members pm ON pm.project = i.project AND pm.member = ${me} AND pm.is_active = true
    LEFT JOIN states s ON s.id = i.state
    WHERE ${sql.join(conds, sql` AND `)}
    ORDER BY ${issueRank(q)} DESC, i.created_at DESC, i.id
    LIMIT ${o.limit}`;
}

// ---------------------------------------------------------------- projects, cycles, modules, views, workspaces

export type ProjectSearchRow = { id: string; name: string; identifier: string; logo_props: unknown };

/** Projects: the caller's (member) projects; `includePublic` adds the workspace's public (network 2) projects. */
export function projectsSearchSql(
  q: SearchQuery,
  workspaceId: string,
  userId: string,
  limit: number,
  includePublic = false,
): SQL {
  const member = sql`EXISTS (SELECT 1 FROM project_members pm WHERE pm.project = p.id AND pm.member = ${userId}::uuid AND pm.is_active = true)`;
  return sql`
    SELECT p.id, p.name, p.identifier, p.logo_props FROM projects p
    WHERE p.workspace = ${workspaceId}::uuid AND p.archived_at IS NULL
      AND ${includePublic ? sql`(${member} OR p.network = 2)` : member}
      AND ${maybe(q, () => textMatch(q, sql`p.name`, sql`p.identifier`))}
    ORDER BY ${q.text ? nameRank(q, sql`p.name`) : sql`0::float`} DESC, p.created_at DESC, p.id
    LIMIT ${limit}`;
}

export type ProjectEntityRow = {
  id: string;
  name: string;
  project_id: string;
  project__identifier: string;
  status: string;
  logo_props: unknown;
};

/** The caller's active membership of a non-archived project `p` that `t.project` points at. */
const memberProject = (alias: string, userId: string) => sql`
    JOIN projects p ON p.id = ${sql.raw(alias)}.project AND p.archived_at IS NULL
    JOIN project_members pm ON pm.project = p.id AND pm.member = ${userId}::uuid AND pm.is_active = true`;

/** Cycles with their computed status (CURRENT, UPCOMING, COMPLETED, DRAFT). */
export function cyclesSearchSql(
  q: SearchQuery,
  workspaceId: string,
  userId: string,
  projectId: string | undefined,
  limit: number,
): SQL {
  return sql`
    SELECT c.id, c.name, c.project AS project_id, p.identifier AS project__identifier, c.logo_props,
      CASE WHEN c.start_date IS NULL OR c.end_date IS NULL THEN 'DRAFT'
           WHEN c.end_date < now() THEN 'COMPLETED'
           WHEN c.start_date <= now() THEN 'CURRENT'
           ELSE 'UPCOMING' END AS status
    FROM cycles c ${memberProject("c", userId)}
    WHERE c.workspace = ${workspaceId}::uuid AND c.archived_at IS NULL
      ${projectId ? sql`AND c.project = ${projectId}::uuid` : sql``}
      AND ${maybe(q, () => textMatch(q, sql`c.name`))}
    ORDER BY ${q.text ? nameRank(q, sql`c.name`) : sql`0::float`} DESC, c.created_at DESC, c.id
    LIMIT ${limit}`;
}

/** Modules with their stored status. */
export function modulesSearchSql(
  q: SearchQuery,
  workspaceId: string,
  userId: string,
  projectId: string | undefined,
  limit: number,
): SQL {
  return sql`
    SELECT m.id, m.name, m.project AS project_id, p.identifier AS project__identifier, m.logo_props, m.status
    FROM modules m ${memberProject("m", userId)}
    WHERE m.workspace = ${workspaceId}::uuid AND m.archived_at IS NULL
      ${projectId ? sql`AND m.project = ${projectId}::uuid` : sql``}
      AND ${maybe(q, () => textMatch(q, sql`m.name`))}
    ORDER BY ${q.text ? nameRank(q, sql`m.name`) : sql`0::float`} DESC, m.created_at DESC, m.id
    LIMIT ${limit}`;
}

export type ViewSearchRow = { id: string; name: string; project_id: string | null; project__identifier: string | null };

/** Saved views: project views of the caller's projects and the workspace's global views (not team views); own or public only. */
export function viewsSearchSql(
  q: SearchQuery,
  workspaceId: string,
  userId: string,
  projectId: string | undefined,
  limit: number,
): SQL {
  return sql`
    SELECT v.id, v.name, v.project AS project_id, p.identifier AS project__identifier
    FROM issue_views v
    LEFT JOIN projects p ON p.id = v.project
    WHERE v.workspace = ${workspaceId}::uuid AND v.archived_at IS NULL AND v.teamspace IS NULL
      AND (v.owned_by = ${userId}::uuid OR v.access = 1)
      AND (v.project IS NULL OR (p.archived_at IS NULL AND EXISTS (
        SELECT 1 FROM project_members pm WHERE pm.project = v.project AND pm.member = ${userId}::uuid AND pm.is_active = true)))
      ${projectId ? sql`AND v.project = ${projectId}::uuid` : sql``}
      AND ${maybe(q, () => textMatch(q, sql`v.name`))}
    ORDER BY ${q.text ? nameRank(q, sql`v.name`) : sql`0::float`} DESC, v.created_at DESC, v.id
    LIMIT ${limit}`;
}

export type WorkspaceSearchRow = { id: string; name: string; slug: string };

/** Workspaces the caller is an active member of. */
export function workspacesSearchSql(q: SearchQuery, userId: string, limit: number): SQL {
  return sql`
    SELECT w.id, w.name, w.slug FROM workspaces w
    JOIN workspace_members wm ON wm.workspace = w.id AND wm.member = ${userId}::uuid AND wm.is_active = true
    WHERE ${maybe(q, () => textMatch(q, sql`w.name`, sql`w.slug`))}
    ORDER BY ${q.text ? nameRank(q, sql`w.name`) : sql`0::float`} DESC, w.created_at DESC
    LIMIT ${limit}`;
}

// ---------------------------------------------------------------- people (mentions)

export type MemberSearchRow = { id: string; display_name: string; avatar: string; avatar_asset: string | null };

/** Active non-bot members of the project (or of the workspace) matching first, last or display name. */
export function membersSearchSql(
  q: SearchQuery,
  workspaceId: string,
  projectId: string | undefined,
  limit: number,
): SQL {
  const scope = projectId
    ? sql`JOIN project_members m ON m.member = u.id AND m.project = ${projectId}::uuid`
    : sql`JOIN workspace_members m ON m.member = u.id AND m.workspace = ${workspaceId}::uuid`;
  return sql`
    SELECT u.id, u.display_name, u.avatar, u.avatar_asset
    FROM users u ${scope}
    WHERE m.is_active = true AND u.is_bot = false
      AND ${maybe(q, () => textMatch(q, sql`u.display_name`, sql`u.first_name`, sql`u.last_name`))}
    ORDER BY ${q.text ? nameRank(q, sql`u.display_name`) : sql`0::float`} DESC, lower(u.display_name), u.id
    LIMIT ${limit}`;
}

/**
 * Word similarity that still counts a misspelled word as a match ("chekout" ~ "Checkout" is 0.55, the swapped "onbaording" ~ "onboarding" 0.47); pg_trgm's
 * default of 0.6 misses such typos.
 */
export const WORD_SIMILARITY_THRESHOLD = 0.4;

/** The search's settings, for the rest of the transaction; `ok` is true. */
const SETTINGS =
  sql.raw(`SELECT set_config('pg_trgm.word_similarity_threshold', '${WORD_SIMILARITY_THRESHOLD}', true) IS NOT NULL
  AND set_config('plan_cache_mode', 'force_custom_plan', true) IS NOT NULL AS ok`);

/**
 * Run one request's searches in one transaction with the search's similarity threshold and a plan made for every
 * query (which index fits depends on how common its words are: a cached generic plan would walk every item for a
 * rare word). With `correct`, the dictionary's corrections of the query's words (`correctWords`) come in the same
 * statement as the settings (the words are read only once the settings are made: the lateral join's order) and are
 * passed to `fn`, whose lookups then take one more statement (`searchInOne`) planned for the corrected words.
 */
export function inSearch<T>(
  app: AppContext,
  fn: (db: DbOrTx, corrected: string[][] | null) => Promise<T>,
  correct?: { workspaceId: string; q: SearchQuery },
): Promise<T> {
  return app.db.transaction(async (tx) => {
    const words = correct ? wordsToCorrect(correct.q) : [];
    if (!correct || !words.length) {
      await tx.execute(SETTINGS);
      return fn(tx, null);
    }
    const rows = await tx.execute<{ words: string[] }>(
      sql`${correctionSql(correct.workspaceId, words, sql`(${SETTINGS}) cfg CROSS JOIN LATERAL`, sql`cfg.ok`)} ORDER BY q.n`,
    );
    return fn(tx, corrections(rows, words));
  });
}

/**
 * Several searches in one statement (one round trip and one plan instead of one per entity type): each search a
 * column holding its rows, in its order, as a JSON array.
 */
export async function searchInOne<R extends Record<string, unknown[]>>(
  db: DbOrTx,
  parts: { [K in keyof R]?: SQL },
): Promise<Partial<R>> {
  const cols = Object.entries(parts as Record<string, SQL>).map(
    ([k, q]) => sql`(SELECT coalesce(json_agg(r), '[]'::json) FROM (${q}) r) AS ${sql.identifier(k)}`,
  );
  if (!cols.length) return {};
  const [row] = await db.execute<Record<string, unknown>>(sql`SELECT ${sql.join(cols, sql`, `)}`);
  return row as Partial<R>;
}

export type PageSearchRow = {
  id: string;
  name: string;
  project_id: string;
  project__identifier: string;
  logo_props: unknown;
};

/** Pages the caller may read (public ones of their projects and their own private ones), not archived. */
export function pagesSearchSql(
  q: SearchQuery,
  workspaceId: string,
  userId: string,
  projectId: string | undefined,
  limit: number,
): SQL {
  return sql`
    SELECT g.id, g.name, g.project AS project_id, p.identifier AS project__identifier, g.logo_props
    FROM pages g ${memberProject("g", userId)}
    WHERE g.workspace = ${workspaceId}::uuid AND g.archived_at IS NULL
      AND (g.access = 0 OR g.owned_by = ${userId}::uuid)
      ${projectId ? sql`AND g.project = ${projectId}::uuid` : sql``}
      AND ${maybe(q, () => textMatch(q, sql`g.name`))}
    ORDER BY ${q.text ? nameRank(q, sql`g.name`) : sql`0::float`} DESC, g.updated_at DESC, g.id
    LIMIT ${limit}`;
}
