import { NavLink } from "react-router";
import { useTeamspaces } from "../../api/teamspaces.ts";
import { TeamspaceLogo } from "../../components/teamspace/TeamspaceFormModal.tsx";
import { cx } from "../../components/ui/index.ts";
import { useCan } from "../../lib/permissions.ts";

const rowClass = ({ isActive }: { isActive: boolean }) =>
  cx(
    "flex items-center gap-2 rounded-md px-2 py-1.5 text-sm",
    isActive ? "bg-fill-selected font-medium text-fg" : "text-fg-muted hover:bg-fill-hover",
  );

/**
 * The sidebar's Teamspaces: the teamspaces the caller belongs to, each opening its overview, and the link to all of
 * them. Nothing for guests (they have no teamspaces), and nothing for a member who is in none.
 */
export function TeamspacesSection({ slug }: { slug: string }) {
  const allowed = useCan("view", "teamspace");
  const mayCreate = useCan("create", "teamspace");
  const teamspaces = useTeamspaces(slug, allowed);
  const mine = (teamspaces.data ?? []).filter((t) => t.is_member);
  if (!allowed || (!mine.length && !mayCreate)) return null;
  return (
    <section aria-label="Teamspaces" className="mt-5">
      <div className="flex items-center px-2 text-xs font-semibold uppercase tracking-wide text-fg-subtle">
        <span className="flex-1">Teamspaces</span>
      </div>
      <ul className="mt-1 space-y-0.5">
        {mine.map((t) => (
          <li key={t.id}>
            <NavLink to={`/${slug}/teamspaces/${t.id}/`} className={rowClass}>
              <TeamspaceLogo teamspace={t} />
              <span className="truncate">{t.name}</span>
            </NavLink>
          </li>
        ))}
        <li>
          <NavLink to={`/${slug}/teamspaces/`} end className={rowClass}>
            {mine.length ? "All teamspaces" : "Create a teamspace"}
          </NavLink>
        </li>
      </ul>
    </section>
  );
}
