import { useState } from "react";
import { KeyRound } from "lucide-react";
import { MODEL_PROVIDER_LABEL } from "@stride/shared";
import { ApiError, errorMessage } from "../../api/client.ts";
import {
  useDeleteModelConfig,
  useModelConfigs,
  useTestModelConfig,
  type ModelConfig,
} from "../../api/model-configs.ts";
import { Banner, Button, EmptyState, NoAccess, PageSpinner } from "../../components/ui/index.ts";
import { useCan } from "../../lib/permissions.ts";
import { useCurrentProject } from "../projects/current-project.ts";
import { ConfirmDelete } from "./ConfirmDelete.tsx";
import { ModelConfigModal, TestResult, type TestOutcome } from "./ModelConfigModal.tsx";
import { why } from "./refusal.ts";

/** Project settings → Model configuration (agents.md §2): named models an agent can use; admins only. */
export function ProjectModelConfigurationSettings() {
  const canView = useCan("view", "modelConfig");
  if (!canView) return <NoAccess what="Model configuration settings" />;
  return <ModelConfigurations />;
}

type Editing = { config: ModelConfig | null } | null;

/** The saved configurations' tests: each one's outcome by name, until the configuration is saved again. */
function useSavedTests() {
  const { slug, projectId } = useCurrentProject();
  const tester = useTestModelConfig(slug, projectId);
  const [results, setResults] = useState<Record<string, TestOutcome>>({});
  const test = (name: string) => {
    setResults((r) => ({ ...r, [name]: "testing" }));
    tester.mutate(
      { name },
      {
        onSuccess: (res) => setResults((r) => ({ ...r, [name]: res })),
        onError: (err) =>
          setResults((r) => ({
            ...r,
            [name]: { ok: false, model: "", latency_ms: 0, error: why(err) ?? err.message },
          })),
      },
    );
  };
  const forget = (name: string) => setResults(({ [name]: _stale, ...rest }) => rest);
  return { results, test, forget };
}

function ModelConfigurations() {
  const { slug, projectId } = useCurrentProject();
  const configs = useModelConfigs(slug, projectId);
  const del = useDeleteModelConfig(slug, projectId);
  const canEdit = useCan("edit", "modelConfig");
  const tests = useSavedTests();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<ModelConfig | null>(null);
  if (configs.isLoading) return <PageSpinner />;
  if (configs.isError)
    return (
      <Banner>{errorMessage((configs.error as ApiError).body) ?? "Could not load the model configurations."}</Banner>
    );
  const list = configs.data ?? [];
  return (
    <div className="max-w-4xl space-y-4">
      <div className="flex items-center justify-between gap-4">
        <div>
          <h2 className="text-lg font-semibold">Model configuration</h2>
          <p className="mt-1 text-sm text-fg-subtle">
            Models agents in this project can use: any OpenAI-compatible server (OpenAI, vLLM, Ollama, LM Studio,
            llama.cpp) or Anthropic-compatible one. API keys are stored encrypted and never shown again.
          </p>
        </div>
        {canEdit && <Button onClick={() => setEditing({ config: null })}>Add model</Button>}
      </div>
      {list.length === 0 ? (
        <EmptyState title="No models yet" description="Add a model so agents can run in this project." />
      ) : (
        <ul aria-label="Model configurations" className="divide-y divide-line-subtle rounded-lg border border-line">
          {list.map((c) => (
            <ModelConfigRow
              key={c.name}
              config={c}
              outcome={tests.results[c.name]}
              onTest={() => tests.test(c.name)}
              onEdit={() => setEditing({ config: c })}
              onDelete={() => setDeleting(c)}
            />
          ))}
        </ul>
      )}
      {editing && (
        <ModelConfigModal
          config={editing.config}
          taken={list.map((c) => c.name)}
          onClose={() => setEditing(null)}
          onSaved={tests.forget}
        />
      )}
      <ConfirmDelete
        item={deleting && { id: deleting.name, name: deleting.name }}
        what="model configuration"
        message={`Delete the model configuration "${deleting?.name}"? Agents using it stop working until they get another model.`}
        del={del}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}

/** A configuration: its name, provider, model and URL, whether a key is stored, its test, edit and delete. */
function ModelConfigRow({
  config: c,
  outcome,
  onTest,
  onEdit,
  onDelete,
}: {
  config: ModelConfig;
  outcome: TestOutcome | undefined;
  onTest: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const canEdit = useCan("edit", "modelConfig");
  const canDelete = useCan("delete", "modelConfig");
  const canTest = useCan("test", "modelConfig");
  return (
    <li data-model-config={c.name} className="space-y-2 px-4 py-3">
      <div className="flex flex-wrap items-center gap-3">
        <div className="min-w-0 flex-1">
          <div className="truncate font-medium">{c.name}</div>
          <div className="truncate text-xs text-fg-subtle">
            {MODEL_PROVIDER_LABEL[c.provider]} · {c.model} · {c.base_url}
          </div>
        </div>
        <span className="flex items-center gap-1 text-xs text-fg-subtle">
          <KeyRound size={12} aria-hidden focusable="false" />
          {c.has_api_key ? "Key stored" : "No key"}
        </span>
        {canTest && (
          <Button
            size="sm"
            variant="secondary"
            loading={outcome === "testing"}
            onClick={onTest}
            aria-label={`Test ${c.name}`}
          >
            Test
          </Button>
        )}
        {canEdit && (
          <Button size="sm" variant="secondary" onClick={onEdit} aria-label={`Edit ${c.name}`}>
            Edit
          </Button>
        )}
        {canDelete && (
          <Button size="sm" variant="secondary" onClick={onDelete} aria-label={`Delete ${c.name}`}>
            Delete
          </Button>
        )}
      </div>
      <TestResult outcome={outcome} />
    </li>
  );
}
