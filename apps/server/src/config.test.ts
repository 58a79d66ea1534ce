import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ConfigError, envInstanceConfig, loadConfig, SETTINGS } from "./config.ts";
import { DOCS_END, DOCS_START, renderConfigDocs, type Setting } from "./config-schema.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const load = (env: Record<string, string>) => loadConfig(env as NodeJS.ProcessEnv);
const all = Object.values(SETTINGS) as Setting<unknown>[];

describe("the configuration schema", () => {
  it("declares each variable once, with a meaning", () => {
    const names = all.flatMap((s) => [s.name, ...(s.aliases ?? [])]);
    expect(new Set(names).size).toBe(names.length);
    for (const s of all) expect(s.doc.length, s.name).toBeGreaterThan(3);
  });

  it("the README's configuration section is the one generated from it (npm run docs:config)", () => {
    const readme = fs.readFileSync(path.join(root, "README.md"), "utf8");
    const start = readme.indexOf(DOCS_START);
    const end = readme.indexOf(DOCS_END);
    expect(start, "README.md has the config markers").toBeGreaterThan(0);
    expect(readme.slice(start + DOCS_START.length, end).trim()).toBe(renderConfigDocs(SETTINGS));
    for (const s of all) {
      if (s.internal) expect(readme.includes(`\`${s.name}\``), s.name).toBe(false);
      else expect(readme.slice(start, end)).toContain(`| \`${s.name}\``);
    }
  });

  // (the benchmarks' knobs, bench/ and apps/web/test/perf/, are the benchmarks' own: docs/benchmarks.md)
  it("every environment variable the code, the tests and the scripts read is declared", () => {
    const declared = new Set(all.flatMap((s) => [s.name, ...(s.aliases ?? [])]));
    // the operating system's, not Stride's settings
    const system = new Set(["PATH", "HOME"]);
    const read = new Map<string, string>();
    const files = [
      ...walk(path.join(root, "apps/server/src")),
      ...walk(path.join(root, "apps/server/test")),
      ...walk(path.join(root, "apps/web/test/e2e")),
      ...walk(path.join(root, "scripts")),
      path.join(root, "vitest.config.ts"),
    ].filter((f) => /\.(ts|tsx|mjs|js)$/.test(f) && !f.endsWith("config.test.ts"));
    for (const file of files) {
      const text = fs.readFileSync(file, "utf8");
      for (const m of text.matchAll(/process\.env\.([A-Z][A-Z0-9_]*)|process\.env\[["']([A-Z][A-Z0-9_]*)["']\]/g))
        read.set(m[1] ?? m[2], path.relative(root, file));
    }
    expect(read.size).toBeGreaterThan(3);
    const undeclared = [...read]
      .filter(([name]) => !declared.has(name) && !system.has(name))
      .map(([n, f]) => `${n} (${f})`);
    expect(undeclared).toEqual([]);
  });

  it("the server reads the environment only through config.ts", () => {
    const readers = walk(path.join(root, "apps/server/src"))
      .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && !f.endsWith(`${path.sep}config.ts`))
      .filter((f) => /process\.env\.(?!PATH\b)[A-Z]/.test(fs.readFileSync(f, "utf8")))
      .map((f) => path.relative(root, f));
    expect(readers).toEqual([]);
  });
});

describe("reading it", () => {
  it("gives the defaults for an empty environment", () => {
    const c = load({});
    expect(c).toMatchObject({
      port: 3000,
      host: "0.0.0.0",
      logLevel: "warn",
      runWorkers: true,
      jobConcurrency: 4,
      storage: "local",
      fileSizeLimit: 5242880,
      cookieSecure: false,
    });
    expect(c.webUrl).toBeUndefined();
    expect(c.s3).toBeUndefined();
    expect(c.metricsToken).toBeUndefined();
    expect(c.dataDir).toBe(path.resolve("./data"));
  });

  it("reads values, flags in their usual spellings, and the aliases", () => {
    const c = load({
      PORT: " 8080 ",
      COOKIE_SECURE: "true",
      RUN_WORKERS: "off",
      APP_BASE_URL: "https://stride.example.com/",
      FILE_SIZE_LIMIT: "10485760",
      LOG_LEVEL: "INFO",
    });
    expect(c).toMatchObject({
      port: 8080,
      cookieSecure: true,
      runWorkers: false,
      webUrl: "https://stride.example.com",
      fileSizeLimit: 10485760,
      logLevel: "info",
    });
    expect(load({ WEB_URL: "https://a.test", APP_BASE_URL: "https://b.test" }).webUrl).toBe("https://a.test");
    const s3 = load({
      STORAGE: "s3",
      AWS_S3_BUCKET_NAME: "b",
      AWS_REGION: "eu-west-1",
      AWS_S3_ENDPOINT_URL: "https://minio.test",
      AWS_ACCESS_KEY_ID: "k",
      AWS_SECRET_ACCESS_KEY: "s",
    }).s3;
    expect(s3).toEqual({
      bucket: "b",
      region: "eu-west-1",
      endpoint: "https://minio.test",
      forcePathStyle: false,
      accessKeyId: "k",
      secretAccessKey: "s",
    });
  });

  it("stops on a bad value with one sentence naming the variable", () => {
    const cases: [Record<string, string>, string][] = [
      [{ PORT: "abc" }, 'PORT must be a whole number from 1 to 65535 (it is "abc").'],
      [{ PORT: "70000" }, 'PORT must be a whole number from 1 to 65535 (it is "70000").'],
      [{ JOB_CONCURRENCY: "0" }, 'JOB_CONCURRENCY must be a whole number 1 or more (it is "0").'],
      [{ DB_ACQUIRE_TIMEOUT_MS: "5s" }, 'DB_ACQUIRE_TIMEOUT_MS must be a whole number 1 or more (it is "5s").'],
      [{ WEB_URL: "stride.example.com" }, 'WEB_URL must be an http:// or https:// URL (it is "stride.example.com").'],
      [{ APP_BASE_URL: "ftp://x" }, 'APP_BASE_URL must be an http:// or https:// URL (it is "ftp://x").'],
      [{ STORAGE: "ftp" }, 'STORAGE must be one of local, s3 (it is "ftp").'],
      [
        { LOG_LEVEL: "loud" },
        'LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent (it is "loud").',
      ],
      [{ COOKIE_SECURE: "maybe" }, 'COOKIE_SECURE must be 1 or 0 (true/false, yes/no, on/off) (it is "maybe").'],
      [{ FILE_SIZE_LIMIT: "5MB" }, 'FILE_SIZE_LIMIT must be a whole number 1 or more (it is "5MB").'],
      [{ DATABASE_URL: "mysql://u:secret@h/db" }, "DATABASE_URL must be a postgres:// or postgresql:// URL."],
      [{ STORAGE: "s3" }, "STORAGE=s3 needs S3_BUCKET (the bucket uploads go to)."],
      [{ EMAIL_PORT: "25" }, "EMAIL_PORT is set but EMAIL_HOST is not: SMTP from the environment needs EMAIL_HOST."],
      [{ METRICS_PORT: "3000" }, "METRICS_PORT must differ from PORT (both are 3000)."],
    ];
    for (const [env, sentence] of cases) {
      let error: unknown;
      try {
        load(env);
      } catch (e) {
        error = e;
      }
      expect(error, JSON.stringify(env)).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toBe(sentence);
    }
  });

  it("SMTP from the environment becomes instance configuration that wins over god-mode's", () => {
    expect(envInstanceConfig(load({}))).toEqual({});
    expect(
      envInstanceConfig(
        load({
          EMAIL_HOST: "smtp.test",
          EMAIL_HOST_USER: "u",
          EMAIL_HOST_PASSWORD: "p",
          EMAIL_USE_TLS: "0",
          UNSPLASH_ACCESS_KEY: "k",
        }),
      ),
    ).toEqual({
      ENABLE_SMTP: "1",
      EMAIL_HOST: "smtp.test",
      EMAIL_PORT: "587",
      EMAIL_HOST_USER: "u",
      EMAIL_HOST_PASSWORD: "p",
      EMAIL_FROM: "",
      EMAIL_USE_TLS: "0",
      EMAIL_USE_SSL: "0",
      UNSPLASH_ACCESS_KEY: "k",
    });
  });
});

function walk(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name === "node_modules" || e.name === "dist") return [];
    const p = path.join(dir, e.name);
    return e.isDirectory() ? walk(p) : [p];
  });
}
