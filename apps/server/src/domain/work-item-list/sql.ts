import { isTimeZone } from "@stride/shared";

/**
 * A tiny positional-parameter builder for the list engine's hand-written SQL. Every value goes through
 * `p()` (never into the text), so the statement is safe whatever the input.
 */
export class Params {
  values: unknown[] = [];
  private cache = new Map<string, string>();
  private aliases = 0;

  /**
   * A fresh table alias, numbered per statement, so the same request always yields the same SQL text
   * (prepared statements are cached by text).
   */
  alias(prefix: string): string {
    return `${prefix}${++this.aliases}`;
  }

  /** Add a value and return its placeholder, e.g. `$3::uuid`. Identical (value, cast) pairs share a placeholder. */
  p(value: unknown, cast?: string): string {
    const key =
      cast + "\u0000" + (Array.isArray(value) ? "[" + value.join(",") + "]" : typeof value + ":" + String(value));
    const hit = this.cache.get(key);
    if (hit) return hit;
    this.values.push(value);
    const ph = `$${this.values.length}${cast ? "::" + cast : ""}`;
    this.cache.set(key, ph);
    return ph;
  }
}

/**
 * SQL rendering a timestamptz as ISO-8601 text in the viewer's time zone (wire-facts §0): `Z` for UTC,
 * otherwise a `+hh:mm` offset, always with microseconds.
 */
export function isoExpr(col: string, tz: string, q: Params): string {
  if (tz === "UTC" || tz === "Etc/UTC") {
    return `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
  }
  const z = q.p(tz, "text");
  const off = `extract(epoch from ((${col} AT TIME ZONE ${z}) - (${col} AT TIME ZONE 'UTC')))::int`;
  return (
    `CASE WHEN ${col} IS NULL THEN NULL ELSE to_char(${col} AT TIME ZONE ${z}, 'YYYY-MM-DD"T"HH24:MI:SS.US') || ` +
    `CASE WHEN ${off} < 0 THEN '-' ELSE '+' END || lpad((abs(${off}) / 3600)::text, 2, '0') || ':' || lpad((abs(${off}) % 3600 / 60)::text, 2, '0') END`
  );
}

/** A time zone name we can hand to Postgres (IANA names only; anything else is treated as UTC). */
export function safeTimeZone(tz: string | null | undefined): string {
  return tz && isTimeZone(tz) ? tz : "UTC";
}
