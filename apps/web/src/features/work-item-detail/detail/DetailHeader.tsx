import type { ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { Bot } from "lucide-react";
import { CLOSED_STATE_GROUPS } from "@stride/shared";
import { Button, cx, useToast } from "../../../components/ui/index.ts";
import { useSubscription } from "../../../api/work-items-detail.ts";
import { Icon } from "../../../components/work-item/icons.tsx";
import { PENDING_HINT } from "../../../components/work-item/item.ts";
import { copyText } from "../../../lib/clipboard.ts";
import type { DetailActions, DetailScope } from "./useDetailActions.ts";

/**
 * The bar above the item: the project and the item's key, then subscribe, run an agent, copy the link, open the full
 * page (from the peek), archive or restore, delete.
 */
export function DetailHeader({
  scope,
  d,
  me,
  variant,
  onClose,
}: {
  scope: DetailScope;
  d: DetailActions;
  me: string | null;
  variant: "peek" | "page";
  onClose?: () => void;
}) {
  const { slug, pid, item, kind, refs } = scope;
  const toast = useToast();
  const sub = useSubscription(slug, pid, item.id, kind);
  return (
    <div
      className={cx(
        "flex items-center gap-1.5 border-b border-line px-4 py-2",
        variant === "peek" && "sticky top-0 z-10 bg-canvas",
      )}
    >
      {variant === "peek" && onClose && (
        <IconButton label="Close peek view" onClick={onClose}>
          <Icon name="close" size={14} />
        </IconButton>
      )}
      <Link
        to={`/${slug}/projects/${pid}/${kind === "epics" ? "epics" : "issues"}/`}
        className="text-xs text-fg-subtle hover:underline"
      >
        {refs.project?.name ?? "Project"}
      </Link>
      <span className="text-xs text-fg-subtle">/</span>
      <span className="text-xs font-medium text-fg-muted" data-testid="item-key">
        {d.key}
      </span>
      <div className="ml-auto flex items-center gap-1">
        <Button
          size="sm"
          variant="secondary"
          aria-pressed={item.is_subscribed}
          disabledReason={d.pending ? PENDING_HINT : null}
          onClick={() => (me ? sub.mutate(!item.is_subscribed) : toast.show("error", "user id not available"))}
        >
          <Icon name={item.is_subscribed ? "bell-off" : "bell"} size={14} />
          {item.is_subscribed ? "Unsubscribe" : "Subscribe"}
        </Button>
        {d.canRunAgent && (
          <Button size="sm" variant="secondary" loading={d.agentStarting} onClick={d.runAgent}>
            <Bot size={14} aria-hidden focusable="false" /> Run agent
          </Button>
        )}
        <IconButton
          label="Copy link"
          reason={d.pending ? PENDING_HINT : undefined}
          onClick={async () => {
            await copyText(window.location.origin + d.url);
            toast.show("success", "Link copied", d.key);
          }}
        >
          <Icon name="link" size={14} />
        </IconButton>
        <HeaderItemActions scope={scope} d={d} variant={variant} />
      </div>
    </div>
  );
}

/** Open full page (from the peek), archive (only a closed item) or restore, delete. */
function HeaderItemActions({
  scope: { slug, pid, item, refs },
  d,
  variant,
}: {
  scope: DetailScope;
  d: DetailActions;
  variant: "peek" | "page";
}) {
  const nav = useNavigate();
  const group = refs.stateById.get(item.state_id ?? "")?.group ?? item.state__group ?? null;
  const closed = CLOSED_STATE_GROUPS.includes(group ?? "");
  return (
    <>
      {variant === "peek" && (
        <IconButton
          label="Open full page"
          onClick={() => nav(d.archived ? `/${slug}/projects/${pid}/archives/issues/${item.id}/` : d.url)}
        >
          <Icon name="expand" size={14} />
        </IconButton>
      )}
      {d.archived
        ? d.can("restore", "workItem", d.subject) && (
            <IconButton label="Restore" reason={d.pending ? PENDING_HINT : undefined} onClick={d.doRestore}>
              <Icon name="restore" size={14} />
            </IconButton>
          )
        : d.can("archive", "workItem", d.subject) && (
            <IconButton
              label={closed ? "Archive" : "Archive (only completed or cancelled work items)"}
              disabled={!closed}
              reason={d.pending ? PENDING_HINT : undefined}
              onClick={d.doArchive}
            >
              <Icon name="archive" size={14} />
            </IconButton>
          )}
      {d.canDelete && (
        <IconButton
          label="Delete"
          reason={d.pending ? PENDING_HINT : undefined}
          onClick={() => d.setConfirmDelete(true)}
        >
          <Icon name="trash" size={14} />
        </IconButton>
      )}
    </>
  );
}

/** An icon button named by `label`; `reason`: why it is disabled (its tooltip says so). */
function IconButton({
  label,
  onClick,
  children,
  disabled,
  reason,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
  disabled?: boolean;
  reason?: string;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={reason ? `${label}: ${reason}` : label}
      disabled={disabled}
      aria-disabled={!!reason || undefined}
      aria-description={reason}
      onClick={reason ? undefined : onClick}
      className="rounded-md p-1.5 text-fg-subtle hover:bg-fill hover:text-fg-secondary disabled:opacity-40 disabled:hover:bg-transparent aria-disabled:cursor-not-allowed aria-disabled:opacity-40"
    >
      {children}
    </button>
  );
}
