/**
 * Property editors shared by every layout, the detail sidebar and the create modal: state, priority,
 * assignees, labels, dates (overdue flagged per work-tracking.md §4), estimate, cycle and modules.
 * `variant` picks the look: a compact chip (list rows, cards), a table cell, or a sidebar field.
 */
import type { ReactNode } from "react";
import { PRIORITIES, estimatePointLabel, mayTake, type Priority } from "@stride/shared";
import { Avatar, cx, usePopover } from "../ui/index.ts";
import { DatePanel } from "./DatePanel.tsx";
import type { ProjectRefs } from "../../api/work-items-refs.ts";
import type { Label, UserLite } from "../../api/types.ts";
import { labelRows } from "../../lib/label-tree.ts";
import { Dropdown, type Option } from "./Dropdown.tsx";
import { Icon, PriorityIcon, StateGroupIcon } from "./icons.tsx";
import { formatDate, formatShort, isOverdue } from "../../lib/dates.ts";
import { moveVerdict } from "../../lib/workflow.ts";

export type Variant = "chip" | "cell" | "field" | "icon";

export const PRIORITY_LABEL: Record<string, string> = {
  urgent: "Urgent",
  high: "High",
  medium: "Medium",
  low: "Low",
  none: "None",
};
const DATE_CHIP_LABEL = { "Start date": "Start", "Due date": "Due" } as const;

/** A picker button's classes by variant (a spreadsheet's own pickers use the cell's). */
export const BTN: Record<Variant, string> = {
  chip: "inline-flex h-6 max-w-48 items-center gap-1 rounded border border-line-raised px-1.5 text-xs text-fg-muted hover:bg-fill disabled:hover:bg-transparent",
  icon: "inline-flex h-6 items-center justify-center rounded border border-line-raised px-1 text-xs hover:bg-fill disabled:hover:bg-transparent",
  cell: "flex h-full w-full items-center gap-1.5 truncate px-2 text-left text-xs text-fg-muted hover:bg-fill disabled:hover:bg-transparent",
  field:
    "flex min-h-8 w-full items-center gap-2 rounded px-2 py-1 text-left text-sm text-fg-secondary hover:bg-fill disabled:hover:bg-transparent",
};

function Placeholder({ children }: { children: ReactNode }) {
  return <span className="text-fg-subtle">{children}</span>;
}

export function displayName(u: Pick<UserLite, "display_name" | "first_name" | "last_name"> | undefined | null): string {
  if (!u) return "Unknown";
  const full = [u.first_name, u.last_name].filter(Boolean).join(" ");
  return full || u.display_name || "Unknown";
}

/** A select's options for people (after its own first option): each by their id, named as displayName names them. */
export function PersonOptions({ people }: { people: (UserLite & { id: string })[] }) {
  return (
    <>
      {people.map((m) => (
        <option key={m.id} value={m.id}>
          {displayName(m)}
        </option>
      ))}
    </>
  );
}

interface Common {
  refs: ProjectRefs;
  variant?: Variant;
  disabled?: boolean;
  /** Names the picker across re-renders elsewhere (e.g. `${item.id}:state`), so focus finds it again. */
  focusKey?: string;
  /** Added to the button's classes (a list row hides a chip that does not fit). */
  className?: string;
}

/**
 * The state picker. `asMove`: the pick moves an existing work item, so the states the project's workflow refuses it
 * (lib/workflow.ts, the server's rule) are greyed out, each saying why; a new item's first state is no move.
 */
export function StateProperty({
  value,
  onChange,
  refs,
  variant = "chip",
  disabled,
  focusKey,
  className,
  asMove = false,
}: Common & { value: string | null; onChange: (id: string) => void; asMove?: boolean }) {
  const s = value ? refs.stateById.get(value) : undefined;
  const options = (): Option[] =>
    refs.states.map((st) => {
      const v = asMove ? moveVerdict(refs, value, st.id) : null;
      const refused = v && !v.ok ? { disabled: true, hint: "Not allowed", title: v.message } : {};
      return {
        value: st.id,
        label: st.name,
        icon: <StateGroupIcon group={st.group} color={st.color} />,
        keywords: st.group,
        ...refused,
      };
    });
  return (
    <Dropdown
      label="State"
      title={s ? `State: ${s.name}` : "State"}
      options={options}
      value={value}
      disabled={disabled}
      focusKey={focusKey}
      onChange={(v) => v && typeof v === "string" && v !== value && onChange(v)}
      buttonClassName={cx(BTN[variant], className)}
      button={
        <>
          <StateGroupIcon group={s?.group} color={s?.color} />
          {variant !== "icon" && <span className="truncate">{s?.name ?? "State"}</span>}
        </>
      }
    />
  );
}

export function PriorityProperty({
  value,
  onChange,
  variant = "chip",
  disabled,
  showLabel = true,
  focusKey,
  className,
}: Omit<Common, "refs"> & { value: string | null; onChange: (p: Priority) => void; showLabel?: boolean }) {
  const p = value ?? "none";
  const options = (): Option[] =>
    PRIORITIES.map((k) => ({ value: k, label: PRIORITY_LABEL[k], icon: <PriorityIcon priority={k} /> }));
  return (
    <Dropdown
      label="Priority"
      title={`Priority: ${PRIORITY_LABEL[p]}`}
      options={options}
      value={p}
      disabled={disabled}
      focusKey={focusKey}
      onChange={(v) => v && typeof v === "string" && v !== p && onChange(v as Priority)}
      buttonClassName={cx(BTN[variant], className)}
      button={
        <>
          <PriorityIcon priority={p} />
          {showLabel && variant !== "icon" && (
            <span className={cx("truncate", p === "none" && variant !== "field" && "text-fg-subtle")}>
              {p === "none" && variant === "field" ? "None" : PRIORITY_LABEL[p]}
            </span>
          )}
        </>
      }
    />
  );
}

export function AvatarStack({ users, max = 3 }: { users: (UserLite | undefined)[]; max?: number }) {
  const shown = users.filter(Boolean).slice(0, max) as UserLite[];
  const more = users.length - shown.length;
  return (
    <span className="flex items-center -space-x-1.5">
      {shown.map((u) => (
        <span key={u.id} className="rounded-full ring-2 ring-surface" title={displayName(u)}>
          <Avatar name={u.display_name || u.first_name} url={u.avatar_url} size="sm" />
        </span>
      ))}
      {more > 0 && <span className="pl-2 text-xs text-fg-subtle">+{more}</span>}
    </span>
  );
}

export function AssigneesProperty({
  value,
  onChange,
  refs,
  variant = "chip",
  disabled,
  focusKey,
  className,
}: Common & { value: string[]; onChange: (ids: string[]) => void }) {
  const options = (): Option[] =>
    refs.members
      .filter((m) => mayTake("assignee", m.role) || value.includes(m.id))
      .map((m) => ({
        value: m.id,
        label: displayName(m),
        keywords: m.display_name,
        icon: <Avatar name={m.display_name || m.first_name} url={m.avatar_url} size="sm" />,
      }));
  const users = value.map((id) => refs.memberById.get(id) ?? refs.userById.get(id));
  return (
    <Dropdown
      label="Assignees"
      title={value.length ? `Assignees: ${users.map(displayName).join(", ")}` : undefined}
      multiple
      options={options}
      value={value}
      disabled={disabled}
      focusKey={focusKey}
      onChange={(v) => onChange((v as string[]) ?? [])}
      buttonClassName={cx(BTN[variant], className)}
      emptyText="No members"
      button={
        value.length ? (
          <>
            <AvatarStack users={users} />
            {variant === "field" && value.length === 1 && <span className="truncate">{displayName(users[0])}</span>}
          </>
        ) : (
          <>
            <Icon name="user" size={14} className="text-fg-faint" />
            {variant !== "icon" && <Placeholder>{variant === "field" ? "Add assignees" : "Assignees"}</Placeholder>}
          </>
        )
      }
    />
  );
}

export function LabelDot({ color }: { color?: string }) {
  return (
    <span
      aria-hidden
      className="inline-block h-2 w-2 shrink-0 rounded-full"
      style={{ backgroundColor: color || "#a1a1aa" }}
    />
  );
}

/** The project's labels as picker options: a tree (parents, then their children indented), searchable. */
export function labelOptions(labels: readonly Label[]): Option[] {
  return labelRows(labels).map(({ label: l, depth, path }) => ({
    value: l.id,
    label: l.name,
    icon: <LabelDot color={l.color} />,
    depth,
    path: path.join(" / ") || undefined,
  }));
}

export function LabelsProperty({
  value,
  onChange,
  refs,
  variant = "chip",
  disabled,
  max = 2,
  focusKey,
  className,
}: Common & { value: string[]; onChange: (ids: string[]) => void; max?: number }) {
  const options = (): Option[] => labelOptions(refs.labels);
  const labels = value.map((id) => refs.labelById.get(id)).filter(Boolean);
  return (
    <Dropdown
      label="Labels"
      title={labels.length ? `Labels: ${labels.map((l) => l!.name).join(", ")}` : undefined}
      multiple
      options={options}
      value={value}
      disabled={disabled}
      focusKey={focusKey}
      onChange={(v) => onChange((v as string[]) ?? [])}
      buttonClassName={cx(BTN[variant], className)}
      emptyText="No labels in this project"
      button={
        labels.length ? (
          <span className="flex min-w-0 items-center gap-1.5">
            {labels.length > max && variant !== "field" ? (
              <>
                <span className="flex -space-x-0.5">
                  {labels.map((l) => (
                    <LabelDot key={l!.id} color={l!.color} />
                  ))}
                </span>
                <span className="truncate">{labels.length} labels</span>
              </>
            ) : (
              labels.map((l) => (
                <span key={l!.id} className="flex min-w-0 items-center gap-1">
                  <LabelDot color={l!.color} />
                  <span className="truncate">{l!.name}</span>
                </span>
              ))
            )}
          </span>
        ) : (
          <>
            <Icon name="tag" size={14} className="text-fg-faint" />
            {variant !== "icon" && <Placeholder>{variant === "field" ? "Add labels" : "Labels"}</Placeholder>}
          </>
        )
      }
    />
  );
}

export function DateProperty({
  value,
  onChange,
  label,
  min,
  max,
  variant = "chip",
  disabled,
  overdueGroup,
  placeholder,
  focusKey,
  className,
}: {
  value: string | null;
  onChange: (d: string | null) => void;
  label: "Start date" | "Due date";
  min?: string | null;
  max?: string | null;
  variant?: Variant;
  disabled?: boolean;
  /** When set (the item's state group), a past due date is flagged as overdue. */
  overdueGroup?: string | null;
  placeholder?: string;
  focusKey?: string;
  className?: string;
}) {
  const pop = usePopover({ focusKey });
  const overdue = label === "Due date" && overdueGroup !== undefined && isOverdue(value, overdueGroup);
  const name = value ? `${label}: ${formatDate(value)}${overdue ? " (overdue)" : ""}` : label;
  // a chip shows "Start Mar 02": its name starts with what it shows (WCAG 2.5.3), the full date is its description
  const chipName =
    value && variant === "chip"
      ? `${DATE_CHIP_LABEL[label]} ${formatShort(value)}${overdue ? " (overdue)" : ""}`
      : name;
  return (
    <>
      <button
        type="button"
        disabled={disabled}
        aria-label={chipName}
        title={name}
        data-overdue={overdue || undefined}
        {...pop.triggerProps}
        className={cx(BTN[variant], overdue && "text-danger", className)}
      >
        <Icon name="calendar" size={14} className={overdue ? "text-red-500" : "text-fg-faint"} />
        {variant !== "icon" &&
          (value ? (
            <span className="truncate">
              {/* a chip stands among other chips (list rows, cards): it says which date it is */}
              {variant === "chip" && <span className="text-fg-subtle">{DATE_CHIP_LABEL[label]} </span>}
              {variant === "field" ? formatDate(value) : formatShort(value)}
            </span>
          ) : (
            <Placeholder>{placeholder ?? label}</Placeholder>
          ))}
      </button>
      {pop.open && <DatePanel pop={pop} label={label} value={value} min={min} max={max} onChange={onChange} />}
    </>
  );
}

export function EstimateProperty({
  value,
  onChange,
  refs,
  variant = "chip",
  disabled,
  focusKey,
  className,
}: Common & { value: string | null; onChange: (id: string | null) => void }) {
  if (refs.estimatePoints.length === 0) return null;
  const options = (): Option[] => [
    { value: "__none", label: "No estimate" },
    ...refs.estimatePoints.map((p) => ({ value: p.id, label: estimatePointLabel(refs.estimateType, p.value) })),
  ];
  const cur = refs.estimatePoints.find((p) => p.id === value);
  return (
    <Dropdown
      label="Estimate"
      options={options}
      value={value ?? "__none"}
      disabled={disabled}
      focusKey={focusKey}
      onChange={(v) => onChange(v === "__none" ? null : (v as string))}
      buttonClassName={cx(BTN[variant], className)}
      button={
        <>
          <Icon name="estimate" size={14} className="text-fg-faint" />
          {cur ? (
            <span>{estimatePointLabel(refs.estimateType, cur.value)}</span>
          ) : (
            variant !== "icon" && <Placeholder>Estimate</Placeholder>
          )}
        </>
      }
    />
  );
}

export function CycleProperty({
  value,
  onChange,
  refs,
  variant = "chip",
  disabled,
  focusKey,
  className,
}: Common & { value: string | null; onChange: (id: string | null) => void }) {
  if (!refs.cyclesEnabled) return null;
  // an ended cycle takes no more work items (its own items still show it)
  const options = (): Option[] => [
    { value: "__none", label: "No cycle" },
    ...refs.cycles
      .filter((c) => c.status !== "COMPLETED" || c.id === value)
      .map((c) => ({ value: c.id, label: c.name, hint: c.status?.toLowerCase() })),
  ];
  const cur = refs.cycles.find((c) => c.id === value);
  return (
    <Dropdown
      label="Cycle"
      title={cur ? `Cycle: ${cur.name}` : undefined}
      options={options}
      value={value ?? "__none"}
      disabled={disabled}
      focusKey={focusKey}
      onChange={(v) => onChange(v === "__none" ? null : (v as string))}
      buttonClassName={cx(BTN[variant], className)}
      button={
        <>
          <Icon name="cycle" size={14} className="text-fg-faint" />
          {cur ? <span className="truncate">{cur.name}</span> : variant !== "icon" && <Placeholder>Cycle</Placeholder>}
        </>
      }
    />
  );
}

export function ModulesProperty({
  value,
  onChange,
  refs,
  variant = "chip",
  disabled,
  focusKey,
  className,
}: Common & { value: string[]; onChange: (ids: string[]) => void }) {
  if (!refs.modulesEnabled) return null;
  const options = (): Option[] => refs.modules.map((m) => ({ value: m.id, label: m.name }));
  const names = value.map((id) => refs.modules.find((m) => m.id === id)?.name).filter(Boolean);
  return (
    <Dropdown
      label="Modules"
      title={
        names.length ? `${names.length > 1 ? `${names.length} modules` : "Modules"}: ${names.join(", ")}` : undefined
      }
      multiple
      options={options}
      value={value}
      disabled={disabled}
      focusKey={focusKey}
      onChange={(v) => onChange((v as string[]) ?? [])}
      buttonClassName={cx(BTN[variant], className)}
      emptyText="No modules"
      button={
        <>
          <Icon name="module" size={14} className="text-fg-faint" />
          {names.length ? (
            <span className="truncate">{names.length > 1 ? `${names.length} modules` : names[0]}</span>
          ) : (
            variant !== "icon" && <Placeholder>Modules</Placeholder>
          )}
        </>
      }
    />
  );
}

/** A read-only count chip (sub-items, links, attachments). */
export function CountChip({
  icon,
  count,
  label,
  className,
}: {
  icon: "subitems" | "link" | "paperclip";
  count: number | null | undefined;
  label: string;
  className?: string;
}) {
  return (
    <span
      title={`${count ?? 0} ${label}`}
      aria-label={`${count ?? 0} ${label}`}
      className={cx(
        "inline-flex h-6 items-center gap-1 rounded border border-line-raised px-1.5 text-xs text-fg-muted",
        className,
      )}
    >
      <Icon name={icon} size={13} />
      {count ?? 0}
    </span>
  );
}
