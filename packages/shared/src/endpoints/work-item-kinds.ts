import { PROJECT_API, type AnyEndpoint, type Endpoint } from "./endpoint.ts";

/**
 * Every work-item path exists for `issues/` and for `epics/` (wire-facts §6: an epic is a work item reached
 * through its own prefix, and the server tells them apart by the path). The table names the `issues/` path; these
 * give the same endpoint on its `epics/` path — same params, body and answer.
 */
export type ItemKind = "issues" | "epics";

const ISSUES = `${PROJECT_API}/issues/` as const;
const EPICS = `${PROJECT_API}/epics/` as const;

/** `P/issues/…` → `P/epics/…` (a path not under `P/issues/` has no epic twin). */
type EpicPath<TPath extends string> = TPath extends `${typeof ISSUES}${infer Rest}` ? `${typeof EPICS}${Rest}` : never;
/** The endpoint on its `epics/` path. */
export type OnEpics<E> =
  E extends Endpoint<infer M, infer TPath, infer B, infer R> ? Endpoint<M, EpicPath<TPath>, B, R> : never;

/** The same endpoint on its `epics/` path (the server registers it as an alias of the `issues/` one). */
export function onEpics<E extends AnyEndpoint>(e: E): OnEpics<E> {
  if (!e.path.startsWith(ISSUES)) throw new Error(`endpoint ${e.path}: not a work-item path`);
  return { method: e.method, path: EPICS + e.path.slice(ISSUES.length) } as OnEpics<E>;
}

/** The endpoint for an item of that kind: its `issues/` path, or its `epics/` one. */
export function ofKind<E extends AnyEndpoint>(e: E, kind: ItemKind): E | OnEpics<E> {
  return kind === "epics" ? onEpics(e) : e;
}
