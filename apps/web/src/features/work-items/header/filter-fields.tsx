/**
 * The filter fields of a list context (work-tracking.md §3) with their choices, and the names of
 * applied values for the chips. Date fields offer the presets of §9 and a custom range.
 */
import { useMemo, type ReactNode } from "react";
import {
  CUSTOM_PROPERTY_PREFIX,
  isMemberKind,
  isOptionKind,
  DATE_AGO_OPTIONS,
  DATE_AHEAD_OPTIONS,
  DATE_PRESET_OPTIONS,
  DRAFT_FILTER_KEYS,
  PRIORITIES,
  PROFILE_TAB_FILTER,
  STATE_GROUPS,
  type ProfileTab,
} from "@stride/shared";
import { useList } from "../context.tsx";
import { Avatar } from "../../../components/ui/index.ts";
import type { ProjectRefs } from "../../../api/work-items-refs.ts";
import type { IssueProperty } from "@stride/shared/contract";
import { PriorityIcon, StateGroupIcon } from "../../../components/work-item/icons.tsx";
import { PRIORITY_LABEL, displayName, labelOptions } from "../../../components/work-item/properties.tsx";
import { formatDate } from "../../../lib/dates.ts";
import { useItemTyping } from "../../../components/work-item/custom-properties.tsx";
import { ProjectLogo } from "../../../components/project/ProjectLogo.tsx";

export interface FilterChoice {
  value: string;
  label: string;
  icon?: ReactNode;
  depth?: number;
  path?: string;
}
export interface FilterField {
  key: string;
  label: string;
  date?: boolean;
  /** A number or date custom property (issue #29): filtered within bounds, `<key>__gte` and `<key>__lte`. */
  range?: "number" | "date";
  choices: FilterChoice[];
}

export const DATE_CHOICES: FilterChoice[] = [...DATE_PRESET_OPTIONS, ...DATE_AHEAD_OPTIONS, ...DATE_AGO_OPTIONS].map(
  (o) => ({ value: o.value, label: o.label }),
);

/**
 * The filter fields of the list context around: a teamspace's list filters by its projects as `team_project`, the
 * workspace's lists (global views, profile tabs) as `project`; a profile tab has no filter on its own field.
 */
export function useFilterFields(): FilterField[] {
  const { slug, pid, refs, me, kind, desc } = useList();
  const typing = useItemTyping(slug, pid, refs);
  return useMemo(() => {
    const own = kind === "profile" ? PROFILE_TAB_FILTER[desc.contextId?.split("/")[1] as ProfileTab] : undefined;
    const fields = filterFields(refs, me, kind === "team" || kind === "team_view" ? "team_project" : "project").filter(
      // the caller's drafts: the drafts' filter set (@stride/shared drafts.ts)
      (f) => f.key !== own && (kind !== "workspace_drafts" || (DRAFT_FILTER_KEYS as readonly string[]).includes(f.key)),
    );
    if (!typing.enabled) return fields;
    // work-tracking.md §3: `issue_type` is a filter field; then the custom properties
    const types = {
      key: "issue_type",
      label: "Work item type",
      choices: typing.types.filter((t) => !t.is_epic).map((t) => ({ value: t.id, label: t.name })),
    };
    return [...fields, types, ...propertyFilterFields(typing.properties, refs)];
  }, [refs, me, kind, desc.contextId, typing.enabled, typing.properties, typing.types]);
}

/**
 * The project's custom properties as filter fields (issue #29): options, people and yes/no by value, numbers and
 * dates within bounds; text, paragraphs and links are not filtered by.
 */
function propertyFilterFields(properties: readonly IssueProperty[], refs: ProjectRefs): FilterField[] {
  const out: FilterField[] = [];
  for (const p of properties) {
    if (!p.is_active) continue;
    const key = `${CUSTOM_PROPERTY_PREFIX}${p.id}`;
    const none = { value: "None", label: `No ${p.display_name.toLowerCase()}` };
    if (p.kind === "number" || p.kind === "date") out.push({ key, label: p.display_name, range: p.kind, choices: [] });
    else if (isOptionKind(p.kind))
      out.push({
        key,
        label: p.display_name,
        choices: [...p.options.filter((o) => o.is_active).map((o) => ({ value: o.id, label: o.name })), none],
      });
    else if (isMemberKind(p.kind))
      out.push({
        key,
        label: p.display_name,
        choices: [
          ...refs.members.map((m) => ({
            value: m.id,
            label: displayName(m),
            icon: <Avatar name={m.display_name || m.first_name} url={m.avatar_url} size="sm" />,
          })),
          none,
        ],
      });
    else if (p.kind === "boolean")
      out.push({
        key,
        label: p.display_name,
        choices: [
          { value: "true", label: "Yes" },
          { value: "false", label: "No" },
        ],
      });
  }
  return out;
}

/**
 * The field of an applied filter key: a field's own key, or a bound of a range field (`<key>__gte` reads
 * "Points ≥", a date's "Due from").
 */
export function appliedField(fields: readonly FilterField[], key: string): FilterField | undefined {
  const own = fields.find((x) => x.key === key);
  if (own) return own;
  const m = /^(.*)__(gte|lte)$/.exec(key);
  const base = m ? fields.find((x) => x.key === m[1] && x.range) : undefined;
  if (!m || !base) return undefined;
  const word = base.range === "date" ? (m[2] === "gte" ? "from" : "until") : m[2] === "gte" ? "≥" : "≤";
  return { ...base, key, label: `${base.label} ${word}` };
}

export function filterFields(refs: ProjectRefs, me: string | null, projectKey = "team_project"): FilterField[] {
  const people = (withNone: boolean): FilterChoice[] => [
    ...refs.members.map((m) => ({
      value: m.id,
      label: m.id === me ? `${displayName(m)} (you)` : displayName(m),
      icon: <Avatar name={m.display_name || m.first_name} url={m.avatar_url} size="sm" />,
    })),
    ...(withNone ? [{ value: "None", label: "No one" }] : []),
  ];
  const fields: FilterField[] = [
    // a list across projects filters by them (work-tracking.md §3 `team_project` in a teamspace, else `project`)
    ...(refs.projects
      ? [
          {
            key: projectKey,
            label: "Project",
            choices: refs.projects.map((p) => ({ value: p.id, label: p.name, icon: <ProjectLogo project={p} /> })),
          },
        ]
      : []),
    {
      key: "priority",
      label: "Priority",
      choices: PRIORITIES.map((p) => ({ value: p, label: PRIORITY_LABEL[p], icon: <PriorityIcon priority={p} /> })),
    },
    {
      key: "state",
      label: "State",
      choices: refs.states.map((s) => ({
        value: s.id,
        label: s.name,
        icon: <StateGroupIcon group={s.group} color={s.color} />,
      })),
    },
    {
      key: "state_group",
      label: "State group",
      choices: STATE_GROUPS.map((g) => ({
        value: g,
        label: g.charAt(0).toUpperCase() + g.slice(1),
        icon: <StateGroupIcon group={g} />,
      })),
    },
    { key: "assignees", label: "Assignees", choices: people(true) },
    { key: "mentions", label: "Mentions", choices: people(false) },
    { key: "created_by", label: "Created by", choices: people(false) },
    { key: "labels", label: "Labels", choices: [...labelOptions(refs.labels), { value: "None", label: "No labels" }] },
  ];
  if (refs.cyclesEnabled)
    fields.push({
      key: "cycle",
      label: "Cycle",
      choices: [...refs.cycles.map((c) => ({ value: c.id, label: c.name })), { value: "None", label: "No cycle" }],
    });
  if (refs.modulesEnabled)
    fields.push({
      key: "module",
      label: "Module",
      choices: [...refs.modules.map((m) => ({ value: m.id, label: m.name })), { value: "None", label: "No module" }],
    });
  fields.push(
    { key: "start_date", label: "Start date", date: true, choices: DATE_CHOICES },
    { key: "target_date", label: "Due date", date: true, choices: DATE_CHOICES },
    { key: "subscriber", label: "Subscriber", choices: people(false) },
  );
  return fields;
}

/** Human text of one applied value (custom dates read "After Jan 05, 2025"). */
export function valueLabel(field: FilterField | undefined, value: string): string {
  if (!field) return value;
  const c = field.choices.find((x) => x.value === value);
  if (c) return c.label;
  if (field.range === "date" && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value);
  if (field.date) {
    const [d, dir] = value.split(";");
    if (/^\d{4}-\d{2}-\d{2}$/.test(d))
      return `${dir === "before" ? "Before" : dir === "after" ? "After" : "On"} ${formatDate(d)}`;
  }
  return value;
}
