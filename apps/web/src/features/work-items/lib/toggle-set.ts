/** A copy of `set` with `key` added, or removed when it was there (collapsed groups and lanes, expanded days). */
export function toggled<T>(set: ReadonlySet<T>, key: T): Set<T> {
  const n = new Set(set);
  if (n.has(key)) n.delete(key);
  else n.add(key);
  return n;
}
