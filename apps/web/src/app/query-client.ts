import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "../api/client.ts";

/**
 * Queries retry up to 3 times, but never on a 4xx answer (it would only repeat the same refusal);
 * they refetch on window focus and on mount; polling (where a query sets it) pauses while the tab
 * is hidden.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 3;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
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
}
