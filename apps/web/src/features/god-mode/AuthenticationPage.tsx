import { useEffect, useState } from "react";
import { useConfigurations, useUpdateConfigurations } from "../../api/god-mode.ts";
import { ApiError, errorMessage } from "../../api/client.ts";
import { Button, Input, PageSpinner, Toggle, useToast } from "../../components/ui/index.ts";
import { GodModeSection } from "./GodModeLayout.tsx";

const PROVIDERS = [
  { key: "google", label: "Google", enabled: "IS_GOOGLE_ENABLED", fields: ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"] },
  { key: "github", label: "GitHub", enabled: "IS_GITHUB_ENABLED", fields: ["GITHUB_CLIENT_ID", "GITHUB_CLIENT_SECRET", "GITHUB_ORGANIZATION_ID"] },
  { key: "gitlab", label: "GitLab", enabled: "IS_GITLAB_ENABLED", fields: ["GITLAB_HOST", "GITLAB_CLIENT_ID", "GITLAB_CLIENT_SECRET"] },
  { key: "gitea", label: "Gitea", enabled: "IS_GITEA_ENABLED", fields: ["GITEA_HOST", "GITEA_CLIENT_ID", "GITEA_CLIENT_SECRET"] },
] as const;

const LABEL: Record<string, string> = {
  GOOGLE_CLIENT_ID: "Client ID", GOOGLE_CLIENT_SECRET: "Client secret",
  GITHUB_CLIENT_ID: "Client ID", GITHUB_CLIENT_SECRET: "Client secret", GITHUB_ORGANIZATION_ID: "Organization ID (optional)",
  GITLAB_HOST: "Host", GITLAB_CLIENT_ID: "Application ID", GITLAB_CLIENT_SECRET: "Secret",
  GITEA_HOST: "Host", GITEA_CLIENT_ID: "Client ID", GITEA_CLIENT_SECRET: "Client secret",
};

/** Sign-up and login methods (one key per toggle) and OAuth provider credentials. */
export function AuthenticationPage() {
  const config = useConfigurations();
  const update = useUpdateConfigurations();
  const toast = useToast();
  const c = config.data ?? {};
  const save = (patch: Record<string, string>, what: string) =>
    update.mutate(patch, {
      onSuccess: () => toast.show("success", `${what} saved`),
      onError: (err) => toast.show("error", `Could not save ${what.toLowerCase()}`, err instanceof ApiError ? errorMessage(err.body) : undefined),
    });
  if (config.isLoading) return <PageSpinner />;
  const toggle = (key: string, label: string, description: string, invert = false) => (
    <Toggle
      label={label}
      description={description}
      checked={invert ? c[key] !== "1" : c[key] === "1"}
      onChange={(v) => save({ [key]: (invert ? !v : v) ? "1" : "0" }, label)}
    />
  );
  return (
    <GodModeSection title="Authentication" description="Who can sign up, and how people sign in.">
      <div className="divide-y divide-zinc-200 dark:divide-zinc-800">
        {toggle("ENABLE_SIGNUP", "Allow sign-ups", "Anyone with an email address can create an account. When off, only invited people can sign up.")}
        {toggle("DISABLE_WORKSPACE_CREATION", "Allow workspace creation", "Users can create their own workspaces. When off, only instance admins can.", true)}
        {toggle("ENABLE_EMAIL_PASSWORD", "Password sign-in", "Sign in with an email address and a password.")}
        {toggle("ENABLE_MAGIC_LINK_LOGIN", "Email code sign-in", "Sign in with a 6-digit code sent by email (needs SMTP).")}
      </div>
      {PROVIDERS.map((p) => <ProviderForm key={p.key} provider={p} config={c} onSave={save} saving={update.isPending} />)}
    </GodModeSection>
  );
}

function ProviderForm({ provider, config, onSave, saving }: {
  provider: (typeof PROVIDERS)[number];
  config: Record<string, string>;
  onSave: (patch: Record<string, string>, what: string) => void;
  saving: boolean;
}) {
  const [values, setValues] = useState<Record<string, string>>({});
  useEffect(() => {
    setValues(Object.fromEntries(provider.fields.map((f) => [f, config[f] ?? ""])));
  }, [config, provider.fields]);
  const callback = `${location.origin}/auth/${provider.key}/callback/`;
  return (
    <section className="space-y-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800" aria-label={`${provider.label} sign-in`}>
      <Toggle
        label={provider.label}
        description={`Sign in with ${provider.label}.`}
        checked={config[provider.enabled] === "1"}
        onChange={(v) => onSave({ [provider.enabled]: v ? "1" : "0" }, provider.label)}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        {provider.fields.map((f) => (
          <Input key={f} label={LABEL[f]} name={f} type={f.endsWith("SECRET") ? "password" : "text"} autoComplete="off" value={values[f] ?? ""} onChange={(e) => setValues((v) => ({ ...v, [f]: e.target.value }))} />
        ))}
      </div>
      <p className="text-xs text-zinc-500">Callback URL: <code className="select-all">{callback}</code></p>
      <Button variant="secondary" size="sm" loading={saving} onClick={() => onSave(values, `${provider.label} credentials`)}>Save {provider.label} credentials</Button>
    </section>
  );
}
