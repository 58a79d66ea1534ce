import { Link } from "react-router";
import { MODULE_STATUSES, planProgress } from "@stride/shared";
import { Avatar } from "../../components/ui/index.ts";
import { displayName } from "../../components/work-item/properties.tsx";
import { Icon } from "../../components/work-item/icons.tsx";
import { formatDate } from "../../lib/dates.ts";
import { useProjectRefs } from "../../api/work-items-refs.ts";
import type { Module } from "../../api/modules.ts";
import {
  FavoriteButton,
  ModuleMenu,
  ProgressBar,
  STATUS_LABEL,
  StatusBadge,
} from "../../components/module/ModuleBits.tsx";

function Lead({ slug, pid, id }: { slug: string; pid: string; id: string | null }) {
  const refs = useProjectRefs(slug, pid);
  const u = id ? (refs.memberById.get(id) ?? refs.userById.get(id)) : undefined;
  if (!u) return null;
  return (
    <span title={`Lead: ${displayName(u)}`}>
      <Avatar name={u.display_name || u.first_name} url={u.avatar_url} size="sm" />
    </span>
  );
}

/** "done/scope" of a module's work items, cancelled ones left out like its progress bar (issue #27 point 5). */
function ModuleCount({ module: m }: { module: Module }) {
  const p = planProgress({ total: m.total_issues, completed: m.completed_issues, cancelled: m.cancelled_issues });
  return (
    <span
      className="text-xs tabular-nums text-fg-subtle"
      aria-label={`${p.done} of ${p.scope} work items completed${p.cancelled ? `, ${p.cancelled} cancelled` : ""}`}
      title={p.cancelled ? `${p.cancelled} cancelled, not counted` : undefined}
    >
      {p.done}/{p.scope}
    </span>
  );
}

export function ModulesList({
  slug,
  pid,
  modules,
  onEdit,
}: {
  slug: string;
  pid: string;
  modules: Module[];
  onEdit: (m: Module) => void;
}) {
  return (
    <ul aria-label="Modules" className="min-h-0 flex-1 divide-y divide-line-subtle overflow-y-auto">
      {modules.map((m) => (
        <li key={m.id} className="flex items-center gap-3 px-4 py-2.5 hover:bg-surface-muted">
          <Icon name="module" size={16} className="shrink-0 text-fg-faint" />
          <Link
            to={`/${slug}/projects/${pid}/modules/${m.id}/`}
            className="min-w-0 flex-1 truncate text-sm font-medium hover:underline"
          >
            {m.name}
          </Link>
          <span className="hidden text-xs text-fg-subtle md:inline">
            {m.start_date || m.target_date
              ? `${formatDate(m.start_date) || "…"} → ${formatDate(m.target_date) || "…"}`
              : ""}
          </span>
          <ModuleCount module={m} />
          <ProgressBar module={m} />
          <StatusBadge status={m.status} />
          <Lead slug={slug} pid={pid} id={m.lead_id} />
          <FavoriteButton slug={slug} pid={pid} module={m} />
          <ModuleMenu slug={slug} pid={pid} module={m} onEdit={() => onEdit(m)} />
        </li>
      ))}
    </ul>
  );
}

/** Modules in columns by status (§4). */
export function ModulesBoard({
  slug,
  pid,
  modules,
  onEdit,
}: {
  slug: string;
  pid: string;
  modules: Module[];
  onEdit: (m: Module) => void;
}) {
  return (
    <div className="flex min-h-0 flex-1 gap-3 overflow-x-auto p-4">
      {MODULE_STATUSES.map((s) => {
        const col = modules.filter((m) => m.status === s);
        return (
          <section
            key={s}
            aria-label={STATUS_LABEL[s]}
            className="flex w-72 shrink-0 flex-col rounded-lg bg-surface-muted"
          >
            <h2 className="flex items-center justify-between px-3 py-2 text-sm font-medium">
              <StatusBadge status={s} />
              <span className="text-xs text-fg-subtle">{col.length}</span>
            </h2>
            <ul className="min-h-0 flex-1 space-y-2 overflow-y-auto px-2 pb-2">
              {col.map((m) => (
                <li key={m.id} className="rounded-md border border-line-raised bg-canvas p-3 shadow-sm">
                  <div className="flex items-start gap-2">
                    <Link
                      to={`/${slug}/projects/${pid}/modules/${m.id}/`}
                      className="min-w-0 flex-1 truncate text-sm font-medium hover:underline"
                    >
                      {m.name}
                    </Link>
                    <FavoriteButton slug={slug} pid={pid} module={m} />
                    <ModuleMenu slug={slug} pid={pid} module={m} onEdit={() => onEdit(m)} />
                  </div>
                  <div className="mt-2 flex items-center justify-between text-xs text-fg-subtle">
                    <span>
                      {m.total_issues} work item{m.total_issues === 1 ? "" : "s"}
                    </span>
                    <Lead slug={slug} pid={pid} id={m.lead_id} />
                  </div>
                  {(m.start_date || m.target_date) && (
                    <div className="mt-1 text-xs text-fg-subtle">
                      {formatDate(m.start_date) || "…"} → {formatDate(m.target_date) || "…"}
                    </div>
                  )}
                  <ProgressBar module={m} className="mt-2" />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
