import { useQuery } from "@tanstack/react-query";
import { api } from "../../api/client.ts";
import { P } from "../../api/work-items.ts";
import { useProjectRefs } from "../../api/work-items-refs.ts";
import type { WorkItem } from "../../api/work-items-types.ts";
import { Icon } from "./icons.tsx";
import { IssuePicker } from "./IssuePicker.tsx";
import { itemName } from "./item.ts";

const BTN = "inline-flex h-6 max-w-56 items-center gap-1 rounded border border-zinc-200 px-1.5 text-xs text-zinc-700 hover:bg-zinc-100 dark:border-zinc-700 dark:text-zinc-300 dark:hover:bg-zinc-800";

/** Pick (or clear) the parent of a work item being created. */
export function ParentPicker({ slug, pid, value, onChange }: { slug: string; pid: string; value: string | null; onChange: (id: string | null) => void }) {
  const refs = useProjectRefs(slug, pid);
  const parent = useQuery({
    queryKey: ["wi", slug, pid, "item", value ?? ""],
    queryFn: () => api<WorkItem>(`${P(slug, pid)}/issues/${value}/`),
    enabled: !!value,
  });
  return (
    <span className="inline-flex items-center">
      <IssuePicker
        slug={slug}
        pid={pid}
        label="Parent"
        buttonClassName={BTN}
        onPick={([it]) => onChange(it?.id ?? null)}
        button={
          <>
            <Icon name="parent" size={14} className="text-zinc-400" />
            {value && parent.data ? <span className="truncate">{refs.project?.identifier}-{parent.data.sequence_id} {itemName(parent.data.name)}</span> : <span className="text-zinc-400">Parent</span>}
          </>
        }
      />
      {value && (
        <button type="button" aria-label="Remove parent" onClick={() => onChange(null)} className="ml-0.5 rounded p-0.5 text-zinc-400 hover:bg-zinc-100 hover:text-zinc-700 dark:hover:bg-zinc-800">
          <Icon name="close" size={10} />
        </button>
      )}
    </span>
  );
}
