/** Pieces every layout shows for a work item: its key, title, property chips, actions and quick add. */
import { cx } from "../../../components/ui/index.ts";
import type { WorkItem } from "../../../api/work-items-types.ts";
import { useListItem } from "../context.tsx";
import { itemName } from "../../../components/work-item/item.ts";
import { ROW_PROP_PRIORITY, fitClass, fitRow, titleMinWidth, titleText, type RowProp } from "../lib/row-fit.ts";
import { useItemChips } from "./item-chips.tsx";

export { ItemMenu } from "./ItemMenu.tsx";
export { QuickAdd } from "./QuickAdd.tsx";

/** The editable property chips of an item, as chosen in the display properties (a card: they wrap). */
export function ItemProperties({
  item,
  className,
  hide = [],
}: {
  item: WorkItem;
  className?: string;
  hide?: string[];
}) {
  const chips = useItemChips(item, hide, false);
  return (
    <div className={cx("flex flex-wrap items-center gap-1.5", className)} onClick={(e) => e.stopPropagation()}>
      {chips.map((c) => c.draw())}
    </div>
  );
}

/**
 * A list row's title and property chips on one line (lib/row-fit.ts): the title keeps its share, chips that do not
 * fit hide by a container query, empty ones first (they show as icons on hover), then the least important, and a
 * "+N" count (it opens the item) says how many are hidden. The list's own property (a cycle's cycle, a module's
 * modules) counts least.
 */
export function RowMain({ item, onOpen }: { item: WorkItem; onOpen: () => void }) {
  const { kind } = useListItem();
  const chips = useItemChips(item, [], true);
  const name = itemName(item.name);
  const titleWidth = titleText(name);
  const fit = fitRow(
    chips,
    kind === "cycle" ? ROW_PRIORITY_CYCLE : kind === "module" ? ROW_PRIORITY_MODULE : ROW_PROP_PRIORITY,
    titleWidth,
  );
  // empty properties first (seen on hover), then the values in their reading order
  const ordered = [...chips.filter((c) => c.empty), ...chips.filter((c) => !c.empty)];
  return (
    <div className="@container/row flex h-full min-w-0 flex-1 items-center gap-2 overflow-hidden">
      <button
        type="button"
        data-open-item
        onClick={onOpen}
        style={{ minWidth: titleMinWidth(titleWidth) }}
        className="flex-1 basis-0 truncate text-left font-medium text-fg-secondary hover:underline"
      >
        {name}
      </button>
      {chips.length > 0 && (
        <div
          className="flex min-w-0 shrink items-center justify-end-safe gap-1.5 overflow-hidden"
          data-row-properties
          onClick={(e) => e.stopPropagation()}
        >
          {/* a chip with text gives way a little if its estimate was short; icons and counts keep their size */}
          {ordered.map((c) =>
            c.draw(
              cx(
                fitClass(fit.from[c.key] ?? 0),
                c.empty || FIXED.has(c.key) ? "shrink-0" : "min-w-0",
                c.empty && EMPTY_CHIP,
              ),
            ),
          )}
          {fit.more.length > 0 && (
            <button
              type="button"
              onClick={onOpen}
              title="Open the work item to see every property"
              className={cx(
                "inline-flex h-6 shrink-0 items-center rounded px-1.5 text-xs text-fg-subtle hover:bg-fill",
                fitClass(fit.more[0].from, fit.all),
              )}
            >
              {fit.more.map((m) => (
                <span key={m.count} className={fitClass(m.from, m.to)}>
                  +{m.count}
                </span>
              ))}
              <span className="sr-only"> more properties</span>
            </button>
          )}
        </div>
      )}
    </div>
  );
}

/** An empty property's icon: seen while the row is hovered or one of its controls has focus, or its picker is open. */
const EMPTY_CHIP =
  "border-transparent opacity-0 group-hover:opacity-100 group-focus-within:opacity-100 focus-visible:opacity-100 aria-expanded:opacity-100";
const FIXED = new Set<RowProp>([
  "priority",
  "assignee",
  "sub_issue_count",
  "link",
  "attachment_count",
  "created_on",
  "updated_on",
]);
/** In a cycle's list every item is in that cycle, in a module's list in that module: that property counts least. */
const last = (key: RowProp): readonly RowProp[] => [...ROW_PROP_PRIORITY.filter((k) => k !== key), key];
const ROW_PRIORITY_CYCLE = last("cycle");
const ROW_PRIORITY_MODULE = last("modules");
