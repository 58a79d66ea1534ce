import { endpoint } from "./endpoint.ts";

/**
 * The probes (platform.md): liveness and readiness, anonymous and never cached. Readiness answers 503
 * `{status: "unavailable", checks}` when the database or the migrations are not ready (an error body, not its answer).
 */
export const healthEndpoints = {
  health: endpoint("GET", "/api/health").answers<{ status: "ok" }>(),
  ready: endpoint("GET", "/api/ready").answers<{ status: "ready" }>(),
  /** Prometheus' text format (`Authorization: Bearer <METRICS_TOKEN>`), not JSON. */
  metrics: endpoint("GET", "/metrics").answers<void>(),
};
