import { ProviderError, TRANSIENT_KINDS } from "../providers/errors.ts";

/**
 * When a model call that failed is tried again (issue #24 point 10): a rate limit (429), a server failure (5xx, or
 * an error event of the stream) or a dropped connection passes, so the agent loop waits and tries again, up to
 * MODEL_ATTEMPTS calls in all, before the run fails. The wait doubles from RETRY_BASE_MS (with jitter, at most
 * RETRY_MAX_MS), or is what the server asked for in Retry-After if it said; a server asking for longer than
 * RETRY_AFTER_MAX_MS is not waited for.
 */
export const MODEL_ATTEMPTS = 5;
export const RETRY_BASE_MS = 1000;
export const RETRY_MAX_MS = 30_000;
export const RETRY_AFTER_MAX_MS = 120_000;

/** The wait before call `attempt + 1` after call `attempt` failed with `e`, or null: fail now. */
export function retryDelay(e: unknown, attempt: number, random: () => number = Math.random): number | null {
  if (!(e instanceof ProviderError) || !TRANSIENT_KINDS.includes(e.kind) || attempt >= MODEL_ATTEMPTS) return null;
  if (e.retryAfterMs !== undefined) return e.retryAfterMs <= RETRY_AFTER_MAX_MS ? e.retryAfterMs : null;
  const backoff = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** (attempt - 1));
  return Math.round(backoff * (0.8 + 0.4 * random()));
}

/** Wait `ms`, or until `signal` aborts (then rejects with its reason). */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
