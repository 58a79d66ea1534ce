/**
 * What each favourite entity type points at, and who may see it: one entry per type. An entry answers, for ids of
 * one type, the live entities the viewer can see, as `entity_data` (`{id, name, logo_props[, project_id]}`,
 * wire-facts §7). A type without an entry cannot be favourited here.
 * Adding a type = one entry, usually `inProject(sql.raw("table"))`.
 */
import { sql, type SQL } from "drizzle-orm";
import { ROLE } from "@stride/shared";
import type { FavoriteEntityData } from "@stride/shared/contract";
import type { DbOrTx } from "../../db/client.ts";
import type { FavoriteEntityType } from "../../domain/favorites.ts";

export interface Viewer {
  userId: string;
  workspaceId: string;
  workspaceRole: number;
}

export interface ResolvedEntity {
  data: FavoriteEntityData;
  projectId: string | null;
}

export type EntityResolver = (db: DbOrTx, viewer: Viewer, ids: string[]) => Promise<Map<string, ResolvedEntity>>;

const idList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

async function collect(db: DbOrTx, query: SQL, withProject: boolean): Promise<Map<string, ResolvedEntity>> {
  const rows = (await db.execute(query)) as unknown as {
    id: string;
    name: string;
    logo_props: Record<string, unknown> | null;
    project_id: string | null;
  }[];
  const out = new Map<string, ResolvedEntity>();
  for (const r of rows) {
    const data: FavoriteEntityData = { id: r.id, name: r.name, logo_props: r.logo_props ?? {} };
    if (withProject && r.project_id) data.project_id = r.project_id;
    out.set(r.id, { data, projectId: r.project_id });
  }
  return out;
}

/**
 * An entity that lives in one project (`workspace`, `project`, `name`, `logo_props`, `archived_at` columns):
 * visible to the project's active members while neither it nor its project is archived.
 */
export function inProject(
  table: SQL,
  opts: { logoProps?: boolean; where?: (viewer: Viewer) => SQL } = {},
): EntityResolver {
  return (db, viewer, ids) =>
    collect(
      db,
      sql`select e.id, e.name, ${opts.logoProps === false ? sql`'{}'::jsonb` : sql`e.logo_props`} as logo_props, e.project as project_id
        from ${table} e
        join projects p on p.id = e.project and p.archived_at is null
        join project_members pm on pm.project = e.project and pm.member = ${viewer.userId} and pm.is_active
        where e.id in (${idList(ids)}) and e.workspace = ${viewer.workspaceId} and e.archived_at is null
          ${opts.where ? sql`and ${opts.where(viewer)}` : sql``}`,
      true,
    );
}

export const FAVORITE_ENTITIES: Partial<Record<FavoriteEntityType, EntityResolver>> = {
  /** Projects the caller can see (wire-facts §4: admins all, members their own and public ones, guests their own). */
  project: (db, viewer, ids) =>
    collect(
      db,
      sql`select p.id, p.name, p.logo_props, p.id as project_id from projects p
        where p.id in (${idList(ids)}) and p.workspace = ${viewer.workspaceId} and p.archived_at is null
          and (${viewer.workspaceRole >= ROLE.ADMIN}
            or exists (select 1 from project_members pm where pm.project = p.id and pm.member = ${viewer.userId} and pm.is_active)
            or (${viewer.workspaceRole >= ROLE.MEMBER} and p.network = 2))`,
      false,
    ),
  cycle: inProject(sql.raw("cycles")),
  module: inProject(sql.raw("modules")),
  /**
   * Saved views: public ones and the caller's own private ones; a project view while the caller is an active member
   * of its live project, a workspace view (no project) for any member of the workspace; never a team view.
   */
  view: (db, viewer, ids) =>
    collect(
      db,
      sql`select e.id, e.name, e.logo_props, e.project as project_id from issue_views e
        left join projects p on p.id = e.project
        where e.id in (${idList(ids)}) and e.workspace = ${viewer.workspaceId} and e.archived_at is null and e.teamspace is null
          and (e.access = 1 or e.owned_by = ${viewer.userId})
          and (e.project is null or (p.archived_at is null
            and exists (select 1 from project_members pm where pm.project = e.project and pm.member = ${viewer.userId} and pm.is_active)))`,
      true,
    ),
  /** Pages: live public ones and the caller's own private ones, in live projects the caller is an active member of. */
  page: inProject(sql.raw("pages"), { where: (v) => sql`(e.access = 0 or e.owned_by = ${v.userId})` }),
  /** Work items: live ones; a project guest sees those they created unless the project shows guests everything. */
  issue: inProject(sql.raw("issues"), {
    logoProps: false,
    where: (v) =>
      sql`e.deleted_at is null and not e.is_draft and (pm.role >= ${ROLE.MEMBER} or p.guest_view_all_features or e.created_by = ${v.userId})`,
  }),
};

/** Resolve the entities of many favourites at once: type → id → entity (only the visible, live ones). */
export async function resolveFavoriteEntities(
  db: DbOrTx,
  viewer: Viewer,
  refs: { entityType: string; entityIdentifier: string | null }[],
) {
  const byType = new Map<FavoriteEntityType, Set<string>>();
  for (const r of refs) {
    if (!r.entityIdentifier || !(r.entityType in FAVORITE_ENTITIES)) continue;
    const type = r.entityType as FavoriteEntityType;
    const set = byType.get(type) ?? new Set<string>();
    set.add(r.entityIdentifier);
    byType.set(type, set);
  }
  const out = new Map<string, ResolvedEntity>();
  await Promise.all(
    [...byType].map(async ([type, ids]) => {
      const found = await FAVORITE_ENTITIES[type]!(db, viewer, [...ids]);
      for (const [id, e] of found) out.set(`${type}:${id}`, e);
    }),
  );
  return (entityType: string, id: string | null) => (id ? out.get(`${entityType}:${id}`) : undefined);
}
