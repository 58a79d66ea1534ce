import { useEffect, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import {
  useArchiveWorkItem,
  useDeleteWorkItem,
  useRestoreWorkItem,
  useUpdateWorkItem,
  type ItemKind,
} from "../../../api/work-items.ts";
import { useRefreshHistory } from "../../../api/work-items-detail.ts";
import type { ProjectRefs } from "../../../api/work-items-refs.ts";
import type { WorkItem, WorkItemDetail as Detail } from "../../../api/work-items-types.ts";
import { itemSubject, usePermissions } from "../../../lib/permissions.ts";
import { isPendingItem, itemKey, itemPageUrl } from "../../../components/work-item/item.ts";
import { useRegisterWorkItemTarget, type WorkItemTarget } from "../../../lib/command-target.ts";
import { useCluster, useRunAgent } from "../../../components/agents/useRunAgent.ts";

/** What the detail's parts share: the item and where it lives. */
export interface DetailScope {
  slug: string;
  pid: string;
  item: Detail;
  kind: ItemKind;
  refs: ProjectRefs;
}

export type ItemPatch = Partial<WorkItem> & { description_html?: string };

/**
 * What the caller may do with the item (the server's rules, from the shared permission table: members edit, creators
 * edit their own; admins and creators delete) and the actions themselves: change, archive, restore, delete, run an
 * agent. `onClose`: the peek closes after an archive or a delete (the page reloads the history or leaves).
 */
export function useDetailActions({ slug, pid, item, kind, refs }: DetailScope, onClose?: () => void) {
  const can = usePermissions({ projects: true });
  const nav = useNavigate();
  const update = useUpdateWorkItem(slug, pid);
  const archive = useArchiveWorkItem(slug, pid, kind);
  const restore = useRestoreWorkItem(slug, pid);
  const del = useDeleteWorkItem(slug, pid, kind);
  const refreshHistory = useRefreshHistory(slug, pid, item.id);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const archived = !!item.archived_at;
  // created offline, not on the server yet: what needs the server waits until it has been sent (PENDING_HINT)
  const pending = isPendingItem(item);
  const subject = itemSubject(item);
  const ident = refs.project?.identifier;
  const key = itemKey(ident, item.sequence_id);
  const set = (patch: ItemPatch) => update.mutate({ id: item.id, patch, kind });
  const doArchive = () =>
    archive.mutate(
      { id: item.id, label: key },
      {
        onSuccess: () => {
          if (onClose) onClose();
          else refreshHistory();
        },
      },
    );
  const doRestore = () => restore.mutate({ id: item.id, label: key });
  const doDelete = () =>
    del.mutate(
      { id: item.id, label: key },
      {
        onSuccess: () => {
          setConfirmDelete(false);
          if (onClose) onClose();
          else nav(`/${slug}/projects/${pid}/issues/`);
        },
        onError: () => setConfirmDelete(false),
      },
    );

  // a run on this item (platform.md §4): the cluster says when one starts, ends or moves a task, and the item reloads
  const agent = useRunAgent(slug, pid, can("run", "agentExecution", subject));
  const canRunAgent = agent.canRun && !archived && !pending && kind === "issues";
  useCluster(slug, pid, canRunAgent);

  return {
    can,
    subject,
    archived,
    editable: !archived && can("edit", "workItem", subject),
    canDelete: can("delete", "workItem", subject),
    canLink: !archived && !pending && can("link", "workItem", subject),
    pending,
    key,
    url: itemPageUrl(slug, ident, item),
    set,
    doArchive,
    doRestore,
    doDelete,
    deleting: del.isPending,
    confirmDelete,
    setConfirmDelete,
    canRunAgent,
    agentStarting: agent.starting,
    runAgent: () => void agent.run(item.id),
  };
}

export type DetailActions = ReturnType<typeof useDetailActions>;

/** The command palette acts on the item on screen with this screen's own actions. */
export function useDetailCommandTarget({ slug, pid, item }: DetailScope, d: DetailActions) {
  const { set, doArchive, runAgent, key, url, editable, canDelete, archived, canRunAgent, setConfirmDelete } = d;
  const actions = useRef({ set, doArchive, runAgent });
  useEffect(() => {
    actions.current = { set, doArchive, runAgent };
  });
  const target = useMemo<WorkItemTarget>(
    () => ({
      slug,
      pid,
      id: item.id,
      key,
      name: item.name,
      url,
      item: {
        state_id: item.state_id,
        priority: item.priority,
        assignee_ids: item.assignee_ids,
        label_ids: item.label_ids,
        cycle_id: item.cycle_id,
        module_ids: item.module_ids,
      },
      editable,
      canDelete,
      archived,
      set: (patch) => actions.current.set(patch),
      archive: () => actions.current.doArchive(),
      requestDelete: () => setConfirmDelete(true),
      ...(canRunAgent ? { runAgent: () => actions.current.runAgent() } : {}),
    }),
    [
      slug,
      pid,
      item.id,
      key,
      item.name,
      url,
      item.state_id,
      item.priority,
      item.assignee_ids,
      item.label_ids,
      item.cycle_id,
      item.module_ids,
      editable,
      canDelete,
      archived,
      canRunAgent,
      setConfirmDelete,
    ],
  );
  useRegisterWorkItemTarget(target);
}
