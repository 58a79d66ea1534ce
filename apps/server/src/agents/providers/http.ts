import { OutboundError, safeStream, type SafeStream } from "../../core/safe-fetch.ts";
import { httpError, networkError, ProviderError, retryAfterMs } from "./errors.ts";
import { parseSse, type SseEvent } from "./sse.ts";

export interface SseCall {
  url: string;
  headers: Record<string, string>;
  body: unknown;
  model: string;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Internal addresses (loopback, private, link-local) may be reached: the instance's OUTBOUND_ALLOW_PRIVATE. */
  allowPrivate?: boolean;
}

/**
 * POST a JSON body and stream the server-sent events of the answer, under the outgoing-request guard
 * (core/safe-fetch.ts: a base URL on an internal address is refused unless the instance allows it). Every failure
 * (refusal, connection, HTTP status, a non-SSE answer, timeout, cancel) surfaces as a ProviderError; the caller's
 * signal and the timeout abort the request and the stream alike.
 */
export async function* postSse(call: SseCall): AsyncGenerator<SseEvent> {
  const host = hostOf(call.url);
  const controller = new AbortController();
  let timedOut = false;
  const timer = call.timeoutMs
    ? setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, call.timeoutMs)
    : undefined;
  const onAbort = () => controller.abort();
  if (call.signal?.aborted) controller.abort();
  call.signal?.addEventListener("abort", onAbort, { once: true });
  const ctx = () => ({ host, timeoutMs: call.timeoutMs, timedOut, aborted: !!call.signal?.aborted });
  let body: SafeStream["body"] | null = null;
  try {
    let res: SafeStream;
    try {
      res = await safeStream(call.url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "text/event-stream", ...call.headers },
        body: JSON.stringify(call.body),
        signal: controller.signal,
        allowPrivate: call.allowPrivate ?? false,
      });
    } catch (e) {
      throw e instanceof OutboundError ? refused(e, host) : networkError(e, ctx());
    }
    body = res.body;
    if (res.status < 200 || res.status >= 300) {
      let text = "";
      try {
        for await (const chunk of res.body) text += chunk;
      } catch (e) {
        throw networkError(e, ctx());
      }
      throw httpError(res.status, text, { host, model: call.model, url: call.url }, retryAfterMs(res.headers));
    }
    const type = res.headers["content-type"] ?? "";
    if (!/text\/event-stream/i.test(type)) {
      throw new ProviderError(
        "protocol",
        `${host} did not answer with a stream (content type "${type || "none"}"). Check the base URL and the provider type.`,
      );
    }
    try {
      for await (const ev of parseSse(res.body as AsyncIterable<Uint8Array>)) yield ev;
    } catch (e) {
      throw networkError(e, ctx());
    }
    if (timedOut || call.signal?.aborted) throw networkError(new Error("aborted"), ctx());
  } finally {
    clearTimeout(timer);
    call.signal?.removeEventListener("abort", onAbort);
    controller.abort();
    body?.destroy();
  }
}

/** The guard refused the base URL: say why and what allows it. */
function refused(e: OutboundError, host: string): ProviderError {
  if (e.code === "dns") return new ProviderError("unreachable", `Could not find the host ${host}. Check the base URL.`);
  if (e.code === "address")
    return new ProviderError(
      "unreachable",
      `${host} is on an internal network address, which model calls may not reach unless the instance allows it (OUTBOUND_ALLOW_PRIVATE=1).`,
    );
  return new ProviderError("unreachable", `The base URL cannot be called: ${e.message}. Check the base URL.`);
}

export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** Parse one event's JSON data, or fail as a protocol error. */
export function json<T>(data: string, host: string): T {
  try {
    return JSON.parse(data) as T;
  } catch {
    throw new ProviderError("protocol", `${host} sent a stream event that is not JSON. Check the provider type.`);
  }
}

/** Parse streamed tool-call arguments into an object, noting when they are not one. */
export function parseArgs(raw: string): { args: Record<string, unknown>; argsError?: string } {
  if (raw.trim() === "") return { args: {} };
  try {
    const v = JSON.parse(raw) as unknown;
    if (v && typeof v === "object" && !Array.isArray(v)) return { args: v as Record<string, unknown> };
    return { args: {}, argsError: "The tool arguments are not a JSON object." };
  } catch {
    return { args: {}, argsError: "The tool arguments are not valid JSON." };
  }
}

/** `base` without trailing slashes, plus `path`. */
export const joinUrl = (base: string, path: string) => base.replace(/\/+$/, "") + path;
