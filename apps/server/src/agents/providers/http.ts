import { httpError, networkError, ProviderError } from "./errors.ts";
import { parseSse, type SseEvent } from "./sse.ts";

export interface SseCall {
  url: string;
  headers: Record<string, string>;
  body: unknown;
  model: string;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/**
 * POST a JSON body and stream the server-sent events of the answer. Every failure (connection, HTTP status,
 * a non-SSE answer, timeout, cancel) surfaces as a ProviderError; the caller's signal and the timeout abort
 * the request and the stream alike.
 */
export async function* postSse(call: SseCall): AsyncGenerator<SseEvent> {
  const host = hostOf(call.url);
  const controller = new AbortController();
  let timedOut = false;
  const timer = call.timeoutMs ? setTimeout(() => { timedOut = true; controller.abort(); }, call.timeoutMs) : undefined;
  const onAbort = () => controller.abort();
  if (call.signal?.aborted) controller.abort();
  call.signal?.addEventListener("abort", onAbort, { once: true });
  const ctx = () => ({ host, timeoutMs: call.timeoutMs, timedOut, aborted: !!call.signal?.aborted });
  try {
    let res: Response;
    try {
      res = await fetch(call.url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "text/event-stream", ...call.headers },
        body: JSON.stringify(call.body),
        signal: controller.signal,
      });
    } catch (e) {
      throw networkError(e, ctx());
    }
    if (!res.ok) {
      let text = "";
      try {
        text = await res.text();
      } catch (e) {
        throw networkError(e, ctx());
      }
      throw httpError(res.status, text, { host, model: call.model, url: call.url });
    }
    const type = res.headers.get("content-type") ?? "";
    if (!res.body || !/text\/event-stream/i.test(type)) {
      await res.body?.cancel().catch(() => {});
      throw new ProviderError("protocol", `${host} did not answer with a stream (content type "${type || "none"}"). Check the base URL and the provider type.`);
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
  }
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
