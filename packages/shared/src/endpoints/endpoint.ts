/**
 * One endpoint of the app's API, named once for both sides: its method, its path (Fastify's `:param` form), its
 * request body schema and the type of its presented answer. The server's `route({ endpoint })` takes method and
 * url from it and requires the handler to answer its response type; the web's `call(endpoint, params, body)`
 * builds the URL from the same path and returns the same type. The response type is a phantom: it costs nothing
 * at run time.
 */
import type { z } from "zod";

export type HttpMethod = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

export interface Endpoint<
  TMethod extends HttpMethod = HttpMethod,
  TPath extends string = string,
  TBody = unknown,
  TResponse = unknown,
> {
  readonly method: TMethod;
  readonly path: TPath;
  /** Phantom: what a caller sends (never set). */
  readonly body?: TBody;
  /** Phantom: the presented answer's type (never set). */
  readonly response?: TResponse;
}

/** Any endpoint, whatever its path, body and answer. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyEndpoint = Endpoint<HttpMethod, string, any, any>;

/** The answer of an endpoint (`void` for a 204). */
export type ResponseOf<E> = E extends Endpoint<HttpMethod, string, unknown, infer R> ? R : never;
/** What a caller sends to an endpoint (`undefined`: no body). */
export type BodyOf<E> = E extends Endpoint<HttpMethod, string, infer B, unknown> ? B : never;

/** `"/api/workspaces/:slug/projects/:projectId/"` → `"slug" | "projectId"`. */
export type PathParamNames<TPath extends string> = TPath extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : TPath extends `${string}:${infer Name}`
    ? Name
    : never;
/** The path params an endpoint's URL needs, each a string. */
export type PathParams<TPath extends string> = { [K in PathParamNames<TPath>]: string };

/**
 * Declare an endpoint: `endpoint("GET", `${PROJECT_API}/issue-labels/`).answers<Label[]>()`,
 * `endpoint("POST", path).sends<z.input<typeof createLabelBody>>().answers<Label>()`; `.answers<void>()` for a 204.
 * Only types reach the web's bundle: the table holds no zod schema (the web imports no contract value).
 */
export function endpoint<TMethod extends HttpMethod, TPath extends string>(method: TMethod, path: TPath) {
  const make = <B, R>(): Endpoint<TMethod, TPath, B, R> => ({ method, path });
  return {
    answers: <TResponse>() => make<undefined, TResponse>(),
    sends: <B>() => ({ answers: <TResponse>() => make<B, TResponse>() }),
  };
}

/** Path prefixes (wire-facts §0): a workspace's and a project's. */
export const WORKSPACE_API = "/api/workspaces/:slug" as const;
export const PROJECT_API = `${WORKSPACE_API}/projects/:projectId` as const;

/** The URL of an endpoint for the given path params (each encoded). A missing param is a programming error. */
export function endpointUrl<TPath extends string>(path: TPath, params: PathParams<TPath>): string {
  const values = params as Record<string, string>;
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`endpoint ${path}: missing path param ${name}`);
    return encodeURIComponent(value);
  });
}

/** What a body schema accepts (the caller's side of a zod schema). */
export type In<TSchema extends z.ZodType> = z.input<TSchema>;
