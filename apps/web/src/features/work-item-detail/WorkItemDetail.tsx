import { Link } from "react-router";
import { Button, ConfirmModal, EmptyState, PageSpinner } from "../../components/ui/index.ts";
import { ApiError } from "../../api/client.ts";
import { useMe } from "../../api/users.ts";
import type { ItemKind } from "../../api/work-items.ts";
import { useWorkItemDetail } from "../../api/work-items-detail.ts";
import { NotHeldOffline } from "../../api/work-items-parts.ts";
import { useProjectRefs, type ProjectRefs } from "../../api/work-items-refs.ts";
import type { WorkItemDetail as Detail } from "../../api/work-items-types.ts";
import { usePermissionsLoading } from "../../lib/permissions.ts";
import { useLiveTopic } from "../../api/live.ts";
import { isLocalId } from "../../api/local-db/client.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import { DetailHeader } from "./detail/DetailHeader.tsx";
import { DetailMain } from "./detail/DetailMain.tsx";
import { DetailProperties } from "./detail/DetailProperties.tsx";
import { useDetailActions, useDetailCommandTarget } from "./detail/useDetailActions.ts";

/**
 * A work item in full: title, rich description, properties, sub-items, relations, links, attachments,
 * tasks, reactions, subscription and the activity feed with comments. Shown as the peek panel over a list
 * (`variant="peek"`) or as a page.
 */
export function WorkItemDetail({
  slug,
  pid,
  id,
  kind = "issues",
  variant,
  onClose,
}: {
  slug: string;
  pid: string;
  id: string;
  kind?: ItemKind;
  variant: "peek" | "page";
  onClose?: () => void;
}) {
  const refs = useProjectRefs(slug, pid);
  const q = useWorkItemDetail(slug, pid, id, kind);
  // live on every screen that shows the item, also outside its project's routes (browse/IDENT-n/): its own events
  // (a pending item, made offline, is not on the server yet: nothing to follow)
  useLiveTopic(isLocalId(id) ? null : `issue:${id}`, slug, pid);
  // the caller's roles load beside the item: what they may change shows at once
  const rolesLoading = usePermissionsLoading({ projects: true });
  if (q.isLoading || rolesLoading || (refs.isLoading && !q.data)) return <PageSpinner />;
  if (!q.data) {
    const st = q.error instanceof ApiError ? q.error.status : 0;
    // offline, and the local database does not hold it either (never "not found": it may well exist)
    if (q.error instanceof NotHeldOffline || (!q.error && !navigator.onLine)) {
      return (
        <EmptyState
          title="This work item is not available offline"
          description="It is not kept on this device. It opens when you're back online."
          action={
            onClose && (
              <Button variant="secondary" onClick={onClose}>
                Close
              </Button>
            )
          }
        />
      );
    }
    // not a refusal: the server or the network failed, and asking again may work
    if (q.error && (st === 0 || st >= 500)) {
      return (
        <EmptyState
          title="Could not load this work item"
          description="The server did not answer. Check your connection and try again."
          action={
            <Button variant="secondary" loading={q.isFetching} onClick={() => void q.refetch()}>
              Try again
            </Button>
          }
        />
      );
    }
    return (
      <EmptyState
        title={st === 403 ? "You can't see this work item" : "Work item not found"}
        description={
          st === 403
            ? "Your role in this project does not let you open it."
            : "It may have been deleted, or the link is wrong."
        }
        action={
          onClose ? (
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
          ) : (
            <Link className="text-indigo-600 hover:underline" to={`/${slug}/projects/${pid}/issues/`}>
              Back to work items
            </Link>
          )
        }
      />
    );
  }
  return <DetailBody slug={slug} pid={pid} item={q.data} kind={kind} refs={refs} variant={variant} onClose={onClose} />;
}

/** The item on screen: its header, main column and properties (beside it on the page, inside it in the peek). */
function DetailBody({
  slug,
  pid,
  item,
  kind,
  refs,
  variant,
  onClose,
}: {
  slug: string;
  pid: string;
  item: Detail;
  kind: ItemKind;
  refs: ProjectRefs;
  variant: "peek" | "page";
  onClose?: () => void;
}) {
  const me = useMe().data?.id ?? null;
  const scope = { slug, pid, item, kind, refs };
  const d = useDetailActions(scope, onClose);
  useDetailCommandTarget(scope, d);
  // the item's own page is titled with its key and name (the peek leaves the list's title)
  usePageTitle(variant === "page" ? `${d.key} ${item.name}` : null);
  const properties = <DetailProperties scope={scope} editable={d.editable} archived={d.archived} set={d.set} />;

  return (
    <article aria-label={`Work item ${d.key}`} data-item-detail={d.key} className="flex min-h-0 flex-1 flex-col">
      <DetailHeader scope={scope} d={d} me={me} variant={variant} onClose={onClose} />
      {variant === "peek" ? (
        <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">
          <DetailMain scope={scope} d={d} me={me} properties={properties} />
        </div>
      ) : (
        <div className="min-h-0 flex-1 overflow-y-auto">
          <div className="mx-auto grid max-w-6xl gap-8 px-6 py-6 lg:grid-cols-[minmax(0,1fr)_330px]">
            <div className="min-w-0">
              <DetailMain scope={scope} d={d} me={me} />
            </div>
            <aside aria-label="Properties" className="lg:sticky lg:top-4 lg:self-start">
              {properties}
            </aside>
          </div>
        </div>
      )}
      <ConfirmModal
        open={d.confirmDelete}
        onClose={() => d.setConfirmDelete(false)}
        title="Delete work item"
        confirmLabel="Delete"
        loading={d.deleting}
        message={
          <>
            Delete <strong>{d.key}</strong>? Its sub-work items are deleted too. This cannot be undone.
          </>
        }
        onConfirm={d.doDelete}
      />
    </article>
  );
}
