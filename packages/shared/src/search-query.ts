/**
 * How a search box's text is read (wire-facts-2 §6): the text itself (matched by name, full text and trigram
 * similarity), a `PROJ-12` work-item key, and whole integers that match sequence ids. Pure, shared by the server's
 * search queries and the web's palette.
 */
export interface SearchQuery {
  /** Trimmed text, at most SEARCH_TEXT_MAX characters. */
  text: string;
  /** `%text%` with LIKE's wildcards escaped, for case-insensitive substring matches. */
  like: string;
  /** Upper-cased project identifier of a `PROJ-12` key, else null. */
  identifier: string | null;
  /** Whole integers in the query (the key's number first), deduplicated, within Postgres' integer range. */
  sequenceIds: number[];
}

export const SEARCH_TEXT_MAX = 255;
const INT_MAX = 2147483647;
const KEY_RE = /^([A-Za-z0-9]{1,12})-(\d{1,10})$/;

export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => "\\" + c);
}

export function parseSearchQuery(raw: string | null | undefined): SearchQuery {
  const text = (raw ?? "").trim().slice(0, SEARCH_TEXT_MAX);
  const key = KEY_RE.exec(text);
  const numbers = (key ? [key[2]] : (text.match(/\b\d+\b/g) ?? []))
    .map(Number)
    .filter((n) => Number.isSafeInteger(n) && n <= INT_MAX);
  return {
    text,
    like: `%${escapeLike(text)}%`,
    identifier: key ? key[1].toUpperCase() : null,
    sequenceIds: [...new Set(numbers)],
  };
}

/** Words of at most this many query words are matched one by one in the fuzzy tier (longer queries as a whole). */
export const FUZZY_WORDS_MAX = 4;

/**
 * The query's words that are matched one by one in the fuzzy tier (each must be a near match of a word of the
 * name): lower-cased, at least 3 letters or digits (shorter ones have too few trigrams to be near anything),
 * deduplicated. Empty when there are fewer than two such words (then the whole text is the one fuzzy term) or more
 * than FUZZY_WORDS_MAX.
 */
export function fuzzyWords(text: string): string[] {
  const words = queryWords(text);
  return words.length >= 2 && words.length <= FUZZY_WORDS_MAX ? words : [];
}

/** The query's words of at least 3 letters or digits, lower-cased, deduplicated, in order. */
function queryWords(text: string): string[] {
  return [...new Set((text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length >= 3))];
}

/**
 * The query's words that the search dictionary corrects (each to the workspace's nearest known words, then found
 * by full text): those of `fuzzyWords` that are not all digits (numbers are sequence ids, and the dictionary keeps
 * none), for a query of 1 to FUZZY_WORDS_MAX such words; empty otherwise (then the fuzzy tier compares the text
 * with each name instead).
 */
export function correctableWords(text: string): string[] {
  const words = queryWords(text).filter((w) => !/^\p{N}+$/u.test(w));
  return words.length <= FUZZY_WORDS_MAX ? words : [];
}

/**
 * A result's rank from its match signals: an exact `PROJ-12` key first, then a name containing the text, then a
 * name holding every word of the text (in any order), then the best of word similarity and full-text rank (so a
 * near, misspelled match ranks below every exact one). The work-item search computes the same sum in SQL
 * (routes/search/commands.ts `issueRank`); this is its reference definition, unit-tested.
 */
export interface RankSignals {
  exactKey: boolean;
  nameContains: boolean;
  /** Every word of the text is a whole word of the name (full text over the name alone). */
  nameWords: boolean;
  /** pg_trgm word_similarity(query, name), 0..1. */
  similarity: number;
  /** ts_rank of the full text, 0..1. */
  textRank: number;
}

/** Each weight exceeds the most all lower signals can add together (similarity and full-text rank are at most 1). */
export const RANK_WEIGHTS = { exactKey: 6, nameContains: 3, nameWords: 1.5 } as const;

export function searchRank(s: RankSignals): number {
  return (
    (s.exactKey ? RANK_WEIGHTS.exactKey : 0) +
    (s.nameContains ? RANK_WEIGHTS.nameContains : 0) +
    (s.nameWords ? RANK_WEIGHTS.nameWords : 0) +
    Math.max(s.similarity, s.textRank)
  );
}
