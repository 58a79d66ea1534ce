import { config } from "zod";

/**
 * In a browser, zod builds its schemas without its compiled fast path: zod probes for it with `Function("")`, which
 * the web app's Content-Security-Policy (no 'unsafe-eval') refuses and reports as a violation on every page whose
 * code builds a schema (the forms check with the contract's body schemas). The server keeps the fast path.
 * Imported first by the contract's index, so it runs before any schema of it is built.
 */
if (typeof document !== "undefined") config({ jitless: true });
