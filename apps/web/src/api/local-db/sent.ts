/**
 * New items made here that the server has now (their create left the outbox), by temporary id: kept in the local
 * database's options (`sent:<temporary id>`) for a day, so that a screen or an edit still naming the temporary id
 * after the send (a peek left open, a reload of its address, an edit made as the answer came) reaches the real item.
 */
import type { SentItem } from "./protocol.ts";

const PREFIX = "sent:";
const KEEP_MS = 24 * 60 * 60 * 1000;

interface Options {
  setOption(key: string, value: string | null): void;
  optionsLike(prefix: string): { key: string; value: string }[];
}

/** The item sent under `localId` is `id`, numbered `sequence_id`: kept, and added to `known`. */
export function recordSent(
  s: Options,
  known: Record<string, SentItem> | undefined,
  localId: string,
  id: string,
  sequence_id: number,
  now = Date.now(),
): Record<string, SentItem> {
  const item: SentItem = { id, sequence_id, at: now };
  s.setOption(PREFIX + localId, JSON.stringify(item));
  return { ...known, [localId]: item };
}

/** The items sent in the last day (older records are forgotten). */
export function loadSent(s: Options, now = Date.now()): Record<string, SentItem> {
  const out: Record<string, SentItem> = {};
  for (const { key, value } of s.optionsLike(PREFIX)) {
    let item: SentItem | null = null;
    try {
      item = JSON.parse(value) as SentItem;
    } catch {
      item = null;
    }
    if (item && typeof item.id === "string" && now - item.at < KEEP_MS) out[key.slice(PREFIX.length)] = item;
    else s.setOption(key, null);
  }
  return out;
}
