import formbody from "@fastify/formbody";
import { route } from "./route.ts";

/**
 * A route that also takes browser form posts (`application/x-www-form-urlencoded`): the sign-in,
 * sign-up, reset and sign-out forms and their god-mode twins, which check a CSRF token (core/csrf.ts).
 * The form parser lives only in this route's own plugin context; every other endpoint takes JSON only
 * (a form or text/plain body there is a 415), so a cross-site HTML form cannot drive the API.
 */
export const formRoute: typeof route = (fastify, app, spec) => {
  fastify.register(async (forms) => {
    await forms.register(formbody);
    route(forms, app, spec);
  });
};
