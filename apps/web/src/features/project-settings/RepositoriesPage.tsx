import { useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import { GitBranch } from "lucide-react";
import { SANDBOX_DEFAULT_LIFETIME_S } from "@stride/shared";
import { type EnvironmentTemplate, type SandboxConfigInput } from "@stride/shared/contract";
import {
  useDeleteEnvironmentTemplate,
  useEnvironmentTemplates,
  useSaveEnvironmentTemplate,
  type SaveTemplate,
} from "../../api/environments.ts";
import { Button, Input, Textarea, Toggle } from "../../components/ui/index.ts";
import { SettingsList } from "../../components/settings/SettingsList.tsx";
import { useCan } from "../../lib/permissions.ts";
import { schemaCheck, useDialogForm } from "../../lib/settings-form.ts";
import { useCurrentProject } from "../projects/current-project.ts";
import { ProjectSettingsGate } from "./ProjectSettingsLayout.tsx";
import { SandboxModal } from "./SandboxModal.tsx";
import { InlineForm, issueAgentSwitch } from "./FormButtons.tsx";
import { presetNames, rekeyed } from "./environment-form.ts";

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

interface RepoValues {
  repo_slug: string;
  url: string;
  branch: string;
  setup_script: string;
  minutes: string;
  network: boolean;
  allowed_hosts: string;
  issueAgent: boolean;
}

const fromTemplate = (template: EnvironmentTemplate | undefined): RepoValues => {
  const config = template?.config as SandboxConfigInput | undefined;
  const repo = config?.ide_configs?.[0]?.repository;
  return {
    repo_slug: repo?.repo_slug ?? "",
    url: repo?.url ?? "",
    branch: repo?.branch ?? "",
    setup_script: config?.setup_script ?? "",
    minutes: String(Math.round((config?.max_lifetime_s ?? SANDBOX_DEFAULT_LIFETIME_S) / 60)),
    network: config?.network ?? false,
    allowed_hosts: (config?.allowed_hosts ?? []).join(", "),
    issueAgent: !template,
  };
};

/** The repository as the config names it. */
const repositoryOf = (v: RepoValues) => ({
  repo_slug: v.repo_slug.trim(),
  url: v.url.trim(),
  branch: v.branch.trim() || null,
});

/** The sandbox config from the form; what the form does not show (limits, variables, kept masked) stays as it was. */
const configOf = (v: RepoValues, config?: SandboxConfigInput) => {
  const lifetime = Number(v.minutes) * 60;
  return {
    ...config,
    ide_configs: [{ repository: repositoryOf(v) }],
    setup_script: v.setup_script.trim() ? v.setup_script : null,
    max_lifetime_s: Number.isFinite(lifetime) ? lifetime : v.minutes,
    network: v.network,
    allowed_hosts: v.network ? v.allowed_hosts.split(/[\s,]+/).filter(Boolean) : [],
  };
};

/**
 * Checked with the schema the server checks a sandbox config with; the repository's own fields with its part of
 * it, so each message lands on its field (the config's would all be on `ide_configs`).
 */
const checkConfig = schemaCheck(
  (c) => c.sandboxConfigSchema,
  (v: RepoValues) => configOf(v),
);
const checkRepository = schemaCheck(
  (c) => c.sandboxConfigSchema.shape.ide_configs.element.shape.repository,
  repositoryOf,
);
const checkRepo = (v: RepoValues) => ({ ...checkConfig(v), ...checkRepository(v) });

/** The server names the repository's fields by their path: the last part is the field; the others' second part. */
const repoKey = (p: string[]) => (p[1] === "ide_configs" ? p[p.length - 1] : (p[1] ?? p[0]));

function RepositoryForm({ template, onDone }: { template?: EnvironmentTemplate; onDone: () => void }) {
  const { slug, projectId } = useCurrentProject();
  const save = useSaveEnvironmentTemplate(slug, projectId);
  const { form, error, formError, onSubmit } = useDialogForm<RepoValues>(
    fromTemplate(template),
    checkRepo,
    (e) => e.message,
  );
  const submit = onSubmit((v, onError) => {
    const body: SaveTemplate = {
      type: "sandbox",
      config: configOf(v, template?.config as SandboxConfigInput | undefined),
      ...(template ? { environment_template_id: template.id } : {}),
      ...presetNames(v.issueAgent),
    };
    save.mutate(body, { onSuccess: onDone, onError: (err) => onError(rekeyed(err, repoKey)) });
  });
  return (
    <InlineForm
      label={template ? "Edit repository" : "Add repository"}
      onSubmit={(e) => void submit(e)}
      formError={formError}
      issueAgent={issueAgentSwitch(
        !!template,
        "Runs of the project's issue agent check out this repository.",
        form.watch("issueAgent"),
        (on) => form.setValue("issueAgent", on),
      )}
      submitLabel={template ? "Save" : "Add repository"}
      pending={save.isPending}
      onCancel={onDone}
    >
      <RepositoryFields form={form} error={error} />
    </InlineForm>
  );
}

/** Name, branch, URL, setup script, lifetime and network. */
function RepositoryFields({
  form,
  error,
}: {
  form: UseFormReturn<RepoValues>;
  error: (k: string) => string | undefined;
}) {
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        <Input
          label="Name"
          placeholder="acme/app"
          error={error("repo_slug")}
          required
          {...form.register("repo_slug")}
        />
        <Input label="Branch" placeholder="the default branch" error={error("branch")} {...form.register("branch")} />
      </div>
      <Input
        label="Git URL"
        placeholder="https://github.com/acme/app.git, or a path the instance admin allows"
        error={error("url")}
        required
        {...form.register("url")}
      />
      <Textarea
        label="Setup script"
        hint="Runs in the sandbox after the checkout, e.g. npm ci."
        rows={3}
        error={error("setup_script")}
        {...form.register("setup_script")}
      />
      <Input
        label="Lifetime (minutes)"
        type="number"
        min={1}
        error={error("max_lifetime_s")}
        {...form.register("minutes")}
      />
      <Toggle
        label="Allow network access"
        description="Commands in the sandbox may reach the internet (the setup script too), never this server or private networks."
        checked={form.watch("network")}
        onChange={(on) => form.setValue("network", on)}
      />
      {form.watch("network") && (
        <Input
          label="Allowed hosts"
          placeholder="registry.npmjs.org, github.com"
          hint="Only these hosts are reachable, without DNS. Empty: the whole internet."
          error={error("allowed_hosts")}
          {...form.register("allowed_hosts")}
        />
      )}
    </>
  );
}
