import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

/**
 * A standards-compliant OpenID Connect provider (npm `oidc-provider`) on loopback for sign-in tests, with one
 * confidential client. Its login page is a one-field form: the person types an account id the test registered
 * (`addAccount`), and consent for `openid email profile` is granted with the login.
 */
export interface TestIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  addAccount: (
    sub: string,
    claims: { email: string; email_verified: boolean; given_name?: string; family_name?: string },
  ) => void;
  close: () => Promise<void>;
}

export async function startTestIdp(redirectUris: string[]): Promise<TestIdp> {
  const accounts = new Map<string, Record<string, unknown>>();
  // The provider needs the issuer, which needs the port: the server starts first and finds it here.
  const ref: { provider?: Provider } = {};
  const server = http.createServer((req, res) => {
    const provider = ref.provider!;
    const m = /^\/interaction\/([^/?]+)/.exec(req.url ?? "");
    if (!m) return provider.callback()(req, res);
    void interaction(provider, req, res, m[1], accounts).catch((e: Error) => {
      res.statusCode = 500;
      res.end(e.message);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = "stride-test";
  const clientSecret = "stride-test-secret-0123456789abcdef";
  ref.provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["given_name", "family_name", "name"] },
    scopes: ["openid", "email", "profile"],
    findAccount: async (_ctx, sub) =>
      accounts.has(sub) ? { accountId: sub, claims: async () => ({ sub, ...accounts.get(sub) }) } : undefined,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, i) => `/interaction/${i.uid}` },
    pkce: { required: () => true, methods: ["S256"] },
    cookies: { keys: ["test-idp-cookie-key"] },
    jwks: {
      keys: [
        {
          ...crypto.generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "jwk" }),
          kid: "test-idp",
          use: "sig",
          alg: "RS256",
        },
      ],
    },
    ttl: { Interaction: 600, Grant: 600, Session: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
  });
  return {
    issuer,
    clientId,
    clientSecret,
    addAccount: (sub, claims) =>
      accounts.set(sub, { ...claims, name: [claims.given_name, claims.family_name].filter(Boolean).join(" ") }),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

async function interaction(
  provider: Provider,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  uid: string,
  accounts: Map<string, unknown>,
) {
  const details = await provider.interactionDetails(req, res);
  if (details.uid !== uid) throw new Error("interaction mismatch");
  if (req.method === "GET") {
    res.setHeader("content-type", "text/html; charset=utf-8");
    res.end(`<!doctype html><title>Test IdP</title><form method="post" action="/interaction/${uid}">
<label>Account <input name="login" autofocus></label><button type="submit">Sign in to the IdP</button></form>`);
    return;
  }
  const login = (await readForm(req)).get("login") ?? "";
  if (!accounts.has(login)) {
    await provider.interactionFinished(
      req,
      res,
      { error: "access_denied", error_description: "unknown account" },
      { mergeWithLastSubmission: false },
    );
    return;
  }
  const grant = new provider.Grant({ accountId: login, clientId: String(details.params.client_id) });
  grant.addOIDCScope("openid email profile");
  const grantId = await grant.save();
  await provider.interactionFinished(
    req,
    res,
    { login: { accountId: login }, consent: { grantId } },
    { mergeWithLastSubmission: false },
  );
}
