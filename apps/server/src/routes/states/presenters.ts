import type { InferSelectModel } from "drizzle-orm";
import { STATE_GROUPS } from "@stride/shared";
import type { GroupedStates, State } from "@stride/shared/contract";
import type { schema } from "../../db/client.ts";

export type StateRow = InferSelectModel<typeof schema.states>;

/** State (wire-facts §5); `order` = rank within its group (1-based) / group size, per project. */
export function presentState(s: StateRow, order: number): State {
  return {
    id: s.id,
    project_id: s.projectId,
    workspace_id: s.workspaceId,
    name: s.name,
    color: s.color,
    group: s.group,
    default: s.default,
    description: s.description,
    sequence: s.sequence,
    order,
  };
}

/** Present states already sorted by sequence, computing `order` per (project, group). */
export function presentStates(rows: StateRow[]): State[] {
  const sizes = new Map<string, number>();
  for (const s of rows) sizes.set(`${s.projectId}:${s.group}`, (sizes.get(`${s.projectId}:${s.group}`) ?? 0) + 1);
  const seen = new Map<string, number>();
  return rows.map((s) => {
    const key = `${s.projectId}:${s.group}`;
    const rank = (seen.get(key) ?? 0) + 1;
    seen.set(key, rank);
    return presentState(s, rank / sizes.get(key)!);
  });
}

/** `{backlog:[...], unstarted:[...], started:[...], completed:[...], cancelled:[...]}` in the fixed group order. */
export function groupStates(presented: State[]): GroupedStates {
  const out: GroupedStates = {};
  for (const g of STATE_GROUPS) out[g] = presented.filter((s) => s.group === g);
  return out;
}
