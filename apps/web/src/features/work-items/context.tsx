/**
 * A work-item list context (work-tracking.md §2: project, archived items, epics …): its saved choices
 * (filters, display filters, display properties — on the server for project and epic lists, in local
 * storage for the others), the list query they produce, permissions, selection and the peek view.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { globalViewPrefsFrom, type DisplayFilters, type DisplayProperties, type IssueFilters } from "@stride/shared";
import { useUpdateWorkspaceUserProperties, useWorkspaceUserProperties } from "../../api/favorites.ts";
import type { WorkspaceUserPropertiesPatch } from "@stride/shared/contract";
import {
  TEAM_LISTS,
  useWorkItemList,
  type ItemKind,
  type ListDesc,
  type ListSource,
  type PropsScope,
} from "../../api/work-items.ts";
import { useUpdateUserProperties, useUserProperties } from "../../api/work-items-props.ts";
import { useProjectRefs, useTeamRefs, type ProjectRefs } from "../../api/work-items-refs.ts";
import { useMe } from "../../api/users.ts";
import { itemSubject, usePermissions, type Can } from "../../lib/permissions.ts";
import type { Project } from "../../api/types.ts";
import type { WorkItem } from "../../api/work-items-types.ts";
import type { ListQuery } from "./lib/params.ts";
import {
  listView,
  localPrefsKey,
  prefsFrom,
  readLocal,
  spansProjects,
  type ContextKind,
  type Prefs,
} from "./lib/list-view.ts";
import type { ItemLookup, ListData } from "../../api/work-items-list-data.ts";
import { useListItems } from "../../api/work-item-store.ts";
import { useLoadMore, usePeek, useSelection, useUpdateItem, type Selection, type UpdateItem } from "./list-state.ts";

import { mergePrefs, type PrefsPatch } from "./lib/prefs-merge.ts";
import { useSwitchPrefs } from "./lib/prefs-switch.ts";
import { localListsReady } from "../../api/local-db/client.ts";

export type { ContextKind, Prefs, PrefsPatch, Selection };
export { mergePrefs };

/**
 * The same value while it reads the same (its JSON): choices read again from the cache, or set by the screen and then
 * saved, keep one object, so what depends on them (every row of a list) does not render again for an equal copy.
 */
function useSameValue<T>(v: T): T {
  const last = useRef<{ v: T; json: string } | null>(null);
  const json = JSON.stringify(v);
  const keep = last.current?.json === json;
  useLayoutEffect(() => {
    if (!keep) last.current = { v, json };
  });
  return keep ? last.current!.v : v;
}

/**
 * Saved list choices of a context: server user properties (project, epics, a module's or a cycle's: `contextId`) or
 * local storage (archived items; a teamspace's list, whose `pid` is then its place, e.g. `teamspace:{id}`).
 */
export function useListPrefs(
  slug: string,
  pid: string,
  kind: ContextKind,
  contextId?: string,
): { prefs: Prefs | null; update: (p: PrefsPatch) => void } {
  const server = kind !== "archived" && !spansProjects(kind);
  const scope: PropsScope =
    kind === "epics"
      ? "epics"
      : kind === "module"
        ? `module:${contextId}`
        : kind === "cycle"
          ? `cycle:${contextId}`
          : "issues";
  const q = useUserProperties(slug, server ? pid : "", scope, server);
  const mut = useUpdateUserProperties(slug, pid, scope);
  const localKey = localPrefsKey(slug, pid, kind);
  const [local, setLocal] = useState<Prefs>(() => readLocal(localKey, kind));
  // the choice shows in the same render as the click; the cache catches up a tick later
  const [overlay, setOverlay] = useState<Prefs | null>(null);
  useEffect(() => {
    setOverlay(null);
  }, [q.data]);

  const prefs = useSameValue(
    useMemo<Prefs | null>(() => {
      if (!server) return local;
      if (overlay) return overlay;
      if (!q.data) return null;
      return prefsFrom(q.data);
    }, [server, local, q.data, overlay]),
  );
  // the choices as the last change here made them, until they render: a change right after another builds on it
  const changed = useRef<Prefs | null>(null);
  useEffect(() => {
    changed.current = null;
  }, [prefs]);

  const update = useCallback(
    (p: PrefsPatch) => {
      const base = changed.current ?? prefs;
      if (!base) return;
      const { next, df } = mergePrefs(base, p, kind);
      changed.current = next;
      if (server) {
        setOverlay(next);
        mut.mutate({
          ...(p.filters ? { filters: p.filters as IssueFilters } : {}),
          ...(df ? { display_filters: df } : {}),
          ...(p.display_properties ? { display_properties: p.display_properties as DisplayProperties } : {}),
        });
      } else {
        setLocal(next);
        try {
          localStorage.setItem(localKey, JSON.stringify(next));
        } catch {
          /* storage full or disabled: keep the choice for this visit */
        }
      }
    },
    [prefs, server, mut, localKey, kind],
  );
  return { prefs, update };
}

/**
 * A default global view's choices (all-issues, assigned, created, subscribed): kept in the caller's workspace user
 * properties under the view's name (W/user-properties/ merges each object one level, docs/decisions.md).
 */
export function useGlobalViewPrefs(
  slug: string,
  view: string,
): { prefs: Prefs | null; update: (p: PrefsPatch) => void } {
  const q = useWorkspaceUserProperties(slug);
  const mut = useUpdateWorkspaceUserProperties(slug);
  const [overlay, setOverlay] = useState<Prefs | null>(null);
  useEffect(() => {
    setOverlay(null);
  }, [q.data]);
  const prefs = useMemo<Prefs | null>(
    () => overlay ?? (q.data ? globalViewPrefsFrom(q.data, view) : null),
    [overlay, q.data, view],
  );
  const update = useCallback(
    (p: PrefsPatch) => {
      if (!prefs) return;
      const { next, df } = mergePrefs(prefs, p, "global_view");
      setOverlay(next);
      const json = (v: unknown) => ({ [view]: v }) as WorkspaceUserPropertiesPatch["filters"];
      mut.mutate({
        ...(p.filters ? { filters: json(next.filters) } : {}),
        ...(df ? { display_filters: json(df) } : {}),
        ...(p.display_properties ? { display_properties: json(next.display_properties) } : {}),
      });
    },
    [prefs, mut, view],
  );
  return { prefs, update };
}

export interface ListCtx {
  slug: string;
  /** The list's project, or `TEAM_LISTS` for a list across projects (a teamspace's, a global view's: ask `projectOf` an item's). */
  pid: string;
  kind: ContextKind;
  itemKind: ItemKind;
  source: ListSource;
  /** The list's project (a teamspace's list: its first; an item's own is `projectOf(item)`). */
  project: Project;
  /** Over the whole list (a teamspace's: over all its projects). */
  refs: ProjectRefs;
  /** The list holds items of several projects (a teamspace's). */
  spansProjects: boolean;
  /** The project of an item, and what its own pickers offer. */
  projectOf: (item: WorkItem) => Project;
  refsFor: (item: WorkItem) => ProjectRefs;
  prefs: Prefs;
  display: Partial<DisplayFilters>;
  query: ListQuery;
  desc: ListDesc;
  /** The list's structure: ids per group, totals, pages. */
  data: ListData | undefined;
  /**
   * An item by id, from the client's item store (its one record, which every list and the detail read); a new
   * function when one of this list's items changes.
   */
  itemOf: ItemLookup;
  isLoading: boolean;
  isFetching: boolean;
  error: unknown;
  me: string | null;
  /** The shared permission table for the caller (members act; guests read and comment). */
  can: Can;
  canEditAny: boolean;
  canEdit: (item: WorkItem) => boolean;
  canCreate: boolean;
  /** Quick add (disabled for archived and draft lists, work-tracking.md §5). */
  quickAdd: boolean;
  /** What every item created in this context starts with (a module's list: that module; a cycle's: that cycle). */
  contextPreset: { module_ids?: string[]; cycle_id?: string };
  /** The cycle whose work items this list shows. */
  cycleId: string | null;
  updatePrefs: (p: PrefsPatch) => void;
  /** Optimistic change of one item (rolled back on a server error, then `onError`). */
  updateItem: UpdateItem;
  openPeek: (id: string) => void;
  peekId: string | null;
  closePeek: () => void;
  selection: Selection;
  loadMore: (groupKey?: string | null, subKey?: string | null) => Promise<void>;
  loadingMore: Set<string>;
  /** Extra list params (calendar date window). */
  setExtra: (extra: Record<string, string> | null) => void;
}

/**
 * What an item of the list (a row, a card, its property chips and menu) reads: the part of the list context that
 * does not change as the list's data arrives or refetches, kept as one value while its parts are the same, so
 * the items (memoized) render again only when something they show changed.
 */
export type ListItemCtx = Pick<
  ListCtx,
  | "slug"
  | "kind"
  | "itemKind"
  | "project"
  | "refs"
  | "projectOf"
  | "refsFor"
  | "prefs"
  | "peekId"
  | "canEditAny"
  | "canEdit"
  | "updateItem"
  | "openPeek"
  | "selection"
>;

const Ctx = createContext<ListCtx | null>(null);
const ItemCtx = createContext<ListItemCtx | null>(null);
const NO_PRESET: { module_ids?: string[]; cycle_id?: string } = {};
const NO_PROJECTS: Project[] = [];

/** A list across the projects of a teamspace (the "team" and "team view" contexts): the teamspace, its view, its projects the caller is in. */
export interface TeamScope {
  id: string;
  viewId?: string;
  projects: Project[];
}

/**
 * A list across the workspace's projects the caller is in (a global view: `contextId` the view's id; a profile tab:
 * `{userId}/{tab}`), read and written like a teamspace's.
 */
export interface WorkspaceScope {
  projects: Project[];
  contextId: string;
}

export function useList(): ListCtx {
  const c = useContext(Ctx);
  if (!c) throw new Error("useList outside a work-item list");
  return c;
}

/** The part of the list context an item reads (see ListItemCtx). */
export function useListItem(): ListItemCtx {
  const c = useContext(ItemCtx);
  if (!c) throw new Error("useListItem outside a work-item list");
  return c;
}

/**
 * What the caller may do in a list: edit and create in its project, or in any of its projects (a list across
 * projects, `projects`), which creates nothing itself (a new item needs its project, each project's list creates);
 * nothing in an archived or read-only list. The caller's workspace drafts are each the caller's own, edited one by
 * one (no selection for bulk edits), created without a project (work-tracking.md §5: draft views allow creation).
 */
function useListRights(
  kind: ContextKind,
  readOnly: boolean | undefined,
  projects: Project[] | false,
  projectId: string,
) {
  const can = usePermissions({ projects: true });
  const frozen = kind === "archived" || !!readOnly;
  const drafts = kind === "workspace_drafts";
  const editsIn = (action: "edit" | "create") =>
    projects
      ? projects.some((p) => can(action, "workItem", { projectId: p.id }))
      : can(action, "workItem", { projectId });
  const canEdit = useCallback(
    (it: WorkItem) => !frozen && (drafts || can("edit", "workItem", itemSubject(it))),
    [frozen, can, drafts],
  );
  return {
    can,
    canEdit,
    canEditAny: !frozen && !drafts && editsIn("edit"),
    canCreate: !frozen && (drafts || (!projects && editsIn("create"))),
  };
}

/** Where a list's items come from: its project, or a teamspace's or the workspace's projects (then `pid` is TEAM_LISTS). */
function useListScope(
  slug: string,
  projectId: string,
  scope: { team?: TeamScope; workspace?: WorkspaceScope; contextId?: string; project?: Project },
) {
  const { team, workspace } = scope;
  const spans = !!team || !!workspace;
  const scopeProjects = team?.projects ?? workspace?.projects ?? NO_PROJECTS;
  const contextId = team
    ? team.viewId
      ? `${team.id}/views/${team.viewId}`
      : team.id
    : workspace
      ? workspace.contextId
      : scope.contextId;
  const project = (scope.project ?? scopeProjects[0]) as Project;
  const projectRefs = useProjectRefs(slug, spans ? "" : projectId);
  const teamRefs = useTeamRefs(slug, scopeProjects);
  const refs = spans ? teamRefs.merged : projectRefs;
  const projectById = useMemo(() => new Map(scopeProjects.map((p) => [p.id, p])), [scopeProjects]);
  const projectOf = useCallback(
    (it: WorkItem) => (spans ? (projectById.get(it.project_id ?? "") ?? project) : project),
    [spans, projectById, project],
  );
  const refsFor = useCallback(
    (it: WorkItem) => (spans ? (teamRefs.byProject.get(it.project_id ?? "") ?? refs) : refs),
    [spans, teamRefs.byProject, refs],
  );
  return { spans, pid: spans ? TEAM_LISTS : projectId, scopeProjects, contextId, project, refs, projectOf, refsFor };
}

/** The item context, one value while its parts are the same (see ListItemCtx). */
function useItemCtx(c: ListItemCtx): ListItemCtx {
  const { slug, kind, itemKind, project, refs, projectOf, refsFor, prefs, peekId } = c;
  const { canEditAny, canEdit, updateItem, openPeek, selection } = c;
  return useMemo<ListItemCtx>(
    () => ({
      slug,
      kind,
      itemKind,
      project,
      refs,
      projectOf,
      refsFor,
      prefs,
      peekId,
      canEditAny,
      canEdit,
      updateItem,
      openPeek,
      selection,
    }),
    [
      slug,
      kind,
      itemKind,
      project,
      refs,
      projectOf,
      refsFor,
      prefs,
      peekId,
      canEditAny,
      canEdit,
      updateItem,
      openPeek,
      selection,
    ],
  );
}

/** What every item created in a module's list starts with (that module), or in a cycle's (that cycle). */
function contextPreset(kind: ContextKind, contextId: string | undefined): ListCtx["contextPreset"] {
  return kind === "module" && contextId
    ? { module_ids: [contextId] }
    : kind === "cycle" && contextId
      ? { cycle_id: contextId }
      : NO_PRESET;
}

/**
 * The context's `updatePrefs` as the screens call it: the new list read at once, and held for its local answer when the
 * local database answers this list (lib/prefs-switch.ts) — a list of the project's own, not one across projects.
 */
function useListSwitch(
  v: {
    slug: string;
    pid: string;
    kind: ContextKind;
    prefs: Prefs;
    updatePrefs: (p: PrefsPatch) => void;
    extra: Record<string, string> | null;
    contextId?: string;
  },
  own: boolean,
  projectId: string,
) {
  const { slug, pid, kind, prefs, updatePrefs, extra, contextId } = v;
  return useSwitchPrefs({
    prefs,
    kind,
    updatePrefs,
    descOf: (next) => {
      const view = listView(slug, pid, kind, next, extra, contextId);
      return view.layout === "calendar" && !extra ? null : view.desc;
    },
    local: own && kind !== "workspace_drafts" && localListsReady(projectId),
  });
}

export function ListProvider({
  slug,
  pid: projectId,
  kind,
  contextId: contextIdIn,
  readOnly,
  project: projectIn,
  team,
  workspace,
  prefs,
  updatePrefs,
  children,
}: {
  slug: string;
  /** The project (ignored for a teamspace's list). */
  pid: string;
  kind: ContextKind;
  /** The module, cycle or saved view of a `module`, `cycle` or `view` list. */
  contextId?: string;
  /** Nothing can be created or edited here (an archived module's items). */
  readOnly?: boolean;
  /** The project (a teamspace's list: omitted). */
  project?: Project;
  /** A teamspace's list (with at least one project). */
  team?: TeamScope;
  /** A list across the workspace's projects (with at least one project). */
  workspace?: WorkspaceScope;
  prefs: Prefs;
  updatePrefs: (p: PrefsPatch) => void;
  children: ReactNode;
}) {
  const scope = useListScope(slug, projectId, { team, workspace, contextId: contextIdIn, project: projectIn });
  const { spans, pid, scopeProjects, contextId, project, refs, projectOf, refsFor } = scope;
  const me = useMe().data?.id ?? null;
  const [extra, setExtra] = useState<Record<string, string> | null>(null);
  const itemKind: ItemKind = kind === "epics" ? "epics" : "issues";
  const { display, query, layout, desc, source } = useMemo(
    () => listView(slug, pid, kind, prefs, extra, contextId),
    [slug, pid, kind, prefs, extra, contextId],
  );
  const switchPrefs = useListSwitch({ slug, pid, kind, prefs, updatePrefs, extra, contextId }, !spans, projectId);
  const waitingForWindow = layout === "calendar" && !extra;
  const list = useWorkItemList(waitingForWindow ? null : desc);
  // the caller's workspace drafts are edited as drafts (W/draft-issues/{id}/)
  const drafts = kind === "workspace_drafts";
  const { can, canEditAny, canCreate, canEdit } = useListRights(kind, readOnly, spans && scopeProjects, projectId);
  const { peekId, openPeek, closePeek } = usePeek();
  const selection = useSelection(!drafts);
  const { loadMore, loadingMore } = useLoadMore(desc);
  const itemOf = useListItems(list.data);
  const updateItem = useUpdateItem(slug, projectId, { spans, drafts, itemKind });
  const item = useItemCtx({
    ...{ slug, kind, itemKind, project, refs, projectOf, refsFor, prefs, peekId },
    ...{ canEditAny, canEdit, updateItem, openPeek, selection },
  });
  const value: ListCtx = {
    ...item,
    pid,
    source,
    spansProjects: spans,
    display,
    query,
    desc,
    data: list.data,
    itemOf,
    isLoading: waitingForWindow || list.isLoading,
    isFetching: list.isFetching,
    error: list.error,
    me,
    can,
    canCreate,
    quickAdd: canCreate && !drafts,
    contextPreset: contextPreset(kind, contextId),
    cycleId: kind === "cycle" ? (contextId ?? null) : null,
    updatePrefs: switchPrefs,
    closePeek,
    loadMore,
    loadingMore,
    setExtra,
  };
  return (
    <Ctx.Provider value={value}>
      <ItemCtx.Provider value={item}>{children}</ItemCtx.Provider>
    </Ctx.Provider>
  );
}
