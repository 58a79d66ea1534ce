/**
 * A JSON text made beforehand (a list item's, printed straight from its row: engine.ts `readRowsJson`), placed
 * verbatim into a response by `stringifyWithText`.
 */
export class JsonText {
  constructor(readonly text: string) {}
}

const skipped = (v: unknown) => v === undefined || typeof v === "function" || typeof v === "symbol";

/**
 * `JSON.stringify` of plain data (objects, arrays, primitives, values with `toJSON`) that may hold `JsonText` values,
 * which are written as they are: the same text `JSON.stringify` would give if each `JsonText` were the value it encodes.
 */
export function stringifyWithText(v: unknown): string {
  if (v instanceof JsonText) return v.text;
  if (Array.isArray(v)) {
    const parts: string[] = new Array(v.length);
    for (let i = 0; i < v.length; i++) parts[i] = skipped(v[i]) ? "null" : stringifyWithText(v[i]);
    return "[" + parts.join(",") + "]";
  }
  if (v !== null && typeof v === "object" && typeof (v as { toJSON?: unknown }).toJSON !== "function") {
    const parts: string[] = [];
    for (const k of Object.keys(v)) {
      const x = (v as Record<string, unknown>)[k];
      if (!skipped(x)) parts.push(JSON.stringify(k) + ":" + stringifyWithText(x));
    }
    return "{" + parts.join(",") + "}";
  }
  return JSON.stringify(v);
}
