import { useEffect, useState } from "react";
import { OAUTH_PROVIDER_CONFIG, missingProviderSettings, type OAuthProviderConfig } from "@stride/shared";
import { useConfigurations, useUpdateConfigurations } from "../../api/god-mode.ts";
import { ApiError, errorMessage, fieldErrors } from "../../api/client.ts";
import { Button, Input, PageSpinner, Toggle, useToast } from "../../components/ui/index.ts";
import { GodModeSection } from "./GodModeLayout.tsx";

const LABEL: Record<string, string> = {
  GOOGLE_CLIENT_ID: "Client ID",
  GOOGLE_CLIENT_SECRET: "Client secret",
  GITHUB_CLIENT_ID: "Client ID",
  GITHUB_CLIENT_SECRET: "Client secret",
  GITHUB_ORGANIZATION_ID: "Organization ID (optional)",
  GITLAB_HOST: "Host",
  GITLAB_CLIENT_ID: "Application ID",
  GITLAB_CLIENT_SECRET: "Secret",
  GITEA_HOST: "Host",
  GITEA_CLIENT_ID: "Client ID",
  GITEA_CLIENT_SECRET: "Client secret",
  OIDC_BUTTON_LABEL: "Button label (optional)",
  OIDC_ISSUER_URL: "Issuer URL",
  OIDC_CLIENT_ID: "Client ID",
  OIDC_CLIENT_SECRET: "Client secret",
};

/** Sign-up and login methods (one key per toggle) and OAuth provider credentials. */
export function AuthenticationPage() {
  const config = useConfigurations();
  const update = useUpdateConfigurations();
  const toast = useToast();
  const c = config.data ?? {};
  /** Save a change; field errors go to `onFieldErrors` (shown on the fields) when given, others to a toast. */
  const save = (patch: Record<string, string>, what: string, onFieldErrors?: (e: Record<string, string>) => void) =>
    update.mutate(patch, {
      onSuccess: () => {
        onFieldErrors?.({});
        toast.show("success", `${what} saved`);
      },
      onError: (err) => {
        const fe = fieldErrors(err);
        if (onFieldErrors && Object.keys(fe).length) onFieldErrors(fe);
        else
          toast.show(
            "error",
            `Could not save ${what.toLowerCase()}`,
            err instanceof ApiError ? errorMessage(err.body) : undefined,
          );
      },
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
      <div className="divide-y divide-line">
        {toggle(
          "ENABLE_SIGNUP",
          "Allow sign-ups",
          "Anyone with an email address can create an account. When off, only invited people can sign up.",
        )}
        {toggle(
          "DISABLE_WORKSPACE_CREATION",
          "Allow workspace creation",
          "Users can create their own workspaces. When off, only instance admins can.",
          true,
        )}
        {toggle("ENABLE_EMAIL_PASSWORD", "Password sign-in", "Sign in with an email address and a password.")}
        {toggle(
          "ENABLE_MAGIC_LINK_LOGIN",
          "Email code sign-in",
          "Sign in with a 6-digit code sent by email (needs SMTP).",
        )}
      </div>
      {OAUTH_PROVIDER_CONFIG.map((p) => (
        <ProviderForm key={p.key} provider={p} config={c} onSave={save} saving={update.isPending} />
      ))}
    </GodModeSection>
  );
}

/**
 * One sign-in provider: its saved credentials must be complete before it can be switched on (the
 * server refuses it too), and the credentials cannot be emptied while it is on.
 */
function ProviderForm({
  provider,
  config,
  onSave,
  saving,
}: {
  provider: OAuthProviderConfig;
  config: Record<string, string>;
  onSave: (patch: Record<string, string>, what: string, onFieldErrors?: (e: Record<string, string>) => void) => void;
  saving: boolean;
}) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    setValues(Object.fromEntries(provider.fields.map((f) => [f, config[f] ?? ""])));
  }, [config, provider.fields]);
  const callback = `${location.origin}/auth/${provider.key}/callback/`;
  const on = config[provider.enabledKey] === "1";
  const missing = missingProviderSettings(provider, config);
  const blocked =
    !on && missing.length > 0
      ? `Save the ${new Intl.ListFormat("en", { type: "conjunction" }).format(missing.map((k) => LABEL[k].charAt(0).toLowerCase() + LABEL[k].slice(1)))} below before turning on ${provider.label} sign-in.`
      : null;
  return (
    <section className="space-y-3 rounded-lg border border-line p-4" aria-label={`${provider.label} sign-in`}>
      <Toggle
        label={provider.label}
        description={`Sign in with ${provider.label}.`}
        checked={on}
        disabledReason={blocked}
        onChange={(v) => onSave({ [provider.enabledKey]: v ? "1" : "0" }, provider.label, setErrors)}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        {provider.fields.map((f) => (
          <Input
            key={f}
            label={LABEL[f]}
            name={f}
            type={f.endsWith("SECRET") ? "password" : "text"}
            autoComplete="off"
            value={values[f] ?? ""}
            error={errors[f]}
            onChange={(e) => {
              const v = e.target.value;
              setValues((x) => ({ ...x, [f]: v }));
              setErrors((x) => Object.fromEntries(Object.entries(x).filter(([k]) => k !== f)));
            }}
          />
        ))}
      </div>
      <p className="text-xs text-fg-subtle">
        Callback URL: <code className="select-all">{callback}</code>
      </p>
      <Button
        variant="secondary"
        size="sm"
        loading={saving}
        onClick={() => onSave(values, `${provider.label} credentials`, setErrors)}
      >
        Save {provider.label} credentials
      </Button>
    </section>
  );
}
