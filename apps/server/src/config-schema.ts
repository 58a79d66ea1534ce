import path from "node:path";
import { z } from "zod";

/**
 * The building blocks of the configuration schema (`config.ts` `SETTINGS`): each environment variable is declared
 * once with a kind (how its text becomes a value: a zod schema and the words for the README and for errors), its
 * default and its meaning. `loadConfig` reads them; `renderConfigDocs` writes the README's tables from them.
 */

/** A bad value: the message is one sentence that names the variable. Start-up stops with it. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

/** How a variable's text becomes a value. */
export interface Kind<T> {
  /** The README's type column ("whole number 1–65535", "URL", …). */
  label: string;
  /** What a bad value should have been, after "must be" ("a whole number from 1 to 65535"). */
  expect: string;
  schema: z.ZodType<T, string>;
}

export interface Setting<T> {
  /** The environment variable. */
  name: string;
  kind: Kind<T>;
  /** The value when unset (or empty); `undefined` = no value. */
  default: T | undefined;
  /** The README's default column when the value alone says too little ("generated into DATA_DIR/secret.key"). */
  defaultText?: string;
  /** The README's meaning column. */
  doc: string;
  /** Other names read when this one is unset (Plane's and the AWS SDK's spellings), in order. */
  aliases?: readonly string[];
  /** Never echo the value in an error message (passwords, keys, URLs with credentials). */
  secret?: boolean;
  /** Read only by tests and tools: declared, but kept out of the README. */
  internal?: boolean;
  /** The README table it is listed in (set by `group`). */
  group?: string;
}

interface SettingOptions {
  defaultText?: string;
  aliases?: readonly string[];
  secret?: boolean;
  internal?: boolean;
}

/** Declare one variable: `env("PORT", port, 3000, "HTTP port …")`. */
export function env<T>(
  name: string,
  kind: Kind<T>,
  dflt: T | undefined,
  doc: string,
  opts: SettingOptions = {},
): Setting<T> {
  return { name, kind, default: dflt, doc, ...opts };
}

/** Put settings under one README heading; keeps their keys and types. */
export function group<S extends Record<string, Setting<unknown>>>(title: string, settings: S): S {
  for (const s of Object.values(settings)) s.group = title;
  return settings;
}

/** The value a declared setting yields (optional when it has no default). */
export type SettingValue<S> = S extends Setting<infer T> ? (S["default"] extends undefined ? T | undefined : T) : never;

// ---- kinds ----

export const text: Kind<string> = { label: "text", expect: "text", schema: z.string() };

export function int(min: number, max = Number.MAX_SAFE_INTEGER, label?: string): Kind<number> {
  const range = max === Number.MAX_SAFE_INTEGER ? `${min} or more` : `from ${min} to ${max}`;
  return {
    label: label ?? (max === Number.MAX_SAFE_INTEGER ? `whole number ≥ ${min}` : `whole number ${min}–${max}`),
    expect: `a whole number ${range}`,
    schema: z
      .string()
      .trim()
      .regex(/^[+-]?\d+$/)
      .transform(Number)
      .pipe(z.number().int().min(min).max(max)),
  };
}

export const port = int(1, 65535, "port");

/** Milliseconds, ≥ `min`. */
export const ms = (min = 0): Kind<number> => ({ ...int(min), label: "milliseconds" });

/** Seconds, ≥ 1. */
export const seconds: Kind<number> = { ...int(1), label: "seconds" };

const TRUE = new Set(["1", "true", "yes", "on"]);
const FALSE = new Set(["0", "false", "no", "off"]);
export const bool: Kind<boolean> = {
  label: "`1`/`0`",
  expect: "1 or 0 (true/false, yes/no, on/off)",
  schema: z
    .string()
    .trim()
    .toLowerCase()
    .refine((v) => TRUE.has(v) || FALSE.has(v))
    .transform((v) => TRUE.has(v)),
};

export function oneOf<const T extends readonly [string, ...string[]]>(values: T): Kind<T[number]> {
  const list = values.map((v) => `\`${v}\``).join(", ");
  return {
    label: values.map((v) => `\`${v}\``).join(" | "),
    expect: `one of ${list.replace(/`/g, "")}`,
    schema: z.string().trim().toLowerCase().pipe(z.enum(values)) as unknown as z.ZodType<T[number], string>,
  };
}

/** An http(s) URL; trailing slashes are dropped. */
export const httpUrl: Kind<string> = {
  label: "URL",
  expect: "an http:// or https:// URL",
  schema: z
    .string()
    .trim()
    .refine((v) => {
      try {
        const u = new URL(v);
        return (u.protocol === "http:" || u.protocol === "https:") && !!u.hostname;
      } catch {
        return false;
      }
    })
    .transform((v) => v.replace(/\/+$/, "")),
};

/** scheme://host[:port] and nothing else; trailing slash dropped. */
export const httpOrigin: Kind<string> = {
  label: "URL (origin)",
  expect: "a URL such as https://s3.example.com (scheme, host and optional port)",
  schema: z
    .string()
    .trim()
    .regex(/^https?:\/\/[^/\s]+\/?$/)
    .transform((v) => v.replace(/\/+$/, "")),
};

export const postgresUrl: Kind<string> = {
  label: "URL",
  expect: "a postgres:// or postgresql:// URL",
  schema: z
    .string()
    .trim()
    .refine((v) => {
      try {
        return ["postgres:", "postgresql:"].includes(new URL(v).protocol);
      } catch {
        return false;
      }
    }),
};

/** A comma-separated list of origins, each normalised to scheme://host[:port]. */
export const origins: Kind<string[]> = {
  label: "origins, comma-separated",
  expect:
    "a comma-separated list of origins such as https://app.example.com (scheme, host and optional port; no path or wildcard)",
  schema: z.string().transform((raw, ctx) => {
    const out: string[] = [];
    for (const item of raw
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean)) {
      const origin = originOf(item);
      if (!origin) {
        ctx.addIssue({ code: "custom", message: `"${item}" is not an origin`, params: { explain: true } });
        return z.NEVER;
      }
      out.push(origin);
    }
    return out;
  }),
};

/** Absolute folders, comma-separated (each resolved); empty = none. */
export const folders: Kind<string[]> = {
  label: "absolute folders, comma-separated",
  expect: "a comma-separated list of absolute folders such as /srv/git",
  schema: z.string().transform((raw, ctx) => {
    const out: string[] = [];
    for (const item of raw
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean)) {
      if (!path.isAbsolute(item)) {
        ctx.addIssue({ code: "custom", message: `"${item}" is not an absolute folder`, params: { explain: true } });
        return z.NEVER;
      }
      out.push(path.resolve(item));
    }
    return out;
  }),
};

/** A cgroup path such as `/stride` (no `..`, no spaces), or `off`. */
export const cgroupPath: Kind<string> = {
  label: "cgroup path or `off`",
  expect: "a cgroup path such as /stride, or off",
  schema: z
    .string()
    .trim()
    .refine((v) => v === "off" || (v.startsWith("/") && !v.split("/").includes("..") && !/\s/.test(v)))
    .transform((v) => (v === "off" ? v : path.posix.normalize(v))),
};

/** `scheme://host[:port]` of an http(s) origin written alone, else null. */
export function originOf(item: string): string | null {
  let url: URL;
  try {
    url = new URL(item);
  } catch {
    return null;
  }
  const bare =
    (url.protocol === "http:" || url.protocol === "https:") &&
    !url.username &&
    !url.password &&
    (url.pathname === "/" || url.pathname === "") &&
    !url.search &&
    !url.hash;
  return bare ? url.origin : null;
}

// ---- reading ----

/** The raw text of a setting: its own name first, then its aliases; empty counts as unset. */
export function rawValue(s: Setting<unknown>, env: NodeJS.ProcessEnv): { from: string; raw: string } | undefined {
  for (const name of [s.name, ...(s.aliases ?? [])]) {
    const raw = env[name];
    if (raw !== undefined && raw.trim() !== "") return { from: name, raw };
  }
  return undefined;
}

/** Read one setting from the environment, or throw a ConfigError naming it. */
export function readSetting<T>(s: Setting<T>, env: NodeJS.ProcessEnv): T | undefined {
  const found = rawValue(s as Setting<unknown>, env);
  if (!found) return s.default;
  const parsed = s.kind.schema.safeParse(found.raw);
  if (parsed.success) return parsed.data;
  const shown = s.secret ? "" : ` (it is "${found.raw.length > 80 ? found.raw.slice(0, 80) + "…" : found.raw}")`;
  // a kind's own explanation (which item of a list is wrong) replaces the echo of the whole value
  const problem = parsed.error.issues.find(
    (i) => i.code === "custom" && (i as { params?: { explain?: boolean } }).params?.explain,
  )?.message;
  throw new ConfigError(`${found.from} must be ${s.kind.expect}${problem ? `: ${problem}` : shown}.`);
}

// ---- the README ----

export const DOCS_START =
  "<!-- config:start (generated by `npm run docs:config` from apps/server/src/config.ts; do not edit) -->";
export const DOCS_END = "<!-- config:end -->";

const cell = (s: string) => s.replace(/\|/g, "\\|").replace(/\n/g, " ");

function defaultCell(s: Setting<unknown>): string {
  if (s.defaultText) return s.defaultText;
  if (s.default === undefined) return "unset";
  if (Array.isArray(s.default)) return s.default.length ? `\`${s.default.join(",")}\`` : "empty";
  if (typeof s.default === "boolean") return s.default ? "`1`" : "`0`";
  return `\`${String(s.default)}\``;
}

/** The README's configuration tables, one per group, in declaration order (internal settings left out). */
export function renderConfigDocs(settings: Record<string, Setting<unknown>>): string {
  const groups = new Map<string, Setting<unknown>[]>();
  for (const s of Object.values(settings)) {
    if (s.internal) continue;
    const g = s.group ?? "Other";
    groups.set(g, [...(groups.get(g) ?? []), s]);
  }
  const out: string[] = [];
  for (const [title, list] of groups) {
    out.push(`### ${title}`, "", "| Variable | Type | Default | Meaning |", "|---|---|---|---|");
    for (const s of list) {
      const names = `\`${s.name}\`` + (s.aliases?.length ? ` (or ${s.aliases.map((a) => `\`${a}\``).join(", ")})` : "");
      out.push(`| ${names} | ${cell(s.kind.label)} | ${cell(defaultCell(s))} | ${cell(s.doc)} |`);
    }
    out.push("");
  }
  return out.join("\n").trimEnd();
}

/** `readme` with the text between the config markers replaced by `docs`. */
export function withConfigDocs(readme: string, docs: string): string {
  const start = readme.indexOf(DOCS_START);
  const end = readme.indexOf(DOCS_END);
  if (start < 0 || end < start) throw new Error(`README.md has no ${DOCS_START} … ${DOCS_END} block`);
  return `${readme.slice(0, start + DOCS_START.length)}\n${docs}\n${readme.slice(end)}`;
}
