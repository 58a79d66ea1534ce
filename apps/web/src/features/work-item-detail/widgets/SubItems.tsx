import { useState } from "react";
import { Link } from "react-router";
import { CLOSED_STATE_GROUPS, STATE_GROUPS } from "@stride/shared";
import { useToast } from "../../../components/ui/index.ts";
import { errorMessage, hasFieldErrors } from "../../../api/client.ts";
import { useUpdateWorkItem, type ItemKind } from "../../../api/work-items.ts";
import { useCreateWorkItem } from "../../../api/work-items-create.ts";
import { useAddSubIssues, useSubIssues } from "../../../api/work-items-detail.ts";
import { waitsForServer } from "../../../api/work-items-parts.ts";
import type { ProjectRefs } from "../../../api/work-items-refs.ts";
import type { SubIssuesResponse } from "../../../api/work-items-types.ts";
import { Icon, STATE_GROUP_COLOR, StateGroupIcon } from "../../../components/work-item/icons.tsx";
import { IssuePicker } from "../../../components/work-item/IssuePicker.tsx";
import { itemName, itemUrl } from "../../../components/work-item/item.ts";
import { AssigneesProperty, PriorityProperty, StateProperty } from "../../../components/work-item/properties.tsx";
import { schemaCheck } from "../../../lib/settings-form.ts";
import { ADD_BTN, AddButton, OFFLINE_PART, Widget } from "./Widget.tsx";
import { InlineAddForm, type NameValues } from "./form-bits.tsx";

/** A new sub-work item's title, checked as the server checks POST P/issues/ (the parent comes with it). */
const checkSubItem = schemaCheck(
  (c) => c.workItemBodies(c.htmlText).create,
  (v: NameValues) => ({ name: v.name.trim() }),
);

/**
 * Sub-work items with their counts per state group (a changed state moves the item between counts),
 * inline creation, adding existing items, removing from the parent (parent_id → null).
 */
/** What an empty list of sub-items says: loading, none yet, or (offline, never read) that it loads when back online. */
const emptyText = (q: Parameters<typeof waitsForServer>[0] & { isLoading: boolean }) =>
  waitsForServer(q) ? OFFLINE_PART : q.isLoading ? "Loading…" : "No sub-work items yet.";

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
  const { q, subs, dist, done, addExisting, addNew, change } = useSubItems(slug, pid, id, kind);
  const [adding, setAdding] = useState(false);

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
            <AddButton open={open} onToggle={onToggle} onClick={() => setAdding(true)}>
              Add sub-work item
            </AddButton>
            <IssuePicker
              slug={slug}
              pid={pid}
              multiple
              label="Add existing sub-work items"
              exclude={[id, ...subs.map((s) => s.id)]}
              buttonClassName={ADD_BTN}
              button={<>Add existing</>}
              onPick={addExisting}
            />
          </>
        )
      }
    >
      {subs.length > 0 && <SubItemProgress dist={dist} total={subs.length} done={done} />}
      <ul className="divide-y divide-line-subtle rounded-md border border-line" aria-label="Sub-work items">
        {subs.map((s) => (
          <SubItemRow
            key={s.id}
            sub={s}
            slug={slug}
            refs={refs}
            editable={editable}
            onChange={(patch) => change(s.id, patch)}
          />
        ))}
        {subs.length === 0 && !adding && <li className="px-3 py-3 text-xs text-fg-subtle">{emptyText(q)}</li>}
        {adding && (
          <li className="px-2 py-1.5">
            <InlineAddForm
              label="Sub-work item title"
              placeholder="Sub-work item title, Enter to add"
              check={checkSubItem}
              className="flex flex-wrap items-center gap-2"
              inputClassName="min-w-0 flex-1 rounded border border-indigo-400 bg-surface px-2 py-1 text-sm outline-none"
              onAdd={addNew}
              onClose={() => setAdding(false)}
            />
          </li>
        )}
      </ul>
    </Widget>
  );
}

/** The sub-items, their counts per state group, and adding, creating and changing them (each re-reads the list). */
function useSubItems(slug: string, pid: string, id: string, kind: ItemKind) {
  const q = useSubIssues(slug, pid, id, kind);
  const add = useAddSubIssues(slug, pid, id, kind);
  const create = useCreateWorkItem(slug, pid);
  const update = useUpdateWorkItem(slug, pid);
  const toast = useToast();
  const subs = q.data?.sub_issues ?? [];
  const dist = q.data?.state_distribution ?? {};
  const done = CLOSED_STATE_GROUPS.reduce((n, g) => n + (dist[g]?.length ?? 0), 0);

  const addNew = (name: string, onError: (err: unknown) => void) =>
    create.mutate(
      { body: { name, parent_id: id } },
      {
        onSuccess: () => q.refetch(),
        // a refusal of a field shows under the title; anything else as before, in a toast
        onError: (e) =>
          hasFieldErrors(e)
            ? onError(e)
            : toast.show(
                "error",
                "Could not create the sub-work item",
                errorMessage((e as { body?: unknown }).body) ?? (e as Error).message,
              ),
      },
    );
  const change = (subId: string, patch: Record<string, unknown>) =>
    update.mutate({ id: subId, patch }, { onSettled: () => q.refetch() });
  const addExisting = (items: { id: string }[]) => add.mutate(items.map((i) => i.id));
  return { q, subs, dist, done, addExisting, addNew, change };
}

/** How many sub-items are in each state group; the bar fills with the finished ones. */
function SubItemProgress({
  dist,
  total,
  done,
}: {
  dist: SubIssuesResponse["state_distribution"];
  total: number;
  done: number;
}) {
  return (
    <div
      className="mb-2 flex flex-wrap items-center gap-3 text-xs text-fg-muted"
      aria-label="Sub-work items by state group"
    >
      <div
        role="progressbar"
        aria-label="Sub-work items done"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={`${done} of ${total} done`}
        className="flex h-1.5 w-40 overflow-hidden rounded-full bg-fill-strong"
      >
        {/* only finished items fill the bar: completed, then cancelled */}
        {CLOSED_STATE_GROUPS.map((g) =>
          dist[g]?.length ? (
            <div
              key={g}
              data-fill={g}
              style={{ width: `${(dist[g].length / total) * 100}%`, backgroundColor: STATE_GROUP_COLOR[g] }}
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
  );
}

/** One sub-item: its state, priority and assignees change in place; it can leave its parent. */
function SubItemRow({
  sub: s,
  slug,
  refs,
  editable,
  onChange,
}: {
  sub: SubIssuesResponse["sub_issues"][number];
  slug: string;
  refs: ProjectRefs;
  editable: boolean;
  onChange: (patch: Record<string, unknown>) => void;
}) {
  const ident = refs.project?.identifier;
  return (
    <li data-item={`${ident}-${s.sequence_id}`} className="group flex items-center gap-2 px-2 py-1.5 text-sm">
      <StateProperty
        refs={refs}
        variant="icon"
        asMove
        value={s.state_id}
        disabled={!editable}
        onChange={(state_id) => onChange({ state_id })}
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
        onChange={(priority) => onChange({ priority })}
      />
      <AssigneesProperty
        refs={refs}
        variant="icon"
        value={s.assignee_ids ?? []}
        disabled={!editable}
        onChange={(assignee_ids) => onChange({ assignee_ids })}
      />
      {editable && (
        <button
          type="button"
          aria-label={`Remove ${ident}-${s.sequence_id} from parent`}
          title="Remove from parent"
          onClick={() => onChange({ parent_id: null })}
          className="rounded p-1 text-fg-faint opacity-0 hover:bg-fill hover:text-fg-muted focus:opacity-100 group-hover:opacity-100"
        >
          <Icon name="close" size={12} />
        </button>
      )}
    </li>
  );
}
