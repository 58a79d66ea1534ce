import { DRAFT_LAYOUTS } from "@stride/shared";
import { cx } from "../../../components/ui/index.ts";
import { LayoutIcon } from "../../../components/work-item/icons.tsx";
import { useList } from "../context.tsx";

export const LAYOUTS: { key: string; label: string }[] = [
  { key: "list", label: "List" },
  { key: "kanban", label: "Board" },
  { key: "spreadsheet", label: "Spreadsheet" },
  { key: "calendar", label: "Calendar" },
  { key: "gantt_chart", label: "Timeline" },
  { key: "flow", label: "Flow" },
];

/** A workspace view's layouts: the spreadsheet first, its default (as Plane's cross-project view). */
const GLOBAL_LAYOUTS = [
  ...LAYOUTS.filter((l) => l.key === "spreadsheet"),
  ...LAYOUTS.filter((l) => l.key !== "spreadsheet"),
];

/** The six layouts of a work-item list (work-tracking.md §2). */
export function LayoutSwitcher() {
  const { display, updatePrefs, kind } = useList();
  if (kind === "archived") return null;
  const cur = display.layout ?? "list";
  const layouts =
    kind === "global_view"
      ? GLOBAL_LAYOUTS
      : kind === "workspace_drafts"
        ? LAYOUTS.filter((l) => (DRAFT_LAYOUTS as readonly string[]).includes(l.key))
        : LAYOUTS;
  return (
    <div role="group" aria-label="Layout" className="flex items-center rounded-md border border-line-raised p-0.5">
      {layouts.map((l) => (
        <button
          key={l.key}
          type="button"
          aria-label={`${l.label} layout`}
          title={`${l.label} layout`}
          aria-pressed={cur === l.key}
          data-layout={l.key}
          onClick={() => cur !== l.key && updatePrefs({ display_filters: { layout: l.key as never } })}
          className={cx(
            "rounded p-1.5",
            cur === l.key ? "bg-fill-strong text-fg" : "text-fg-subtle hover:bg-fill hover:text-fg-secondary",
          )}
        >
          <LayoutIcon layout={l.key} />
        </button>
      ))}
    </div>
  );
}
