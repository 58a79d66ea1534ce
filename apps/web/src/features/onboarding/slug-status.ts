import { useEffect, useState } from "react";
import { ApiError, errorMessage } from "../../api/client.ts";

export type SlugStatus = "idle" | "checking" | "available" | "taken" | "invalid";

/**
 * A workspace URL's availability, checked as it is typed (onboarding and god mode's create form): local rules and
 * reserved slugs first (`problem`), then the server's slug check `isFree` (debounced); a failed check is told through
 * `onError`. `isFree` and `onError` must keep their identity across renders.
 */
export function useSlugStatus(
  slug: string,
  problem: string | undefined,
  isFree: (slug: string, signal: AbortSignal) => Promise<boolean>,
  onError: (message: string) => void,
): SlugStatus {
  const [status, setStatus] = useState<SlugStatus>("idle");
  useEffect(() => {
    if (!slug) {
      setStatus("idle");
      return;
    }
    if (problem) {
      setStatus("invalid");
      return;
    }
    setStatus("checking");
    const ctl = new AbortController();
    const t = setTimeout(() => {
      isFree(slug, ctl.signal).then(
        (free) => setStatus(free ? "available" : "taken"),
        (e) => {
          if (!ctl.signal.aborted) {
            setStatus("idle");
            onError(errorMessage((e as ApiError).body) ?? "Could not check the URL.");
          }
        },
      );
    }, 300);
    return () => {
      clearTimeout(t);
      ctl.abort();
    };
  }, [slug, problem, isFree, onError]);
  return status;
}
