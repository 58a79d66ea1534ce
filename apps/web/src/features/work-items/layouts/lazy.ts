import { lazyChunk } from "../../../components/lazy.tsx";

/**
 * Work-item list layouts other than the list (which ships with the list screen), by `display_filters.layout`,
 * each its own chunk. The route loader (app/loaders.ts, through app/chunks/) starts the view's layout at navigation.
 */
export const layoutChunks = {
  kanban: lazyChunk(() => import("./KanbanLayout.tsx")),
  spreadsheet: lazyChunk(() => import("./SpreadsheetLayout.tsx")),
  calendar: lazyChunk(() => import("./CalendarLayout.tsx")),
  gantt_chart: lazyChunk(() => import("./GanttLayout.tsx")),
  flow: lazyChunk(() => import("./FlowLayout.tsx")),
};
