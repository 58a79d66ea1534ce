import type { ProjectRefs } from "../../../api/work-items-refs.ts";
import { groupPatch } from "../lib/groups.ts";

/**
 * What an item created inside a group starts with (quick add in a group or column): the group's value.
 * State groups use their first state; groupings that cannot be set (creator, project) add nothing.
 * `null` means quick add is not offered there.
 */
export function quickAddPreset(
  groupBy: string | null,
  key: string | null,
  refs: ProjectRefs,
): Record<string, unknown> | null {
  if (!groupBy || key === null) return {};
  if (groupBy === "state__group") {
    const s = refs.states.find((x) => x.group === key);
    return s ? { state_id: s.id } : null;
  }
  if (groupBy === "created_by" || groupBy === "project_id") return {};
  if (groupBy === "state_id" && key === "None") return {};
  return groupPatch(groupBy, key) ?? {};
}

/** Both levels of a kanban cell. */
export function cellPreset(
  groupBy: string | null,
  key: string,
  subGroupBy: string | null,
  subKey: string | null,
  refs: ProjectRefs,
): Record<string, unknown> | null {
  const a = quickAddPreset(groupBy, key, refs);
  const b = subGroupBy && subKey !== null ? quickAddPreset(subGroupBy, subKey, refs) : {};
  if (a === null || b === null) return null;
  return { ...a, ...b };
}

/** A group's values over the context's: modules add up (an item made in a module's "Other module" group joins both). */
export function withContext(
  ctx: { module_ids?: string[]; cycle_id?: string },
  preset: Record<string, unknown> | undefined,
): Record<string, unknown> {
  const p = preset ?? {};
  const groupModules = Array.isArray(p.module_ids) ? (p.module_ids as string[]) : [];
  const modules = [...new Set([...(ctx.module_ids ?? []), ...groupModules])];
  // a cycle's list keeps what it creates in that cycle, whatever the group
  const cycle = ctx.cycle_id ? { cycle_id: ctx.cycle_id } : {};
  return modules.length ? { ...ctx, ...p, ...cycle, module_ids: modules } : { ...ctx, ...p, ...cycle };
}
