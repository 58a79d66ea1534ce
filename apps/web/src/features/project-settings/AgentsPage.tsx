import { useState, type FormEvent } from "react";
import { Bot } from "lucide-react";
import type { AgentTemplate, AgentType } from "@stride/shared/contract";
import { ApiError, errorMessage, fieldErrors } from "../../api/client.ts";
import { useAgentMetadata, useAgentTemplates, useDeleteAgentTemplate, useSaveAgentTemplate } from "../../api/agents.ts";
import { useModelConfigs } from "../../api/model-configs.ts";
import { Banner, Button, Input, Select, Textarea, Toggle } from "../../components/ui/index.ts";
import { SettingsList } from "../../components/settings/SettingsList.tsx";
import { useCan } from "../../lib/permissions.ts";
import { useCurrentProject } from "../projects/current-project.ts";
import { useCluster } from "../../components/agents/useRunAgent.ts";
import { ExecutionHistoryButton } from "../../components/agents/ExecutionHistoryModal.tsx";
import { ProjectSettingsGate } from "./ProjectSettingsLayout.tsx";

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
  const metadata = useAgentMetadata(slug, projectId);
  const models = useModelConfigs(slug, projectId);
  const c = template?.config;
  const [name, setName] = useState(c?.name ?? "");
  const [type, setType] = useState<AgentType>(c?.type ?? "coding");
  const [model, setModel] = useState(c?.model_config ?? "");
  const [instructions, setInstructions] = useState(c?.instructions ?? "");
  const [maxSteps, setMaxSteps] = useState(c?.max_steps ? String(c.max_steps) : "");
  const [timeout, setTimeoutS] = useState(c?.timeout_s ? String(c.timeout_s) : "");
  const [issueAgent, setIssueAgent] = useState(isIssueAgent);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const types = (metadata.data ?? []).filter((m) => m.type !== "assistant");
  const modelNames = (models.data ?? []).map((m) => m.name);
  const chosenModel = model || modelNames[0] || "";

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setFailure(null);
    save.mutate(
      {
        config: {
          ...(c ?? {}),
          type,
          name: name.trim(),
          model_config: chosenModel,
          ...(instructions.trim() ? { instructions } : {}),
          ...(maxSteps ? { max_steps: Number(maxSteps) } : {}),
          ...(timeout ? { timeout_s: Number(timeout) } : {}),
        },
        ...(template ? { agent_template_id: template.id } : {}),
        ...(issueAgent ? { preset_names: ["issue_agent"] as "issue_agent"[] } : {}),
      },
      {
        onSuccess: onDone,
        onError: (err) => {
          const fe: Record<string, string> = {};
          for (const [k, v] of Object.entries(fieldErrors(err))) fe[k.split(".").pop()!] = v;
          setErrors(fe);
          if (!Object.keys(fe).length)
            setFailure(err instanceof ApiError ? (errorMessage(err.body) ?? "Could not save the agent.") : err.message);
        },
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      className="space-y-3 rounded-lg border border-line p-4"
      aria-label={template ? "Edit agent" : "Add agent"}
    >
      {failure && <Banner>{failure}</Banner>}
      <div className="grid gap-3 sm:grid-cols-2">
        <Input
          label="Name"
          placeholder="Fixer"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
          required
        />
        <Select
          label="Type"
          value={type}
          onChange={(e) => setType(e.target.value as AgentType)}
          error={errors.type}
          hint={types.find((m) => m.type === type)?.description}
        >
          {(types.length
            ? types
            : [
                { type: "coding", name: "Coding" },
                { type: "triage", name: "Triage" },
              ]
          ).map((m) => (
            <option key={m.type} value={m.type}>
              {m.name}
            </option>
          ))}
        </Select>
      </div>
      {modelNames.length === 0 && !models.isLoading ? (
        <Banner kind="info">Add a model in Model configuration first.</Banner>
      ) : (
        <Select
          label="Model"
          value={chosenModel}
          onChange={(e) => setModel(e.target.value)}
          error={errors.model_config}
        >
          {modelNames.map((n) => (
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
        value={instructions}
        onChange={(e) => setInstructions(e.target.value)}
        error={errors.instructions}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <Input
          label="Maximum steps"
          type="number"
          min={1}
          placeholder="30"
          value={maxSteps}
          onChange={(e) => setMaxSteps(e.target.value)}
          error={errors.max_steps}
        />
        <Input
          label="Timeout (seconds)"
          type="number"
          min={10}
          placeholder="1800"
          value={timeout}
          onChange={(e) => setTimeoutS(e.target.value)}
          error={errors.timeout_s}
        />
      </div>
      <Toggle
        label="Issue agent"
        description="“Run agent” on a work item runs this agent."
        checked={issueAgent}
        onChange={setIssueAgent}
      />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={save.isPending}>
          {template ? "Save" : "Add agent"}
        </Button>
      </div>
    </form>
  );
}
