import type { UseFormReturn } from "react-hook-form";
import { Bot } from "lucide-react";
import { type AgentTemplate, type AgentType } from "@stride/shared/contract";
import { useAgentMetadata, useAgentTemplates, useDeleteAgentTemplate, useSaveAgentTemplate } from "../../api/agents.ts";
import { useModelConfigs } from "../../api/model-configs.ts";
import { Banner, Input, Select, Textarea } from "../../components/ui/index.ts";
import { SettingsList } from "../../components/settings/SettingsList.tsx";
import { useCan } from "../../lib/permissions.ts";
import { schemaCheck, useDialogForm } from "../../lib/settings-form.ts";
import { useCurrentProject } from "../projects/current-project.ts";
import { useCluster } from "../../components/agents/useRunAgent.ts";
import { ExecutionHistoryButton } from "../../components/agents/ExecutionHistoryModal.tsx";
import { ProjectSettingsGate } from "./ProjectSettingsLayout.tsx";
import { InlineForm } from "./FormButtons.tsx";
import { presetNames, rekeyed } from "./environment-form.ts";

/** Agents: the project's agent templates and which one is the `issue_agent` preset that "Run agent" uses (agents.md §1, §2). */
export function ProjectAgentsSettings() {
  return (
    <ProjectSettingsGate page="agents">
      <Agents />
    </ProjectSettingsGate>
  );
}

function Agents() {
  const { slug, projectId } = useCurrentProject();
  const canEdit = useCan("create", "agentTemplate");
  const templates = useAgentTemplates(slug, projectId);
  const cluster = useCluster(slug, projectId);
  const del = useDeleteAgentTemplate(slug, projectId);
  const issueAgent = cluster?.config.agent_presets?.issue_agent?.agent_template_id ?? null;
  return (
    <SettingsList
      title="Agents"
      description="Agents of this project. The issue agent is the one “Run agent” hands a work item to; it works in the repositories and with the MCP servers marked for it."
      query={templates}
      loadError="Could not load the agents."
      items={templates.data ?? []}
      listLabel="Agents"
      canEdit={canEdit}
      addLabel="Add agent"
      actions={<ExecutionHistoryButton slug={slug} pid={projectId} />}
      empty={{
        title: "No agents yet",
        description: "Add an agent and make it the issue agent to run it on work items.",
      }}
      row={(t) => ({
        icon: <Bot size={16} aria-hidden focusable="false" className="shrink-0 text-fg-faint" />,
        title: (
          <span className="flex items-center gap-2 font-medium">
            {t.config.name}
            {issueAgent === t.id && (
              <span className="rounded bg-accent-soft px-1.5 py-0.5 text-[11px] font-medium text-accent-strong">
                Issue agent
              </span>
            )}
          </span>
        ),
        detail: `${t.config.type} · model ${t.config.model_config}`,
      })}
      menuLabel={(t) => `Actions for agent ${t.config.name}`}
      form={(t, onDone) => (
        <AgentForm template={t} isIssueAgent={t ? issueAgent === t.id : !issueAgent} onDone={onDone} />
      )}
      confirmDelete={{
        title: "Delete agent",
        message: (t) => `Delete the agent "${t.config.name}"? Its past executions stay.`,
      }}
      onDelete={(t, settled) => del.mutate(t.id, { onSettled: settled })}
      deleting={del.isPending}
    />
  );
}

interface AgentValues {
  name: string;
  type: AgentType;
  model: string;
  instructions: string;
  maxSteps: string;
  timeout: string;
  issueAgent: boolean;
}

/** The template's config from the form (with `model`, the one chosen or the first); what it does not show stays. */
const configOf = (v: AgentValues, model: string, saved?: AgentTemplate["config"]) => ({
  ...(saved ?? {}),
  type: v.type,
  name: v.name.trim(),
  model_config: model,
  ...(v.instructions.trim() ? { instructions: v.instructions } : {}),
  ...(v.maxSteps ? { max_steps: Number(v.maxSteps) } : {}),
  ...(v.timeout ? { timeout_s: Number(v.timeout) } : {}),
});

type AgentFormApi = UseFormReturn<AgentValues>;
type FieldError = (k: string) => string | undefined;

/** An agent's add or edit form: name, type, model, instructions, limits, and whether it is the issue agent. */
function AgentForm({
  template,
  isIssueAgent,
  onDone,
}: {
  template?: AgentTemplate;
  isIssueAgent: boolean;
  onDone: () => void;
}) {
  const { slug, projectId } = useCurrentProject();
  const save = useSaveAgentTemplate(slug, projectId);
  const models = useModelConfigs(slug, projectId);
  const c = template?.config;
  const modelNames = (models.data ?? []).map((m) => m.name);
  const modelOf = (v: AgentValues) => v.model || modelNames[0] || "";
  const { form, error, formError, onSubmit } = useDialogForm<AgentValues>(
    {
      name: c?.name ?? "",
      type: c?.type ?? "coding",
      model: c?.model_config ?? "",
      instructions: c?.instructions ?? "",
      maxSteps: c?.max_steps ? String(c.max_steps) : "",
      timeout: c?.timeout_s ? String(c.timeout_s) : "",
      issueAgent: isIssueAgent,
    },
    schemaCheck(
      (c) => c.agentTemplateConfigSchema,
      (v: AgentValues) => configOf(v, modelOf(v), c),
      undefined,
      FIELD_OF,
    ),
    (e) => e.message,
  );
  const submit = onSubmit((v, onError) =>
    save.mutate(
      {
        config: configOf(v, modelOf(v), c),
        ...(template ? { agent_template_id: template.id } : {}),
        ...presetNames(v.issueAgent),
      },
      {
        onSuccess: onDone,
        onError: (err) => onError(rekeyed(err, (p) => FIELD_OF[p[p.length - 1]] ?? p[p.length - 1])),
      },
    ),
  );
  return (
    <InlineForm
      label={template ? "Edit agent" : "Add agent"}
      onSubmit={(e) => void submit(e)}
      formError={formError}
      issueAgent={{
        label: "Issue agent",
        description: "“Run agent” on a work item runs this agent.",
        checked: form.watch("issueAgent"),
        onChange: (on) => form.setValue("issueAgent", on),
      }}
      submitLabel={template ? "Save" : "Add agent"}
      pending={save.isPending}
      onCancel={onDone}
    >
      <AgentFields form={form} error={error} models={modelNames} modelsLoading={models.isLoading} />
    </InlineForm>
  );
}

/** The form's field of a config key the server names. */
const FIELD_OF: Record<string, string> = { model_config: "model", max_steps: "maxSteps", timeout_s: "timeout" };

/** Name, type (with its description), model, instructions and limits. */
function AgentFields({
  form,
  error,
  models,
  modelsLoading,
}: {
  form: AgentFormApi;
  error: FieldError;
  models: string[];
  modelsLoading: boolean;
}) {
  const { slug, projectId } = useCurrentProject();
  const metadata = useAgentMetadata(slug, projectId);
  const types = (metadata.data ?? []).filter((m) => m.type !== "assistant");
  const [type, model] = form.watch(["type", "model"]);
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        <Input label="Name" placeholder="Fixer" error={error("name")} required {...form.register("name")} />
        <Select
          label="Type"
          value={type}
          onChange={(e) => form.setValue("type", e.target.value as AgentType)}
          error={error("type")}
          hint={types.find((m) => m.type === type)?.description}
        >
          {(types.length ? types : FALLBACK_TYPES).map((m) => (
            <option key={m.type} value={m.type}>
              {m.name}
            </option>
          ))}
        </Select>
      </div>
      {models.length === 0 && !modelsLoading ? (
        <Banner kind="info">Add a model in Model configuration first.</Banner>
      ) : (
        <Select
          label="Model"
          value={model || models[0] || ""}
          onChange={(e) => form.setValue("model", e.target.value)}
          error={error("model")}
        >
          {models.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </Select>
      )}
      <Textarea
        label="Instructions"
        hint="What the agent should always keep in mind (conventions, how to test)."
        rows={3}
        error={error("instructions")}
        {...form.register("instructions")}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <Input
          label="Maximum steps"
          type="number"
          min={1}
          placeholder="30"
          error={error("maxSteps")}
          {...form.register("maxSteps")}
        />
        <Input
          label="Timeout (seconds)"
          type="number"
          min={10}
          placeholder="1800"
          error={error("timeout")}
          {...form.register("timeout")}
        />
      </div>
    </>
  );
}

/** The types offered before the server's list arrives. */
const FALLBACK_TYPES = [
  { type: "coding", name: "Coding" },
  { type: "triage", name: "Triage" },
];
