/**
 * Copy each wire field of a PATCH body that is present (not `undefined`) onto the column named for it
 * in `columns`, e.g. `copyDefined(set, body, { user_timezone: "userTimezone" })`. `null` is copied.
 */
export function copyDefined<T extends object>(
  set: T,
  body: object,
  columns: Readonly<Record<string, keyof T & string>>,
): T {
  for (const [wire, column] of Object.entries(columns)) {
    const value = (body as Record<string, unknown>)[wire];
    if (value !== undefined) (set as Record<string, unknown>)[column] = value;
  }
  return set;
}
