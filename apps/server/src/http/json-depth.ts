/**
 * Deeply nested JSON is refused before it is parsed (issue #24 point 13): JSON.parse itself copes with any depth,
 * but whatever walks the parsed value afterwards (the NUL check, schemas, sanitisers) recurses, and 100,000 levels
 * overflowed the stack into a 500. The scan is one pass over the text without recursion: brackets inside strings
 * are not counted, and a malformed text is left to JSON.parse to refuse.
 */

/** Deeper than any body the app takes (a page's editor JSON at the HTML limit of 100 levels is about 200). */
export const MAX_JSON_DEPTH = 512;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

/** Whether the JSON text nests arrays and objects deeper than `max` levels. */
export function jsonTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > max) return true;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
      depth--;
    }
  }
  return false;
}
