/**
 * A provider failure in words a person can act on. `kind` lets callers branch (the test call reports
 * `message`; the agent loop records it and stops).
 */
export type ProviderErrorKind =
  | "auth" // the key was refused
  | "model_not_found" // the server does not know the model
  | "not_found" // nothing at that URL: the base URL is wrong
  | "unreachable" // connection refused, unknown host, TLS failure
  | "dropped" // the connection closed before the answer was complete
  | "timeout" // no complete answer in time
  | "rate_limited" // 429: too many requests or quota used up
  | "bad_request" // the server refused the request's content
  | "server" // 5xx
  | "protocol" // the answer is not the protocol we speak
  | "aborted"; // cancelled by the caller

export class ProviderError extends Error {
  constructor(
    public kind: ProviderErrorKind,
    message: string,
    public status?: number,
    /** The provider's own message, if it gave one. */
    public detail?: string,
    /** How long the server asked to wait before trying again (its Retry-After), if it said. */
    public retryAfterMs?: number,
  ) {
    super(message);
    this.name = "ProviderError";
  }
}

const withDetail = (s: string, detail?: string) => (detail ? `${s} The server said: ${detail}` : s);

/** An error the server sent inside a stream that had begun (after the 200): `kind` "server" unless it said more. */
export const midStreamError = (host: string, detail?: string, kind: ProviderErrorKind = "server") =>
  new ProviderError(kind, withDetail(`${host} failed while answering.`, detail), undefined, detail);

/** The provider's error message from a JSON error body (OpenAI `{error:{message}}`, Anthropic `{error:{type,message}}`, Ollama `{error:"..."}`). */
export function providerMessage(body: string): { message?: string; code?: string } {
  try {
    const j = JSON.parse(body) as { error?: unknown; message?: unknown; detail?: unknown };
    const e = j.error;
    if (typeof e === "string") return { message: e };
    if (e && typeof e === "object") {
      const o = e as { message?: unknown; code?: unknown; type?: unknown };
      return {
        message: typeof o.message === "string" ? o.message : undefined,
        code: typeof o.code === "string" ? o.code : typeof o.type === "string" ? o.type : undefined,
      };
    }
    if (typeof j.message === "string") return { message: j.message };
    if (typeof j.detail === "string") return { message: j.detail };
  } catch {
    // not JSON
  }
  const text = body.trim();
  return { message: text && text.length <= 300 && !text.startsWith("<") ? text : undefined };
}

/** Kinds of failure that may pass: the agent loop tries again (with backoff) before it fails. */
export const TRANSIENT_KINDS: readonly ProviderErrorKind[] = ["rate_limited", "server", "dropped"];

/**
 * A Retry-After answer in ms: `retry-after-ms` (OpenAI), else `retry-after` in seconds or as an HTTP date;
 * undefined when absent or unreadable.
 */
export function retryAfterMs(
  headers: Record<string, string | string[] | undefined>,
  now = Date.now(),
): number | undefined {
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.trim();
  const ms = Number(one(headers["retry-after-ms"]));
  if (one(headers["retry-after-ms"]) && Number.isFinite(ms) && ms >= 0) return Math.round(ms);
  const raw = one(headers["retry-after"]);
  if (!raw) return undefined;
  if (/^\d+(\.\d+)?$/.test(raw)) return Math.round(Number(raw) * 1000);
  const at = Date.parse(raw);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Turn an HTTP error answer into a ProviderError (`retryAfter`: the answer's Retry-After, in ms). */
export function httpError(
  status: number,
  body: string,
  ctx: { host: string; model: string; url: string },
  retryAfter?: number,
): ProviderError {
  const { message, code } = providerMessage(body);
  const detail = message?.slice(0, 500);
  if (status === 401 || status === 403)
    return new ProviderError(
      "auth",
      withDetail(
        `The API key was refused by ${ctx.host} (HTTP ${status}). Check the key, or that it may use this model.`,
        detail,
      ),
      status,
      detail,
    );
  if (status === 404) {
    const aboutModel = code === "model_not_found" || (!!message && /model/i.test(message));
    return aboutModel
      ? new ProviderError(
          "model_not_found",
          withDetail(`The model "${ctx.model}" does not exist on ${ctx.host}. Check the model name.`, detail),
          status,
          detail,
        )
      : new ProviderError("not_found", `Nothing answers at ${ctx.url} (HTTP 404). Check the base URL.`, status, detail);
  }
  if (status === 429)
    return new ProviderError(
      "rate_limited",
      withDetail(
        `${ctx.host} is limiting requests or the account's quota is used up (HTTP 429). Try again later or check the plan.`,
        detail,
      ),
      status,
      detail,
      retryAfter,
    );
  if (status >= 500)
    return new ProviderError(
      "server",
      withDetail(`${ctx.host} failed to answer (HTTP ${status}). Try again later.`, detail),
      status,
      detail,
      retryAfter,
    );
  return new ProviderError(
    "bad_request",
    withDetail(`${ctx.host} refused the request (HTTP ${status}).`, detail),
    status,
    detail,
  );
}

function causeCode(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown; errors?: unknown[] } | undefined, i = 0; e && i < 5; i++) {
    if (typeof e.code === "string") return e.code;
    if (Array.isArray(e.errors) && e.errors.length) e = e.errors[0] as typeof e;
    else e = e.cause as typeof e;
  }
  return undefined;
}

/** A failure to talk to the server at all (fetch threw before or while reading the answer). */
export function networkError(
  err: unknown,
  ctx: { host: string; timeoutMs?: number; timedOut: boolean; aborted: boolean },
): ProviderError {
  if (err instanceof ProviderError) return err;
  if (ctx.timedOut) {
    const secs = ctx.timeoutMs ? ` within ${Math.round(ctx.timeoutMs / 100) / 10} s` : "";
    return new ProviderError(
      "timeout",
      `${ctx.host} did not answer${secs}. Check that the server is running and not overloaded, or try a smaller model.`,
    );
  }
  if (ctx.aborted) return new ProviderError("aborted", "The request to the model was cancelled.");
  const code = causeCode(err);
  switch (code) {
    case "ECONNREFUSED":
      return new ProviderError(
        "unreachable",
        `Could not connect to ${ctx.host}: the connection was refused. Check the base URL and that the server is running.`,
      );
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return new ProviderError("unreachable", `Could not find the host ${ctx.host}. Check the base URL.`);
    case "ECONNRESET":
    case "EPIPE":
    case "UND_ERR_SOCKET":
      return new ProviderError(
        "dropped",
        `${ctx.host} closed the connection. Check the base URL (http or https) and that the server is running.`,
      );
    case "ETIMEDOUT":
    case "UND_ERR_CONNECT_TIMEOUT":
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return new ProviderError(
        "unreachable",
        `Could not reach ${ctx.host} over the network. Check the base URL and the network.`,
      );
  }
  if (code && /CERT|SSL|TLS/i.test(code))
    return new ProviderError(
      "unreachable",
      `Could not make a secure connection to ${ctx.host} (${code}). Check the certificate or use the right scheme.`,
    );
  return new ProviderError(
    "unreachable",
    `Could not reach ${ctx.host}${code ? ` (${code})` : ""}. Check the base URL.`,
  );
}
