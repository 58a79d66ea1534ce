import type { EnvironmentTemplate, Sandbox, SandboxConfigInput } from "@stride/shared/contract";
import { useCreateSandbox, useRefreshSandbox, useSandboxes, useShutdownSandbox } from "../../api/environments.ts";
import { Banner, Button, EmptyState, Modal, Spinner } from "../../components/ui/index.ts";
import { useDateTimeFormat } from "../../lib/datetime.ts";
import { useCan } from "../../lib/permissions.ts";
import { useCurrentProject } from "../projects/current-project.ts";

/** How much one "Extend" adds to a sandbox's lifetime. */
const EXTEND_S = 3600;

const STATUS_TEXT: Record<Sandbox["status"], string> = {
  starting: "Starting",
  active: "Active",
  pausing: "Pausing",
  paused: "Paused",
  stopped: "Stopped",
  error: "Error",
};

/** "Start a sandbox": one button a sandbox template, named by its repository. */
function StartSandbox({
  slug,
  projectId,
  templates,
}: {
  slug: string;
  projectId: string;
  templates: EnvironmentTemplate[];
}) {
  const create = useCreateSandbox(slug, projectId);
  return (
    <div className="flex flex-wrap items-center gap-2 border-t border-line pt-4">
      <span className="text-sm text-fg-subtle">Start a sandbox:</span>
      {templates.map((t) => {
        const repo = (t.config as SandboxConfigInput).ide_configs[0]?.repository.repo_slug;
        return (
          <Button
            key={t.id}
            size="sm"
            variant="secondary"
            loading={create.isPending && create.variables === t.id}
            onClick={() => create.mutate(t.id)}
          >
            {repo}
          </Button>
        );
      })}
    </div>
  );
}

/** The sandbox modal (platform.md §2): the project's running sandboxes, extended or shut down; a new one from a repository. */
export function SandboxModal({
  open,
  onClose,
  templates,
}: {
  open: boolean;
  onClose: () => void;
  templates: EnvironmentTemplate[];
}) {
  const { slug, projectId } = useCurrentProject();
  const canCreate = useCan("create", "sandbox");
  const canShutdown = useCan("shutdown", "sandbox");
  const canRefresh = useCan("refresh", "sandbox");
  const sandboxes = useSandboxes(slug, projectId, open);
  const shutdown = useShutdownSandbox(slug, projectId);
  const refresh = useRefreshSandbox(slug, projectId);
  const fmt = useDateTimeFormat();
  const name = (s: Sandbox) =>
    (s.config as SandboxConfigInput).ide_configs.map((c) => c.repository.repo_slug).join(", ");
  const list = sandboxes.data ?? [];
  return (
    <Modal open={open} onClose={onClose} title="Sandboxes" wide>
      <div className="space-y-4">
        {sandboxes.isLoading ? (
          <Spinner />
        ) : sandboxes.isError ? (
          <Banner>Could not load the sandboxes.</Banner>
        ) : list.length === 0 ? (
          <EmptyState
            title="No running sandboxes"
            description="Sandboxes start when an agent runs, or from a repository below."
          />
        ) : (
          <ul className="divide-y divide-line rounded-lg border border-line" aria-label="Running sandboxes">
            {list.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
                <div className="min-w-0 flex-1">
                  <div className="truncate font-medium">{name(s)}</div>
                  <div className="text-xs text-fg-subtle">
                    <span data-testid="sandbox-status">{STATUS_TEXT[s.status]}</span> · expires{" "}
                    {fmt.dateTime(s.expires_at)}
                  </div>
                </div>
                {canRefresh && (
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={`Extend ${name(s)} by one hour`}
                    loading={refresh.isPending && refresh.variables?.id === s.id}
                    onClick={() => refresh.mutate({ id: s.id, seconds: EXTEND_S })}
                  >
                    Extend 1 h
                  </Button>
                )}
                {canShutdown && (
                  <Button
                    size="sm"
                    variant="danger"
                    aria-label={`Shut down ${name(s)}`}
                    loading={shutdown.isPending && shutdown.variables === s.id}
                    onClick={() => shutdown.mutate(s.id)}
                  >
                    Shut down
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        {canCreate && templates.length > 0 && <StartSandbox slug={slug} projectId={projectId} templates={templates} />}
      </div>
    </Modal>
  );
}
