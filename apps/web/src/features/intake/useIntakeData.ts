import { useEffect, useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { useQueries, useQuery } from "@tanstack/react-query";
import { INTAKE_STATUS, intakeTabParam, type IntakeTab } from "@stride/shared";
import {
  DEFAULT_INTAKE_FILTERS,
  intakeItemQuery,
  intakePageQuery,
  tabAfter,
  useTriage,
  type IntakeFilters,
  type IntakeItem,
  type TriageChange,
} from "../../api/intake.ts";
import { intakeKeyAction, nextSelection } from "./keys.ts";

export type IntakeDialog = null | "create" | "duplicate" | "snooze" | "delete";
export type Act = (change: Omit<TriageChange, "issueId">) => void;

/**
 * The intake's data: the tab and the selected request (in the URL), the filters, the pages of requests loaded so
 * far, the selected one's detail, and triage (`act`), which moves the selection on when the request leaves the tab.
 */
export function useIntakeData(slug: string, pid: string, enabled: boolean) {
  const [params, setParams] = useSearchParams();
  const tab = intakeTabParam(params.get("tab"));
  const selected = params.get("inboxId");
  const [filters, setFilters] = useState<IntakeFilters>(DEFAULT_INTAKE_FILTERS);
  const [pageCount, setPageCount] = useState(1);

  const pages = useQueries({
    queries: Array.from({ length: pageCount }, (_, n) => ({
      ...intakePageQuery(slug, pid, tab, filters, n),
      enabled,
    })),
  });
  const items = useMemo(() => {
    const seen = new Set<string>();
    return pages
      .flatMap((p) => p.data?.results ?? [])
      .filter((r) => (seen.has(r.issue.id) ? false : (seen.add(r.issue.id), true)));
  }, [pages]);
  const detail = useQuery({ ...intakeItemQuery(slug, pid, selected ?? ""), enabled: !!selected && enabled });
  const triage = useTriage(slug, pid);

  const select = (issueId: string | null) =>
    setParams(
      (p) => {
        if (issueId) p.set("inboxId", issueId);
        else p.delete("inboxId");
        return p;
      },
      { replace: true },
    );
  const setTab = (t: IntakeTab) => {
    setPageCount(1);
    setParams((p) => {
      p.set("tab", t);
      p.delete("inboxId");
      return p;
    });
  };
  const setFilter = (f: Partial<IntakeFilters>) => {
    setPageCount(1);
    setFilters((x) => ({ ...x, ...f }));
  };

  // the first request is selected when nothing is (or the selected one left the list)
  const firstId = items[0]?.issue.id ?? null;
  const selectedListed = items.some((r) => r.issue.id === selected);
  useEffect(() => {
    if (!selected && firstId) select(firstId);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selected, firstId]);

  // the selected row stays in view while moving with J/K
  useEffect(() => {
    if (selected)
      document.querySelector(`[data-intake-row="${CSS.escape(selected)}"]`)?.scrollIntoView({ block: "nearest" });
  }, [selected]);

  const act: Act = (change) => {
    if (!selected) return;
    // the next request takes the place of one that leaves this tab
    const next = nextSelection(
      items.map((r) => r.issue.id),
      selected,
    );
    triage.mutate({ issueId: selected, ...change });
    const to = tabAfter(change);
    if (to !== null && to !== tab && selectedListed) select(next);
  };

  const item = detail.data && detail.data.issue.id === selected ? detail.data : null;
  const loadMore = () => setPageCount((n) => n + 1);
  return { tab, selected, filters, pages, items, detail, item, select, setTab, setFilter, act, loadMore };
}

/** Keys: 1 accept, 2 duplicate, 3 decline, H snooze, J/K move (not while typing or with a dialog open). */
export function useIntakeKeys(state: {
  items: IntakeItem[];
  selected: string | null;
  canTriage: boolean;
  dialog: IntakeDialog;
  act: Act;
  select: (id: string) => void;
  setDialog: (d: IntakeDialog) => void;
}) {
  const keyState = useRef(state);
  keyState.current = state;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const s = keyState.current;
      if (s.dialog || document.querySelector("dialog[open]")) return;
      const action = intakeKeyAction(e);
      if (!action) return;
      const ids = s.items.map((r) => r.issue.id);
      if (action === "next" || action === "prev") {
        const i = s.selected ? ids.indexOf(s.selected) : -1;
        const to = action === "next" ? Math.min(ids.length - 1, i + 1) : Math.max(0, i - 1);
        if (ids[to]) s.select(ids[to]);
      } else if (s.selected && s.canTriage) {
        if (action === "accept") s.act({ status: INTAKE_STATUS.accepted });
        else if (action === "decline") s.act({ status: INTAKE_STATUS.declined });
        else if (action === "duplicate") s.setDialog("duplicate");
        else if (action === "snooze") s.setDialog("snooze");
      } else return;
      e.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
}
