import { useEffect, useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import { CheckCircle2, XCircle } from "lucide-react";
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
import { hasFieldErrors } from "../../api/client.ts";
import {
  useSaveModelConfig,
  useTestModelConfig,
  type ModelConfig,
  type ModelConfigTestResult,
  type SaveModelConfigBody,
  type TestModelConfigBody,
} from "../../api/model-configs.ts";
import { Button, Input, Modal, Select, useToast } from "../../components/ui/index.ts";
import { schemaCheck, useDialogForm } from "../../lib/settings-form.ts";
import { useCurrentProject } from "../projects/current-project.ts";
import { why } from "./refusal.ts";

export type TestOutcome = "testing" | ModelConfigTestResult;

/** The outcome of a test call: the model and latency, or the provider's error in words. */
export function TestResult({ outcome }: { outcome: TestOutcome | undefined }) {
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
export function ModelConfigModal({
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
  const toast = useToast();
  const isNew = !config;
  const { form, error, onSubmit } = useDialogForm<Form>(
    formOf(config),
    schemaCheck(
      (c) => c.saveModelConfigBody,
      (f: Form) => bodyOf(f, isNew),
      (f) => check(f, config, taken),
    ),
  );
  const refused = (title: string, onError: (err: unknown) => void) => (err: Error) =>
    hasFieldErrors(err) ? onError(err) : toast.show("error", title, why(err));
  const submit = onSubmit((f, onError) => {
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
        onError: refused("Could not save the model configuration", onError),
      },
    );
  });
  const test = useConnectionTest(form, config, (onError) => refused("Could not test the model configuration", onError));
  return (
    <Modal
      open
      onClose={onClose}
      title={isNew ? "Add model configuration" : `Edit ${config.name}`}
      footer={
        <div className="flex w-full items-center justify-between gap-2">
          <Button variant="secondary" onClick={() => void onSubmit(test.run)()} loading={test.outcome === "testing"}>
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
        onSubmit={(e) => void submit(e)}
        noValidate
        className="space-y-3"
        aria-label={isNew ? "New model configuration" : `Edit model configuration ${config.name}`}
      >
        <ModelConfigFields form={form} error={error} config={config} />
        <TestResult outcome={test.outcome} />
      </form>
    </Modal>
  );
}

/**
 * Testing the form's settings before they are saved: the outcome shows until a field changes. Editing without a
 * new key, the server tests with the stored key of this name.
 */
function useConnectionTest(
  form: UseFormReturn<Form>,
  config: ModelConfig | null,
  refused: (onError: (err: unknown) => void) => (err: Error) => void,
) {
  const { slug, projectId } = useCurrentProject();
  const tester = useTestModelConfig(slug, projectId);
  const [outcome, setOutcome] = useState<TestOutcome | undefined>();
  useEffect(() => {
    const sub = form.watch(() => setOutcome(undefined));
    return () => sub.unsubscribe();
  }, [form]);
  const run = (f: Form, onError: (err: unknown) => void) => {
    const body: TestModelConfigBody = { ...bodyOf(f, !config), name: config ? config.name : undefined };
    if (config && !f.api_key.trim() && !f.clear_key) delete body.api_key;
    setOutcome("testing");
    tester.mutate(body, {
      onSuccess: (res) => setOutcome(res),
      onError: (err) => {
        setOutcome(undefined);
        refused(onError)(err);
      },
    });
  };
  return { run, outcome };
}

/** Name (new only), provider, base URL, model, key, and the generation limits. */
function ModelConfigFields({
  form,
  error,
  config,
}: {
  form: UseFormReturn<Form>;
  error: (k: string) => string | undefined;
  config: ModelConfig | null;
}) {
  const isNew = !config;
  const provider = form.watch("provider");
  return (
    <>
      <Input
        label="Name"
        autoFocus={isNew}
        disabled={!isNew}
        maxLength={MODEL_CONFIG_NAME_MAX}
        error={error("name")}
        hint="How agents and templates refer to this model."
        {...form.register("name")}
      />
      <Select label="Provider" error={error("provider")} {...form.register("provider")}>
        {MODEL_PROVIDERS.map((p) => (
          <option key={p} value={p}>
            {MODEL_PROVIDER_LABEL[p]}
          </option>
        ))}
      </Select>
      <Input
        label="Base URL"
        placeholder={DEFAULT_MODEL_BASE_URL[provider]}
        error={error("base_url")}
        hint={`Empty: ${DEFAULT_MODEL_BASE_URL[provider]}. A local server works too, e.g. http://localhost:11434/v1 for Ollama.`}
        {...form.register("base_url")}
      />
      <Input
        label="Model"
        autoFocus={!isNew}
        placeholder={provider === "openai" ? "gpt-4o" : "claude-sonnet-4-5"}
        error={error("model")}
        {...form.register("model")}
      />
      <Input
        label="API key"
        type="password"
        autoComplete="off"
        placeholder={config?.has_api_key ? "Stored — leave empty to keep it" : "None"}
        error={error("api_key")}
        hint="Stored encrypted; it is never shown again."
        {...form.register("api_key")}
      />
      {config?.has_api_key && (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" {...form.register("clear_key")} />
          Remove the stored key
        </label>
      )}
      <div className="grid grid-cols-2 gap-3">
        <Input
          label="Max output tokens"
          inputMode="numeric"
          placeholder="4096"
          error={error("max_output_tokens")}
          {...form.register("max_output_tokens")}
        />
        <Input
          label="Temperature"
          inputMode="decimal"
          placeholder="Provider default"
          error={error("temperature")}
          {...form.register("temperature")}
        />
      </div>
    </>
  );
}
