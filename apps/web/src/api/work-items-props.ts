/** A list's saved choices (filters, display filters and properties) per project, epics, module or cycle; optimistic partial saves. */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  cycleEndpoints as CE,
  moduleEndpoints as ME,
  userPropertiesEndpoints as UP,
  type BodyOf,
} from "@stride/shared/endpoints";
import { call } from "./client.ts";
import type { UserProperties } from "./work-items-types.ts";
import { wiKeys, type PropsScope } from "./work-items.ts";

/**
 * A patch as the endpoints' body: the screens keep display filters as `DisplayFilters`, whose open keys are
 * `unknown` (what another client stored, read back from the server's JSON); the body schema names them JSON.
 */
const asBody = (patch: PropsPatch) => patch as BodyOf<typeof UP.update>;

/** The endpoints of a scope's saved choices: its GET (which creates them with defaults) and its partial PATCH. */
function propsCalls(slug: string, pid: string, scope: PropsScope) {
  const at = { slug, projectId: pid };
  if (scope.startsWith("module:")) {
    const p = { ...at, moduleId: scope.slice(7) };
    return {
      get: () => call(ME.userProperties, p),
      patch: (body: PropsPatch) => call(ME.updateUserProperties, p, asBody(body)),
    };
  }
  if (scope.startsWith("cycle:")) {
    const p = { ...at, cycleId: scope.slice(6) };
    return {
      get: () => call(CE.userProperties, p),
      patch: (body: PropsPatch) => call(CE.updateUserProperties, p, asBody(body)),
    };
  }
  const [get, update] = scope === "epics" ? [UP.epicsGet, UP.epicsUpdate] : [UP.get, UP.update];
  return { get: () => call(get, at), patch: (body: PropsPatch) => call(update, at, asBody(body)) };
}

/** P/user-properties/ (work items), P/epics-user-properties/ (epics), P/modules/{id}/ or P/cycles/{id}/user-properties/; GET creates them with defaults. */
export const userPropertiesQuery = (slug: string, pid: string, kind: PropsScope = "issues") =>
  queryOptions({
    queryKey: wiKeys.props(slug, pid, kind),
    queryFn: () => propsCalls(slug, pid, kind).get(),
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
  const calls = propsCalls(slug, pid, kind);
  const m = useMutation({
    mutationFn: ({ patch }: { patch: PropsPatch; prev?: UserProperties }) => calls.patch(patch),
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
