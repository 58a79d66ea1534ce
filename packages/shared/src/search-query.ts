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
  const numbers = (key ? [key[2]] : text.match(/\b\d+\b/g) ?? []).map(Number).filter((n) => Number.isSafeInteger(n) && n <= INT_MAX);
  return {
    text,
    like: `%${escapeLike(text)}%`,
    identifier: key ? key[1].toUpperCase() : null,
    sequenceIds: [...new Set(numbers)],
  };
}

/**
 * A result's rank from its match signals: an exact `PROJ-12` key first, then a name containing the text, then
 * the best of word similarity and full-text rank. The SQL of each search computes the same sum (core/search.ts
 * `rankSql`); this is its reference definition, unit-tested.
 */
export interface RankSignals {
  exactKey: boolean;
  nameContains: boolean;
  /** pg_trgm word_similarity(query, name), 0..1. */
  similarity: number;
  /** ts_rank of the full text, 0..1. */
  textRank: number;
}

export const RANK_WEIGHTS = { exactKey: 4, nameContains: 2 } as const;

export function searchRank(s: RankSignals): number {
  return (s.exactKey ? RANK_WEIGHTS.exactKey : 0) + (s.nameContains ? RANK_WEIGHTS.nameContains : 0) + Math.max(s.similarity, s.textRank);
}
