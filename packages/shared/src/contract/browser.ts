/**
 * The contract for browsers (`@stride/shared/contract/browser`): zod set to run without eval first (jitless.ts; ES
 * modules evaluate their imports in order, so before any schema below is built), then the whole contract. The web
 * loads it only with `import()` (apps/web/src/lib/settings-form.ts, for forms' checks), in its own chunk: no screen's
 * first scripts carry zod.
 */
import "./jitless.ts";

export * from "./index.ts";
