import type { PublicIssue, PublicIssuePage, PublicState } from "@stride/shared/contract";
import type { PublishLayout } from "@stride/shared";
import type { SpaceData } from "../../api/publish.ts";
import { SpaceCalendar, SpaceSpreadsheet, SpaceTimeline } from "./SpaceLayouts.tsx";
import { EmptyState, cx } from "../../components/ui/index.ts";

/** The space's layouts in the order of the switcher, with their names. */
export const LAYOUTS: { key: PublishLayout; name: string }[] = [
  { key: "kanban", name: "Board" },
  { key: "list", name: "List" },
  { key: "calendar", name: "Calendar" },
  { key: "gantt", name: "Timeline" },
  { key: "spreadsheet", name: "Spreadsheet" },
];

/** Items of the state-grouped page, by state id. */
export function byState(page: PublicIssuePage | undefined): Record<string, PublicIssue[]> {
  if (!page || Array.isArray(page.results)) return {};
  return Object.fromEntries(
    Object.entries(page.results).map(([k, g]) => [k, Array.isArray(g.results) ? g.results : []]),
  );
}

/** The published items in the layout picked. */
export function SpaceLayout(props: {
  layout: PublishLayout;
  states: PublicState[];
  labels: SpaceData["labels"];
  grouped: Record<string, PublicIssue[]>;
  flat: PublicIssue[];
  identifier: string;
  onOpen: (id: string) => void;
}) {
  const { layout, states, labels, grouped, flat, identifier, onOpen } = props;
  switch (layout) {
    case "kanban":
      return <Board states={states} grouped={grouped} identifier={identifier} onOpen={onOpen} />;
    case "calendar":
      return <SpaceCalendar items={flat} states={states} labels={labels} identifier={identifier} onOpen={onOpen} />;
    case "gantt":
      return <SpaceTimeline items={flat} states={states} labels={labels} identifier={identifier} onOpen={onOpen} />;
    case "spreadsheet":
      return <SpaceSpreadsheet items={flat} states={states} labels={labels} identifier={identifier} onOpen={onOpen} />;
    default:
      return <List states={states} grouped={grouped} identifier={identifier} onOpen={onOpen} />;
  }
}

function ItemButton({
  item,
  identifier,
  onOpen,
  className,
}: {
  item: PublicIssue;
  identifier: string;
  onOpen: (id: string) => void;
  className?: string;
}) {
  return (
    <button type="button" onClick={() => onOpen(item.id)} className={cx("w-full text-left", className)}>
      <span className="block text-xs text-fg-subtle">
        {identifier}-{item.sequence_id}
      </span>
      <span className="block text-sm font-medium">{item.name}</span>
      {item.priority !== "none" && (
        <span className="mt-1 inline-block text-xs text-fg-subtle">Priority: {item.priority}</span>
      )}
    </button>
  );
}

interface GroupedProps {
  states: PublicState[];
  grouped: Record<string, PublicIssue[]>;
  identifier: string;
  onOpen: (id: string) => void;
}

function Board({ states, grouped, identifier, onOpen }: GroupedProps) {
  return (
    <div className="flex gap-3">
      {states.map((s) => (
        <section key={s.id} aria-label={s.name} className="w-72 shrink-0 rounded-lg bg-surface-muted p-2">
          <h2 className="mb-2 flex items-center gap-2 px-1 text-sm font-medium">
            <span className="size-2.5 rounded-full" style={{ backgroundColor: s.color }} aria-hidden />
            {s.name} <span className="text-fg-faint">{grouped[s.id]?.length ?? 0}</span>
          </h2>
          <ul className="space-y-2">
            {(grouped[s.id] ?? []).map((i) => (
              <li key={i.id}>
                <ItemButton
                  item={i}
                  identifier={identifier}
                  onOpen={onOpen}
                  className="rounded-md border border-line-raised bg-canvas p-2"
                />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function List({ states, grouped, identifier, onOpen }: GroupedProps) {
  return (
    <div className="space-y-4">
      {states
        .filter((s) => (grouped[s.id]?.length ?? 0) > 0)
        .map((s) => (
          <section key={s.id} aria-label={s.name}>
            <h2 className="mb-1 text-sm font-medium">
              {s.name} <span className="text-fg-faint">{grouped[s.id].length}</span>
            </h2>
            <ul className="divide-y divide-line-subtle rounded-md border border-line-raised">
              {grouped[s.id].map((i) => (
                <li key={i.id}>
                  <ItemButton item={i} identifier={identifier} onOpen={onOpen} className="px-3 py-2" />
                </li>
              ))}
            </ul>
          </section>
        ))}
      {Object.values(grouped).every((g) => g.length === 0) && (
        <EmptyState title="No work items yet" description="Published work items show here." />
      )}
    </div>
  );
}
