import { useState, type FormEvent } from "react";
import { CheckCircle2, KeyRound, XCircle } from "lucide-react";
import {
  DEFAULT_MODEL_BASE_URL,
  MODEL_BASE_URL_RE,
  MODEL_CONFIG_MSG,
  MODEL_CONFIG_NAME_MAX,
  MODEL_CONFIG_NAME_RE,
  MODEL_PROVIDER_LABEL,
  MODEL_PROVIDERS,
  type ModelProvider,
} from "@stride/shared";
import { ApiError, errorMessage, fieldErrors } from "../../api/client.ts";
import {
  useDeleteModelConfig,
  useModelConfigs,
  useSaveModelConfig,
  useTestModelConfig,
  type ModelConfig,
  type ModelConfigTestResult,
  type SaveModelConfigBody,
  type TestModelConfigBody,
} from "../../api/model-configs.ts";
import {
  Banner,
  Button,
  ConfirmModal,
  EmptyState,
  Input,
  Modal,
  NoAccess,
  PageSpinner,
  Select,
  useToast,
} from "../../components/ui/index.ts";
import { useCan } from "../../lib/permissions.ts";
import { useCurrentProject } from "../projects/current-project.ts";

/** Project settings → Model configuration (agents.md §2): named models an agent can use; admins only. */
export function ProjectModelConfigurationSettings() {
  const canView = useCan("view", "modelConfig");
  if (!canView) return <NoAccess what="Model configuration settings" />;
  return <ModelConfigurations />;
}

type Editing = { config: ModelConfig | null } | null;

function ModelConfigurations() {
  const { slug, projectId } = useCurrentProject();
  const configs = useModelConfigs(slug, projectId);
  const del = useDeleteModelConfig(slug, projectId);
  const tester = useTestModelConfig(slug, projectId);
  const toast = useToast();
  const canEdit = useCan("edit", "modelConfig");
  const canDelete = useCan("delete", "modelConfig");
  const canTest = useCan("test", "modelConfig");
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<ModelConfig | null>(null);
  const [results, setResults] = useState<Record<string, TestOutcome>>({});
  if (configs.isLoading) return <PageSpinner />;
  if (configs.isError)
    return (
      <Banner>{errorMessage((configs.error as ApiError).body) ?? "Could not load the model configurations."}</Banner>
    );
  const list = configs.data ?? [];
  const test = (name: string) => {
    setResults((r) => ({ ...r, [name]: "testing" }));
    tester.mutate(
      { name },
      {
        onSuccess: (res) => setResults((r) => ({ ...r, [name]: res })),
        onError: (err) =>
          setResults((r) => ({
            ...r,
            [name]: {
              ok: false,
              model: "",
              latency_ms: 0,
              error: err instanceof ApiError ? (errorMessage(err.body) ?? err.message) : err.message,
            },
          })),
      },
    );
  };
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
            <li key={c.name} data-model-config={c.name} className="space-y-2 px-4 py-3">
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
                    loading={results[c.name] === "testing"}
                    onClick={() => test(c.name)}
                    aria-label={`Test ${c.name}`}
                  >
                    Test
                  </Button>
                )}
                {canEdit && (
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => setEditing({ config: c })}
                    aria-label={`Edit ${c.name}`}
                  >
                    Edit
                  </Button>
                )}
                {canDelete && (
                  <Button size="sm" variant="secondary" onClick={() => setDeleting(c)} aria-label={`Delete ${c.name}`}>
                    Delete
                  </Button>
                )}
              </div>
              <TestResult outcome={results[c.name]} />
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <ModelConfigModal
          config={editing.config}
          taken={list.map((c) => c.name)}
          onClose={() => setEditing(null)}
          onSaved={(name) => setResults(({ [name]: _stale, ...rest }) => rest)}
        />
      )}
      <ConfirmModal
        open={!!deleting}
        onClose={() => setDeleting(null)}
        title="Delete model configuration"
        message={`Delete the model configuration "${deleting?.name}"? Agents using it stop working until they get another model.`}
        confirmLabel="Delete"
        loading={del.isPending}
        onConfirm={() =>
          deleting &&
          del.mutate(deleting.name, {
            onSuccess: () => {
              toast.show("success", "Model configuration deleted");
              setDeleting(null);
            },
            onError: (err) => {
              setDeleting(null);
              toast.show(
                "error",
                "Could not delete the model configuration",
                err instanceof ApiError ? errorMessage(err.body) : err.message,
              );
            },
          })
        }
      />
    </div>
  );
}

type TestOutcome = "testing" | ModelConfigTestResult;

/** The outcome of a test call: the model and latency, or the provider's error in words. */
function TestResult({ outcome }: { outcome: TestOutcome | undefined }) {
  if (!outcome || outcome === "testing") return null;
  return outcome.ok ? (
    <p role="status" className="flex items-center gap-1.5 text-sm text-success">
      <CheckCircle2 size={14} aria-hidden focusable="false" />
      Connected: {outcome.model} answered in {outcome.latency_ms} ms.
    </p>
  ) : (
    <p role="alert" className="flex items-start gap-1.5 text-sm text-danger">
      <XCircle size={14} aria-hidden focusable="false" className="mt-0.5 shrink-0" />
      <span>Test failed: {outcome.error}</span>
    </p>
  );
}

interface Form {
  name: string;
  provider: ModelProvider;
  base_url: string;
  model: string;
  api_key: string;
  clear_key: boolean;
  max_output_tokens: string;
  temperature: string;
}

const formOf = (c: ModelConfig | null): Form => ({
  name: c?.name ?? "",
  provider: c?.provider ?? "openai",
  base_url: c?.base_url ?? "",
  model: c?.model ?? "",
  api_key: "",
  clear_key: false,
  max_output_tokens: c?.max_output_tokens == null ? "" : String(c.max_output_tokens),
  temperature: c?.temperature == null ? "" : String(c.temperature),
});

/** Client-side checks with the server's messages; the server checks again. */
function check(f: Form, saved: ModelConfig | null, taken: string[]): Record<string, string> {
  const isNew = !saved;
  const e: Record<string, string> = {};
  const name = f.name.trim();
  if (isNew) {
    if (!name) e.name = "Name is required.";
    else if (name.length > MODEL_CONFIG_NAME_MAX)
      e.name = `Ensure this field has no more than ${MODEL_CONFIG_NAME_MAX} characters.`;
    else if (!MODEL_CONFIG_NAME_RE.test(name)) e.name = MODEL_CONFIG_MSG.nameChars;
    else if (name.toLowerCase() === "test") e.name = MODEL_CONFIG_MSG.nameReserved;
    else if (taken.includes(name)) e.name = "A model configuration with this name already exists.";
  }
  if (!f.model.trim()) e.model = "Model is required.";
  if (f.base_url.trim() && !MODEL_BASE_URL_RE.test(f.base_url.trim())) e.base_url = "Enter a valid URL.";
  // a saved key is only sent to the base URL it was saved with (the server refuses the same)
  else if (
    saved?.has_api_key &&
    !f.api_key.trim() &&
    !f.clear_key &&
    (f.base_url.trim() || DEFAULT_MODEL_BASE_URL[f.provider]) !== saved.base_url
  )
    e.api_key = MODEL_CONFIG_MSG.keyForOtherUrl;
  if (f.max_output_tokens.trim()) {
    const n = Number(f.max_output_tokens);
    if (!Number.isInteger(n) || n < 1) e.max_output_tokens = "Enter a whole number of tokens, at least 1.";
  }
  if (f.temperature.trim()) {
    const t = Number(f.temperature);
    if (!Number.isFinite(t) || t < 0 || t > 2) e.temperature = MODEL_CONFIG_MSG.temperature;
  }
  return e;
}

function bodyOf(f: Form, isNew: boolean): SaveModelConfigBody {
  const body: SaveModelConfigBody = {
    provider: f.provider,
    base_url: f.base_url.trim(),
    model: f.model.trim(),
    max_output_tokens: f.max_output_tokens.trim() ? Number(f.max_output_tokens) : null,
    temperature: f.temperature.trim() ? Number(f.temperature) : null,
  };
  // An empty key field keeps the stored key when editing; "Remove the stored key" clears it.
  if (f.api_key.trim()) body.api_key = f.api_key.trim();
  else if (f.clear_key || isNew) body.api_key = "";
  return body;
}

/** The model-configuration modal (platform §2): add or edit, and test before saving. */
function ModelConfigModal({
  config,
  taken,
  onClose,
  onSaved,
}: {
  config: ModelConfig | null;
  taken: string[];
  onClose: () => void;
  onSaved: (name: string) => void;
}) {
  const { slug, projectId } = useCurrentProject();
  const save = useSaveModelConfig(slug, projectId);
  const tester = useTestModelConfig(slug, projectId);
  const toast = useToast();
  const isNew = !config;
  const [f, setF] = useState<Form>(() => formOf(config));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<TestOutcome | undefined>();
  const set = <K extends keyof Form>(k: K, v: Form[K]) => {
    setF((x) => ({ ...x, [k]: v }));
    setOutcome(undefined);
  };
  const validate = () => {
    const errs = check(f, config, taken);
    setErrors(errs);
    return Object.keys(errs).length === 0;
  };
  const showServerErrors = (err: Error, title: string) => {
    const fe = fieldErrors(err);
    if (Object.keys(fe).length) setErrors(fe);
    else toast.show("error", title, err instanceof ApiError ? errorMessage(err.body) : err.message);
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!validate()) return;
    const name = isNew ? f.name.trim() : config.name;
    save.mutate(
      { name, body: bodyOf(f, isNew) },
      {
        // a test result shown for the old settings no longer holds
        onSuccess: () => {
          toast.show("success", isNew ? "Model configuration added" : "Model configuration saved");
          onSaved(name);
          onClose();
        },
        onError: (err) => showServerErrors(err, "Could not save the model configuration"),
      },
    );
  };
  const onTest = () => {
    if (!validate()) return;
    const body: TestModelConfigBody = { ...bodyOf(f, isNew), name: isNew ? undefined : config.name };
    // Editing without a new key: the server tests with the stored key of this name.
    if (!isNew && !f.api_key.trim() && !f.clear_key) delete body.api_key;
    setOutcome("testing");
    tester.mutate(body, {
      onSuccess: (res) => setOutcome(res),
      onError: (err) => {
        setOutcome(undefined);
        showServerErrors(err, "Could not test the model configuration");
      },
    });
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={isNew ? "Add model configuration" : `Edit ${config.name}`}
      footer={
        <div className="flex w-full items-center justify-between gap-2">
          <Button variant="secondary" onClick={onTest} loading={outcome === "testing"}>
            Test connection
          </Button>
          <div className="flex gap-2">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" form="model-config-form" loading={save.isPending}>
              {isNew ? "Add model" : "Save"}
            </Button>
          </div>
        </div>
      }
    >
      <form
        id="model-config-form"
        onSubmit={onSubmit}
        noValidate
        className="space-y-3"
        aria-label={isNew ? "New model configuration" : `Edit model configuration ${config.name}`}
      >
        <Input
          label="Name"
          name="name"
          autoFocus={isNew}
          disabled={!isNew}
          maxLength={MODEL_CONFIG_NAME_MAX}
          value={f.name}
          onChange={(e) => set("name", e.target.value)}
          error={errors.name}
          hint="How agents and templates refer to this model."
        />
        <Select
          label="Provider"
          name="provider"
          value={f.provider}
          onChange={(e) => set("provider", e.target.value as ModelProvider)}
          error={errors.provider}
        >
          {MODEL_PROVIDERS.map((p) => (
            <option key={p} value={p}>
              {MODEL_PROVIDER_LABEL[p]}
            </option>
          ))}
        </Select>
        <Input
          label="Base URL"
          name="base_url"
          value={f.base_url}
          placeholder={DEFAULT_MODEL_BASE_URL[f.provider]}
          onChange={(e) => set("base_url", e.target.value)}
          error={errors.base_url}
          hint={`Empty: ${DEFAULT_MODEL_BASE_URL[f.provider]}. A local server works too, e.g. http://localhost:11434/v1 for Ollama.`}
        />
        <Input
          label="Model"
          name="model"
          autoFocus={!isNew}
          value={f.model}
          placeholder={f.provider === "openai" ? "gpt-4o" : "claude-sonnet-4-5"}
          onChange={(e) => set("model", e.target.value)}
          error={errors.model}
        />
        <Input
          label="API key"
          name="api_key"
          type="password"
          autoComplete="off"
          value={f.api_key}
          placeholder={config?.has_api_key ? "Stored — leave empty to keep it" : "None"}
          onChange={(e) => set("api_key", e.target.value)}
          error={errors.api_key}
          hint="Stored encrypted; it is never shown again."
        />
        {config?.has_api_key && (
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="clear_key"
              checked={f.clear_key}
              onChange={(e) => set("clear_key", e.target.checked)}
            />
            Remove the stored key
          </label>
        )}
        <div className="grid grid-cols-2 gap-3">
          <Input
            label="Max output tokens"
            name="max_output_tokens"
            inputMode="numeric"
            value={f.max_output_tokens}
            placeholder="4096"
            onChange={(e) => set("max_output_tokens", e.target.value)}
            error={errors.max_output_tokens}
          />
          <Input
            label="Temperature"
            name="temperature"
            inputMode="decimal"
            value={f.temperature}
            placeholder="Provider default"
            onChange={(e) => set("temperature", e.target.value)}
            error={errors.temperature}
          />
        </div>
        <TestResult outcome={outcome} />
      </form>
    </Modal>
  );
}
