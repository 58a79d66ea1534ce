/**
 * Text from outside (command output, files read by an agent, a model's words, an MCP server's answer) made safe to
 * store and to show: PostgreSQL text and jsonb cannot hold NUL, jsonb refuses unpaired surrogates, and control
 * characters are invisible or garble a screen. Terminal escape sequences (colours, cursor moves) are dropped;
 * the other control characters (all but tab, line feed and carriage return) become their visible symbols from
 * Unicode's Control Pictures block (NUL → ␀, ESC → ␛, DEL → ␡); unpaired surrogates become U+FFFD.
 */

// CSI sequences (ESC [ … final byte) and OSC sequences (ESC ] … BEL or ESC \), as terminals read them
const TERMINAL_ESCAPES = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)/g;
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export function printable(text: string): string {
  // the common case (plain text) costs one test
  if (!/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ud800-\udfff]/.test(text)) return text;
  return text
    .replace(TERMINAL_ESCAPES, "")
    .replace(CONTROLS, (c) => (c === "\u007f" ? "\u2421" : String.fromCharCode(0x2400 + c.charCodeAt(0))))
    .replace(LONE_SURROGATE, "\ufffd");
}

/** `printable` over every string of a JSON value (keys included), for jsonb columns. */
export function printableJson<T>(value: T): T {
  if (typeof value === "string") return printable(value) as T;
  if (Array.isArray(value)) return value.map(printableJson) as T;
  if (value && typeof value === "object" && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [printable(k), printableJson(v)])) as T;
  }
  return value;
}
