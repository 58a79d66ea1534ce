import { useState, type FormEvent } from "react";
import { Trash2, Upload, GitBranch } from "lucide-react";
import { fieldErrors } from "../../api/client.ts";
import {
  importRunning,
  useCreateImport,
  useDeleteImport,
  useImporters,
  useStartImport,
  type Importer,
  type ImportMapping,
} from "../../api/importers.ts";
import { useProject, useProjectMembers, useProjects } from "../../api/projects.ts";
import { useIssueProperties, useIssueTypes } from "../../api/issue-types.ts";
import { useStates } from "../../api/states.ts";
import { useWorkspaceMembers } from "../../api/workspaces.ts";
import { Banner, Button, EmptyState, Input, PageSpinner, Select, useToast } from "../../components/ui/index.ts";
import { useDateTimeFormat } from "../../lib/datetime.ts";
import { useCurrentWorkspace } from "../workspace/current-workspace.ts";

const SERVICE_LABEL: Record<Importer["service"], string> = { jira: "Jira", github: "GitHub" };
const STATUS_LABEL: Record<Importer["status"], string> = {
  analyzing: "Reading the source…",
  mapping: "Waiting for the mapping",
  queued: "Queued",
  running: "Importing",
  completed: "Completed",
  failed: "Failed",
};

/**
 * Settings → imports (work-tracking §2, §9): bring work items in from a Jira CSV export or a GitHub repository.
 * Each import reads its source, waits for the mapping of the source's statuses and people to the project's states
 * and members, runs as a background job with a progress bar, and ends with its summary. Running one again
 * updates what it imported before instead of duplicating it.
 */
export function WorkspaceImportsSettings() {
  const { slug } = useCurrentWorkspace();
  const imports = useImporters(slug);
  if (imports.isLoading) return <PageSpinner />;
  const list = imports.data ?? [];
  return (
    <div className="max-w-4xl space-y-6">
      <div>
        <h2 className="text-lg font-semibold">Imports</h2>
        <p className="text-sm text-fg-subtle">
          Bring work items into a project from Jira or GitHub. Importing the same source again updates the items it
          brought in before; nothing is duplicated.
        </p>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <JiraForm slug={slug} />
        <GithubForm slug={slug} />
      </div>
      <section aria-label="Imports" className="space-y-3">
        <h3 className="text-sm font-semibold">History</h3>
        {list.length === 0 ? (
          <EmptyState title="No imports yet" description="Start with a Jira CSV export or a GitHub repository above." />
        ) : (
          <ul className="space-y-3">
            {list.map((i) => (
              <ImportRow key={i.id} slug={slug} imp={i} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function ProjectSelect({
  slug,
  value,
  onChange,
  error,
  id,
}: {
  slug: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  id: string;
}) {
  const projects = useProjects(slug);
  return (
    <Select id={id} label="Into project" value={value} onChange={(e) => onChange(e.target.value)} error={error}>
      <option value="">Choose a project</option>
      {(projects.data ?? []).map((p) => (
        <option key={p.id} value={p.id}>
          {p.name} ({p.identifier})
        </option>
      ))}
    </Select>
  );
}

function JiraForm({ slug }: { slug: string }) {
  const create = useCreateImport(slug);
  const [project, setProject] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problems: Record<string, string> = {};
    if (!project) problems.project_id = "Choose a project.";
    if (!file) problems.csv = "Choose the CSV file exported from Jira.";
    else if (file.size > 9_000_000) problems.csv = "The file is too large for one import (9 MB at most).";
    setErrors(problems);
    if (Object.keys(problems).length || !file) return;
    const csv = await file.text();
    create.mutate(
      { service: "jira", project_id: project, file_name: file.name, csv },
      {
        onSuccess: () => setFile(null),
        onError: (err) => setErrors(fieldErrors(err)),
      },
    );
  };
  return (
    <form onSubmit={submit} className="space-y-3 rounded-lg border border-line p-4" aria-label="Import from Jira">
      <div className="flex items-center gap-2 font-medium">
        <Upload size={16} aria-hidden /> Jira
      </div>
      <p className="text-xs text-fg-subtle">
        In Jira, open the issue search, then Export → Export CSV (all fields). Issues, statuses, priorities, labels,
        assignees (by email), parents and comments come along.
      </p>
      <ProjectSelect id="jira-project" slug={slug} value={project} onChange={setProject} error={errors.project_id} />
      <Input
        label="CSV file"
        type="file"
        accept=".csv,text/csv"
        onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        error={errors.csv ?? errors.file_name}
      />
      <Button type="submit" loading={create.isPending}>
        Read file
      </Button>
    </form>
  );
}

function GithubForm({ slug }: { slug: string }) {
  const create = useCreateImport(slug);
  const [project, setProject] = useState("");
  const [owner, setOwner] = useState("");
  const [repo, setRepo] = useState("");
  const [token, setToken] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!project) return setErrors({ project_id: "Choose a project." });
    setErrors({});
    create.mutate(
      { service: "github", project_id: project, owner: owner.trim(), repo: repo.trim(), token: token.trim() },
      {
        onSuccess: () => setToken(""),
        onError: (err) => setErrors(fieldErrors(err)),
      },
    );
  };
  return (
    <form onSubmit={submit} className="space-y-3 rounded-lg border border-line p-4" aria-label="Import from GitHub">
      <div className="flex items-center gap-2 font-medium">
        <GitBranch size={16} aria-hidden /> GitHub
      </div>
      <p className="text-xs text-fg-subtle">
        Issues with their labels, assignees, comments and open or closed state, read with a personal access token that
        can read the repository’s issues. The token is kept only until the import ends.
      </p>
      <ProjectSelect id="github-project" slug={slug} value={project} onChange={setProject} error={errors.project_id} />
      <div className="grid grid-cols-2 gap-2">
        <Input
          label="Owner"
          value={owner}
          onChange={(e) => setOwner(e.target.value)}
          error={errors.owner}
          placeholder="octo-org"
        />
        <Input
          label="Repository"
          value={repo}
          onChange={(e) => setRepo(e.target.value)}
          error={errors.repo}
          placeholder="rocket"
        />
      </div>
      <Input
        label="Personal access token"
        type="password"
        autoComplete="off"
        value={token}
        onChange={(e) => setToken(e.target.value)}
        error={errors.token}
      />
      <Button type="submit" loading={create.isPending}>
        Read repository
      </Button>
    </form>
  );
}

function ImportRow({ slug, imp }: { slug: string; imp: Importer }) {
  const projects = useProjects(slug);
  const remove = useDeleteImport(slug);
  const { dateTime } = useDateTimeFormat();
  const project = (projects.data ?? []).find((p) => p.id === imp.project);
  const label = `${SERVICE_LABEL[imp.service]} import of ${imp.source_label}`;
  return (
    <li className="space-y-3 rounded-lg border border-line p-4" aria-label={label} data-import-status={imp.status}>
      <div className="flex flex-wrap items-center gap-3">
        <div className="min-w-0 flex-1">
          <div className="truncate font-medium">
            {SERVICE_LABEL[imp.service]} · {imp.source_label}
          </div>
          <div className="text-xs text-fg-subtle">
            Into {project ? project.name : "a project"} · {dateTime(imp.created_at)}
          </div>
        </div>
        <span className="rounded bg-fill px-2 py-0.5 text-xs text-fg-secondary">{STATUS_LABEL[imp.status]}</span>
        {!importRunning(imp) && (
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Remove ${label} from the history`}
            loading={remove.isPending && remove.variables === imp.id}
            onClick={() => remove.mutate(imp.id)}
          >
            <Trash2 size={14} aria-hidden />
          </Button>
        )}
      </div>
      {imp.status === "mapping" && <MappingForm slug={slug} imp={imp} />}
      {(imp.status === "queued" || imp.status === "running") && <Progress imp={imp} />}
      {imp.status === "completed" && imp.summary && <Summary imp={imp} />}
      {imp.status === "failed" && <Banner>{imp.error ?? "The import failed."}</Banner>}
    </li>
  );
}

function Progress({ imp }: { imp: Importer }) {
  const { done, total } = imp.progress;
  const pct = total > 0 ? Math.round((done / total) * 100) : 0;
  return (
    <div className="space-y-1">
      <div
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        className="h-2 overflow-hidden rounded bg-fill-selected"
      >
        <div className="h-full bg-indigo-600 transition-[width]" style={{ width: `${pct}%` }} />
      </div>
      <div className="text-xs text-fg-subtle">
        {done} of {total} work items
      </div>
    </div>
  );
}

function Summary({ imp }: { imp: Importer }) {
  const s = imp.summary!;
  const facts: [string, number][] = [
    ["Created", s.created],
    ["Updated", s.updated],
    ["Unchanged", s.unchanged],
    ["Comments added", s.comments_created],
    ["Labels created", s.labels_created],
  ];
  return (
    <div className="space-y-2" aria-label="Import summary">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5">
        {facts.map(([k, v]) => (
          <div key={k} className="rounded bg-surface-muted px-3 py-2">
            <dt className="text-xs text-fg-subtle">{k}</dt>
            <dd className="text-lg font-semibold" data-summary={k}>
              {v}
            </dd>
          </div>
        ))}
      </dl>
      {s.failed.length > 0 && (
        <Banner>
          {s.failed.length} could not be imported:
          <ul className="mt-1 list-disc pl-5">
            {s.failed.map((f) => (
              <li key={f.external_id}>
                {f.external_id} {f.name}: {f.reason}
              </li>
            ))}
          </ul>
        </Banner>
      )}
    </div>
  );
}

/** The mapping step: each source status to a project state, each source person to a project member or nobody. */
function MappingForm({ slug, imp }: { slug: string; imp: Importer }) {
  const states = useStates(slug, imp.project);
  const members = useProjectMembers(slug, imp.project);
  const people = useWorkspaceMembers(slug);
  const start = useStartImport(slug);
  const toast = useToast();
  const [mapping, setMapping] = useState<ImportMapping>(imp.mapping ?? { states: {}, users: {} });
  const [error, setError] = useState<string | null>(null);
  const found = imp.discovered ?? { states: [], users: [] };
  const memberIds = new Set((members.data ?? []).map((m) => m.member));
  const choosable = (people.data ?? []).filter((p) => memberIds.has(p.member.id));
  const openStates = (states.data ?? []).filter((s) => s.group !== "triage");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    start.mutate(
      { id: imp.id, mapping },
      {
        onSuccess: () => toast.show("success", "Import started"),
        onError: (err) => setError(Object.values(fieldErrors(err))[0] ?? null),
      },
    );
  };
  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Mapping">
      <p className="text-sm text-fg-subtle">
        {imp.progress.total} work items found. Check where each status and person goes, then start.
      </p>
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold">Statuses → states</legend>
        {found.states.map((s) => (
          <Select
            key={s.key}
            label={`${s.name} (${s.count})`}
            value={mapping.states[s.key] ?? ""}
            onChange={(e) => setMapping((m) => ({ ...m, states: { ...m.states, [s.key]: e.target.value } }))}
          >
            <option value="">Choose a state</option>
            {openStates.map((st) => (
              <option key={st.id} value={st.id}>
                {st.name}
              </option>
            ))}
          </Select>
        ))}
      </fieldset>
      {found.users.length > 0 && (
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold">People → members</legend>
          {found.users.map((u) => (
            <Select
              key={u.key}
              label={u.email && u.email !== u.name ? `${u.name} <${u.email}>` : u.name}
              value={mapping.users[u.key] ?? ""}
              onChange={(e) => setMapping((m) => ({ ...m, users: { ...m.users, [u.key]: e.target.value || null } }))}
            >
              <option value="">Nobody</option>
              {choosable.map((p) => (
                <option key={p.member.id} value={p.member.id}>
                  {p.member.display_name}
                </option>
              ))}
            </Select>
          ))}
        </fieldset>
      )}
      <FieldsToProperties slug={slug} imp={imp} mapping={mapping} setMapping={setMapping} />
      {error && <Banner>{error}</Banner>}
      <Button type="submit" loading={start.isPending}>
        Start import
      </Button>
    </form>
  );
}

/**
 * The source's other fields (a Jira file's columns) to custom properties of the project's default type (issue #29);
 * shown when the project has types on and the source has such fields. A field left on "Not imported" is skipped.
 */
function FieldsToProperties({
  slug,
  imp,
  mapping,
  setMapping,
}: {
  slug: string;
  imp: Importer;
  mapping: ImportMapping;
  setMapping: (f: (m: ImportMapping) => ImportMapping) => void;
}) {
  const typed = !!useProject(slug, imp.project).data?.is_issue_type_enabled;
  const types = useIssueTypes(slug, imp.project, typed).data ?? [];
  const properties = useIssueProperties(slug, imp.project, typed).data ?? [];
  const fields = imp.discovered?.fields ?? [];
  const defaultType = types.find((t) => t.is_default);
  const offered = properties.filter((p) => p.issue_type === defaultType?.id && p.is_active);
  if (!typed || !fields.length || !offered.length) return null;
  const chosen = mapping.properties ?? {};
  const set = (field: string, pid: string) =>
    setMapping((m) => {
      const next = { ...(m.properties ?? {}) };
      if (pid) next[field] = pid;
      else delete next[field];
      return { ...m, properties: next };
    });
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold">Fields → properties</legend>
      {fields.map((f) => (
        <Select
          key={f.key}
          label={`${f.name} (${f.count})`}
          value={chosen[f.key] ?? ""}
          onChange={(e) => set(f.key, e.target.value)}
        >
          <option value="">Not imported</option>
          {offered.map((p) => (
            <option
              key={p.id}
              value={p.id}
              disabled={Object.entries(chosen).some(([k, v]) => v === p.id && k !== f.key)}
            >
              {p.display_name}
            </option>
          ))}
        </Select>
      ))}
    </fieldset>
  );
}
