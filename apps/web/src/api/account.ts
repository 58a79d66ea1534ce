/**
 * The caller's account settings beyond the profile: their signed-in sessions (list, sign another out, sign all the
 * others out) and their notification preferences (which work-item news reaches them).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { NotificationPreferences, UserSession } from "@stride/shared/contract";
import { userEndpoints as U, type BodyOf } from "@stride/shared/endpoints";
import { call } from "./client.ts";

export type { NotificationPreferences, UserSession };

export const accountKeys = {
  sessions: ["me", "sessions"] as const,
  notificationPreferences: ["me", "notification-preferences"] as const,
};

export const sessionsQuery = queryOptions({
  queryKey: accountKeys.sessions,
  queryFn: () => call(U.sessions, {}),
});
export const notificationPreferencesQuery = queryOptions({
  queryKey: accountKeys.notificationPreferences,
  queryFn: () => call(U.notificationPreferences, {}),
});

export const useSessions = () => useQuery(sessionsQuery);
export const useNotificationPreferences = () => useQuery(notificationPreferencesQuery);

/** Sign one other session out (`id`), or every other one (no id). */
export function useRevokeSessions() {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: "Could not sign the session out" },
    mutationFn: ({ id }: { id?: string }) =>
      id === undefined ? call(U.endOtherSessions, {}) : call(U.endSession, { sessionId: id }),
    onSuccess: (_r, { id }) => {
      qc.setQueryData<UserSession[]>(accountKeys.sessions, (old) =>
        old?.filter((s) => s.is_current || (id !== undefined && s.id !== id)),
      );
      void qc.invalidateQueries({ queryKey: accountKeys.sessions });
    },
  });
}

/** Change one or more preferences: shown at once, put back if the server refuses. */
export function useUpdateNotificationPreferences() {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: "Could not save the notification preference" },
    mutationFn: (patch: BodyOf<typeof U.updateNotificationPreferences>) =>
      call(U.updateNotificationPreferences, {}, patch),
    onMutate: async (patch) => {
      await qc.cancelQueries({ queryKey: accountKeys.notificationPreferences });
      const prev = qc.getQueryData<NotificationPreferences>(accountKeys.notificationPreferences);
      if (prev) qc.setQueryData(accountKeys.notificationPreferences, { ...prev, ...patch });
      return { prev };
    },
    onError: (_e, _p, ctx) => {
      if (ctx?.prev) qc.setQueryData(accountKeys.notificationPreferences, ctx.prev);
    },
    onSuccess: (p) => qc.setQueryData(accountKeys.notificationPreferences, p),
  });
}
