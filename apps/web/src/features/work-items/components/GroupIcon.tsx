import { Avatar } from "../../../components/ui/index.ts";
import type { ProjectRefs } from "../../../api/work-items-refs.ts";
import { NONE_KEY } from "../../../api/work-items-list-data.ts";
import { groupTitle, type GroupRefs } from "../lib/groups.ts";
import { Icon, PriorityIcon, STATE_GROUP_COLOR, StateGroupIcon } from "../../../components/work-item/icons.tsx";
import { LabelDot } from "../../../components/work-item/properties.tsx";
import { ProjectLogo } from "../../../components/project/ProjectLogo.tsx";

export function groupRefs(refs: ProjectRefs): GroupRefs {
  return {
    states: refs.states,
    labels: refs.labels,
    members: refs.members,
    userName: (id) => refs.userById.get(id)?.display_name ?? null,
    cycles: refs.cycles,
    modules: refs.modules,
    projectName: (id) => (refs.projects ?? (refs.project ? [refs.project] : [])).find((p) => p.id === id)?.name ?? null,
  };
}

/** The icon of a group header (state, priority, label colour, member avatar …). */
export function GroupIcon({
  groupBy,
  groupKey,
  refs,
}: {
  groupBy: string | null;
  groupKey: string;
  refs: ProjectRefs;
}) {
  switch (groupBy) {
    case "state_id": {
      const s = refs.stateById.get(groupKey);
      return <StateGroupIcon group={s?.group} color={s?.color} />;
    }
    case "state__group":
      return <StateGroupIcon group={groupKey} color={STATE_GROUP_COLOR[groupKey]} />;
    case "priority":
      return <PriorityIcon priority={groupKey} />;
    case "labels__id":
      return <LabelDot color={groupKey === NONE_KEY ? undefined : refs.labelById.get(groupKey)?.color} />;
    case "assignees__id":
    case "created_by": {
      if (groupKey === NONE_KEY) return <Icon name="user" size={14} className="text-fg-faint" />;
      const u = refs.memberById.get(groupKey) ?? refs.userById.get(groupKey);
      return <Avatar name={u?.display_name ?? "?"} url={u?.avatar_url} size="sm" />;
    }
    case "cycle_id":
      return <Icon name="cycle" size={14} className="text-fg-subtle" />;
    case "issue_module__module_id":
      return <Icon name="module" size={14} className="text-fg-subtle" />;
    case "target_date":
      return <Icon name="calendar" size={14} className="text-fg-subtle" />;
    case "project_id": {
      const p = refs.projects?.find((x) => x.id === groupKey) ?? refs.project;
      return p ? <ProjectLogo project={p} /> : null;
    }
    default:
      return null;
  }
}

export function useGroupTitle(refs: ProjectRefs) {
  const gr = groupRefs(refs);
  return (groupBy: string | null, key: string) => groupTitle(groupBy, key, gr);
}
