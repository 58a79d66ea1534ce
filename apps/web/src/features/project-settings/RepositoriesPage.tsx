import { useState, type FormEvent } from "react";
import { GitBranch } from "lucide-react";
import { SANDBOX_DEFAULT_LIFETIME_S } from "@stride/shared";
import type { EnvironmentTemplate, SandboxConfigInput } from "@stride/shared/contract";
import { ApiError, errorMessage, fieldErrors } from "../../api/client.ts";
import {
  useDeleteEnvironmentTemplate,
  useEnvironmentTemplates,
  useSaveEnvironmentTemplate,
  type SaveTemplate,
} from "../../api/environments.ts";
import { Banner, Button, Input, Textarea, Toggle } from "../../components/ui/index.ts";
import { SettingsList } from "../../components/settings/SettingsList.tsx";
import { useCan } from "../../lib/permissions.ts";
import { useCurrentProject } from "../projects/current-project.ts";
import { ProjectSettingsGate } from "./ProjectSettingsLayout.tsx";
import { SandboxModal } from "./SandboxModal.tsx";

/** Repositories: the project's sandbox environment templates, each a git repository agents work in (agents.md §2). */
export function ProjectRepositoriesSettings() {
  return (
    <ProjectSettingsGate page="repositories">
      <Repositories />
    </ProjectSettingsGate>
  );
}

const repoOf = (t: EnvironmentTemplate) => (t.config as SandboxConfigInput).ide_configs?.[0]?.repository;

function Repositories() {
  const { slug, projectId } = useCurrentProject();
  const canEdit = useCan("create", "environmentTemplate");
  const templates = useEnvironmentTemplates(slug, projectId);
  const del = useDeleteEnvironmentTemplate(slug, projectId);
  const [sandboxesOpen, setSandboxesOpen] = useState(false);
  const repos = (templates.data ?? []).filter((t) => t.type === "sandbox");
  return (
    <SettingsList
      title="Repositories"
      description="Agents work in a sandboxed checkout of a repository: no network unless allowed (and then never this server or private networks), the rest of the system read-only."
      query={templates}
      loadError="Could not load the repositories."
      items={repos}
      listLabel="Repositories"
      canEdit={canEdit}
      addLabel="Add repository"
      actions={
        <Button variant="secondary" onClick={() => setSandboxesOpen(true)}>
          Sandboxes
        </Button>
      }
      empty={{
        title: "No repositories yet",
        description:
          "Add a git repository (a URL, or a path in a folder the instance admin allows) for agents to work in.",
      }}
      row={(t) => ({
        icon: <GitBranch size={16} aria-hidden focusable="false" className="shrink-0 text-fg-faint" />,
        title: <span className="font-medium">{repoOf(t)?.repo_slug}</span>,
        detail: `${repoOf(t)?.url ?? ""}${repoOf(t)?.branch ? ` · ${repoOf(t)?.branch}` : ""} · ${networkText(t.config as SandboxConfigInput)}`,
      })}
      menuLabel={(t) => `Actions for repository ${repoOf(t)?.repo_slug}`}
      form={(t, onDone) => <RepositoryForm template={t} onDone={onDone} />}
      confirmDelete={{
        title: "Delete repository",
        message: (t) =>
          `Delete the repository "${repoOf(t)?.repo_slug}"? Running sandboxes keep their checkout until they stop.`,
      }}
      onDelete={(t, settled) => del.mutate(t.id, { onSettled: settled })}
      deleting={del.isPending}
    >
      <SandboxModal open={sandboxesOpen} onClose={() => setSandboxesOpen(false)} templates={repos} />
    </SettingsList>
  );
}

function networkText(c: SandboxConfigInput): string {
  if (!c.network) return "no network";
  return c.allowed_hosts?.length ? `network to ${c.allowed_hosts.join(", ")} only` : "network allowed";
}

/** Field errors of the config arrive as `config.ide_configs.0.repository.url` and the like: keyed here by the last part. */
function formErrors(err: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(fieldErrors(err))) out[k.split(".").pop()!] = v;
  return out;
}

function RepositoryForm({ template, onDone }: { template?: EnvironmentTemplate; onDone: () => void }) {
  const { slug, projectId } = useCurrentProject();
  const save = useSaveEnvironmentTemplate(slug, projectId);
  const config = template?.config as SandboxConfigInput | undefined;
  const repo = config?.ide_configs?.[0]?.repository;
  const [repoSlug, setRepoSlug] = useState(repo?.repo_slug ?? "");
  const [url, setUrl] = useState(repo?.url ?? "");
  const [branch, setBranch] = useState(repo?.branch ?? "");
  const [setup, setSetup] = useState(config?.setup_script ?? "");
  const [minutes, setMinutes] = useState(
    String(Math.round((config?.max_lifetime_s ?? SANDBOX_DEFAULT_LIFETIME_S) / 60)),
  );
  const [network, setNetwork] = useState(config?.network ?? false);
  const [allowedHosts, setAllowedHosts] = useState((config?.allowed_hosts ?? []).join(", "));
  const [issueAgent, setIssueAgent] = useState(!template);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const lifetime = Number(minutes) * 60;
    const body: SaveTemplate = {
      type: "sandbox",
      config: {
        // what this form does not show (limits, the repository's variables, kept masked) stays as it was
        ...config,
        ide_configs: [{ repository: { repo_slug: repoSlug.trim(), url: url.trim(), branch: branch.trim() || null } }],
        setup_script: setup.trim() ? setup : null,
        max_lifetime_s: Number.isFinite(lifetime) ? lifetime : minutes,
        network,
        allowed_hosts: network ? allowedHosts.split(/[\s,]+/).filter(Boolean) : [],
      },
      ...(template ? { environment_template_id: template.id } : {}),
      ...(issueAgent ? { preset_names: ["issue_agent"] as "issue_agent"[] } : {}),
    };
    setErrors({});
    setFailure(null);
    save.mutate(body, {
      onSuccess: onDone,
      onError: (err) => {
        const fe = formErrors(err);
        setErrors(fe);
        if (!Object.keys(fe).length)
          setFailure(
            err instanceof ApiError ? (errorMessage(err.body) ?? "Could not save the repository.") : err.message,
          );
      },
    });
  };

  return (
    <form
      onSubmit={submit}
      className="space-y-3 rounded-lg border border-line p-4"
      aria-label={template ? "Edit repository" : "Add repository"}
    >
      {failure && <Banner>{failure}</Banner>}
      <div className="grid gap-3 sm:grid-cols-2">
        <Input
          label="Name"
          placeholder="acme/app"
          value={repoSlug}
          onChange={(e) => setRepoSlug(e.target.value)}
          error={errors.repo_slug}
          required
        />
        <Input
          label="Branch"
          placeholder="the default branch"
          value={branch}
          onChange={(e) => setBranch(e.target.value)}
          error={errors.branch}
        />
      </div>
      <Input
        label="Git URL"
        placeholder="https://github.com/acme/app.git, or a path the instance admin allows"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        error={errors.url}
        required
      />
      <Textarea
        label="Setup script"
        hint="Runs in the sandbox after the checkout, e.g. npm ci."
        rows={3}
        value={setup}
        onChange={(e) => setSetup(e.target.value)}
        error={errors.setup_script}
      />
      <Input
        label="Lifetime (minutes)"
        type="number"
        min={1}
        value={minutes}
        onChange={(e) => setMinutes(e.target.value)}
        error={errors.max_lifetime_s}
      />
      <Toggle
        label="Allow network access"
        description="Commands in the sandbox may reach the internet (the setup script too), never this server or private networks."
        checked={network}
        onChange={setNetwork}
      />
      {network && (
        <Input
          label="Allowed hosts"
          placeholder="registry.npmjs.org, github.com"
          hint="Only these hosts are reachable, without DNS. Empty: the whole internet."
          value={allowedHosts}
          onChange={(e) => setAllowedHosts(e.target.value)}
          error={errors.allowed_hosts ?? Object.entries(errors).find(([k]) => /^\d+$/.test(k))?.[1]}
        />
      )}
      {!template && (
        <Toggle
          label="Use for the issue agent"
          description="Runs of the project's issue agent check out this repository."
          checked={issueAgent}
          onChange={setIssueAgent}
        />
      )}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={save.isPending}>
          {template ? "Save" : "Add repository"}
        </Button>
      </div>
    </form>
  );
}
