import type { ReactNode } from "react";
import type { WorkItem } from "../../../api/work-items-types.ts";
import {
  AssigneesProperty,
  CycleProperty,
  DateProperty,
  EstimateProperty,
  LabelsProperty,
  ModulesProperty,
  PriorityProperty,
  StateProperty,
  displayName,
} from "../../../components/work-item/properties.tsx";
import { ParentPicker } from "../../../components/work-item/ParentPicker.tsx";
import { PropertyValueField, useItemTyping } from "../../../components/work-item/custom-properties.tsx";
import { isOverdue } from "../../../lib/dates.ts";
import { useDateTimeFormat } from "../../../lib/datetime.ts";
import { TimeSpent } from "../widgets/Time.tsx";
import type { DetailScope, ItemPatch } from "./useDetailActions.ts";

/** Why a member of the project may not change an item: only guests are refused, on items they did not create. */
const GUEST_READ_ONLY = "Guests can view this work item but change only the work items they created.";

interface PropsOf {
  scope: DetailScope;
  editable: boolean;
  set: (patch: ItemPatch) => void;
}

/**
 * The property panel (beside the page, inside the peek): state, priority, people, labels, dates, time, estimate,
 * parent, cycle, modules, type and custom properties, then who created it and when.
 */
export function DetailProperties({ scope, editable, archived, set }: PropsOf & { archived: boolean }) {
  return (
    <PropertyList readOnlyReason={!editable && !archived ? GUEST_READ_ONLY : null}>
      <PlanningProperties scope={scope} editable={editable} set={set} />
      <PlacementProperties scope={scope} editable={editable} set={set} />
      <TypingProperties scope={scope} editable={editable} set={set} />
      <AuditProperties scope={scope} />
    </PropertyList>
  );
}

/** State, priority, assignees, labels and the dates (an overdue one says so). */
function PlanningProperties({ scope: { item, refs }, editable, set }: PropsOf) {
  const group = refs.stateById.get(item.state_id ?? "")?.group ?? item.state__group ?? null;
  return (
    <>
      <Prop label="State">
        <StateProperty
          refs={refs}
          variant="field"
          asMove
          value={item.state_id}
          disabled={!editable}
          onChange={(state_id) => set({ state_id })}
        />
      </Prop>
      <Prop label="Priority">
        <PriorityProperty
          variant="field"
          value={item.priority}
          disabled={!editable}
          onChange={(p) => set({ priority: p as WorkItem["priority"] })}
        />
      </Prop>
      <Prop label="Assignees">
        <AssigneesProperty
          refs={refs}
          variant="field"
          value={item.assignee_ids ?? []}
          disabled={!editable}
          onChange={(assignee_ids) => set({ assignee_ids })}
        />
      </Prop>
      <Prop label="Labels">
        <LabelsProperty
          refs={refs}
          variant="field"
          value={item.label_ids ?? []}
          disabled={!editable}
          onChange={(label_ids) => set({ label_ids })}
        />
      </Prop>
      <Prop label="Start date">
        <DateProperty
          label="Start date"
          variant="field"
          value={item.start_date}
          max={item.target_date}
          disabled={!editable}
          onChange={(start_date) => set({ start_date })}
          placeholder="Add start date"
        />
      </Prop>
      <Prop label="Due date">
        <span className="min-w-0 flex-1">
          <DateProperty
            label="Due date"
            variant="field"
            value={item.target_date}
            min={item.start_date}
            overdueGroup={group}
            disabled={!editable}
            onChange={(target_date) => set({ target_date })}
            placeholder="Add due date"
          />
        </span>
        {isOverdue(item.target_date, group) && (
          <span className="ml-1 shrink-0 rounded bg-danger-soft px-1.5 py-0.5 text-[10px] font-semibold uppercase text-danger">
            Overdue
          </span>
        )}
      </Prop>
    </>
  );
}

/** Time spent and the estimate, the parent, the cycle and the modules (each while the project has it on). */
function PlacementProperties({ scope: { slug, pid, item, kind, refs }, editable, set }: PropsOf) {
  const ident = refs.project?.identifier;
  return (
    <>
      {/* time logged on the item (issue #29 point 3): only while the project has time tracking on */}
      {!!refs.project?.is_time_tracking_enabled && (
        <Prop label="Time spent">
          <TimeSpent slug={slug} pid={pid} id={item.id} kind={kind} />
        </Prop>
      )}
      {refs.estimatePoints.length > 0 && (
        <Prop label="Estimate">
          <EstimateProperty
            refs={refs}
            variant="field"
            value={item.estimate_point}
            disabled={!editable}
            onChange={(estimate_point) => set({ estimate_point })}
          />
        </Prop>
      )}
      <Prop label="Parent">
        {editable ? (
          <ParentPicker
            slug={slug}
            pid={pid}
            value={item.parent_id}
            known={item.parent}
            onChange={(parent_id) => set({ parent_id })}
          />
        ) : item.parent ? (
          <span className="px-2 text-sm">
            {ident}-{item.parent.sequence_id}
          </span>
        ) : (
          <span className="px-2 text-sm text-fg-subtle">None</span>
        )}
      </Prop>
      {refs.cyclesEnabled && (
        <Prop label="Cycle">
          <CycleProperty
            refs={refs}
            variant="field"
            value={item.cycle_id}
            disabled={!editable}
            onChange={(cycle_id) => set({ cycle_id })}
          />
        </Prop>
      )}
      {refs.modulesEnabled && (
        <Prop label="Modules">
          <ModulesProperty
            refs={refs}
            variant="field"
            value={item.module_ids ?? []}
            disabled={!editable}
            onChange={(module_ids) => set({ module_ids })}
          />
        </Prop>
      )}
    </>
  );
}

/** Work item types and custom properties (issue #29), when the project has them on. */
function TypingProperties({ scope: { slug, pid, item, kind, refs }, editable, set }: PropsOf) {
  const typing = useItemTyping(slug, pid, refs);
  const epic = kind === "epics";
  return (
    <>
      {typing.enabled && (
        <Prop label="Type">
          <select
            aria-label="Type"
            className="w-full min-w-0 rounded border border-transparent bg-transparent px-2 py-1 text-sm hover:border-line-strong focus:border-indigo-500 focus:outline-none disabled:opacity-60"
            disabled={!editable || epic}
            value={item.type_id ?? typing.defaultType(epic)?.id ?? ""}
            onChange={(e) => set({ type_id: e.target.value })}
          >
            {typing.types
              .filter((t) => t.is_active && t.is_epic === epic)
              .map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
          </select>
        </Prop>
      )}
      {typing.of(item.type_id, epic).map((p) => (
        <Prop key={p.id} label={p.display_name}>
          <PropertyValueField
            property={p}
            refs={refs}
            value={item.property_values?.[p.id]}
            disabled={!editable}
            onChange={(values) => set({ property_values: { ...(item.property_values ?? {}), [p.id]: values } })}
          />
        </Prop>
      ))}
    </>
  );
}

/** Who created the item, and when it was created and last updated. */
function AuditProperties({ scope: { item, refs } }: { scope: DetailScope }) {
  const when = useDateTimeFormat();
  return (
    <>
      <Prop label="Created by">
        <span className="px-2 text-sm">{displayName(refs.userById.get(item.created_by ?? ""))}</span>
      </Prop>
      <Prop label="Created">
        <span className="px-2 text-sm text-fg-muted">{when.date(item.created_at)}</span>
      </Prop>
      <Prop label="Updated">
        <span className="px-2 text-sm text-fg-muted">{when.date(item.updated_at)}</span>
      </Prop>
    </>
  );
}

/** The property panel; when the caller may not change them, it says why (visibly and as the tooltip). */
function PropertyList({ children, readOnlyReason }: { children: ReactNode; readOnlyReason?: string | null }) {
  return (
    <div>
      {readOnlyReason && (
        <p className="mb-1 px-1 text-xs text-fg-subtle" data-read-only>
          {readOnlyReason}
        </p>
      )}
      <dl
        title={readOnlyReason ?? undefined}
        className="grid grid-cols-[92px_minmax(0,1fr)] items-center gap-x-2 gap-y-0.5 rounded-lg border border-line p-2"
      >
        {children}
      </dl>
    </div>
  );
}

function Prop({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="px-1 text-xs text-fg-subtle">{label}</dt>
      <dd className="flex min-w-0 items-center">{children}</dd>
    </>
  );
}
