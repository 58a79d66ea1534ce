import { endpoint } from "./endpoint.ts";
import { V1_API } from "./v1-paths.ts";

/**
 * The public API v1's description (anonymous): the OpenAPI 3.1 document built from the registered routes, and a
 * page listing them (HTML, not JSON).
 */
export const v1DocEndpoints = {
  openapi: endpoint("GET", `${V1_API}/openapi.json`).answers<Record<string, unknown>>(),
  docs: endpoint("GET", `${V1_API}/docs/`).answers<void>(),
};
