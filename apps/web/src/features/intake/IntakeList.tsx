import { INTAKE_TABS, type IntakeTab } from "@stride/shared";
import type { IntakeItem } from "../../api/intake.ts";
import { Banner, Button, EmptyState, PageSpinner, cx } from "../../components/ui/index.ts";
import { IntakeRow, TAB_EMPTY, TAB_LABEL } from "./IntakeBits.tsx";
import type { useIntakeData } from "./useIntakeData.ts";

const LOAD_ERROR = "Error fetching the intake work items please try again later.";
const PAGE_ERROR = "Error fetching the paginated intake work items please try again later.";

/** The left side: the Open / Snoozed / Closed tabs and the requests of the one shown, page after page. */
export function IntakeList({
  tab,
  setTab,
  pages,
  items,
  identifier,
  selected,
  select,
  loadMore,
}: {
  tab: IntakeTab;
  setTab: (t: IntakeTab) => void;
  pages: ReturnType<typeof useIntakeData>["pages"];
  items: IntakeItem[];
  identifier: string;
  selected: string | null;
  select: (id: string) => void;
  loadMore: () => void;
}) {
  const last = pages[pages.length - 1];
  return (
    <section aria-label="Intake work items" className="flex w-96 min-h-0 shrink-0 flex-col border-r border-line">
      <div role="tablist" aria-label="Intake tabs" className="flex gap-1 border-b border-line px-3">
        {INTAKE_TABS.map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            aria-selected={tab === t}
            onClick={() => setTab(t)}
            className={cx(
              "flex items-center gap-1.5 border-b-2 px-2 py-2 text-sm",
              tab === t ? "border-indigo-600 font-medium" : "border-transparent text-fg-subtle",
            )}
          >
            {TAB_LABEL[t]}
            {tab === t && pages[0]?.data && (
              <span className="rounded-full bg-fill-strong px-1.5 text-xs">{pages[0].data.total_results}</span>
            )}
          </button>
        ))}
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {pages[0]?.isError ? (
          <div className="p-3">
            <Banner>{LOAD_ERROR}</Banner>
          </div>
        ) : pages[0]?.isLoading ? (
          <PageSpinner />
        ) : items.length === 0 ? (
          <EmptyState title={TAB_EMPTY[tab].title} description={TAB_EMPTY[tab].description} />
        ) : (
          <ul role="listbox" aria-label="Requests">
            {items.map((r) => (
              <IntakeRow
                key={r.issue.id}
                r={r}
                identifier={identifier}
                active={r.issue.id === selected}
                onOpen={() => select(r.issue.id)}
              />
            ))}
          </ul>
        )}
        {pages.slice(1).some((p) => p.isError) && (
          <div className="p-3">
            <Banner>{PAGE_ERROR}</Banner>
          </div>
        )}
        {last?.data?.next_page_results && (
          <div className="p-3">
            <Button variant="secondary" className="w-full" loading={last.isFetching} onClick={loadMore}>
              Load more
            </Button>
          </div>
        )}
      </div>
    </section>
  );
}
