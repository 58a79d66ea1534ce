/**
 * Intake (wire-facts §8, work-tracking.md §4, §9): a project's requests in the Open, Snoozed and Closed tabs, page by page
 * (10 a page, first cursor `10:0:0`), one item's detail, triage (accept, decline, snooze, duplicate), filing a
 * request, the settings with the public form's anchor, and the public form itself (signed out).
 * A triage change leaves the tab it no longer belongs to at once and comes back if the server refuses.
 */
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  INTAKE_FIRST_CURSOR,
  INTAKE_PAGE_SIZE,
  INTAKE_TAB_STATUSES,
  intakeTabOf,
  type IntakeStatus,
  type IntakeTab,
} from "@stride/shared";
import type {
  IntakeItem,
  IntakeItemDetail,
  IntakeSettingsBody,
  Paginated,
  Priority,
  PublicIntakeBody,
} from "@stride/shared/contract";
import { intakeEndpoints as E, searchEndpoints as SE } from "@stride/shared/endpoints";
import { call } from "./client.ts";
import { qk } from "./query-keys.ts";
import { wiKeys } from "./work-items.ts";

export type { IntakeItem, IntakeItemDetail };

/** The list's filters beside the tab: priorities and, in the Closed tab, which closed statuses. */
export interface IntakeFilters {
  priority: Priority[];
  statuses: number[];
  order: "-issue__created_at" | "issue__created_at" | "-priority";
}
export const DEFAULT_INTAKE_FILTERS: IntakeFilters = { priority: [], statuses: [], order: "-issue__created_at" };

const at = (slug: string, projectId: string) => ({ slug, projectId });

export const intakeKeys = {
  all: (slug: string, pid: string) => ["intake", slug, pid] as const,
  lists: (slug: string, pid: string) => ["intake", slug, pid, "list"] as const,
  page: (slug: string, pid: string, tab: IntakeTab, f: IntakeFilters, cursor: string) =>
    ["intake", slug, pid, "list", tab, f, cursor] as const,
  item: (slug: string, pid: string, issueId: string) => ["intake", slug, pid, "item", issueId] as const,
  dupSearch: (slug: string, pid: string, text: string) => ["intake", slug, pid, "dup-search", text] as const,
  settings: (slug: string, pid: string) => ["intake", slug, pid, "settings"] as const,
  form: (anchor: string) => ["intake-form", anchor] as const,
};

/** The query string of a tab and its filters. */
export function intakeParams(tab: IntakeTab, f: IntakeFilters): Record<string, string> {
  const statuses = tab === "closed" && f.statuses.length ? f.statuses : INTAKE_TAB_STATUSES[tab];
  const p: Record<string, string> = { status: statuses.join(","), order_by: f.order };
  if (f.priority.length) p.priority = f.priority.join(",");
  return p;
}

/** The cursor of page `n` (0-based): `10:n:0`. */
export const intakeCursor = (n: number) => (n === 0 ? INTAKE_FIRST_CURSOR : `${INTAKE_PAGE_SIZE}:${n}:0`);

export const intakePageQuery = (slug: string, pid: string, tab: IntakeTab, f: IntakeFilters, page = 0) =>
  queryOptions({
    queryKey: intakeKeys.page(slug, pid, tab, f, intakeCursor(page)),
    queryFn: ({ signal }) =>
      call(E.items, at(slug, pid), undefined, {
        query: { ...intakeParams(tab, f), per_page: INTAKE_PAGE_SIZE, cursor: intakeCursor(page) },
        signal,
      }),
  });

export const intakeItemQuery = (slug: string, pid: string, issueId: string) =>
  queryOptions({
    queryKey: intakeKeys.item(slug, pid, issueId),
    queryFn: ({ signal }) => call(E.item, { ...at(slug, pid), issueId }, undefined, { signal }),
  });

export const intakeSettingsQuery = (slug: string, pid: string) =>
  queryOptions({
    queryKey: intakeKeys.settings(slug, pid),
    queryFn: ({ signal }) => call(E.settings, at(slug, pid), undefined, { signal }),
  });

export const publicIntakeFormQuery = (anchor: string) =>
  queryOptions({
    queryKey: intakeKeys.form(anchor),
    queryFn: ({ signal }) => call(E.form, { anchor }, undefined, { signal, allow401: true }),
    retry: false,
  });

/** The duplicate picker: the project's work items matching the text (intake items are not among them). */
export const duplicateSearchQuery = (slug: string, pid: string, text: string) =>
  queryOptions({
    queryKey: intakeKeys.dupSearch(slug, pid, text),
    queryFn: ({ signal }) => call(SE.workItems, at(slug, pid), undefined, { query: { search: text }, signal }),
    staleTime: 10_000,
  });

type Qc = ReturnType<typeof useQueryClient>;
/** After a write: the intake's lists and items, the project's work-item lists (an accepted item joins them), the project list's counts. */
function refresh(qc: Qc, slug: string, pid: string) {
  void qc.invalidateQueries({ queryKey: intakeKeys.all(slug, pid) });
  void qc.invalidateQueries({ queryKey: wiKeys.lists(slug, pid) });
  void qc.invalidateQueries({ queryKey: qk.projects(slug) });
}

export interface TriageChange {
  issueId: string;
  status?: IntakeStatus;
  snoozed_till?: string | null;
  duplicate_to?: string | null;
  /** What the toast names. */
  label?: string;
}

/** The tab a triage change sends the item to (null: the change leaves the status as it is). */
export function tabAfter(c: Omit<TriageChange, "issueId">, now = new Date()): IntakeTab | null {
  const status = c.status ?? (c.snoozed_till ? 0 : c.duplicate_to ? 2 : c.snoozed_till === null ? -2 : undefined);
  return status === undefined ? null : intakeTabOf({ status, snoozed_till: c.snoozed_till ?? null }, now);
}

/** Accept / decline / snooze / mark duplicate: the item leaves every cached page of a tab it no longer belongs to. */
export function useTriage(slug: string, pid: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: "Could not update the intake work item" },
    mutationFn: ({ issueId, label: _label, ...body }: TriageChange) =>
      call(E.update, { ...at(slug, pid), issueId }, body),
    onMutate: async (c) => {
      await qc.cancelQueries({ queryKey: intakeKeys.lists(slug, pid) });
      const snaps = qc.getQueriesData<Paginated<IntakeItem>>({ queryKey: intakeKeys.lists(slug, pid) });
      const next = tabAfter(c);
      if (next) {
        for (const [key, page] of snaps) {
          const tab = key[4] as IntakeTab;
          if (!page || tab === next) continue;
          qc.setQueryData<Paginated<IntakeItem>>(key, {
            ...page,
            results: page.results.filter((r) => r.issue.id !== c.issueId),
            total_results: Math.max(0, page.total_results - 1),
          });
        }
      }
      return {
        undo: () => {
          for (const [k, v] of snaps) qc.setQueryData(k, v);
        },
      };
    },
    onError: (_e, _c, ctx) => ctx?.undo(),
    onSuccess: (d) => qc.setQueryData(intakeKeys.item(slug, pid, d.issue.id), d),
    onSettled: () => refresh(qc, slug, pid),
  });
}

/** File a request from the app (lands pending, source IN_APP). */
export function useCreateIntakeItem(slug: string, pid: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: "Could not create the intake work item" },
    mutationFn: (issue: { name: string; description_html?: string; priority?: Priority }) =>
      call(E.create, at(slug, pid), { source: "IN_APP", issue }),
    onSettled: () => refresh(qc, slug, pid),
  });
}

export function useDeleteIntakeItem(slug: string, pid: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: "Could not delete the intake work item" },
    mutationFn: (issueId: string) => call(E.remove, { ...at(slug, pid), issueId }),
    onSuccess: (_d, issueId) => qc.removeQueries({ queryKey: intakeKeys.item(slug, pid, issueId) }),
    onSettled: () => refresh(qc, slug, pid),
  });
}

export function useUpdateIntakeSettings(slug: string, pid: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: "Could not save the intake settings" },
    mutationFn: (body: IntakeSettingsBody) => call(E.updateSettings, at(slug, pid), body),
    onSuccess: (s) => qc.setQueryData(intakeKeys.settings(slug, pid), s),
  });
}

export function useRegenerateIntakeAnchor(slug: string, pid: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: "Could not make a new form link" },
    mutationFn: () => call(E.regenerateAnchor, at(slug, pid)),
    onSuccess: (s) => qc.setQueryData(intakeKeys.settings(slug, pid), s),
  });
}

/** The public form's submission (no sign-in); the form shows field errors itself. */
export function useSubmitPublicIntake(anchor: string) {
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: PublicIntakeBody) => call(E.submitForm, { anchor }, body, { allow401: true }),
  });
}
