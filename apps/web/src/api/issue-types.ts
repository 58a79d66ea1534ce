import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  CreateIssuePropertyBody,
  CreateIssueTypeBody,
  IssueProperty,
  IssueType,
  UpdateIssueTypeBody,
} from "@stride/shared/contract";
import { api } from "./client.ts";
import { qk } from "./query-keys.ts";

/** Work item types, their custom properties and options (issue #29): `P/issue-types/`, `P/issue-properties/`. */
const P = (slug: string, pid: string) => `/api/workspaces/${encodeURIComponent(slug)}/projects/${pid}`;

export const issueTypesQuery = (slug: string, pid: string) =>
  queryOptions({ queryKey: qk.issueTypes(slug, pid), queryFn: () => api<IssueType[]>(`${P(slug, pid)}/issue-types/`) });
export const issuePropertiesQuery = (slug: string, pid: string) =>
  queryOptions({
    queryKey: qk.issueProperties(slug, pid),
    queryFn: () => api<IssueProperty[]>(`${P(slug, pid)}/issue-properties/`),
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
  useTypesMutation(slug, pid, (body: CreateIssueTypeBody) =>
    api<IssueType>(`${P(slug, pid)}/issue-types/`, { method: "POST", body }),
  );
export const useUpdateIssueType = (slug: string, pid: string) =>
  useTypesMutation(slug, pid, ({ id, ...body }: UpdateIssueTypeBody & { id: string }) =>
    api<IssueType>(`${P(slug, pid)}/issue-types/${id}/`, { method: "PATCH", body }),
  );
export const useDeleteIssueType = (slug: string, pid: string) =>
  useTypesMutation(slug, pid, (id: string) => api(`${P(slug, pid)}/issue-types/${id}/`, { method: "DELETE" }));
export const useCreateIssueProperty = (slug: string, pid: string) =>
  useTypesMutation(slug, pid, ({ typeId, ...body }: CreateIssuePropertyBody & { typeId: string }) =>
    api<IssueProperty>(`${P(slug, pid)}/issue-types/${typeId}/issue-properties/`, { method: "POST", body }),
  );
export const useDeleteIssueProperty = (slug: string, pid: string) =>
  useTypesMutation(slug, pid, (id: string) => api(`${P(slug, pid)}/issue-properties/${id}/`, { method: "DELETE" }));
