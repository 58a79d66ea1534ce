import { useQuery } from "@tanstack/react-query";
import { workItemQuery } from "../../api/work-items.ts";
import { useProjectRefs } from "../../api/work-items-refs.ts";
import { Icon } from "./icons.tsx";
import { IssuePicker } from "./IssuePicker.tsx";
import { itemName } from "./item.ts";

const BTN =
  "inline-flex h-6 max-w-56 items-center gap-1 rounded border border-line-raised px-1.5 text-xs text-fg-muted hover:bg-fill";

/**
 * Pick (or clear) the parent of a work item. `known`: the parent as the caller already has it (the detail
 * comes with its parent expanded); the parent is asked for only when it is not that one.
 */
export function ParentPicker({
  slug,
  pid,
  value,
  known,
  onChange,
}: {
  slug: string;
  pid: string;
  value: string | null;
  known?: { id: string; sequence_id: number; name?: string } | null;
  onChange: (id: string | null) => void;
}) {
  const refs = useProjectRefs(slug, pid);
  const given = value && known?.id === value ? known : null;
  const fetched = useQuery({ ...workItemQuery(slug, pid, value ?? ""), enabled: !!value && !given });
  const parent = given ?? fetched.data;
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
            <Icon name="parent" size={14} className="text-fg-faint" />
            {value && parent ? (
              <span className="truncate">
                {refs.project?.identifier}-{parent.sequence_id} {itemName(parent.name)}
              </span>
            ) : (
              <span className="text-fg-subtle">Parent</span>
            )}
          </>
        }
      />
      {value && (
        <button
          type="button"
          aria-label="Remove parent"
          onClick={() => onChange(null)}
          className="ml-0.5 rounded p-0.5 text-fg-faint hover:bg-fill hover:text-fg-muted"
        >
          <Icon name="close" size={10} />
        </button>
      )}
    </span>
  );
}
