import type { FastifyInstance } from "fastify";
import formbody from "@fastify/formbody";
import { route, type RouteAuth, type RouteScope, type RouteSpec } from "./route.ts";
import type { Policy } from "./policies.ts";
import type { AnyEndpoint } from "@stride/shared/endpoints";
import type { AppContext } from "./context.ts";

/**
 * A route that also takes browser form posts (`application/x-www-form-urlencoded`): the sign-in,
 * sign-up, reset and sign-out forms and their god-mode twins, which check a CSRF token (core/csrf.ts).
 * The form parser lives only in this route's own plugin context; every other endpoint takes JSON only
 * (a form or text/plain body there is a 415), so a cross-site HTML form cannot drive the API.
 */
export function formRoute<
  TParams = Record<string, string>,
  TQuery = Record<string, unknown>,
  TBody = unknown,
  TLoaded = undefined,
  TAuth extends RouteAuth = "session",
  TScope extends RouteScope | undefined = undefined,
  TPolicy extends Policy | null = Policy,
  TEndpoint extends AnyEndpoint | undefined = undefined,
>(fastify: FastifyInstance, app: AppContext, spec: RouteSpec<TParams, TQuery, TBody, TLoaded, TAuth, TScope, TPolicy, TEndpoint>): void {
  fastify.register(async (forms) => {
    await forms.register(formbody);
    route(forms, app, spec);
  });
}
