import type { OAuthProviderKey } from "../oauth-providers.ts";
import { endpoint } from "./endpoint.ts";

/** A provider's flow: the start and the callback, each a 302 to the provider or back to the app (no JSON). */
const flow = <K extends OAuthProviderKey>(key: K) => ({
  start: endpoint("GET", `/auth/${key}/`).answers<void>(),
  callback: endpoint("GET", `/auth/${key}/callback/`).answers<void>(),
});

/**
 * Sign-in with a provider (wire-facts-2 §3): `GET /auth/<p>/?next_path=` starts the flow, `GET /auth/<p>/callback/`
 * finishes it; the browser follows them as links.
 */
export const oauthEndpoints: { [K in OAuthProviderKey]: ReturnType<typeof flow<K>> } = {
  google: flow("google"),
  github: flow("github"),
  gitlab: flow("gitlab"),
  gitea: flow("gitea"),
  oidc: flow("oidc"),
};
