import { useEffect, useState } from "react";
import { checkPropertyValue, isMemberKind, isMultiKind, type PropertyKind } from "@stride/shared";
import type { IssueProperty, IssueType } from "@stride/shared/contract";
import { propertiesOfType, useIssueProperties, useIssueTypes } from "../../api/issue-types.ts";
import type { ProjectRefs } from "../../api/work-items-refs.ts";
import { cx } from "../ui/index.ts";
import { BTN, displayName } from "./properties.tsx";
import { Dropdown } from "./Dropdown.tsx";

/**
 * Custom properties of work items (issue #29): which ones an item has (its type's), an editor per kind, and how a
 * value reads. Values travel as lists of strings keyed by property id (`property_values`); the server checks them.
 */

export interface ItemTyping {
  /** Types are on in the project. */
  enabled: boolean;
  types: IssueType[];
  properties: IssueProperty[];
  /** The type a new item takes (epics: the epic type). */
  defaultType: (epic?: boolean) => IssueType | undefined;
  /** The active properties of a type (an item without a type: the default type's). */
  of: (typeId: string | null | undefined, epic?: boolean) => IssueProperty[];
}

export function useItemTyping(slug: string, pid: string, refs: Pick<ProjectRefs, "project">): ItemTyping {
  const enabled = !!refs.project?.is_issue_type_enabled;
  const types = useIssueTypes(slug, pid, enabled).data ?? [];
  const properties = useIssueProperties(slug, pid, enabled).data ?? [];
  const defaultType = (epic = false) => types.find((t) => (epic ? t.is_epic : t.is_default));
  return {
    enabled,
    types,
    properties,
    defaultType,
    of: (typeId, epic) => (enabled ? propertiesOfType(properties, typeId ?? defaultType(epic)?.id) : []),
  };
}

/** What an option or member property offers: its active options, or the project's members. */
function choicesOf(p: IssueProperty, refs: Pick<ProjectRefs, "members">): { id: string; name: string }[] {
  return isMemberKind(p.kind)
    ? refs.members.map((m) => ({ id: m.id, name: displayName(m) }))
    : p.options.filter((o) => o.is_active).map((o) => ({ id: o.id, name: o.name }));
}

const FIELD =
  "w-full min-w-0 rounded border border-transparent bg-transparent px-2 py-1 text-sm hover:border-line-strong focus:border-indigo-500 focus:outline-none disabled:opacity-60";

/** The props every kind's editor takes. */
interface FieldProps {
  property: IssueProperty;
  value: readonly string[] | undefined;
  onChange: (values: string[]) => void;
  disabled?: boolean;
  refs: Pick<ProjectRefs, "members" | "userById" | "memberById">;
  compact?: boolean;
}

/**
 * The editor of one property's value, by kind: text inputs commit on blur or Enter (after the shared check, so a
 * bad value says why before anything is sent); pickers and switches commit at once. `compact`: a spreadsheet cell.
 */
export function PropertyValueField(props: FieldProps) {
  const kind: PropertyKind = props.property.kind;
  if (kind === "boolean") return <BooleanField {...props} />;
  if (kind === "option" || kind === "member" || isMultiKind(kind)) return <ChoiceField {...props} />;
  return <TextField {...props} />;
}

/**
 * Commits a value after the shared check (`checkPropertyValue`): a refusal is kept to show, an unchanged value is not
 * sent.
 */
function useCommit({ property: p, value, onChange }: FieldProps) {
  const current = value ?? [];
  const [error, setError] = useState<string | null>(null);
  const rule = {
    id: p.id,
    name: p.display_name,
    kind: p.kind,
    is_required: p.is_required,
    settings: p.settings,
    option_ids: p.options.filter((o) => o.is_active).map((o) => o.id),
  };
  const commit = (raw: string | string[] | boolean) => {
    const r = checkPropertyValue(rule, raw, { required: p.is_required });
    if (!r.ok) {
      setError(r.error);
      return;
    }
    setError(null);
    const same = r.values.length === current.length && r.values.every((v, i) => v === current[i]);
    if (!same) onChange(r.values);
  };
  return { current, commit, error, setError };
}

/** A refusal under the field. */
function ErrorLine({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <p role="alert" className="px-2 text-xs text-danger">
      {error}
    </p>
  );
}

/** Yes or no: a checkbox. */
function BooleanField(props: FieldProps) {
  const { current, commit } = useCommit(props);
  const { property: p, disabled, compact } = props;
  return (
    <label className={cx("flex items-center gap-2 px-2 py-1 text-sm", disabled && "opacity-60")}>
      <input
        type="checkbox"
        aria-label={p.display_name}
        checked={current[0] === "true"}
        disabled={disabled}
        onChange={(e) => commit(e.target.checked)}
      />
      {!compact && <span className="text-fg-muted">{current[0] === "true" ? "Yes" : "No"}</span>}
    </label>
  );
}

/**
 * An option or a member property (one or several): a picker like the item's other properties — the button reads the
 * chosen names, the list searches and checks (several stay open while picked).
 */
function ChoiceField(props: FieldProps) {
  const { current, commit, error } = useCommit(props);
  const { property: p, disabled, compact, refs } = props;
  const multiple = isMultiKind(p.kind);
  const choices = choicesOf(p, refs);
  const names = current.map((id) => choices.find((c) => c.id === id)?.name ?? "").filter(Boolean);
  const shown = names.join(", ");
  return (
    <div className="min-w-0 flex-1">
      <Dropdown
        label={p.display_name}
        title={shown ? `${p.display_name}: ${shown}` : p.display_name}
        options={() => [
          ...(multiple ? [] : [{ value: "", label: "None" }]),
          ...choices.map((c) => ({ value: c.id, label: c.name })),
        ]}
        multiple={multiple}
        value={multiple ? [...current] : (current[0] ?? "")}
        emptyText="No choices"
        disabled={disabled}
        onChange={(v) => commit(Array.isArray(v) ? v : v ? [v] : [])}
        buttonClassName={compact ? BTN.cell : BTN.field}
        button={
          <span className="truncate">{shown || <span className="text-fg-subtle">{compact ? "" : "None"}</span>}</span>
        }
      />
      <ErrorLine error={error} />
    </div>
  );
}

/** Text, a paragraph, a number, a date or a URL: typed, committed on blur or Enter (a date when picked). */
function TextField(props: FieldProps) {
  const { current, commit, error, setError } = useCommit(props);
  const { property: p, disabled, compact } = props;
  const kind: PropertyKind = p.kind;
  const [draft, setDraft] = useState(current[0] ?? "");
  useEffect(() => setDraft(current[0] ?? ""), [current[0]]); // eslint-disable-line react-hooks/exhaustive-deps
  if (kind === "paragraph" && !compact) {
    return (
      <div className="min-w-0 flex-1">
        <textarea
          aria-label={p.display_name}
          rows={2}
          className={FIELD}
          disabled={disabled}
          value={draft}
          placeholder="Empty"
          onChange={(e) => setDraft(e.target.value)}
          onBlur={() => commit(draft)}
        />
        <ErrorLine error={error} />
      </div>
    );
  }
  const type = kind === "number" ? "number" : kind === "date" ? "date" : kind === "url" ? "url" : "text";
  return (
    <div className="min-w-0 flex-1">
      <input
        aria-label={p.display_name}
        type={type}
        className={FIELD}
        disabled={disabled}
        value={draft}
        placeholder={compact ? "" : "Empty"}
        min={kind === "number" ? (p.settings.min ?? undefined) : undefined}
        max={kind === "number" ? (p.settings.max ?? undefined) : undefined}
        onChange={(e) => {
          setDraft(e.target.value);
          if (kind === "date") commit(e.target.value);
        }}
        onBlur={() => kind !== "date" && commit(draft)}
        onKeyDown={(e) => {
          if (e.key === "Enter") (e.target as HTMLInputElement).blur();
          if (e.key === "Escape") {
            setDraft(current[0] ?? "");
            setError(null);
          }
        }}
      />
      <ErrorLine error={error} />
    </div>
  );
}
