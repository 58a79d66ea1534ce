/** A list's saved choices (filters, display filters and properties) per project, epics, module or cycle; optimistic partial saves. */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "./client.ts";
import type { UserProperties } from "./work-items-types.ts";
import { P, wiKeys, type PropsScope } from "./work-items.ts";

const propsPath = (scope: PropsScope) =>
  scope === "epics"
    ? "epics-user-properties/"
    : scope.startsWith("module:")
      ? `modules/${scope.slice(7)}/user-properties/`
      : scope.startsWith("cycle:")
        ? `cycles/${scope.slice(6)}/user-properties/`
        : "user-properties/";

/** P/user-properties/ (work items), P/epics-user-properties/ (epics), P/modules/{id}/ or P/cycles/{id}/user-properties/; GET creates them with defaults. */
export const userPropertiesQuery = (slug: string, pid: string, kind: PropsScope = "issues") =>
  queryOptions({
    queryKey: wiKeys.props(slug, pid, kind),
    queryFn: () => api<UserProperties>(`${P(slug, pid)}/${propsPath(kind)}`),
    staleTime: 60_000,
  });

export function useUserProperties(slug: string, pid: string, kind: PropsScope = "issues", enabled = true) {
  return useQuery({ ...userPropertiesQuery(slug, pid, kind), enabled: enabled && !!pid });
}

export type PropsPatch = Partial<Pick<UserProperties, "filters" | "display_filters" | "display_properties">>;

function mergeProps(prev: UserProperties, patch: PropsPatch): UserProperties {
  return {
    ...prev,
    filters: patch.filters ? { ...prev.filters, ...patch.filters } : prev.filters,
    display_filters: patch.display_filters
      ? { ...prev.display_filters, ...patch.display_filters }
      : prev.display_filters,
    display_properties: patch.display_properties
      ? { ...prev.display_properties, ...patch.display_properties }
      : prev.display_properties,
  };
}

/**
 * Partial PATCH, optimistic: the cache changes synchronously (in the same event as the click, so a
 * checkbox never flickers back) and a refusal restores the previous choices.
 */
export function useUpdateUserProperties(slug: string, pid: string, kind: PropsScope = "issues") {
  const qc = useQueryClient();
  const key = wiKeys.props(slug, pid, kind);
  const path = propsPath(kind);
  const m = useMutation({
    mutationFn: ({ patch }: { patch: PropsPatch; prev?: UserProperties }) =>
      api<UserProperties>(`${P(slug, pid)}/${path}`, { method: "PATCH", body: patch }),
    meta: { errorTitle: "Could not save the list settings" },
    onError: (_e, v) => {
      if (v.prev) qc.setQueryData(key, v.prev);
    },
  });
  return {
    ...m,
    mutate: (patch: PropsPatch) => {
      const prev = qc.getQueryData<UserProperties>(key);
      if (prev) qc.setQueryData<UserProperties>(key, mergeProps(prev, patch));
      void qc.cancelQueries({ queryKey: key });
      m.mutate({ patch, prev });
    },
  };
}
