// NUL characters in a request: found at any depth, and refused with a 400 before the input reaches a schema or SQL.
import { errors } from "./errors.ts";

export const NUL_MESSAGE = "Null characters are not allowed.";

interface NulFrame {
  value: unknown;
  key: string | null;
  parent: NulFrame | null;
}

function nulPath(frame: NulFrame | null): string[] {
  const path: string[] = [];
  for (let f = frame; f && f.key !== null; f = f.parent) path.push(f.key);
  return path.reverse();
}

/**
 * The path (`a.b.0`) of the first string or key holding a NUL character, at any depth; null when none.
 * Walked with a stack of its own, not recursion: a deep value must not overflow the call stack (issue #24).
 */
export function findNul(value: unknown): string[] | null {
  const stack: NulFrame[] = [{ value, key: null, parent: null }];
  while (stack.length) {
    const frame = stack.pop()!;
    const v = frame.value;
    // a key holding a NUL is reported at its object's path, in the order the keys come
    if (frame.key !== null && frame.parent && !Array.isArray(frame.parent.value) && frame.key.includes("\u0000"))
      return nulPath(frame.parent);
    if (typeof v === "string") {
      if (v.includes("\u0000")) return nulPath(frame);
      continue;
    }
    if (v === null || typeof v !== "object" || ArrayBuffer.isView(v)) continue;
    const children: [string, unknown][] = Array.isArray(v) ? v.map((item, i) => [String(i), item]) : Object.entries(v);
    for (let i = children.length - 1; i >= 0; i--)
      stack.push({ value: children[i][1], key: children[i][0], parent: frame });
  }
  return null;
}

/**
 * NUL characters cannot be stored (PostgreSQL text refuses them) and name nothing, so every route refuses
 * them with a 400 before its input reaches a schema or SQL: body strings and keys at any depth, query
 * strings, path params.
 */
export function refuseNul(value: unknown, where: "params" | "query" | "body"): void {
  const hit = findNul(value);
  if (!hit) return;
  const key = hit.join(".");
  if (where === "params") throw errors.badRequest(NUL_MESSAGE);
  if (where === "query") throw errors.badParam(key ? `${key}: ${NUL_MESSAGE}` : NUL_MESSAGE);
  throw errors.field(key || "non_field_errors", NUL_MESSAGE);
}
