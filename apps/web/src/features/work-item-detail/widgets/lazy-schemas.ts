/**
 * The widgets' body schemas (schemas.ts) are zod and the contract: they load in their own chunk when a form is first
 * sent, so the detail screen's first scripts stay without them (the lint rule's reason for keeping the contract's
 * values out of the web). A form sends through `whenChecked`, which waits for them.
 */
type Schemas = typeof import("./schemas.ts");

let loaded: Schemas | null = null;
let loading: Promise<Schemas | null> | null = null;

/**
 * The web runs under a CSP without eval: zod must neither probe for it nor compile its parsers (the browser reports the
 * probe's `new Function` as a violation even though zod catches it), and it probes as its object schemas are built,
 * when the contract loads. zod takes its settings from this global, so it is set before zod loads.
 */
function withoutEval() {
  const g = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  g.__zod_globalConfig = { ...g.__zod_globalConfig, jitless: true };
}

function loadSchemas(): Promise<Schemas | null> {
  withoutEval();
  loading ??= import("./schemas.ts").then(
    (m) => (loaded = m),
    // not reachable (offline): the form sends unchecked and the server checks, as it always does
    () => ((loading = null), null),
  );
  return loading;
}

interface Issue {
  path: readonly PropertyKey[];
  message: string;
}
type Parsed = { success: true; data: unknown } | { success: false; error: { issues: readonly Issue[] } };

/** The schema `name` for `schemaCheck`: it checks once loaded (a form loads it before its checks run). */
export function lazySchema(name: keyof Schemas): { safeParse(input: unknown): Parsed } {
  return { safeParse: (input) => (loaded ? loaded[name].safeParse(input) : { success: true, data: input }) };
}

/** Runs a form's submit once the schemas are there (at once after the first time). */
export function whenChecked(run: () => unknown): void {
  if (loaded) run();
  else void loadSchemas().then(run);
}
