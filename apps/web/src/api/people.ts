import { keepPreviousData, queryOptions, useMutation } from "@tanstack/react-query";
import type { UserActivityPage, UserProfileSummary } from "@stride/shared/contract";
import { profileEndpoints as PR } from "@stride/shared/endpoints";
import { call } from "./client.ts";

export type { UserActivityPage, UserProfileSummary };

/** The profile tabs listing a person's work items (`W/user-issues/{userId}/` with the tab's filter). */
export type PersonItemTab = "assigned" | "created" | "subscribed";

/** Every key starts with `peopleKeys.all(slug)`, which the live map invalidates when work items change. */
export const peopleKeys = {
  all: (slug: string) => ["people", slug] as const,
  person: (slug: string, userId: string) => ["people", slug, userId] as const,
};

export const userStatsQuery = (slug: string, userId: string) =>
  queryOptions({
    queryKey: [...peopleKeys.person(slug, userId), "stats"] as const,
    queryFn: () => call(PR.stats, { slug, userId }),
  });

export const userProfileQuery = (slug: string, userId: string) =>
  queryOptions({
    queryKey: [...peopleKeys.person(slug, userId), "profile"] as const,
    queryFn: () => call(PR.summary, { slug, userId }),
  });

/** One page of the person's activity, newest first. */
export const userActivityQuery = (slug: string, userId: string, page: number, perPage = 25) =>
  queryOptions({
    queryKey: [...peopleKeys.person(slug, userId), "activity", perPage, page] as const,
    queryFn: () =>
      call(PR.activity, { slug, userId }, undefined, { query: { per_page: perPage, cursor: `${perPage}:${page}:0` } }),
    placeholderData: keepPreviousData,
  });

/** Downloads the person's activity as a CSV file. */
export function useExportActivity(slug: string, userId: string) {
  return useMutation({
    mutationFn: async () => {
      const csv = await call(PR.exportActivity, { slug, userId }, {});
      return new Blob([csv ?? ""], { type: "text/csv" });
    },
    meta: { errorTitle: "Could not export the activity" },
  });
}
