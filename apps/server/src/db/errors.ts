/** The error's code, looking through wrappers such as drizzle's DrizzleQueryError (`cause`). */
export function errorCode(err: unknown): string | undefined {
  for (
    let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    e = e.cause as typeof e, depth++
  ) {
    if (typeof e.code === "string" && e.code) return e.code;
  }
  return undefined;
}
