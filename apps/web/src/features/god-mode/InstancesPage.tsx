import type { ServerInstance } from "@stride/shared/contract";
import { useServerInstances } from "../../api/god-mode.ts";
import { ApiError, errorMessage } from "../../api/client.ts";
import { Banner, EmptyState, PageSpinner, cx } from "../../components/ui/index.ts";
import { relativeTime } from "../../lib/dates.ts";
import { GodModeSection } from "./GodModeLayout.tsx";

const STATUS: Record<ServerInstance["status"], { label: string; cls: string }> = {
  running: { label: "Running", cls: "bg-success-soft text-success-strong" },
  stopped: { label: "Stopped", cls: "bg-fill text-fg-muted" },
  gone: { label: "Not seen", cls: "bg-warning-soft text-warning-strong" },
};

/**
 * The server processes of this installation (`GET /api/instances/servers/`): version, storage driver, last seen,
 * and a warning when instances on local storage do not share their uploads folder.
 */
export function InstancesPage() {
  const list = useServerInstances();
  const rows = list.data ?? [];
  const short = (id: string) => id.slice(0, 8);
  const byId = new Map(rows.map((r) => [r.id, r]));
  /** "app-2 · 3c4d9e1f": the host and the start of the id. */
  const name = (id: string) => (byId.get(id) ? `${byId.get(id)!.hostname} · ${short(id)}` : short(id));
  const unshared = rows.filter((r) => r.unshared_with.length);
  return (
    <GodModeSection
      title="Instances"
      description="The server processes of this installation, as each records itself every heartbeat."
    >
      {list.isLoading ? (
        <PageSpinner />
      ) : list.isError ? (
        <Banner>{errorMessage((list.error as ApiError).body) ?? "Could not load the instances."}</Banner>
      ) : !rows.length ? (
        <EmptyState title="No instance has recorded itself yet" />
      ) : (
        <>
          {unshared.length > 0 && (
            <Banner>
              <strong>Local storage is not shared.</strong> {unshared.length} running instance
              {unshared.length === 1 ? "" : "s"} cannot see the uploads folder of another, so a file uploaded through
              one instance is not found through the other. Give every instance the same uploads folder (a shared{" "}
              <code>DATA_DIR</code> or network mount) or use <code>STORAGE=s3</code>.
            </Banner>
          )}
          <ul className="divide-y divide-line rounded-lg border border-line" aria-label="Instances">
            {rows.map((r) => (
              <li key={r.id} className="flex flex-wrap items-start gap-3 px-4 py-3">
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="text-sm font-medium">{r.hostname}</span>
                    <span className="font-mono text-xs text-fg-subtle" title={r.id}>
                      {short(r.id)}
                    </span>
                    <span className={cx("rounded px-1.5 py-0.5 text-xs", STATUS[r.status].cls)}>
                      {STATUS[r.status].label}
                    </span>
                    {r.unshared_with.length > 0 && (
                      <span className="rounded bg-danger-soft px-1.5 py-0.5 text-xs text-danger-strong">
                        Cannot see the uploads of {r.unshared_with.map(name).join(", ")}
                      </span>
                    )}
                  </div>
                  <div className="mt-1 text-xs text-fg-subtle">
                    pid {r.pid} · version {r.version} · storage{" "}
                    {r.storage === "local" ? `local (${r.uploads_dir})` : r.storage}
                  </div>
                </div>
                <div className="text-right text-xs text-fg-subtle">
                  <div>started {relativeTime(r.started_at)}</div>
                  <div>
                    {r.status === "stopped"
                      ? `stopped ${relativeTime(r.stopped_at ?? r.last_seen_at)}`
                      : `last seen ${relativeTime(r.last_seen_at)}`}
                  </div>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </GodModeSection>
  );
}
