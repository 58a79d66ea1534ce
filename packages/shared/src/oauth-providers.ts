/**
 * Sign-in providers an instance admin can switch on in god mode (wire-facts-2 §1 configuration keys):
 * the flag that switches each one on and the settings it cannot work without. Both the configuration
 * endpoint and the god-mode screen read this one table.
 */
export type OAuthProviderKey = "google" | "github" | "gitlab" | "gitea" | "oidc";

export interface OAuthProviderConfig {
  key: OAuthProviderKey;
  label: string;
  /** The `config` flag of `GET /api/instances/` that shows the provider's sign-in button. */
  flag: "is_google_enabled" | "is_github_enabled" | "is_gitlab_enabled" | "is_gitea_enabled" | "is_oidc_enabled";
  /** Sign-in redirects back with this code when the credentials are missing (wire-facts-2 §3 initiate step 3). */
  notConfiguredCode: number;
  /** …and with this one when the exchange with the provider fails (state mismatch, token or user call). */
  providerErrorCode: number;
  /** The "1"/"0" configuration key that switches the provider on. */
  enabledKey: string;
  /** Every setting shown for the provider, in order. */
  fields: readonly string[];
  /** The settings that must not be empty while the provider is on. */
  required: readonly string[];
}

export const OAUTH_PROVIDER_CONFIG: readonly OAuthProviderConfig[] = [
  {
    key: "google",
    label: "Google",
    flag: "is_google_enabled",
    notConfiguredCode: 5105,
    providerErrorCode: 5115,
    enabledKey: "IS_GOOGLE_ENABLED",
    fields: ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"],
    required: ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"],
  },
  {
    key: "github",
    label: "GitHub",
    flag: "is_github_enabled",
    notConfiguredCode: 5110,
    providerErrorCode: 5120,
    enabledKey: "IS_GITHUB_ENABLED",
    fields: ["GITHUB_CLIENT_ID", "GITHUB_CLIENT_SECRET", "GITHUB_ORGANIZATION_ID"],
    required: ["GITHUB_CLIENT_ID", "GITHUB_CLIENT_SECRET"],
  },
  {
    key: "gitlab",
    label: "GitLab",
    flag: "is_gitlab_enabled",
    notConfiguredCode: 5111,
    providerErrorCode: 5121,
    enabledKey: "IS_GITLAB_ENABLED",
    fields: ["GITLAB_HOST", "GITLAB_CLIENT_ID", "GITLAB_CLIENT_SECRET"],
    required: ["GITLAB_HOST", "GITLAB_CLIENT_ID", "GITLAB_CLIENT_SECRET"],
  },
  {
    key: "gitea",
    label: "Gitea",
    flag: "is_gitea_enabled",
    notConfiguredCode: 5112,
    providerErrorCode: 5123,
    enabledKey: "IS_GITEA_ENABLED",
    fields: ["GITEA_HOST", "GITEA_CLIENT_ID", "GITEA_CLIENT_SECRET"],
    required: ["GITEA_HOST", "GITEA_CLIENT_ID", "GITEA_CLIENT_SECRET"],
  },
  {
    key: "oidc",
    label: "OpenID Connect",
    flag: "is_oidc_enabled",
    notConfiguredCode: 5113,
    providerErrorCode: 5124,
    enabledKey: "IS_OIDC_ENABLED",
    fields: ["OIDC_BUTTON_LABEL", "OIDC_ISSUER_URL", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"],
    required: ["OIDC_ISSUER_URL", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"],
  },
];

/** The required settings of a provider that are empty in `config`. */
export function missingProviderSettings(
  provider: OAuthProviderConfig,
  config: Readonly<Record<string, string | undefined>>,
): string[] {
  return provider.required.filter((k) => !(config[k] ?? "").trim());
}

/**
 * Field errors (`{KEY: [message]}`) for a configuration change that would leave a provider switched on
 * without the settings it needs: switching it on while they are empty, or emptying one while it is on.
 * Providers the change does not touch are not judged. Values are the stored strings, flags "1"/"0".
 */
export function providerConfigErrors(
  current: Readonly<Record<string, string | undefined>>,
  patch: Readonly<Record<string, string>>,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const p of OAUTH_PROVIDER_CONFIG) {
    const touched = p.enabledKey in patch || p.required.some((k) => k in patch);
    const next = { ...current, ...patch };
    if (!touched || next[p.enabledKey] !== "1") continue;
    for (const k of missingProviderSettings(p, next)) errors[k] = [`Required while ${p.label} sign-in is on.`];
  }
  return errors;
}

export function oauthProvider(key: string): OAuthProviderConfig | undefined {
  return OAUTH_PROVIDER_CONFIG.find((p) => p.key === key);
}
