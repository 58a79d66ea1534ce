import { Link } from "react-router";
import type { WorkItem } from "../../api/work-items-types.ts";
import { PriorityIcon, StateGroupIcon } from "./icons.tsx";

/**
 * Work items of several projects as a simple table (key, name, priority, state group), each linking to its page.
 * `identifierOf` gives a project's identifier for the item keys.
 */
export function WorkItemTable({ slug, items, identifierOf, label }: { slug: string; items: WorkItem[]; identifierOf: (pid: string) => string | undefined; label: string }) {
  return (
    <table className="w-full text-sm" aria-label={label}>
      <thead className="sticky top-0 bg-canvas text-left text-xs text-fg-subtle">
        <tr><th className="px-4 py-2 font-medium">ID</th><th className="px-2 py-2 font-medium">Name</th><th className="px-2 py-2 font-medium">Priority</th><th className="px-2 py-2 font-medium">State</th></tr>
      </thead>
      <tbody className="divide-y divide-line-subtle">
        {items.map((it) => {
          const key = `${identifierOf(it.project_id ?? "") ?? "?"}-${it.sequence_id}`;
          return (
            <tr key={it.id} data-item={it.id}>
              <td className="whitespace-nowrap px-4 py-2 font-mono text-xs text-fg-subtle">{key}</td>
              <td className="px-2 py-2"><Link to={`/${slug}/browse/${key}/`} className="hover:underline">{it.name}</Link></td>
              <td className="px-2 py-2 capitalize text-fg-muted"><span className="inline-flex items-center gap-1"><PriorityIcon priority={it.priority} />{it.priority}</span></td>
              <td className="px-2 py-2 capitalize text-fg-muted"><span className="inline-flex items-center gap-1"><StateGroupIcon group={it.state__group} />{it.state__group ?? ""}</span></td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
