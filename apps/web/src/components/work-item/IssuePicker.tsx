import { useEffect, useState, type ReactNode } from "react";
import { ComboList, PopoverPanel, usePopover, type FloatingTrigger, type ListOption } from "../ui/index.ts";
import { useWorkItemSearch } from "../../api/work-items-search.ts";
import { useProjectRefs } from "../../api/work-items-refs.ts";
import type { WorkItem } from "../../api/work-items-types.ts";
import { StateGroupIcon } from "./icons.tsx";
import { itemName } from "./item.ts";

/**
 * Search the project's work items by name and pick one (parent) or several (relations, existing
 * sub-items). Items in `exclude` are not offered.
 */
export function IssuePicker({
  slug,
  pid,
  label,
  button,
  buttonClassName,
  exclude = [],
  multiple,
  onPick,
  disabled,
}: {
  slug: string;
  pid: string;
  label: string;
  button: ReactNode;
  buttonClassName?: string;
  exclude?: string[];
  multiple?: boolean;
  onPick: (items: WorkItem[]) => void;
  disabled?: boolean;
}) {
  const pop = usePopover();
  return (
    <>
      <button
        type="button"
        disabled={disabled}
        aria-label={label}
        title={label}
        {...pop.triggerProps}
        className={buttonClassName}
      >
        {button}
      </button>
      {pop.open && (
        <IssueSearch
          slug={slug}
          pid={pid}
          label={label}
          exclude={exclude}
          multiple={multiple}
          onPick={onPick}
          pop={pop}
        />
      )}
    </>
  );
}

function IssueSearch({
  slug,
  pid,
  label,
  exclude,
  multiple,
  onPick,
  pop,
}: {
  slug: string;
  pid: string;
  label: string;
  exclude: string[];
  multiple?: boolean;
  onPick: (items: WorkItem[]) => void;
  pop: FloatingTrigger;
}) {
  const [q, setQ] = useState("");
  const [debounced, setDebounced] = useState("");
  const [chosen, setChosen] = useState<WorkItem[]>([]);
  const refs = useProjectRefs(slug, pid);
  const search = useWorkItemSearch(slug, pid, debounced, true);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(q.trim()), 200);
    return () => clearTimeout(t);
  }, [q]);
  const results = (search.data ?? []).filter((it) => !exclude.includes(it.id));
  const byId = new Map(results.map((it) => [it.id, it]));
  const ident = refs.project?.identifier ?? "";
  const options: ListOption[] = results.map((it) => {
    const st = refs.stateById.get(it.state_id ?? "");
    return {
      value: it.id,
      label: `${ident}-${it.sequence_id} ${itemName(it.name)}`,
      icon: <StateGroupIcon group={st?.group} color={st?.color} />,
    };
  });
  const pick = (o: ListOption) => {
    const it = byId.get(o.value);
    if (!it) return;
    if (!multiple) {
      pop.close(true);
      onPick([it]);
      return;
    }
    setChosen((c) => (c.some((x) => x.id === it.id) ? c.filter((x) => x.id !== it.id) : [...c, it]));
  };
  return (
    <PopoverPanel t={pop} label={label} className="w-80">
      <ComboList
        label={label}
        options={options}
        multiple={multiple}
        from="first"
        isSelected={(o) => chosen.some((x) => x.id === o.value)}
        onPick={pick}
        emptyText={search.isLoading ? "Searching…" : "No work items found"}
        search={{ value: q, onChange: setQ, label: "Search work items", placeholder: "Search work items" }}
        listClassName="max-h-72"
      />
      {multiple && (
        <AddChosen
          count={chosen.length}
          onCancel={() => pop.close(true)}
          onAdd={() => {
            pop.close(true);
            onPick(chosen);
          }}
        />
      )}
    </PopoverPanel>
  );
}

/** The footer of a multiple choice: Cancel, and Add with the number chosen. */
function AddChosen({ count, onCancel, onAdd }: { count: number; onCancel: () => void; onAdd: () => void }) {
  return (
    <div className="flex justify-end gap-2 border-t border-line-subtle p-2">
      <button type="button" onClick={onCancel} className="rounded px-2 py-1 text-xs text-fg-muted hover:bg-fill">
        Cancel
      </button>
      <button
        type="button"
        disabled={count === 0}
        onClick={onAdd}
        className="rounded bg-indigo-600 px-2 py-1 text-xs font-medium text-white disabled:opacity-50"
      >
        Add {count || ""}
      </button>
    </div>
  );
}
