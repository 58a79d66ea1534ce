import { Client, type Res } from "./client.ts";

/** A client of the public API v1: no cookies, every request carries `X-API-Key`. */
export class ApiKeyClient extends Client {
  constructor(
    baseUrl: string,
    public key: string,
    public tokenId = "",
  ) {
    super(baseUrl);
  }
  override request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Res<T>> {
    return super.request<T>(method, path, body, { "x-api-key": this.key, ...headers });
  }
}

/**
 * A v1 client acting as `c`'s user: a token made through the app's own endpoint (user level, or bound to the
 * workspace `slug`).
 */
export async function apiKeyFor(c: Client, opts: { slug?: string; label?: string } = {}): Promise<ApiKeyClient> {
  const path = opts.slug ? `/api/workspaces/${opts.slug}/api-tokens/` : "/api/users/api-tokens/";
  const res = await c.post(path, { label: opts.label ?? "tests" });
  if (res.status !== 201) throw new Error(`token create failed: ${res.status} ${res.text}`);
  return new ApiKeyClient(c.baseUrl, res.body.token, res.body.id);
}
