import crypto from "node:crypto";
import { z } from "zod";
import type { FastifyReply, FastifyRequest } from "fastify";
import { OAUTH_PROVIDER_CONFIG, type OAuthProviderConfig } from "@stride/shared";
import { oauthEndpoints } from "@stride/shared/endpoints";
import { route, type RouteModule } from "../../http/route.ts";
import type { AppContext } from "../../core/context.ts";
import { open, seal } from "../../core/crypto-box.ts";
import { instanceConfig } from "../../core/instance-config.ts";
import {
  AUTH_ERROR,
  AuthFlowError,
  appBase,
  configuredInstance,
  errorUrl,
  fail,
  redirect,
  successUrl,
} from "../auth/flow.ts";
import { newFlowSecrets, signInWithProvider } from "./commands.ts";
import { PROVIDER_FLOWS, ProviderError, type FlowContext, type FlowSecrets } from "./providers.ts";

/**
 * Sign-in with Google, GitHub, GitLab, Gitea (wire-facts-2 §3) and generic OpenID Connect:
 * `GET /auth/<p>/?next_path=` starts the flow, `GET /auth/<p>/callback/?code&state` finishes it; both answer 302s
 * to the app with Plane's error codes. The flow's state, nonce and PKCE verifier live in a sealed, HttpOnly,
 * SameSite=Lax cookie scoped to `/auth/` for ten minutes (the session of Plane's flow), cleared by the callback.
 */

const FLOW_COOKIE = "stride_oauth_flow";
const FLOW_TTL_SECONDS = 600;

interface FlowCookie extends FlowSecrets {
  p: string;
  next: string;
  exp: number;
}

function setFlowCookie(app: AppContext, reply: FastifyReply, value: FlowCookie): void {
  reply.setCookie(FLOW_COOKIE, seal(app.secretKey, "oauth-state", JSON.stringify(value)), {
    path: "/auth/",
    httpOnly: true,
    sameSite: "lax",
    secure: app.config.cookieSecure,
    maxAge: FLOW_TTL_SECONDS,
  });
}

/** The flow cookie of this browser for provider `p`, still fresh, or null. */
function readFlowCookie(app: AppContext, req: FastifyRequest, p: string): FlowCookie | null {
  const raw = open(app.secretKey, "oauth-state", req.cookies?.[FLOW_COOKIE]);
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as FlowCookie;
    return v.p === p && v.exp > Date.now() && typeof v.state === "string" ? v : null;
  } catch {
    return null;
  }
}

/** `<scheme>://<request host>/auth/<p>/callback/` (wire-facts-2 §3). */
const callbackUrl = (req: FastifyRequest, p: string) => `${req.protocol}://${req.host}/auth/${p}/callback/`;

const sameSecret = (a: string, b: string) =>
  a.length === b.length && a.length > 0 && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));

export const oauthRoutes: RouteModule = (fastify, app) => {
  /**
   * Run one step of a provider's flow: an AuthFlowError lands on the app with its code, a ProviderError with the
   * provider's error code (or the one it names), anything else is logged and reported as the provider's error.
   */
  const step = async (
    req: FastifyRequest,
    reply: FastifyReply,
    provider: OAuthProviderConfig,
    nextPath: unknown,
    run: () => Promise<string>,
  ) => {
    const base = appBase(app, req);
    try {
      return redirect(reply, await run());
    } catch (e) {
      if (e instanceof AuthFlowError) return redirect(reply, errorUrl(base, e.code, nextPath, e.extra));
      if (e instanceof ProviderError)
        req.log.warn({ provider: provider.key, reason: e.message }, "sign-in provider refused");
      else req.log.error(e);
      const code = e instanceof ProviderError && e.code ? e.code : provider.providerErrorCode;
      return redirect(reply, errorUrl(base, code, nextPath));
    }
  };

  /** The decrypted configuration after the instance and credential checks of both steps. */
  const providerContext = async (req: FastifyRequest, provider: OAuthProviderConfig): Promise<FlowContext> => {
    if (!(await configuredInstance(app))) throw fail(AUTH_ERROR.INSTANCE_NOT_CONFIGURED);
    const cfg = await instanceConfig(app);
    if (PROVIDER_FLOWS[provider.key].misconfigured(cfg)) throw fail(provider.notConfiguredCode);
    return { app, cfg, redirectUri: callbackUrl(req, provider.key) };
  };

  for (const provider of OAUTH_PROVIDER_CONFIG) {
    const flow = PROVIDER_FLOWS[provider.key];

    route(fastify, app, {
      endpoint: oauthEndpoints[provider.key].start,
      auth: "none",
      query: z.object({ next_path: z.string().optional() }).catch({}),
      policy: null,
      handler: async ({ req, reply, query }) =>
        step(req, reply, provider, query.next_path, async () => {
          const ctx = await providerContext(req, provider);
          const secrets = newFlowSecrets();
          const target = await flow.authorizeUrl(ctx, secrets);
          setFlowCookie(app, reply, {
            p: provider.key,
            ...secrets,
            next: query.next_path ?? "",
            exp: Date.now() + FLOW_TTL_SECONDS * 1000,
          });
          return target;
        }),
    });

    route(fastify, app, {
      endpoint: oauthEndpoints[provider.key].callback,
      auth: "none",
      query: z
        .object({ code: z.string().optional(), state: z.string().optional(), error: z.string().optional() })
        .catch({}),
      policy: null,
      handler: async ({ req, reply, query }) => {
        const flowCookie = readFlowCookie(app, req, provider.key);
        reply.clearCookie(FLOW_COOKIE, { path: "/auth/" });
        const nextPath = flowCookie?.next;
        return step(req, reply, provider, nextPath, async () => {
          const ctx = await providerContext(req, provider);
          // A different or missing state, no code, or the provider's own refusal: the provider's error code.
          if (!flowCookie || !query.code || !sameSecret(query.state ?? "", flowCookie.state)) {
            throw new ProviderError(query.error ? `the provider answered ${query.error}` : "state mismatch or no code");
          }
          const { identity, tokens } = await flow.finish(ctx, query.code, flowCookie);
          await signInWithProvider(app, req, reply, provider.key, ctx.cfg, identity, tokens);
          return successUrl(appBase(app, req), nextPath);
        });
      },
    });
  }
};
