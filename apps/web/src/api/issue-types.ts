import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  CreateIssuePropertyBody,
  CreateIssueTypeBody,
  IssueProperty,
  UpdateIssueTypeBody,
} from "@stride/shared/contract";
import { issueTypeEndpoints as E } from "@stride/shared/endpoints";
import { call } from "./client.ts";
import { qk } from "./query-keys.ts";

/** Work item types, their custom properties and options (issue #29): `P/issue-types/`, `P/issue-properties/`. */
const at = (slug: string, projectId: string) => ({ slug, projectId });

export const issueTypesQuery = (slug: string, pid: string) =>
  queryOptions({ queryKey: qk.issueTypes(slug, pid), queryFn: () => call(E.list, at(slug, pid)) });
export const issuePropertiesQuery = (slug: string, pid: string) =>
  queryOptions({
    queryKey: qk.issueProperties(slug, pid),
    queryFn: () => call(E.properties, at(slug, pid)),
  });

/** The project's types (only asked for when the project has types on). */
export function useIssueTypes(slug: string | undefined, pid: string | undefined, enabled = true) {
  return useQuery({ ...issueTypesQuery(slug ?? "", pid ?? ""), enabled: !!slug && !!pid && enabled });
}
/** Every property of the project's types, with options. */
export function useIssueProperties(slug: string | undefined, pid: string | undefined, enabled = true) {
  return useQuery({ ...issuePropertiesQuery(slug ?? "", pid ?? ""), enabled: !!slug && !!pid && enabled });
}

/** The active properties of a type, in order. */
export function propertiesOfType(
  all: readonly IssueProperty[] | undefined,
  typeId: string | null | undefined,
): IssueProperty[] {
  return (all ?? []).filter((p) => p.issue_type === typeId && p.is_active);
}

/** Writes refresh both lists (a type's deletion takes its properties along); their screens report refusals themselves. */
function useTypesMutation<V, R = unknown>(slug: string, pid: string, fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { silent: true },
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: qk.issueTypes(slug, pid) }),
        qc.invalidateQueries({ queryKey: qk.issueProperties(slug, pid) }),
      ]),
  });
}

export const useCreateIssueType = (slug: string, pid: string) =>
  useTypesMutation(slug, pid, (body: CreateIssueTypeBody) => call(E.create, at(slug, pid), body));
export const useUpdateIssueType = (slug: string, pid: string) =>
  useTypesMutation(slug, pid, ({ id, ...body }: UpdateIssueTypeBody & { id: string }) =>
    call(E.update, { ...at(slug, pid), typeId: id }, body),
  );
export const useDeleteIssueType = (slug: string, pid: string) =>
  useTypesMutation(slug, pid, (id: string) => call(E.remove, { ...at(slug, pid), typeId: id }));
export const useCreateIssueProperty = (slug: string, pid: string) =>
  useTypesMutation(slug, pid, ({ typeId, ...body }: CreateIssuePropertyBody & { typeId: string }) =>
    call(E.createProperty, { ...at(slug, pid), typeId }, body),
  );
export const useDeleteIssueProperty = (slug: string, pid: string) =>
  useTypesMutation(slug, pid, (id: string) => call(E.removeProperty, { ...at(slug, pid), propertyId: id }));
