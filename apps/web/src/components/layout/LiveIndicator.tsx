import { useEffect, useState } from "react";
import { useLiveStatus } from "../../api/live.ts";

/** Shown while the realtime channel is down (after a moment, so a quick reconnect does not flash it). */
const SHOW_AFTER_MS = 800;

export function LiveIndicator() {
  const status = useLiveStatus();
  const down = status === "reconnecting";
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!down) {
      setShown(false);
      return;
    }
    const t = setTimeout(() => setShown(true), SHOW_AFTER_MS);
    return () => clearTimeout(t);
  }, [down]);
  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed bottom-3 left-1/2 z-50 -translate-x-1/2">
      {shown && down && (
        <span data-live-indicator className="flex items-center gap-2 rounded-full bg-warning-soft px-3 py-1 text-xs font-medium text-warning-strong shadow">
          <span aria-hidden className="h-2 w-2 animate-pulse rounded-full bg-amber-500" />
          Reconnecting… changes by others will appear when the connection is back
        </span>
      )}
    </div>
  );
}
