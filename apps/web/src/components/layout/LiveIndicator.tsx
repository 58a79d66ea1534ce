import { useEffect, useState, useSyncExternalStore } from "react";
import { useLiveStatus } from "../../api/live.ts";
import { useLocalDb } from "../../api/local-db/client.ts";

/** Shown while the realtime channel is down (after a moment, so a quick reconnect does not flash it). */
const SHOW_AFTER_MS = 800;

const subscribeOnline = (fn: () => void) => {
  addEventListener("online", fn);
  addEventListener("offline", fn);
  return () => {
    removeEventListener("online", fn);
    removeEventListener("offline", fn);
  };
};

const waiting = (n: number) => `${n} ${n === 1 ? "change" : "changes"} waiting to be sent`;

/**
 * The connection's state at the bottom of the screen: offline (the browser has no network), reconnecting (the
 * realtime channel is down), and how many edits the local database's outbox still holds for the server.
 */
export function LiveIndicator() {
  const status = useLiveStatus();
  const online = useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
  const { outbox } = useLocalDb();
  const down = status === "reconnecting" || !online;
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!down) {
      setShown(false);
      return;
    }
    const t = setTimeout(() => setShown(true), SHOW_AFTER_MS);
    return () => clearTimeout(t);
  }, [down]);
  const text = !online
    ? `Offline · ${outbox ? waiting(outbox) : "changes by others will appear when the connection is back"}`
    : down
      ? `Reconnecting… ${outbox ? waiting(outbox) : "changes by others will appear when the connection is back"}`
      : outbox
        ? waiting(outbox)
        : null;
  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed bottom-3 left-1/2 z-50 -translate-x-1/2">
      {text && (shown || !down) && (
        <span
          data-live-indicator
          className="flex items-center gap-2 rounded-full bg-warning-soft px-3 py-1 text-xs font-medium text-warning-strong shadow"
        >
          <span aria-hidden className="h-2 w-2 animate-pulse rounded-full bg-amber-500" />
          {text}
        </span>
      )}
    </div>
  );
}
