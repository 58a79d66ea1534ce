/**
 * zod without eval, for browsers (browser.ts imports this first): the web's CSP allows no eval, and zod both compiles
 * its object parsers with `new Function` and probes for it as each object schema is built — a probe the browser reports
 * as a CSP violation even though zod catches the error. Listed in package.json's `sideEffects`, so bundlers keep it.
 */
import { z } from "zod";

z.config({ jitless: true });
