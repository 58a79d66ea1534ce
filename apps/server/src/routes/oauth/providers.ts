import crypto from "node:crypto";
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from "jose";
import type { OAuthProviderKey } from "@stride/shared";
import type { AppContext } from "../../core/context.ts";
import { OutboundError, safeFetch, type SafeResponse } from "../../core/safe-fetch.ts";

/**
 * The sign-in providers (wire-facts-2 §3): how each builds its authorization URL, exchanges the code and reads
 * the person behind it. Google, GitHub, GitLab and Gitea follow Plane's endpoints and scopes; generic OpenID
 * Connect uses discovery, PKCE (S256), a nonce and a validated id_token.
 *
 * Every call to a provider goes through core/safe-fetch.ts under the instance's outbound policy (self-hosted
 * GitLab, Gitea or an identity provider on a private network needs OUTBOUND_ALLOW_PRIVATE=1, as webhooks do).
 */

/** The person a provider vouches for. `emailVerified` is the provider's word that the address is theirs. */
export interface ProviderIdentity {
  id: string;
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  avatar: string;
}

export interface ProviderTokens {
  accessToken: string;
  refreshToken: string;
  idToken: string;
  /** Seconds, when the provider says. */
  expiresIn: number | null;
  refreshExpiresIn: number | null;
}

/** What the start of a flow keeps for its callback (in the sealed state cookie). */
export interface FlowSecrets {
  state: string;
  nonce: string;
  verifier: string;
}

/** A failed exchange with the provider; the route answers with the provider's error code. */
export class ProviderError extends Error {
  /** A code other than the provider's error code (GitHub organization membership: 5122). */
  constructor(
    message: string,
    readonly code?: number,
  ) {
    super(message);
    this.name = "ProviderError";
  }
}

export interface FlowContext {
  app: AppContext;
  /** The decrypted instance configuration. */
  cfg: Record<string, string>;
  /** `<scheme>://<request host>/auth/<p>/callback/`. */
  redirectUri: string;
}

export interface ProviderFlow {
  /** The provider's "not configured" reason, or null when the settings are usable. */
  misconfigured(cfg: Record<string, string>): string | null;
  authorizeUrl(ctx: FlowContext, secrets: FlowSecrets): Promise<string>;
  finish(
    ctx: FlowContext,
    code: string,
    secrets: FlowSecrets,
  ): Promise<{ identity: ProviderIdentity; tokens: ProviderTokens }>;
}

// ---- HTTP ----

const TIMEOUT_MS = 10_000;

async function send(
  ctx: FlowContext,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<SafeResponse> {
  try {
    return await safeFetch(url, {
      method: init.method ?? "GET",
      headers: { "user-agent": "Stride", accept: "application/json", ...init.headers },
      body: init.body,
      timeoutMs: TIMEOUT_MS,
      maxBytes: 512 * 1024,
      allowPrivate: ctx.app.config.outboundAllowPrivate,
    });
  } catch (e) {
    if (e instanceof OutboundError) throw new ProviderError(`${url}: ${e.message}`);
    throw e;
  }
}

/** A JSON answer of a 2xx call; anything else is a ProviderError. */
async function json<T = Record<string, unknown>>(
  ctx: FlowContext,
  url: string,
  init: Parameters<typeof send>[2] = {},
): Promise<T> {
  const res = await send(ctx, url, init);
  if (res.status < 200 || res.status >= 300) throw new ProviderError(`${url} answered ${res.status}`);
  try {
    return JSON.parse(res.text()) as T;
  } catch {
    throw new ProviderError(`${url} did not answer JSON`);
  }
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { "content-type": "application/x-www-form-urlencoded" };
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** POST the authorization code to the token endpoint; the answer must carry an access token. */
async function exchangeCode(
  ctx: FlowContext,
  url: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<ProviderTokens> {
  const t = await json(ctx, url, {
    method: "POST",
    headers: { ...FORM, ...headers },
    body: form({ grant_type: "authorization_code", ...fields }),
  });
  if (typeof t.access_token !== "string" || !t.access_token)
    throw new ProviderError(
      `the token endpoint gave no access token${typeof t.error === "string" ? ` (${t.error})` : ""}`,
    );
  const num = (v: unknown) =>
    typeof v === "number" && Number.isFinite(v) ? v : typeof v === "string" && /^\d+$/.test(v) ? Number(v) : null;
  return {
    accessToken: t.access_token,
    refreshToken: typeof t.refresh_token === "string" ? t.refresh_token : "",
    idToken: typeof t.id_token === "string" ? t.id_token : "",
    expiresIn: num(t.expires_in),
    refreshExpiresIn: num(t.refresh_token_expires_in ?? t.refresh_expires_in),
  };
}

const str = (v: unknown): string => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");

/** "Ada Lovelace" → ["Ada", "Lovelace"]. */
function splitName(name: string): [string, string] {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return [parts[0] ?? "", parts.slice(1).join(" ")];
}

/** A configured host as an origin-and-path base without trailing slash, or null when it is not http(s). */
export function hostBase(raw: string | undefined): string | null {
  const v = (raw ?? "").trim();
  if (!v) return null;
  try {
    const u = new URL(v);
    if (u.protocol !== "http:" && u.protocol !== "https:") return null;
    return `${u.origin}${u.pathname.replace(/\/+$/, "")}`;
  } catch {
    return null;
  }
}

const missingCredentials = (cfg: Record<string, string>, prefix: string) =>
  !cfg[`${prefix}_CLIENT_ID`]?.trim() || !cfg[`${prefix}_CLIENT_SECRET`]?.trim() ? "credentials missing" : null;

function authorize(base: string, params: Record<string, string>): string {
  const u = new URL(base);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
}

// ---- Google ----

const google: ProviderFlow = {
  misconfigured: (cfg) => missingCredentials(cfg, "GOOGLE"),
  async authorizeUrl(ctx, s) {
    const o = ctx.app.config.oauthEndpointOverrides.google ?? {};
    return authorize(o.authorize ?? "https://accounts.google.com/o/oauth2/v2/auth", {
      client_id: ctx.cfg.GOOGLE_CLIENT_ID,
      scope: "https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile",
      redirect_uri: ctx.redirectUri,
      response_type: "code",
      access_type: "offline",
      prompt: "consent",
      state: s.state,
    });
  },
  async finish(ctx, code) {
    const o = ctx.app.config.oauthEndpointOverrides.google ?? {};
    const tokens = await exchangeCode(ctx, o.token ?? "https://oauth2.googleapis.com/token", {
      code,
      client_id: ctx.cfg.GOOGLE_CLIENT_ID,
      client_secret: ctx.cfg.GOOGLE_CLIENT_SECRET,
      redirect_uri: ctx.redirectUri,
    });
    const u = await json(ctx, `${o.api ?? "https://www.googleapis.com"}/oauth2/v2/userinfo`, {
      headers: bearer(tokens.accessToken),
    });
    return {
      tokens,
      identity: {
        id: str(u.id),
        email: str(u.email),
        emailVerified: u.verified_email === true,
        firstName: str(u.given_name),
        lastName: str(u.family_name),
        avatar: str(u.picture),
      },
    };
  },
};

// ---- GitHub ----

const github: ProviderFlow = {
  misconfigured: (cfg) => missingCredentials(cfg, "GITHUB"),
  async authorizeUrl(ctx, s) {
    const o = ctx.app.config.oauthEndpointOverrides.github ?? {};
    return authorize(o.authorize ?? "https://github.com/login/oauth/authorize", {
      client_id: ctx.cfg.GITHUB_CLIENT_ID,
      redirect_uri: ctx.redirectUri,
      scope: ctx.cfg.GITHUB_ORGANIZATION_ID?.trim() ? "read:user user:email read:org" : "read:user user:email",
      state: s.state,
    });
  },
  async finish(ctx, code) {
    const o = ctx.app.config.oauthEndpointOverrides.github ?? {};
    const api = o.api ?? "https://api.github.com";
    const tokens = await exchangeCode(ctx, o.token ?? "https://github.com/login/oauth/access_token", {
      code,
      client_id: ctx.cfg.GITHUB_CLIENT_ID,
      client_secret: ctx.cfg.GITHUB_CLIENT_SECRET,
      redirect_uri: ctx.redirectUri,
    });
    const headers = { ...bearer(tokens.accessToken), accept: "application/vnd.github+json" };
    const u = await json(ctx, `${api}/user`, { headers });
    const emails = await json<unknown>(ctx, `${api}/user/emails`, { headers });
    const primary = (Array.isArray(emails) ? emails : []).find(
      (e) => e && typeof e === "object" && (e as { primary?: unknown }).primary === true,
    ) as { email?: unknown; verified?: unknown } | undefined;
    const org = ctx.cfg.GITHUB_ORGANIZATION_ID?.trim();
    if (org) {
      const res = await send(
        ctx,
        `${api}/orgs/${encodeURIComponent(org)}/memberships/${encodeURIComponent(str(u.login))}`,
        { headers },
      );
      if (res.status !== 200) throw new ProviderError(`not a member of ${org}`, 5122);
    }
    const [firstName, lastName] = splitName(str(u.name));
    return {
      tokens,
      identity: {
        id: str(u.id),
        email: str(primary?.email),
        emailVerified: primary?.verified === true,
        firstName,
        lastName,
        avatar: str(u.avatar_url),
      },
    };
  },
};

// ---- GitLab ----

const gitlabHost = (cfg: Record<string, string>) => hostBase(cfg.GITLAB_HOST || "https://gitlab.com");

const gitlab: ProviderFlow = {
  misconfigured: (cfg) => missingCredentials(cfg, "GITLAB") ?? (gitlabHost(cfg) ? null : "host is not http(s)"),
  async authorizeUrl(ctx, s) {
    return authorize(`${gitlabHost(ctx.cfg)}/oauth/authorize`, {
      client_id: ctx.cfg.GITLAB_CLIENT_ID,
      redirect_uri: ctx.redirectUri,
      response_type: "code",
      scope: "read_user",
      state: s.state,
    });
  },
  async finish(ctx, code) {
    const host = gitlabHost(ctx.cfg);
    const tokens = await exchangeCode(ctx, `${host}/oauth/token`, {
      code,
      client_id: ctx.cfg.GITLAB_CLIENT_ID,
      client_secret: ctx.cfg.GITLAB_CLIENT_SECRET,
      redirect_uri: ctx.redirectUri,
    });
    const u = await json(ctx, `${host}/api/v4/user`, { headers: bearer(tokens.accessToken) });
    const [firstName, lastName] = splitName(str(u.name));
    // GitLab's primary email is a confirmed one once the account itself is confirmed.
    return {
      tokens,
      identity: {
        id: str(u.id),
        email: str(u.email),
        emailVerified: !!u.confirmed_at,
        firstName,
        lastName,
        avatar: str(u.avatar_url),
      },
    };
  },
};

// ---- Gitea ----

const giteaHost = (cfg: Record<string, string>) => hostBase(cfg.GITEA_HOST);

/** Gitea's email preference (wire-facts-2 §3): primary and verified, then verified, then primary, then the first. */
export function pickGiteaEmail(list: unknown): { email: string; verified: boolean } | null {
  const rows = (Array.isArray(list) ? list : []).filter(
    (e): e is { email: string; verified?: unknown; primary?: unknown } =>
      !!e && typeof e === "object" && typeof (e as { email?: unknown }).email === "string",
  );
  const pick =
    rows.find((e) => e.primary === true && e.verified === true) ??
    rows.find((e) => e.verified === true) ??
    rows.find((e) => e.primary === true) ??
    rows[0];
  return pick ? { email: pick.email, verified: pick.verified === true } : null;
}

const gitea: ProviderFlow = {
  misconfigured: (cfg) => missingCredentials(cfg, "GITEA") ?? (giteaHost(cfg) ? null : "host is not http(s)"),
  async authorizeUrl(ctx, s) {
    return authorize(`${giteaHost(ctx.cfg)}/login/oauth/authorize`, {
      client_id: ctx.cfg.GITEA_CLIENT_ID,
      redirect_uri: ctx.redirectUri,
      response_type: "code",
      scope: "openid email profile",
      state: s.state,
    });
  },
  async finish(ctx, code) {
    const host = giteaHost(ctx.cfg);
    const tokens = await exchangeCode(ctx, `${host}/login/oauth/access_token`, {
      code,
      client_id: ctx.cfg.GITEA_CLIENT_ID,
      client_secret: ctx.cfg.GITEA_CLIENT_SECRET,
      redirect_uri: ctx.redirectUri,
    });
    const headers = bearer(tokens.accessToken);
    const u = await json(ctx, `${host}/api/v1/user`, { headers });
    const picked = pickGiteaEmail(await json<unknown>(ctx, `${host}/api/v1/user/emails`, { headers }));
    const [firstName, lastName] = splitName(str(u.full_name));
    return {
      tokens,
      identity: {
        id: str(u.id),
        email: picked?.email ?? "",
        emailVerified: picked?.verified ?? false,
        firstName,
        lastName,
        avatar: str(u.avatar_url),
      },
    };
  },
};

// ---- generic OpenID Connect ----

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  userinfo_endpoint?: string;
  token_endpoint_auth_methods_supported?: string[];
  id_token_signing_alg_values_supported?: string[];
}

const issuerOf = (cfg: Record<string, string>) => hostBase(cfg.OIDC_ISSUER_URL);

/**
 * The issuer's discovery document (OpenID Connect Discovery 1.0 §4): its `issuer` must be the configured one
 * (a trailing slash aside) and the endpoints the flow needs must be there.
 */
async function discover(ctx: FlowContext): Promise<Discovery> {
  const issuer = issuerOf(ctx.cfg)!;
  const d = await json<Partial<Discovery>>(ctx, `${issuer}/.well-known/openid-configuration`);
  if (typeof d.issuer !== "string" || d.issuer.replace(/\/+$/, "") !== issuer)
    throw new ProviderError("the discovery document names another issuer");
  for (const k of ["authorization_endpoint", "token_endpoint", "jwks_uri"] as const) {
    if (typeof d[k] !== "string" || !d[k]) throw new ProviderError(`the discovery document has no ${k}`);
  }
  return d as Discovery;
}

export const pkceChallenge = (verifier: string) => crypto.createHash("sha256").update(verifier).digest("base64url");

/** HTTP Basic client authentication (RFC 6749 §2.3.1: id and secret form-encoded first). */
const basicAuth = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString("base64")}`;

const oidc: ProviderFlow = {
  misconfigured: (cfg) => missingCredentials(cfg, "OIDC") ?? (issuerOf(cfg) ? null : "issuer is not http(s)"),
  async authorizeUrl(ctx, s) {
    const d = await discover(ctx);
    return authorize(d.authorization_endpoint, {
      response_type: "code",
      client_id: ctx.cfg.OIDC_CLIENT_ID,
      redirect_uri: ctx.redirectUri,
      scope: "openid email profile",
      state: s.state,
      nonce: s.nonce,
      code_challenge: pkceChallenge(s.verifier),
      code_challenge_method: "S256",
    });
  },
  async finish(ctx, code, s) {
    const d = await discover(ctx);
    const clientId = ctx.cfg.OIDC_CLIENT_ID;
    const secret = ctx.cfg.OIDC_CLIENT_SECRET;
    const methods = d.token_endpoint_auth_methods_supported ?? ["client_secret_basic"];
    const useBasic = methods.includes("client_secret_basic") || !methods.includes("client_secret_post");
    const fields: Record<string, string> = { code, redirect_uri: ctx.redirectUri, code_verifier: s.verifier };
    const tokens = useBasic
      ? await exchangeCode(
          ctx,
          d.token_endpoint,
          { ...fields, client_id: clientId },
          { authorization: basicAuth(clientId, secret) },
        )
      : await exchangeCode(ctx, d.token_endpoint, { ...fields, client_id: clientId, client_secret: secret });
    if (!tokens.idToken) throw new ProviderError("the token endpoint gave no id_token");
    const jwks = await json<JSONWebKeySet>(ctx, d.jwks_uri);
    let claims: Record<string, unknown>;
    try {
      const algorithms = (d.id_token_signing_alg_values_supported ?? ["RS256"]).filter(
        (a) => a !== "none" && !a.startsWith("HS"),
      );
      ({ payload: claims } = await jwtVerify(tokens.idToken, createLocalJWKSet(jwks), {
        issuer: d.issuer,
        audience: clientId,
        algorithms,
      }));
    } catch (e) {
      throw new ProviderError(`the id_token is not valid: ${(e as Error).message}`);
    }
    if (claims.nonce !== s.nonce) throw new ProviderError("the id_token's nonce is not this sign-in's");
    // With several audiences the token must have been issued to us (OpenID Connect Core §3.1.3.7).
    if (Array.isArray(claims.aud) && claims.aud.length > 1 && claims.azp !== clientId)
      throw new ProviderError("the id_token was issued to another party");
    const sub = str(claims.sub);
    if (!sub) throw new ProviderError("the id_token has no subject");
    // The id_token may leave the profile to the userinfo endpoint; its subject must be the id_token's.
    if ((!claims.email || claims.email_verified === undefined) && d.userinfo_endpoint) {
      const info = await json(ctx, d.userinfo_endpoint, { headers: bearer(tokens.accessToken) });
      if (str(info.sub) !== sub) throw new ProviderError("userinfo names another subject");
      claims = { ...info, ...Object.fromEntries(Object.entries(claims).filter(([, v]) => v !== undefined)) };
    }
    const [gn, fn] = splitName(str(claims.name));
    return {
      tokens,
      identity: {
        id: sub,
        email: str(claims.email),
        emailVerified: claims.email_verified === true || claims.email_verified === "true",
        firstName: str(claims.given_name) || gn,
        lastName: str(claims.family_name) || fn,
        avatar: str(claims.picture),
      },
    };
  },
};

export const PROVIDER_FLOWS: Record<OAuthProviderKey, ProviderFlow> = { google, github, gitlab, gitea, oidc };
