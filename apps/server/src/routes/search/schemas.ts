import { z } from "zod";
import {
  ENTITY_SEARCH_DEFAULT_COUNT,
  ENTITY_SEARCH_MAX_COUNT,
  ENTITY_SEARCH_TYPES,
  SEARCH_ENTITIES,
  type EntitySearchType,
  type SearchEntity,
} from "@stride/shared/contract";

/** A comma-separated list of known names; unknown names are ignored (Plane's clients send what they know). */
function csvOf<T extends string>(names: readonly T[]) {
  return z
    .string()
    .optional()
    .transform((v) => {
      const picked = (v ?? "")
        .split(",")
        .map((s) => s.trim())
        .filter((s): s is T => (names as readonly string[]).includes(s));
      return [...new Set(picked)];
    });
}

const flag = z
  .enum(["true", "false"])
  .optional()
  .transform((v) => v === "true");
const optionalId = z
  .uuid()
  .optional()
  .or(z.literal("").transform(() => undefined));

export const workspaceSearchQuery = z.object({
  search: z.string().max(1000).optional(),
  workspace_search: flag,
  project_id: optionalId,
  entities: csvOf<SearchEntity>(SEARCH_ENTITIES),
});

export const entitySearchQuery = z.object({
  query: z.string().max(1000).optional(),
  query_type: csvOf<EntitySearchType>(ENTITY_SEARCH_TYPES),
  count: z.coerce.number().int().min(1).max(ENTITY_SEARCH_MAX_COUNT).optional().default(ENTITY_SEARCH_DEFAULT_COUNT),
  project_id: optionalId,
  team_id: z.string().optional(),
  issue_id: z.string().optional(),
});

export const issueSearchQuery = z.object({
  search: z.string().max(1000).optional(),
  workspace_search: flag,
  parent: flag,
  issue_relation: flag,
  sub_issue: flag,
  cycle: flag,
  module: optionalId,
  target_date: z.string().optional(),
  issue_id: optionalId,
  epic: z.string().optional(),
});
