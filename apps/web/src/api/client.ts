/**
 * The one HTTP client of the web app: same-origin fetch with credentials, JSON in and out.
 * Errors throw ApiError(status, body). A 401 from any call except GET /api/users/me/ (which only
 * means "signed out") sends the browser to `/?next_path=<current path>` (platform.md §2); inside
 * the instance admin the same happens towards `/god-mode/`.
 */
import { endpointUrl, type AnyEndpoint, type BodyOf, type PathParams, type ResponseOf } from "@stride/shared/endpoints";
import { forgetBootAnswers, takeBootAnswer } from "./boot-data.ts";

export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, body: unknown) {
    super(errorMessage(body) ?? `Request failed with status ${status}`);
    this.status = status;
    this.body = body;
  }
}

/** Best human-readable text from a server error body ({error}, {detail}, {field:[msg]}, [msg]). */
export function errorMessage(body: unknown): string | undefined {
  if (body == null) return undefined;
  if (typeof body === "string") return body || undefined;
  if (Array.isArray(body))
    return (
      body
        .map((x) => errorMessage(x))
        .filter(Boolean)
        .join(" ") || undefined
    );
  if (typeof body === "object") {
    const o = body as Record<string, unknown>;
    if (typeof o.error === "string") return o.error;
    if (typeof o.detail === "string") return o.detail;
    if (typeof o.message === "string") return o.message;
    if (typeof o.error_message === "string") return o.error_message;
    for (const [k, v] of Object.entries(o)) {
      const m = errorMessage(v);
      if (m) return k === "non_field_errors" ? m : `${k}: ${m}`;
    }
  }
  return undefined;
}

/** Field errors ({name:["msg"]}) of a 400 body, as {name:"msg"}. */
export function fieldErrors(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError) || !err.body || typeof err.body !== "object" || Array.isArray(err.body)) return {};
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(err.body as Record<string, unknown>)) {
    if (Array.isArray(v)) out[k] = v.map(String).join(" ");
    else if (typeof v === "string" && k !== "error" && k !== "detail") out[k] = v;
  }
  return out;
}

/** Whether a refusal names fields (a form shows those under its fields). */
export const hasFieldErrors = (err: unknown): boolean => Object.keys(fieldErrors(err)).length > 0;

export interface RequestOptions {
  method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  headers?: Record<string, string>;
  /** Treat 401 as an ordinary error instead of redirecting (for "am I signed in?" checks). */
  allow401?: boolean;
  signal?: AbortSignal;
  /**
   * "low" for what no screen waits for (the sidebar's lists, the profile): over HTTP/1.1 a browser keeps six
   * requests in flight per origin, and the ones waiting go out by priority.
   */
  priority?: RequestPriority;
}

const SIGNED_OUT_PROBES = new Set(["/api/users/me/", "/api/instances/admins/me/", "/api/instances/admins/session/"]);

export function buildUrl(path: string, query?: RequestOptions["query"]): string {
  if (!query) return path;
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== "") qs.set(k, String(v));
  const s = qs.toString();
  return s ? `${path}${path.includes("?") ? "&" : "?"}${s}` : path;
}

let redirecting = false;
function redirectOn401() {
  if (redirecting || typeof window === "undefined") return;
  const here = window.location.pathname + window.location.search;
  if (window.location.pathname.startsWith("/god-mode")) {
    if (window.location.pathname.replace(/\/$/, "") === "/god-mode") return;
    redirecting = true;
    window.location.assign("/god-mode/");
    return;
  }
  if (window.location.pathname === "/") return;
  redirecting = true;
  window.location.assign(`/?next_path=${encodeURIComponent(here)}`);
}

export async function api<T = unknown>(path: string, opts: RequestOptions = {}): Promise<T> {
  const method = opts.method ?? "GET";
  // the first screen's answers come with the page (boot-data.ts)
  // a write may change what the page's embedded answers say: from now on they come from the server
  if (method !== "GET") forgetBootAnswers();
  if (method === "GET") {
    // awaited only while the page's data block is pending, so a request not in it is sent at once (synchronously)
    const found = takeBootAnswer(buildUrl(path, opts.query));
    const embedded = found instanceof Promise ? await found : found;
    if (embedded) return embedded.body as T;
  }
  const headers: Record<string, string> = { Accept: "application/json", ...opts.headers };
  let body: BodyInit | undefined;
  if (opts.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(opts.body);
  }
  const res = await fetch(buildUrl(path, opts.query), {
    method,
    headers,
    body,
    credentials: "include",
    signal: opts.signal,
    priority: opts.priority,
  });
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  let data: unknown = text;
  if (text && (res.headers.get("content-type") ?? "").includes("json")) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  } else if (!text) data = undefined;
  if (!res.ok) {
    if (res.status === 401 && !opts.allow401 && !SIGNED_OUT_PROBES.has(path)) redirectOn401();
    throw new ApiError(res.status, data);
  }
  return data as T;
}

/** What `call` takes besides the endpoint, its params and body: a query, headers, a signal, a priority. */
export type CallOptions = Omit<RequestOptions, "method" | "body">;
/** The body argument: required when the endpoint takes one (of its type), absent otherwise. */
type CallArgs<E extends AnyEndpoint> = [BodyOf<E>] extends [undefined]
  ? [body?: undefined, opts?: CallOptions]
  : [body: BodyOf<E>, opts?: CallOptions];

/**
 * Call one endpoint of the shared table (`@stride/shared/endpoints`): its method and path come from the table, the
 * path params fill it (each encoded), the body must be of the endpoint's type and the answer is of its response
 * type — the one the server's route is held to.
 */
export function call<E extends AnyEndpoint>(
  endpoint: E,
  params: PathParams<E["path"]>,
  ...[body, opts]: CallArgs<E>
): Promise<ResponseOf<E>> {
  return api<ResponseOf<E>>(endpointUrl(endpoint.path, params), { ...opts, method: endpoint.method, body });
}

/** CSRF token for form posts and the change/set-password calls (wire-facts §1). */
export async function getCsrfToken(): Promise<string> {
  const r = await api<{ csrf_token: string }>("/auth/get-csrf-token/", { allow401: true });
  return r.csrf_token;
}

/**
 * A real browser form POST (navigation): the server answers with a 302 that the browser follows.
 * Used for sign-in, sign-up, magic sign-in/up, reset password, sign-out and the god-mode forms.
 */
export async function submitForm(action: string, fields: Record<string, string | undefined>): Promise<void> {
  const token = await getCsrfToken();
  const form = document.createElement("form");
  form.method = "POST";
  form.action = action;
  form.style.display = "none";
  const all: Record<string, string | undefined> = { csrfmiddlewaretoken: token, ...fields };
  for (const [name, value] of Object.entries(all)) {
    if (value === undefined) continue;
    const input = document.createElement("input");
    input.type = "hidden";
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
}
