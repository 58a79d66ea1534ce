import { useState } from "react";
import { Link } from "react-router";
import { CLOSED_STATE_GROUPS, STATE_GROUPS } from "@stride/shared";
import { cx, useToast } from "../../../components/ui/index.ts";
import { errorMessage } from "../../../api/client.ts";
import { useCreateWorkItem, useUpdateWorkItem, type ItemKind } from "../../../api/work-items.ts";
import { useAddSubIssues, useSubIssues } from "../../../api/work-items-detail.ts";
import type { ProjectRefs } from "../../../api/work-items-refs.ts";
import { Icon, STATE_GROUP_COLOR, StateGroupIcon } from "../../../components/work-item/icons.tsx";
import { IssuePicker } from "../../../components/work-item/IssuePicker.tsx";
import { itemName, itemUrl } from "../../../components/work-item/item.ts";
import { AssigneesProperty, PriorityProperty, StateProperty } from "../../../components/work-item/properties.tsx";
import { ADD_BTN, Widget } from "./Widget.tsx";

/**
 * Sub-work items with their counts per state group (a changed state moves the item between counts),
 * inline creation, adding existing items, removing from the parent (parent_id → null).
 */
export function SubItems({
  slug,
  pid,
  id,
  kind,
  refs,
  editable,
  open,
  onToggle,
}: {
  slug: string;
  pid: string;
  id: string;
  kind: ItemKind;
  refs: ProjectRefs;
  editable: boolean;
  open: boolean;
  onToggle: () => void;
}) {
  const q = useSubIssues(slug, pid, id, kind);
  const add = useAddSubIssues(slug, pid, id, kind);
  const create = useCreateWorkItem(slug, pid);
  const update = useUpdateWorkItem(slug, pid);
  const toast = useToast();
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState("");
  const subs = q.data?.sub_issues ?? [];
  const dist = q.data?.state_distribution ?? {};
  const done = CLOSED_STATE_GROUPS.reduce((n, g) => n + (dist[g]?.length ?? 0), 0);
  const ident = refs.project?.identifier;

  const submit = () => {
    const n = name.trim();
    if (!n) return;
    setName("");
    create.mutate(
      { body: { name: n, parent_id: id } },
      {
        onSuccess: () => q.refetch(),
        onError: (e) =>
          toast.show(
            "error",
            "Could not create the sub-work item",
            errorMessage((e as { body?: unknown }).body) ?? (e as Error).message,
          ),
      },
    );
  };
  const change = (subId: string, patch: Record<string, unknown>) =>
    update.mutate({ id: subId, patch }, { onSettled: () => q.refetch() });

  return (
    <Widget
      id="sub-items"
      title="Sub-work items"
      count={subs.length ? `${done}/${subs.length} done` : undefined}
      open={open}
      onToggle={onToggle}
      actions={
        editable && (
          <>
            <button
              type="button"
              className={ADD_BTN}
              onClick={() => {
                setAdding(true);
                if (!open) onToggle();
              }}
            >
              <Icon name="plus" size={12} />
              Add sub-work item
            </button>
            <IssuePicker
              slug={slug}
              pid={pid}
              multiple
              label="Add existing sub-work items"
              exclude={[id, ...subs.map((s) => s.id)]}
              buttonClassName={ADD_BTN}
              button={<>Add existing</>}
              onPick={(items) => add.mutate(items.map((i) => i.id))}
            />
          </>
        )
      }
    >
      {subs.length > 0 && (
        <div
          className="mb-2 flex flex-wrap items-center gap-3 text-xs text-fg-muted"
          aria-label="Sub-work items by state group"
        >
          <div
            role="progressbar"
            aria-label="Sub-work items done"
            aria-valuemin={0}
            aria-valuemax={subs.length}
            aria-valuenow={done}
            aria-valuetext={`${done} of ${subs.length} done`}
            className="flex h-1.5 w-40 overflow-hidden rounded-full bg-fill-strong"
          >
            {/* only finished items fill the bar: completed, then cancelled */}
            {CLOSED_STATE_GROUPS.map((g) =>
              dist[g]?.length ? (
                <div
                  key={g}
                  data-fill={g}
                  style={{ width: `${(dist[g].length / subs.length) * 100}%`, backgroundColor: STATE_GROUP_COLOR[g] }}
                />
              ) : null,
            )}
          </div>
          {STATE_GROUPS.map((g) => (
            <span key={g} data-state-group={g} className="flex items-center gap-1">
              <StateGroupIcon group={g} color={STATE_GROUP_COLOR[g]} size={12} />
              {g.charAt(0).toUpperCase() + g.slice(1)} {dist[g]?.length ?? 0}
            </span>
          ))}
        </div>
      )}
      <ul className="divide-y divide-line-subtle rounded-md border border-line" aria-label="Sub-work items">
        {subs.map((s) => (
          <li
            key={s.id}
            data-item={`${ident}-${s.sequence_id}`}
            className="group flex items-center gap-2 px-2 py-1.5 text-sm"
          >
            <StateProperty
              refs={refs}
              variant="icon"
              asMove
              value={s.state_id}
              disabled={!editable}
              onChange={(state_id) => change(s.id, { state_id })}
            />
            <span className="w-14 shrink-0 text-xs text-fg-subtle">
              {ident}-{s.sequence_id}
            </span>
            <Link to={itemUrl(slug, ident, s.sequence_id)} className="min-w-0 flex-1 truncate hover:underline">
              {itemName(s.name)}
            </Link>
            <PriorityProperty
              variant="icon"
              value={s.priority}
              disabled={!editable}
              onChange={(priority) => change(s.id, { priority })}
            />
            <AssigneesProperty
              refs={refs}
              variant="icon"
              value={s.assignee_ids ?? []}
              disabled={!editable}
              onChange={(assignee_ids) => change(s.id, { assignee_ids })}
            />
            {editable && (
              <button
                type="button"
                aria-label={`Remove ${ident}-${s.sequence_id} from parent`}
                title="Remove from parent"
                onClick={() => change(s.id, { parent_id: null })}
                className="rounded p-1 text-fg-faint opacity-0 hover:bg-fill hover:text-fg-muted focus:opacity-100 group-hover:opacity-100"
              >
                <Icon name="close" size={12} />
              </button>
            )}
          </li>
        ))}
        {subs.length === 0 && !adding && (
          <li className="px-3 py-3 text-xs text-fg-subtle">{q.isLoading ? "Loading…" : "No sub-work items yet."}</li>
        )}
        {adding && (
          <li className="px-2 py-1.5">
            <form
              onSubmit={(e) => {
                e.preventDefault();
                submit();
              }}
              className="flex items-center gap-2"
            >
              <input
                autoFocus
                value={name}
                maxLength={255}
                aria-label="Sub-work item title"
                placeholder="Sub-work item title, Enter to add"
                onChange={(e) => setName(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === "Escape") {
                    setAdding(false);
                    setName("");
                  }
                }}
                onBlur={() => {
                  if (!name.trim()) setAdding(false);
                }}
                className={cx(
                  "min-w-0 flex-1 rounded border border-indigo-400 bg-surface px-2 py-1 text-sm outline-none",
                )}
              />
            </form>
          </li>
        )}
      </ul>
    </Widget>
  );
}
