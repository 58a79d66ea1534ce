import { Link, useNavigate } from "react-router";
import { Ellipsis, Star } from "lucide-react";
import { PROJECT_UPDATE_STATUS_INFO } from "@stride/shared";
import { errorMessage } from "../../api/client.ts";
import { useArchiveProject, useJoinProjects, useToggleFavoriteProject } from "../../api/projects.ts";
import type { Project } from "../../api/types.ts";
import { Button, Menu, useToast, cx } from "../../components/ui/index.ts";
import { useDateTimeFormat } from "../../lib/datetime.ts";
import { projectSubject, usePermissions } from "../../lib/permissions.ts";
import { ProjectLogo } from "../../components/project/ProjectLogo.tsx";
import { UpdateStatusChip } from "../../components/project/UpdateStatusChip.tsx";
import { useCurrentWorkspace } from "../workspace/current-workspace.ts";

const why = (e: Error) => errorMessage((e as { body?: unknown }).body) ?? e.message;

/** What a project card does: join, restore, favourite (each says how it went), and which card is busy. */
export function useProjectCardActions(slug: string) {
  const fav = useToggleFavoriteProject(slug);
  const join = useJoinProjects(slug);
  const archive = useArchiveProject(slug);
  const toast = useToast();
  return {
    join: (p: Project) =>
      join.mutate([p.id], {
        onSuccess: () => toast.show("success", `You joined ${p.name}`),
        onError: (e) => toast.show("error", `Could not join ${p.name}`, why(e)),
      }),
    joining: (p: Project) => join.isPending && join.variables?.[0] === p.id,
    restore: (p: Project) =>
      archive.mutate(
        { id: p.id, archive: false },
        {
          onSuccess: () => toast.show("success", "Project restored", p.name),
          onError: (e) => toast.show("error", "Could not restore the project", why(e)),
        },
      ),
    restoring: (p: Project) => archive.isPending && archive.variables?.id === p.id,
    toggleFavorite: (p: Project) =>
      fav.mutate(
        { id: p.id, favorite: !p.is_favorite },
        { onError: (e) => toast.show("error", "Could not update favourites", why(e)) },
      ),
  };
}
type Actions = ReturnType<typeof useProjectCardActions>;

/** A project in the list: cover, logo, name, members, favourite, its menu, and its footer. */
export function ProjectCard({ p, actions }: { p: Project; actions: Actions }) {
  const { slug } = useCurrentWorkspace();
  const can = usePermissions();
  const joined = !!p.member_role;
  const canAdmin = can("edit", "project", projectSubject(p));
  const canRestore = !!p.archived_at && can("restore", "project", projectSubject(p));
  return (
    <li key={p.id} data-project={p.identifier} className="flex flex-col rounded-lg border border-line">
      {p.cover_image_url || p.cover_image ? (
        <img src={(p.cover_image_url || p.cover_image)!} alt="" className="h-20 w-full rounded-t-lg object-cover" />
      ) : (
        <div className="h-20 w-full rounded-t-lg bg-gradient-to-r from-indigo-500/30 to-sky-400/30" />
      )}
      <div className="flex items-start gap-3 p-3">
        <ProjectLogo project={p} size="lg" />
        <div className="min-w-0 flex-1">
          {joined && !p.archived_at ? (
            <Link to={`/${slug}/projects/${p.id}/issues/`} className="block truncate font-medium hover:underline">
              {p.name}
            </Link>
          ) : (
            <span className="block truncate font-medium">{p.name}</span>
          )}
          <div className="text-xs text-fg-subtle">
            {p.identifier} · {p.network === 0 ? "Private" : "Public"} · {p.members?.length ?? 0} member
            {(p.members?.length ?? 0) === 1 ? "" : "s"}
          </div>
        </div>
        <button
          type="button"
          aria-pressed={p.is_favorite}
          aria-label={p.is_favorite ? `Remove ${p.name} from favourites` : `Add ${p.name} to favourites`}
          onClick={() => actions.toggleFavorite(p)}
          className={cx(
            "rounded p-1 text-lg leading-none",
            p.is_favorite ? "text-amber-500" : "text-fg-faint hover:text-fg-muted",
          )}
        >
          <Star
            size={16}
            strokeWidth={1.75}
            aria-hidden
            focusable="false"
            className={p.is_favorite ? "fill-current" : undefined}
          />
        </button>
        <CardMenu p={p} joined={joined} canAdmin={canAdmin} canRestore={canRestore} actions={actions} />
      </div>
      <CardFooter p={p} joined={joined} canRestore={canRestore} actions={actions} />
    </li>
  );
}

interface PartProps {
  p: Project;
  joined: boolean;
  canRestore: boolean;
  actions: Actions;
}

/** Settings (for who may open it), Restore, Copy link. */
function CardMenu({ p, joined, canAdmin, canRestore, actions }: PartProps & { canAdmin: boolean }) {
  const { slug } = useCurrentWorkspace();
  const nav = useNavigate();
  const toast = useToast();
  return (
    <Menu
      ariaLabel={`Actions for ${p.name}`}
      align="right"
      label={<Ellipsis size={16} aria-hidden focusable="false" />}
      items={[
        // an archived project opens nowhere until it is restored
        ...(!p.archived_at && (joined || canAdmin)
          ? [{ label: "Settings", onSelect: () => nav(`/${slug}/projects/${p.id}/settings/`) }]
          : []),
        ...(canRestore ? [{ label: "Restore", onSelect: () => actions.restore(p) }] : []),
        {
          label: "Copy link",
          onSelect: () => {
            void navigator.clipboard?.writeText(`${location.origin}/${slug}/projects/${p.id}/issues/`);
            toast.show("success", "Link copied");
          },
        },
      ]}
    />
  );
}

/** Membership, the latest update's status, when it was created, and Restore or Join. */
function CardFooter({ p, joined, canRestore, actions }: PartProps) {
  const { slug } = useCurrentWorkspace();
  const can = usePermissions();
  const when = useDateTimeFormat();
  const canJoin = can("join", "project");
  return (
    <div className="mt-auto flex items-center gap-2 border-t border-line-subtle px-3 py-2 text-xs text-fg-subtle">
      {p.archived_at ? <span>Archived</span> : joined ? <span>Joined</span> : <span>Not a member</span>}
      {p.latest_update && !p.archived_at && (
        <Link
          to={`/${slug}/projects/${p.id}/updates/`}
          aria-label={`Latest update of ${p.name}: ${PROJECT_UPDATE_STATUS_INFO[p.latest_update.status]?.label ?? p.latest_update.status}`}
          className="rounded-full hover:opacity-80"
        >
          <UpdateStatusChip
            status={p.latest_update.status}
            title={`Latest update, ${when.date(p.latest_update.created_at)}`}
          />
        </Link>
      )}
      <span className="ml-auto">Created {when.date(p.created_at)}</span>
      {canRestore && (
        <Button
          size="sm"
          variant="secondary"
          aria-label={`Restore ${p.name}`}
          loading={actions.restoring(p)}
          onClick={() => actions.restore(p)}
        >
          Restore
        </Button>
      )}
      {!joined && !p.archived_at && canJoin && (
        <Button
          size="sm"
          variant="secondary"
          aria-label={`Join ${p.name}`}
          loading={actions.joining(p)}
          onClick={() => actions.join(p)}
        >
          Join
        </Button>
      )}
    </div>
  );
}
