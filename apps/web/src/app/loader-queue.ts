/** The request queue the route loaders (loaders.ts) start their requests in, and the caller's roles they check first. */
import type { FetchQueryOptions, QueryClient, QueryKey } from "@tanstack/react-query";
import type { LoaderFunctionArgs } from "react-router";
import { can, seesOnlyOwnWorkItems, type Action, type Entity } from "@stride/shared";
import type { WorkspaceMemberMe } from "@stride/shared/contract";
import { pageCarriesScreenData } from "../api/boot-data.ts";
import { projectRolesQuery } from "../api/users.ts";
import { workspaceMemberMeQuery } from "../api/workspaces.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyQuery = FetchQueryOptions<any, any, any, any, never>;
export type Loader = (args: LoaderFunctionArgs) => null | Promise<null>;

/** A chunk the screen renders outside the router (the peek view): the loader waits for it (its failure is left to the screen's Suspense). */
export const chunk = (load: () => Promise<unknown>) =>
  load().then(
    () => null,
    () => null,
  );

/** 0: another request waits for its answer; 1: the screen shows it; 2: nothing waits for it. */
type Tier = 0 | 1 | 2;

/**
 * The caller's roles in a workspace, as the permission table reads them: their id, their workspace role and their
 * `{projectId: role}` map. Null where they are not known yet on a page that does not carry them (see `withRoles`).
 */
export type CallerRoles = { userId: string; workspaceRole: number; projectRoles: Record<string, number> } | null;

/** Whether the caller sees every work item of project `pid` (a guest may see only those they created); unknown roles: yes. */
export function seesEveryItem(r: CallerRoles, pid: string): boolean {
  return !r || !seesOnlyOwnWorkItems({ projectRole: r.projectRoles[pid] ?? null, guestViewAllFeatures: false });
}

/** The role context of a check in project `pid` (or the workspace); a check on unknown roles (null) passes. */
export function mayAsk<E extends Entity>(r: CallerRoles, action: Action<E>, entity: E, pid?: string | null): boolean {
  if (!r) return true;
  return can(action, entity, {
    userId: r.userId,
    workspaceRole: r.workspaceRole,
    projectRole: pid ? (r.projectRoles[pid] ?? null) : null,
  });
}

/**
 * The navigation's batch of requests (see loaders.ts): `start` and `startLast` queue requests, `after` one whose
 * answer another request needs. The batch goes out in tiers once every loader of the navigation has run.
 */
export function createQueue(qc: QueryClient) {
  type Entry = { tier: Tier; query: AnyQuery; next?: (value: unknown) => void };
  let queue: Entry[] = [];
  /** True while a request's answer hands its value on: what needs it goes out at once. */
  let handingOver = false;
  const send = ({ query, next }: Entry) => {
    // a fresh cached answer is reused, one in flight is joined
    if (!next) void qc.prefetchQuery(query);
    else
      qc.fetchQuery(query).then(
        (value) => {
          handingOver = true;
          try {
            next(value);
          } finally {
            handingOver = false;
          }
        },
        () => {
          /* the screen reading this query shows the error */
        },
      );
  };
  const flush = () => {
    const batch = queue.sort((a, b) => a.tier - b.tier);
    queue = [];
    batch.forEach(send);
  };
  const enqueue = (entry: Entry) => {
    if (handingOver) return send(entry);
    // the router calls every loader of a navigation in one go: the batch goes out right after them
    // (a microtask, not a timer, which the browser would run only after the chunks it is evaluating)
    if (!queue.length) queueMicrotask(flush);
    queue.push(entry);
  };
  /** Start these requests (with the navigation's batch). */
  const start = (...queries: AnyQuery[]) => queries.forEach((query) => enqueue({ tier: 1, query }));
  /** Start these requests after everything the screen shows. */
  const startLast = (...queries: AnyQuery[]) => queries.forEach((query) => enqueue({ tier: 2, query }));
  /** Start this request (first, when something waits for it: `tier` 0), then what needs its value. */
  const after = <T, K extends QueryKey>(
    query: FetchQueryOptions<T, Error, T, K, never>,
    next: (value: T) => void,
    tier: Tier = 0,
  ) => enqueue({ tier, query: query as AnyQuery, next: next as (value: unknown) => void });
  return { start, startLast, after };
}

export type Queue = ReturnType<typeof createQueue>;

/** `withRoles` and `inProject`: what the caller's roles allow a loader to ask for. */
export function rolesGate(qc: QueryClient, { after }: Queue) {
  /**
   * Run `fn` with the caller's roles in `slug` (issue #27 point 10: a screen asks for nothing its user may not
   * read): at once when the cache holds them (in-app navigation); otherwise once their answers are here, first in
   * the batch, which costs no round trip on a page that carries its screen's data (they come from the page). On a
   * page without data whose roles nobody has asked for yet (the server sends the app's page bare only without a
   * session) `fn` runs at once with null: every request goes, and the screen shows what the server answers.
   * `projects`: the project roles are needed too (project screens), not only the workspace role.
   */
  const withRoles = (slug: string, projects: boolean, fn: (r: CallerRoles) => void) => {
    const meKey = workspaceMemberMeQuery(slug).queryKey;
    const rolesKey = projectRolesQuery(slug).queryKey;
    const me = qc.getQueryData<WorkspaceMemberMe>(meKey);
    const roles = projects ? qc.getQueryData<Record<string, number>>(rolesKey) : {};
    if (me && roles) return fn({ userId: me.member, workspaceRole: me.role, projectRoles: roles });
    const asked = qc.getQueryState(meKey) || (projects && qc.getQueryState(rolesKey));
    if (!asked && !pageCarriesScreenData()) return fn(null);
    let gotMe: WorkspaceMemberMe | undefined;
    let gotRoles: Record<string, number> | undefined = projects ? undefined : {};
    const done = () =>
      gotMe && gotRoles && fn({ userId: gotMe.member, workspaceRole: gotMe.role, projectRoles: gotRoles });
    after(workspaceMemberMeQuery(slug), (m) => {
      gotMe = m;
      done();
    });
    if (projects)
      after(projectRolesQuery(slug), (r) => {
        gotRoles = r;
        done();
      });
  };
  /** Run `fn` with the caller's roles when they may read project `pid` (they are in it). */
  const inProject = (slug: string, pid: string, fn: (r: CallerRoles) => void) =>
    withRoles(slug, true, (r) => mayAsk(r, "view", "project", pid) && fn(r));
  return { withRoles, inProject };
}

export type RolesGate = ReturnType<typeof rolesGate>;
