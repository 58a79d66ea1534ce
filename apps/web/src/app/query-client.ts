import { MutationCache, QueryClient, type Mutation, type Query } from "@tanstack/react-query";
import { ApiError, errorMessage } from "../api/client.ts";
import { showToast, type ToastKind } from "../components/ui/toast-bus.ts";
import type { MutationMeta } from "../api/mutation-meta.ts";
import { itemStore } from "../api/work-item-store.ts";

/**
 * Queries retry up to 3 times, but never on a 4xx answer (it would only repeat the same refusal);
 * they refetch on window focus and on mount; polling (where a query sets it) pauses while the tab
 * is hidden.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 3;
}

export type Notify = (kind: ToastKind, title: string, message?: string) => void;

/** The text of a failure: the server's message, else the error's own. */
export const failureText = (error: unknown): string | undefined =>
  errorMessage((error as { body?: unknown } | null)?.body) ?? (error as Error | null)?.message;

/**
 * The app's one place that shows the outcome of writes (the api layer describes them in `meta`, see
 * api/mutation-meta.ts): a failure is toasted with the mutation's `errorTitle` and the server's message
 * unless the mutation is `silent` (its screen shows the error); a `successTitle` is toasted on success.
 */
export function mutationFeedback(notify: Notify): MutationCache {
  const metaOf = (m: Mutation<unknown, unknown, unknown>): MutationMeta => m.meta ?? {};
  return new MutationCache({
    onError: (error, _vars, _ctx, mutation) => {
      const { silent, errorTitle } = metaOf(mutation);
      if (typeof silent === "function" ? silent(error) : silent) return;
      notify("error", errorTitle ?? "Something went wrong", failureText(error));
    },
    onSuccess: (_data, vars, _ctx, mutation) => {
      const { successTitle } = metaOf(mutation);
      if (successTitle) notify("success", successTitle, (vars as { label?: string } | null | undefined)?.label);
    },
  });
}

/**
 * An answer that was on its way when its query was invalidated was read before the write that invalidated it, yet
 * TanStack Query keeps it as fresh when nothing could cancel that fetch: a query with no data yet (a route's loader
 * started it and the screen's code is still loading), or no screen reading it. Such a query is asked again once that
 * answer has come (archiving a module and opening the archived modules at once showed an empty list).
 */
export function refetchAnswersReadBeforeInvalidation(qc: QueryClient): () => void {
  const inFlight = new WeakMap<Query, unknown>();
  return qc.getQueryCache().subscribe((e) => {
    if (e.type !== "updated") return;
    const q = e.query;
    if (e.action.type === "invalidate" && q.state.fetchStatus === "fetching") inFlight.set(q, q.promise);
    else if (e.action.type === "success" || e.action.type === "error") {
      const stale = inFlight.has(q) && inFlight.get(q) === q.promise;
      inFlight.delete(q);
      if (stale && e.action.type === "success") setTimeout(() => void q.fetch().catch(() => undefined), 0);
    }
  });
}

export function createQueryClient(notify: Notify = showToast): QueryClient {
  const qc = new QueryClient({
    mutationCache: mutationFeedback(notify),
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        refetchOnWindowFocus: true,
        refetchOnMount: true,
        refetchIntervalInBackground: false,
        staleTime: 10_000,
      },
      mutations: { retry: false },
    },
  });
  // work items live once, by id, beside the cache (api/work-item-store.ts): it watches the cache from the start
  itemStore(qc);
  refetchAnswersReadBeforeInvalidation(qc);
  return qc;
}
