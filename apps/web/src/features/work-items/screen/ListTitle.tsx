import type { ReactNode } from "react";
import { useList } from "../context.tsx";

/** The list's heading: its title, the item count, and a spinner while it refetches. */
export function ListTitle({ title }: { title: ReactNode }) {
  const { kind, isLoading, data, isFetching } = useList();
  return (
    <span className="flex min-w-0 items-center gap-2">
      {/* a narrow header (beside a cycle's details) cuts the title with an ellipsis, the count stays */}
      {typeof title === "string" ? <span className="truncate">{title}</span> : title}
      {data && (
        <span
          className="rounded bg-fill px-1.5 text-xs font-medium text-fg-muted"
          aria-label={`${data.total} ${kind === "workspace_drafts" ? "drafts" : "work items"}`}
        >
          {data.total}
        </span>
      )}
      {isFetching && !isLoading && (
        <span
          className="h-3 w-3 animate-spin rounded-full border-2 border-line-strong border-t-transparent"
          aria-label="Updating"
          role="status"
        />
      )}
    </span>
  );
}
